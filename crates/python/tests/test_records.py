"""Records: the corpus's rule-book examples through the package, lazy reading, problems located
as the `mancala validate` command locates them, canonical text and JSON out."""

import json

import pytest

import mancala_games as mg
from conftest import CORPUS

OK = sorted((CORPUS / "ok").glob("*.mgn"))
ERR = sorted((CORPUS / "err").glob("*.mgn"))
LENIENT = sorted((CORPUS / "lenient").glob("*.mgn"))


def test_the_corpus_is_there():
    assert len(OK) > 50 and len(ERR) > 100 and LENIENT


@pytest.mark.parametrize("path", OK, ids=lambda p: p.name)
def test_every_rule_book_example_is_valid_and_round_trips(path):
    records = list(mg.read_file(path))
    assert records, "a corpus file holds records"
    for rec in records:
        assert rec.valid, "\n".join(str(p) for p in rec.problems)
        assert rec.problems == []
        canonical = rec.canonical()
        again = list(mg.read_string(canonical))
        assert len(again) == 1 and again[0].valid and again[0].canonical() == canonical
        line = json.dumps(rec.to_json())
        from_json = list(mg.read_string(line))
        assert from_json[0].valid and from_json[0].canonical() == canonical


@pytest.mark.parametrize("path", ERR, ids=lambda p: p.name)
def test_every_error_example_is_found_where_the_command_finds_it(path, cli):
    out = cli("validate", "--format", "json", str(path))
    assert out.returncode == 1, out.stderr
    expected = [
        (d["record"], d.get("line"), d.get("column"), d.get("ply"), d["kind"], d.get("rule"))
        for d in (json.loads(l)["data"] for l in out.stdout.splitlines())
        if "kind" in d
    ]
    got = [
        (p.record, p.line, p.column, p.ply, p.kind, p.rule)
        for rec in mg.read_file(path)
        for p in rec.problems
    ]
    assert got == expected and got


@pytest.mark.parametrize("path", LENIENT, ids=lambda p: p.name)
def test_lenient_records_need_lenient_validation(path):
    assert not all(r.valid for r in mg.read_file(path))
    assert all(r.valid for r in mg.read_file(path, lenient=True))
    rules = {p.rule for r in mg.read_file(path) for p in r.problems}
    assert rules & {"R25", "R26"}


HEAD = '[Notation "1.0"]\n[Game "bechi"]\n[Opener "B"]\n\n'


def test_records_are_read_one_at_a_time_and_bad_ones_do_not_stop_reading():
    text = (HEAD + "1. 3B 2. 1A *\n\n").encode() + b"[Notation \"1.0\"]\n[Game \"b\xffchi\"]\n\n1. 3B *\n\n" + (
        HEAD + "1. 1A *\n"
    ).encode()
    records = mg.read_string(text, name="games.mgn")
    first = next(records)
    assert first.valid and first.index == 1 and first.moves == ["3B", "1A"]
    second = next(records)
    assert [p.kind for p in second.problems] == ["encoding"] and second.line == 7
    third = next(records)
    (p,) = third.problems
    assert (p.kind, p.rule, p.ply, p.token, p.line, p.column) == ("illegal-move", "B4", 1, "1A", 16, 4)
    assert p.file == "games.mgn" and p.record == 3
    assert str(p).splitlines()[0] == (
        "error[illegal-move]: illegal move 1A: 1A is not one of B's holes (B4); legal here: 1B 2B 3B 4B"
    )
    with pytest.raises(StopIteration):
        next(records)
    with pytest.raises(mg.RecordError) as e:
        third.canonical()
    assert e.value.problems[0].rule == "B4"


def test_json_lines_and_respellings():
    rec = next(mg.read_string(HEAD + "1. 3B 2. 1A *\n"))
    line = json.dumps(rec.to_json())
    both = list(mg.read_string(line + "\n\n" + line + "\n"))
    assert [r.index for r in both] == [1, 2] and all(r.valid for r in both)
    assert both[1].line == 3
    bad = list(mg.read_string('{"game": 5}\n', format="json"))
    assert bad[0].problems[0].kind == "syntax"
    spelled = next(mg.read_string('[Notation "1.0"]\n[Game "giuthi"]\n[Opener "B"]\n\n1. 8B+ *\n'))
    assert spelled.valid


def test_a_record_too_large_is_one_invalid_record():
    big = HEAD + "{" + "x" * (1 << 20) + "} 1. 3B *\n\n" + HEAD + "1. 3B *\n"
    kinds = [[p.kind for p in r.problems] for r in mg.read_string(big)]
    assert kinds == [["too-large"], []]


def test_annotate_writes_values_and_judgements():
    rec = next(mg.read_file(CORPUS / "ok" / "bechi-fig03.mgn"))
    text = rec.annotate(depth=3)
    again = next(mg.read_string(text))
    assert again.valid and "(value" in text
    line = json.loads(rec.annotate(depth=3, format="json"))
    assert line["game"] == "bechi"


def test_game_push_pop_and_its_record():
    g = mg.Game("bechi")
    g.push("3B")
    g.push("1A")
    assert g.moves == ["3B", "1A"] and len(g) == 2
    with pytest.raises(mg.IllegalMoveError):
        g.push("1A")
    assert len(g) == 2, "a refused move leaves the game as it was"
    assert g.pop() == "1A" and g.position == mg.Position("bechi").play("3B")
    g.push("2A")
    text = g.record({"PlayerA": "Ama", "PlayerB": "Biniam"})
    rec = next(mg.read_string(text))
    assert rec.valid and rec.moves == ["3B", "2A"] and rec.tags["PlayerA"] == "Ama"
    with pytest.raises(IndexError):
        mg.Game("uugg").pop()


def test_the_rule_book():
    b9 = mg.rules("b9")
    assert (b9.id, b9.game, b9.kind) == ("B9", "bechi", "text")
    assert b9.sources and all(catalan and gloss for catalan, gloss in b9.sources)
    ids = mg.rule_ids("redu")
    assert "R13" in ids and all(i.startswith("R") for i in ids)
    assert set(mg.rule_ids()) >= set(ids)


def test_a_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        mg.read_file(tmp_path / "none.mgn")
    assert e.value.filename == str(tmp_path / "none.mgn")
    # The file named once, as open() names it (it was "[Errno 2] cannot read P: no such file or
    # folder: 'P'").
    assert str(e.value) == "[Errno 2] no such file or folder: '{}'".format(tmp_path / "none.mgn")
    # A folder is read as open() reads one (mancala validate reads the records in it).
    with pytest.raises(IsADirectoryError) as e:
        list(mg.read_file(tmp_path))
    assert str(e.value) == "[Errno 21] Is a directory: '{}'".format(tmp_path)


def test_a_record_with_variations_reads_its_own_line_and_keeps_them():
    # Notation 1.1 (spec/notation.md §6.4): the moves are the record's own; the variations are
    # in its JSON form and its canonical text.
    rec = next(mg.read_file(CORPUS / "ok" / "bechi-2x3-variations.mgn"))
    assert rec.valid and rec.tags["Notation"] == "1.1"
    assert rec.moves == ["2A+", "3B", "3A", "1B"]
    assert '"kind": "variation"' in json.dumps(rec.to_json())
    assert "(2. 1B (captures 2) 3. 2A+ (3. 3A (captures 2)) 4. 3B)" in rec.canonical()


# Issue 34, item 17: a game that ends the match was written `*`, and its record refused.
def test_a_game_that_ends_the_match_is_written_with_its_result():
    # corpus/ok/uugg-u22-match-end.mgn: after 6B, A cannot fill a hole and B wins (U22).
    game = mg.Game("uugg 0,0,0,0,0,37b/0,0,0a,0,0,1 B store=2,8 opener=B")
    game.push("6B")
    text = game.record()
    rec = next(mg.read_string(text))
    assert rec.valid and rec.result == "B-wins" and rec.moves == ["6B"]
    assert game.next_round() is False and game.match_result["winner"] == "B"
    assert game.record() == text, "the same record once the game knows the match is over"
    # A round over from the start (corpus/ok/bechi-match-end.mgn): B wins with no move played.
    over = mg.Game("bechi 1,0,1,0/1,0,0,1 A store=2,42 opener=B")
    assert next(mg.read_string(over.record())).result == "B-wins"
    # A round over with a next round to come: the match is not over, the record unfinished.
    going_on = mg.Game("uugg 0,0,0,0,0,36b/0,0,1a,0,0,1 B store=2,8 opener=B")
    going_on.push("6B")
    rec = next(mg.read_string(going_on.record()))
    assert rec.valid and rec.result == "*"


# Issue 34, low: a str with a lone surrogate raised a TypeError ("Can't extract `str` to `Vec`");
# it is read as the bytes it stands for, and the record that holds it is not UTF-8.
def test_a_string_with_a_lone_surrogate_is_one_invalid_record():
    records = list(mg.read_string(HEAD + "{\udc80} 1. 3B *\n\n" + HEAD + "1. 3B *\n"))
    assert [[(p.kind, p.line, p.column) for p in r.problems] for r in records] == [[("encoding", 5, 2)], []]
