"""Plies per second from Python (`cargo xtask bench` runs it): random play from each game's start
in a Python loop, one ply per call (``Position.legal_moves`` then ``Position.play``) and a batch
of positions per call (``legal_moves_batch`` then ``play_batch``; and ``move_counts`` then
``play_batch``, for an agent that needs only the number of moves; and a ``Batch``, whose moves
are generated once a ply). A finished round starts again. Rates are per CPU second of this process (``time.process_time``), which a shared machine
disturbs much less than wall time; the engine runs on this thread, the GIL released or not.

    python bench/plies.py [--runs N] [--batch N] [--plies N] [--json]
"""

import argparse
import json
import random
import time

import mancala_games as mg


def single(start, plies, rng):
    pos, n = start, 0
    t = time.process_time()
    while n < plies:
        moves = pos.legal_moves
        if not moves:
            pos = start
            continue
        pos = pos.play(moves[rng.randrange(len(moves))])
        n += 1
    return n / (time.process_time() - t)


def batch(start, plies, size, rng):
    ps = [start] * size
    start_moves = start.legal_moves
    noise = [rng.randrange(1 << 30) for _ in range(size)]
    n = 0
    t = time.process_time()
    while n < plies:
        moves = mg.legal_moves_batch(ps)
        if not all(moves):
            ps = [p if m else start for p, m in zip(ps, moves)]
            moves = [m or start_moves for m in moves]
        choices = [r % len(m) for r, m in zip(noise, moves)]
        ps = mg.play_batch(ps, choices)
        n += len(ps)
        noise = noise[1:] + noise[:1]
    return n / (time.process_time() - t)


def counted(start, plies, size, rng):
    """The batch loop with the number of legal moves (``move_counts``) instead of their tokens:
    a random agent needs no more."""
    ps = [start] * size
    start_count = len(start.legal_moves)
    noise = [rng.randrange(1 << 30) for _ in range(size)]
    n = 0
    t = time.process_time()
    while n < plies:
        counts = mg.move_counts(ps)
        if not all(counts):
            ps = [p if c else start for p, c in zip(ps, counts)]
            counts = [c or start_count for c in counts]
        ps = mg.play_batch(ps, [r % c for r, c in zip(noise, counts)])
        n += len(ps)
        noise = noise[1:] + noise[:1]
    return n / (time.process_time() - t)


def batched(start, plies, size, rng):
    """The loop over a ``Batch``: one call a step, the moves generated once a ply."""
    b = mg.Batch([start] * size)
    noise = [rng.randrange(1 << 30) for _ in range(size)]
    n = 0
    t = time.process_time()
    while n < plies:
        b = b.play([r % c for r, c in zip(noise, b.counts)], restart=start)
        n += size
        noise = noise[1:] + noise[:1]
    return n / (time.process_time() - t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=300_000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rng = random.Random(1)
    rows = []
    for game in mg.games():
        start = mg.Position(game)
        one = max(single(start, a.plies // 10, rng) for _ in range(a.runs))
        many = max(batch(start, a.plies, a.batch, rng) for _ in range(a.runs))
        counts = max(counted(start, a.plies, a.batch, rng) for _ in range(a.runs))
        kept = max(batched(start, a.plies, a.batch, rng) for _ in range(a.runs))
        rows.append({"game": game, "single_plies_per_s": round(one), "single_call_us": round(1e6 / one, 2),
                     "batch": a.batch, "batch_plies_per_s": round(many), "batch_counts_plies_per_s": round(counts),
                     "batch_object_plies_per_s": round(kept)})
    if a.json:
        print(json.dumps({"python_plies": rows}))
        return
    print("{:<14} {:>16} {:>10} {:>24} {:>24} {:>20}".format(
        "game", "one ply a call", "us a ply", "batch {}: legal_moves".format(a.batch),
        "batch {}: move_counts".format(a.batch), "Batch {}.play".format(a.batch)))
    for r in rows:
        print("{:<14} {:>14.0f}/s {:>10.2f} {:>22.0f}/s {:>22.0f}/s {:>18.0f}/s".format(
            r["game"], r["single_plies_per_s"], r["single_call_us"], r["batch_plies_per_s"],
            r["batch_counts_plies_per_s"], r["batch_object_plies_per_s"]))


if __name__ == "__main__":
    main()
