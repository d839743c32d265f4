"""The package against the `mancala` command on random positions of every game and option:
the same legal moves, the same positions after every move, the same perft counts."""

import random

import pytest

import mancala_games as mg

VARIANTS = [
    ("bechi", {}),
    ("bechi", {"holes": 3}),
    ("giuthi", {}),
    ("giuthi", {"holes": 5, "seeds": 4}),
    ("giuthi", {"holes": 10}),
    ("sulus-nishtaw", {}),
    ("sulus-nishtaw", {"claims-score-to": "side-owner", "v1": "on", "v2": "on"}),
    ("uugg", {}),
    ("uugg", {"holes": 5, "balla": "optional"}),
    ("uugg", {"holes": 7}),
    ("redu", {}),
    ("redu", {"entry": "alternate", "o1-costs-turn": "yes"}),
]


def random_positions(game, options, count, seed):
    """Positions reached by random plies from the start, through rounds where a match has them."""
    rng = random.Random(seed)
    out = []
    pos = mg.Position(game, options)
    while len(out) < count:
        if pos.is_round_over():
            req = pos.decision_request()
            decision = None
            if req and req["kind"] == "fill":
                decision = ["{}{}".format(k, req["player"]) for k in range(1, req["holes"] + 1)]
            elif req:
                decision = [1] * (req["holes"] - 1) + [req["seeds"] - req["holes"] + 1]
            after = pos.after_round(decision)
            pos = after if isinstance(after, mg.Position) else mg.Position(game, options)
            continue
        out.append(pos)
        pos = pos.play(rng.choice(pos.legal_moves))
        if rng.random() < 0.01:
            pos = mg.Position(game, options)
    return out


def option_args(options):
    return [a for k, v in options.items() for a in ("--option", "{}={}".format(k, v))]


@pytest.mark.parametrize("game,options", VARIANTS, ids=lambda v: str(v))
def test_moves_and_plays_agree_with_the_command(game, options, cli):
    positions = random_positions(game, options, 150, seed=hash((game, str(options))) % 1000)
    out = cli("moves", *option_args(options), "-", stdin="".join(str(p) + "\n" for p in positions))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [" ".join(p.legal_moves) for p in positions]
    rng = random.Random(7)
    pairs = [(p, rng.choice(p.legal_moves)) for p in positions if p.legal_moves]
    out = cli("play", *option_args(options), "-", stdin="".join("{} {}\n".format(p, m) for p, m in pairs))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [str(p.play(m)) for p, m in pairs]


@pytest.mark.parametrize("game,options", VARIANTS, ids=lambda v: str(v))
def test_perft_agrees_with_the_command(game, options, cli):
    pos = random_positions(game, options, 20, seed=3)[-1]
    depth = 2 if game == "redu" else 3
    out = cli("perft", "--threads", "1", "--position", str(pos), *option_args(options), str(depth))
    assert out.returncode == 0, out.stderr
    assert pos.perft(depth) == int(out.stdout.split()[-1])


def test_batch_calls_agree_with_single_calls():
    positions = random_positions("uugg", {}, 200, seed=11)
    assert mg.legal_moves_batch(positions) == [p.legal_moves for p in positions]
    assert mg.move_counts(positions) == [len(p.legal_moves) for p in positions]
    live = [p for p in positions if p.legal_moves]
    choices = [k % len(p.legal_moves) for k, p in enumerate(live)]
    assert mg.play_batch(live, choices) == [p.play(p.legal_moves[c]) for p, c in zip(live, choices)]
    with pytest.raises(ValueError):
        mg.play_batch(live[:1], [99])


def test_a_batch_plays_as_single_positions_do():
    positions = random_positions("giuthi", {"holes": 6}, 100, seed=13)
    batch = mg.Batch(positions)
    assert len(batch) == 100 and batch.positions == positions
    assert batch.counts == [len(p.legal_moves) for p in positions]
    assert batch.legal_moves == [p.legal_moves for p in positions]
    choices = [k % c if c else 0 for k, c in enumerate(batch.counts)]
    after = batch.play(choices)
    assert after.positions == [
        p.play(p.legal_moves[c]) if p.legal_moves else p for p, c in zip(positions, choices)
    ]
    start = mg.Position("giuthi", {"holes": 6})
    restarted = after.play([0] * 100, restart=start)
    assert all(n > 0 for n in restarted.counts)
    with pytest.raises(ValueError):
        batch.play([999] * 100)
    with pytest.raises(ValueError):
        batch.play([0])
