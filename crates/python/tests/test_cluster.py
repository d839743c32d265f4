"""The Dask jobs on a local cluster of 2 worker processes: the same results as one process."""

import pytest
from distributed import Client, LocalCluster

import mancala_games as mg
from mancala_games import cluster
from conftest import CORPUS


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        with Client(lc) as c:
            yield c


@pytest.mark.parametrize(
    "game,options,depth",
    [("bechi", {}, 9), ("giuthi", {"holes": 6}, 5), ("sulus-nishtaw", {}, 6), ("uugg", {}, 6), ("redu", {}, 3)],
)
def test_perft_on_the_cluster_is_perft(client, game, options, depth):
    pos = mg.Position(game, options)
    assert cluster.perft(pos, depth, split=2, client=client) == pos.perft(depth)


def test_perft_splits_count_every_path():
    pos = mg.Position("bechi", {"holes": 3})
    for split in range(0, 6):
        parts = cluster.perft_parts(pos, 5, split)
        assert sum(n * p.perft(left) for (p, left), n in parts.items()) == pos.perft(5)
    assert cluster.perft(pos, 5, split=3, client=False) == pos.perft(5), "without a client: in this process"


def test_validate_and_annotate_files_as_tasks(client):
    files = sorted((CORPUS / "ok").glob("bechi-*.mgn"))[:4] + sorted((CORPUS / "err").glob("*.mgn"))[:4]
    here = cluster.validate_files(files, client=False)
    there = cluster.validate_files(files, client=client)
    assert there == here
    assert [r["invalid"] > 0 for r in there] == [False] * 4 + [True] * 4
    ok = files[:3]
    assert cluster.annotate_files(ok, depth=2, client=client) == cluster.annotate_files(ok, depth=2, client=False)


# Issue 37, item 4: a missing file is reported with that file, and the others are validated, as
# `mancala validate` does.
def test_a_missing_file_is_reported_and_the_others_validated(client, tmp_path):
    good = CORPUS / "ok" / "bechi-fig03.mgn"
    missing = tmp_path / "none.mgn"
    for c in (False, client):
        first, second = cluster.validate_files([missing, good], client=c)
        assert first["file"] == str(missing) and first["records"] == 0
        assert first["error"].startswith("cannot read {}: ".format(missing))
        assert second["error"] is None and second["valid"] == second["records"] >= 1


# Issue 34, item 16: an error raised in a task arrives as itself, with its fields.
def test_an_error_in_a_task_arrives_with_its_class_and_fields(client):
    bad = '[Notation "1.0"]\n[Game "bechi"]\n[Opener "B"]\n\n1. 1A *\n'
    future = client.submit(lambda text: next(mg.read_string(text)).canonical(), bad, pure=False)
    with pytest.raises(mg.RecordError) as e:
        future.result()
    assert [p.rule for p in e.value.problems] == ["B4"]
    assert "illegal move 1A" in str(e.value)
