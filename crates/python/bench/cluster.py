"""perft on a local Dask cluster of 2 worker processes against one process with one thread: the
same count, and the times (docs/guide/python.md, Dask).

    python bench/cluster.py GAME DEPTH SPLIT        # e.g. giuthi 8 2
"""

import sys
import time

from distributed import Client, LocalCluster

import mancala_games as mg
from mancala_games import cluster

if __name__ == "__main__":
    game, depth, split = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    pos = mg.Position(game)
    t = time.perf_counter()
    one = pos.perft(depth, threads=1)
    single = time.perf_counter() - t
    t = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as lc, Client(lc) as client:
        start = time.perf_counter() - t
        parts = cluster.perft_parts(pos, depth, split)
        t = time.perf_counter()
        two = cluster.perft(pos, depth, split=split, client=client)
        dist = time.perf_counter() - t
    print(
        "{} perft {}: {} in one process, one thread, {:.2f} s; on 2 workers {} ({} positions at "
        "ply {}, {} tasks) in {:.2f} s, the cluster started in {:.2f} s; equal: {}".format(
            game, depth, one, single, two, len(parts), split, min(len(parts), 8), dist, start, one == two
        )
    )
