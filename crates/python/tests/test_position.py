"""Positions: reading in every form, playing, rounds, errors, identity, pictures."""

import copy
import json
import pickle
import threading
import time
import xml.etree.ElementTree as ET

import pytest

import mancala_games as mg


def test_start_of_each_game_with_options():
    assert mg.games() == ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"]
    assert str(mg.Position("bechi")) == "bechi 6,6,6,6/6,6,6,6 B opener=B"
    assert mg.Position("bechi", opener="A").to_move == "A"
    g = mg.Position("giuthi", {"holes": 6, "seeds": 4})
    assert g.holes == ["1B", "2B", "3B", "4B", "5B", "6B", "1A", "2A", "3A", "4A", "5A", "6A"]
    assert g.seeds == [4] * 12 and g.options == {"holes": "6", "seeds": "4"}
    s = mg.Position("sulus_nishtaw", {"claims_score_to": "side-owner", "v1": True})
    assert s.options == {"claims-score-to": "side-owner", "v1": "on", "v2": "off"}
    assert mg.Position("redu", {"o1_costs_turn": True}).options["o1-costs-turn"] == "yes"
    assert len(mg.Position("uugg", {"holes": 7}).holes) == 14


def test_moves_play_and_the_position_string():
    pos = mg.Position("bechi")
    assert pos.legal_moves == ["1B", "2B", "3B", "4B"]
    after = pos.play("3B").play("1A")
    # docs/guide/scripting.md: `mancala play bechi 3B 1A`.
    assert str(after) == "bechi 8,8,7,1*/7,7,2*,8 B opener=B"
    assert after.to_string() == str(after)
    assert after == mg.Position("bechi 8,8,7,1*/7,7,2*,8 B opener=B")
    assert str(pos) == "bechi 6,6,6,6/6,6,6,6 B opener=B", "play returns a new position"
    assert [m for m, _ in pos.children()] == pos.legal_moves
    assert all(pos.play(m) == c for m, c in pos.children())


def test_json_form_round_trips_with_options():
    g = mg.Position("giuthi", {"holes": 6, "seeds": 4}).play("2B-")
    data = g.to_json()
    assert data["schema"] == "mancala-position/1" and data["options"]["seeds"] == "4"
    assert mg.Position(data) == g
    assert mg.Position(json.dumps(data)) == g


def test_identity_copy_pickle_and_repr():
    a, b = mg.Position("uugg"), mg.Position("uugg")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != mg.Position("uugg", {"holes": 5})
    g = mg.Position("giuthi", {"seeds": 4})
    assert pickle.loads(pickle.dumps(g)) == g
    assert copy.deepcopy(g) == g
    assert repr(g) == "Position('giuthi 4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 B', options={'seeds': '4'})"
    assert eval(repr(g), {"Position": mg.Position}) == g


def test_a_round_ends_with_its_scores_and_the_next_round():
    # spec/analysis.md: B to move loses by 14 with best play; play it out to the end.
    pos = mg.Position("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B")
    assert not pos.is_round_over() and pos.scores is None
    for m in ["1B", "2A-"]:
        pos = pos.play(m)
    while not pos.is_round_over():
        pos = pos.play(pos.legal_moves[0])
    assert pos.legal_moves == []
    a, b = pos.scores
    assert a + b == 36, "every seed of Bechi 2x3 is scored (B13)"
    result = pos.round_result()
    assert result["totals"] == (a, b) and result["rule"].startswith("B")
    nxt = pos.after_round(_decision(pos))
    if isinstance(nxt, mg.Position):
        assert nxt.round == 2
    else:
        assert set(nxt) == {"winner", "rule", "reason"}


def _decision(pos):
    req = pos.decision_request()
    if req is None:
        return None
    return ["{}{}".format(k, req["player"]) for k in range(1, req["holes"] + 1)]


def test_illegal_move_carries_rule_reason_and_position():
    pos = mg.Position("bechi").play("3B")
    with pytest.raises(mg.IllegalMoveError) as e:
        pos.play("3B")
    err = e.value
    assert isinstance(err, mg.MancalaError) and isinstance(err, ValueError)
    assert (err.move, err.rule) == ("3B", "B4")
    assert err.reason == "3B is not one of A's holes"
    assert err.position == pos
    assert str(err) == "illegal move 3B: 3B is not one of A's holes (B4)"
    assert mg.rules(err.rule).id == "B4"
    assert not pos.is_legal("3B") and pos.is_legal("1A")


def test_bad_input_raises_the_right_class():
    with pytest.raises(mg.MoveError) as e:
        mg.Position("bechi").play("9Z")
    assert e.value.move == "9Z"
    with pytest.raises(mg.UnknownGameError):
        mg.Position("chess")
    with pytest.raises(mg.OptionError) as e:
        mg.Position("bechi", {"holes": 9})
    assert (e.value.game, e.value.key, e.value.value) == ("bechi", "holes", "9")
    # Said once: the message was "bad option holes=9 for bechi: bad value `9` for bechi option
    # `holes`: ...", the game, the option and the value twice.
    assert str(e.value) == "bad value `9` for bechi option `holes`: expected one of 4, 3"
    with pytest.raises(mg.OptionError) as e:
        mg.Position("bechi", {"colour": "red"})
    assert str(e.value) == "bechi has no option `colour`: its options are holes"
    assert (e.value.game, e.value.key, e.value.value) == ("bechi", "colour", "red")
    with pytest.raises(mg.PositionError) as e:
        mg.Position("bechi 6,6,6,6/6,6,6,6 Q")
    assert e.value.column == 23
    with pytest.raises(mg.PositionError) as e:
        mg.Position("bechi 6,6,6/6,6,6 B")
    assert e.value.problems == [(
        "B17",
        "the opener of the round is required: the next round's opener alternates",
    )]
    with pytest.raises(mg.PositionError) as e:
        mg.Position("bechi 9,6,6,6/6,6,6,6 B opener=B")
    assert "51" in str(e.value) and len(e.value.problems) >= 1
    with pytest.raises(mg.RoundError):
        mg.Position("bechi").after_round()
    with pytest.raises(mg.LimitError):
        mg.Position("bechi").perft(41)
    with pytest.raises(mg.LimitError):
        mg.Position("bechi").perft(1, threads=0)
    with pytest.raises(mg.LimitError):
        mg.Position("bechi").perft(1, hash="2000G")
    with pytest.raises(mg.LimitError):
        mg.analyse("bechi", depth=0)
    with pytest.raises(mg.LimitError):
        mg.analyse("bechi", depth=1, multipv=0)
    with pytest.raises(mg.UnknownRuleError):
        mg.rules("Z99")


def test_svg_is_a_picture_of_the_board():
    pos = mg.Position("sulus-nishtaw")
    svg = pos._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert str(pos) in svg
    ply = pos.ply(pos.legal_moves[0])
    assert ET.fromstring(ply._repr_svg_()).tag.endswith("svg")
    assert ply.position == pos.play(ply.move) and ply.steps


def test_ply_says_what_happened():
    # Bechi Fig.04 (seeds/bechi.ca.txt): B sows the 7 seeds of 4B and captures 2 + 4.
    rec = next(mg.read_file(_corpus("ok/bechi-fig04.mgn")))
    start = mg.Position(rec.tags["Position"])
    ply = start.ply("4B")
    assert ply.captured == (0, 6)
    assert any("B9" in s for s in ply.steps)


def _corpus(rel):
    from conftest import CORPUS

    return str(CORPUS / rel)


def test_perft_counts_as_the_book_says():
    # tests/perft/bechi.perft: the start of Bechi.
    pos = mg.Position("bechi")
    assert [pos.perft(d) for d in range(4)] == [1, 4, 16, 64]
    assert dict(pos.perft_divide(2)) == {"1B": 4, "2B": 4, "3B": 4, "4B": 4}
    assert mg.perft("bechi", 5, threads=2, hash="1M") == pos.perft(5)


def test_perft_and_analyse_release_the_gil():
    pos = mg.Position("giuthi")
    ticks = []
    done = threading.Event()

    def count():
        pos.perft(6, threads=1)
        done.set()

    t = threading.Thread(target=count)
    t.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    assert len(ticks) > 5, "the main thread ran while perft counted"


def test_analyse_gives_value_exactness_and_best_moves():
    # docs/guide/analysis.md: `mancala analyse "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B"`.
    a = mg.analyse("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", depth=10)
    assert (a.value, a.worst, a.exact, a.best) == (-14, -14, True, "1B")
    assert a.lines[0].moves == ["1B", "2A-"] and a.lines[0].exact
    two = mg.Position("bechi").analyse(depth=3, multipv=2)
    assert len(two.lines) == 2 and two.lines[0].moves[0] != two.lines[1].moves[0]
    assert mg.analyse("bechi", nodes=2000).depth >= 1


# Issue 27, item 5: an agent that plays move by move passes the game's history, so that a move
# back to a position of the game is a repetition (spec/analysis.md §2, §13.2).
SHUFFLE = "giuthi 0,2,1,1,1,0,22,1/0,0,1,1,1,0,1,1 A store=55,8"
CYCLE = ["7A-", "6A-", "4A+", "5A-", "4A+", "5A+", "7A-", "6A+"]  # A's repeat moves (G13)


def test_analyse_with_history_counts_a_move_back_as_a_repetition():
    line = [mg.Position(SHUFFLE)]
    for m in CYCLE:
        line.append(line[-1].play(m))
    assert line[-1] == line[0], "the cycle comes back to its first position"
    alone = line[-1].analyse(nodes=2000)
    assert alone.best == "7A-" and (alone.history, alone.repeatable) == (0, 0)
    a = line[-1].analyse(nodes=2000, multipv=12, history=line[:-1])
    assert (a.history, a.repeatable) == (8, 8)
    assert a.best != "7A-"
    back = next(l for l in a.lines if l.moves[0] == "7A-")
    assert back.worst == "-endless" and back.moves == ["7A-"]
    # The function takes positions in any form, with the same answer.
    b = mg.analyse(str(line[-1]), nodes=2000, multipv=12, history=[str(p) for p in line[:-1]])
    assert (b.best, b.value, b.worst, b.nodes) == (a.best, a.value, a.worst, a.nodes)


def test_game_analyse_plays_the_item_5_ending_to_its_win():
    # From this Giuthi 2x8 ending A can force +20 (spec/analysis.md §2); each side takes the best
    # move of an analysis given the round's positions so far: the round ends, 58 to 38, and no
    # position comes a third time.
    game = mg.Game("giuthi 1,3,0,0,1,9,1,8/1,1,1,0,0,0,0,0 A store=32,38")
    seen = {}
    while not game.position.is_round_over():
        assert len(game) <= 120, game.moves
        a = game.analyse(nodes=20000)
        assert a.history == len(game)
        game.push(a.best)
        seen[game.position] = seen.get(game.position, 0) + 1
        assert seen[game.position] < 3, game.moves
    assert game.position.scores == (58, 38)


def test_a_history_that_is_not_the_games_is_refused():
    pos = mg.Position(SHUFFLE)
    after = pos.play("7A-")
    with pytest.raises(ValueError, match=r"history\[0\] does not lead to the position analysed"):
        after.analyse(depth=1, history=[after])  # the position itself, not the one before
    with pytest.raises(ValueError, match=r"history\[0\] does not lead to history\[1\]"):
        after.play("6A-").analyse(depth=1, history=[pos, pos.play("7A-").play("6A-")])
    with pytest.raises(ValueError, match=r"history\[0\] is a position of bechi"):
        after.analyse(depth=1, history=[mg.Position("bechi")])
    assert after.analyse(depth=1, history=[pos]).history == 1
