"""Every bad argument of every public function raises one of the package's classes (issue 34,
items 7 and 16, and the surrogates of the low items), with a message that names the argument and
what it takes; the classes are picklable with their fields, and ``RecordError`` says what is
wrong."""

import pickle

import pytest

import mancala_games as mg
from mancala_games import cluster, errors
from conftest import CORPUS

BECHI = mg.Position("bechi")
HEAD = '[Notation "1.0"]\n[Game "bechi"]\n[Opener "B"]\n\n'
INVALID = HEAD + "1. 1A *\n"
SURROGATE = "3\udc80B"

# (call, the class it raises, a few words of its message)
BAD = [
    # perft: depth, threads, hash (issue 34, item 16: OverflowError and TypeError before)
    (lambda: BECHI.perft(-1), mg.LimitError, "perft depth -1: give 0 to 40"),
    (lambda: BECHI.perft(2**70), mg.LimitError, "give 0 to 40"),
    (lambda: BECHI.perft(1.5), mg.ArgumentTypeError, "depth: expected an int, found float"),
    (lambda: BECHI.perft("3"), mg.ArgumentTypeError, "depth: expected an int, found str"),
    (lambda: BECHI.perft(True), mg.ArgumentTypeError, "found bool"),
    (lambda: BECHI.perft(2, threads=-1), mg.LimitError, "threads -1: give 1 to 256"),
    (lambda: BECHI.perft(2, threads=2.0), mg.ArgumentTypeError, "threads"),
    (lambda: BECHI.perft(2, hash=-5), mg.LimitError, "size"),
    (lambda: BECHI.perft(2, hash=[1]), mg.ArgumentTypeError, "hash"),
    (lambda: BECHI.perft_divide(-2), mg.LimitError, "give 0 to 40"),
    (lambda: mg.perft("bechi", -1), mg.LimitError, "give 0 to 40"),
    # analyse
    (lambda: BECHI.analyse(depth=-1), mg.LimitError, "depth -1: give 1 to 1000"),
    (lambda: BECHI.analyse(nodes=-1), mg.LimitError, "nodes -1"),
    (lambda: BECHI.analyse(time=-1.0), mg.LimitError, "time -1"),
    (lambda: BECHI.analyse(time=0), mg.LimitError, "time 0: give seconds, above 0"),
    (lambda: BECHI.analyse(time="1s"), mg.ArgumentTypeError, "time: expected a number of seconds"),
    (lambda: BECHI.analyse(depth=1, multipv=-1), mg.LimitError, "multipv -1: give 1 to 256"),
    (lambda: BECHI.analyse(depth=1, db=CORPUS / "ok" / "bechi-fig03.mgn"), mg.DatabaseError, "not a mancala database"),
    (lambda: BECHI.analyse(depth=1, db=5), mg.ArgumentTypeError, "db"),
    (lambda: BECHI.analyse(depth=1, history=[BECHI]), mg.ArgumentError, "history[0]"),
    (lambda: BECHI.analyse(depth=1, history=["bechi"]), mg.ArgumentTypeError, "history"),
    (lambda: BECHI.analyse(depth=1, history=5), mg.ArgumentTypeError, "history"),
    # positions, moves, options
    (lambda: mg.Position(5), mg.ArgumentTypeError, "position: expected"),
    (lambda: mg.Position("bechi", opener="C"), mg.ArgumentError, 'opener: expected "A" or "B"'),
    (lambda: mg.Position("bechi", options=[("holes", 3)]), mg.ArgumentTypeError, "options"),
    (lambda: mg.Position("bechi", {5: 3}), mg.OptionError, "option"),
    (lambda: mg.Position("bechi", {"holes": 3.5}), mg.OptionError, "holes"),
    (lambda: mg.Position("bechi", {"holes": SURROGATE}), mg.OptionError, "surrogate"),
    (lambda: mg.Position("bechi\udc80"), mg.PositionError, "surrogate"),
    (lambda: mg.Position("bechi 6,6,6,6/6,6,6,6 B opener=B\udc80"), mg.PositionError, "surrogate"),
    (lambda: BECHI.play(SURROGATE), mg.MoveError, "surrogate"),
    (lambda: BECHI.play(3), mg.ArgumentTypeError, "move: expected a str"),
    (lambda: BECHI.is_legal(None), mg.ArgumentTypeError, "move"),
    (lambda: BECHI.canonical(SURROGATE), mg.MoveError, "surrogate"),
    (lambda: BECHI.ply(SURROGATE), mg.MoveError, "surrogate"),
    (lambda: BECHI.svg(caption=5), mg.ArgumentTypeError, "caption"),
    (lambda: BECHI.svg(caption=SURROGATE), mg.ArgumentError, "surrogate"),
    (lambda: mg.Position("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B").after_round(5), mg.ArgumentTypeError, "decision"),
    # records
    (lambda: mg.read_file(CORPUS / "ok" / "bechi-fig03.mgn", format="xml"), mg.ArgumentError, 'format "xml"'),
    (lambda: mg.read_file(5), mg.ArgumentTypeError, "path"),
    (lambda: mg.read_file(CORPUS / "ok" / "bechi-fig03.mgn", lenient="yes"), mg.ArgumentTypeError, "lenient"),
    (lambda: mg.read_string(5), mg.ArgumentTypeError, "text"),
    (lambda: mg.read_string("", name=SURROGATE), mg.ArgumentError, "surrogate"),
    (lambda: next(mg.read_string(HEAD + "1. 3B *\n")).annotate(depth=0), mg.LimitError, "depth 0"),
    (lambda: next(mg.read_string(HEAD + "1. 3B *\n")).annotate(depth=1, dubious=-1), mg.ArgumentError, "thresholds"),
    (lambda: next(mg.read_string(HEAD + "1. 3B *\n")).annotate(depth=1, dubious=2**40), mg.LimitError, "dubious"),
    (lambda: next(mg.read_string(HEAD + "1. 3B *\n")).annotate(depth=1, format="xml"), mg.ArgumentError, "format"),
    (lambda: next(mg.read_string(INVALID)).canonical(), mg.RecordError, "illegal move 1A"),
    # the book and the games
    (lambda: mg.rules(5), mg.ArgumentTypeError, "id"),
    (lambda: mg.rules("B9\udc80"), mg.UnknownRuleError, "surrogate"),
    (lambda: mg.rule_ids("chess"), mg.UnknownGameError, "chess"),
    (lambda: mg.game_options(None), mg.ArgumentTypeError, "game"),
    # batches
    (lambda: mg.legal_moves_batch([BECHI, "bechi"]), mg.ArgumentTypeError, "positions[1]"),
    (lambda: mg.legal_moves_batch(BECHI), mg.ArgumentTypeError, "positions"),
    (lambda: mg.play_batch([BECHI], [-1]), mg.LimitError, "choice -1"),
    (lambda: mg.play_batch([BECHI], [7]), mg.LimitError, "choice 7"),
    (lambda: mg.play_batch([BECHI], [0, 1]), mg.ArgumentError, "1 positions but 2 choices"),
    (lambda: mg.Batch([BECHI]).play([-1]), mg.LimitError, "choice -1"),
    (lambda: mg.Batch([BECHI]).play([0], restart="bechi"), mg.ArgumentTypeError, "restart"),
    # Game
    (lambda: mg.Game(BECHI, options={"holes": 3}), mg.ArgumentError, "options"),
    (lambda: mg.Game("bechi").record({"PlayerA": 5}), mg.ArgumentTypeError, "PlayerA"),
    (lambda: mg.Game("bechi").record({"Game": "uugg"}), mg.ArgumentError, "Game"),
    (lambda: mg.Game("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B").next_round(5), mg.ArgumentTypeError, "decision"),
    # Dask jobs (issue 34, item 7: wrong counts before)
    (lambda: cluster.perft("bechi", 5, split=-1, client=False), mg.LimitError, "split -1"),
    (lambda: cluster.perft("bechi", -1, client=False), mg.LimitError, "depth -1"),
    (lambda: cluster.perft("bechi", 41, client=False), mg.LimitError, "depth 41"),
    (lambda: cluster.perft("bechi", 5, split=1.5, client=False), mg.ArgumentTypeError, "split"),
    (lambda: cluster.perft("bechi", 5, tasks=0, client=False), mg.LimitError, "tasks 0"),
    (lambda: cluster.perft_parts(BECHI, 5, -1), mg.LimitError, "split -1"),
    (lambda: cluster.validate_files("a.mgn", client=False), mg.ArgumentTypeError, "paths"),
    (lambda: cluster.annotate_files("a.mgn", client=False), mg.ArgumentTypeError, "paths"),
    (lambda: cluster.annotate_files([], depth=0, client=False), mg.LimitError, "depth 0"),
]


@pytest.mark.parametrize("call,cls,words", BAD, ids=[w for _, _, w in BAD])
def test_a_bad_argument_raises_the_packages_class(call, cls, words):
    with pytest.raises(cls) as e:
        call()
    assert isinstance(e.value, mg.MancalaError)
    assert words in str(e.value)


def test_the_classes_are_python_s_where_they_are_about_values():
    assert issubclass(mg.LimitError, mg.ArgumentError) and issubclass(mg.ArgumentError, ValueError)
    assert issubclass(mg.ArgumentTypeError, TypeError) and not issubclass(mg.ArgumentTypeError, ValueError)
    assert issubclass(mg.DatabaseError, ValueError)
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), mg.MancalaError), name


def test_a_missing_database_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        BECHI.analyse(depth=1, db=str(tmp_path / "none.db"))
    # The file and the errno named once (it was "[Errno 2] db P: No such file or directory (os
    # error 2): 'P'").
    assert str(e.value) == "[Errno 2] no such file or folder: '{}'".format(tmp_path / "none.db")
    assert e.value.filename == str(tmp_path / "none.db")


def test_a_bad_move_token_is_said_once():
    # It was '"9Z" is not a bechi move: `9Z` is not a bechi move: expected ...'.
    with pytest.raises(mg.MoveError) as e:
        BECHI.play("9Z")
    assert str(e.value) == (
        "`9Z` is not a bechi move: expected a start hole such as 3B (2B+ or 2B- for the 2x3 middle hole) or pass"
    )
    assert e.value.move == "9Z"
    with pytest.raises(mg.MoveError) as e:
        mg.Position("uugg").play("3B-")
    assert str(e.value) == "`3B-`: Uugg sows counterclockwise only (U2); write the hole alone"


def raised(call):
    try:
        call()
    except mg.MancalaError as e:
        return e
    raise AssertionError("no error")


def test_every_class_pickles_with_its_fields():
    # Dask sends a task's exception back pickled: a class that does not pickle arrives as a bare
    # Exception (issue 34, item 16).
    cases = {
        "IllegalMoveError": (lambda: BECHI.play("1A"), ["move", "rule", "reason", "position"]),
        "MoveError": (lambda: BECHI.play("9Z"), ["move"]),
        "OptionError": (lambda: mg.Position("bechi", {"holes": 9}), ["game", "key", "value"]),
        "PositionError": (lambda: mg.Position("bechi 6,6,6,6/6,6,6,6 Q"), ["problems", "column"]),
        "RecordError": (lambda: next(mg.read_string(INVALID)).canonical(), ["problems"]),
        "RoundError": (lambda: BECHI.after_round(), ["rule"]),
        "LimitError": (lambda: BECHI.perft(41), []),
        "ArgumentTypeError": (lambda: BECHI.perft("x"), []),
        "UnknownRuleError": (lambda: mg.rules("Z99"), []),
    }
    for name, (call, fields) in cases.items():
        err = raised(call)
        assert type(err).__name__ == name
        again = pickle.loads(pickle.dumps(err))
        assert type(again) is type(err) and str(again) == str(err), name
        for f in fields:
            assert getattr(again, f) == getattr(err, f), (name, f)
    problem = raised(cases["RecordError"][0]).problems[0]
    assert pickle.loads(pickle.dumps(problem)) == problem
    assert repr(pickle.loads(pickle.dumps(problem))) == repr(problem)


def test_a_record_error_says_what_is_wrong():
    err = raised(lambda: next(mg.read_string(INVALID, name="games.mgn")).canonical())
    text = str(err)
    assert text.startswith("games.mgn: record 1 (line 1) is not valid: 1 problem")
    assert "5:4: illegal move 1A: 1A is not one of B's holes (B4)" in text
    assert [p.rule for p in err.problems] == ["B4"]
