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
