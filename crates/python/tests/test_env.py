"""The PettingZoo environment: the framework's own conformance tests for every game and option,
in rounds and in matches; the action encoding covers exactly the legal moves; the example."""

import pathlib
import runpy
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import mancala_games as mg
from mancala_games.env import Actions, env, raw_env

VARIANTS = [
    ("bechi", {}),
    ("bechi", {"holes": 3}),
    ("giuthi", {}),
    ("giuthi", {"holes": 5, "seeds": 4}),
    ("sulus-nishtaw", {}),
    ("sulus-nishtaw", {"v1": True, "v2": True}),
    ("uugg", {}),
    ("uugg", {"holes": 7, "balla": "optional"}),
    ("redu", {}),
    ("redu", {"entry": "alternate"}),
]


@pytest.mark.parametrize("game,options", VARIANTS, ids=lambda v: str(v))
@pytest.mark.parametrize("match", [False, True], ids=["round", "match"])
def test_pettingzoo_api_and_seed_tests(game, options, match):
    api_test(env(game=game, options=options, match=match), num_cycles=200)
    seed_test(lambda: env(game=game, options=options, match=match), num_cycles=200)


@pytest.mark.parametrize("game", mg.games())
def test_every_legal_move_is_one_sequence_of_actions(game):
    pos = mg.Position(game)
    actions = Actions(pos.holes)
    rng = np.random.default_rng(5)
    for _ in range(300):
        if pos.is_round_over():
            pos = mg.Position(game)
        seqs = [actions.sequence(m) for m in pos.legal_moves]
        assert len(set(seqs)) == len(seqs)
        assert all(0 <= a < actions.n for s in seqs for a in s)
        pos = pos.play(pos.legal_moves[rng.integers(len(pos.legal_moves))])


def test_redu_moves_of_many_decisions_are_played_action_by_action():
    e = raw_env(game="redu")
    e.reset()
    target = "2B-wdh" if "2B-wdh" in e.position.legal_moves else e.position.legal_moves[-1]
    seq = e.actions.sequence(target)
    start = e.position
    for k, a in enumerate(seq):
        assert e.agent_selection == "player_1"
        assert e.observe("player_1")["action_mask"][a] == 1
        e.step(a)
    assert e.position == start.play(target) and e.moves == [target]
    assert len(seq) > 1


def test_rewards_are_the_round_margin():
    e = raw_env(game="bechi", options={"holes": 3})
    e.reset()
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in e.possible_agents}
    while not all(e.terminations.values()):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        for a, r in e.rewards.items():
            total[a] += r
    a, b = e.position.scores
    assert total == {"player_0": a - b, "player_1": b - a}


def test_observation_is_the_board_from_the_observer():
    e = raw_env(game="bechi")
    e.reset()
    obs = e.observe("player_1")["observation"]
    cells = obs[e.observation_layout["holes"]].reshape(-1, 7)
    assert list(cells[:, 0]) == [6.0] * 8
    assert e.position.holes[:4] == ["1B", "2B", "3B", "4B"]
    assert list(cells[:, 1]) == [1.0] * 4 + [0.0] * 4, "B owns 1B-4B"
    assert obs[e.observation_layout["my_turn"]] == 1.0
    assert e.observe("player_0")["observation"][e.observation_layout["my_turn"]] == 0.0


def test_the_example_evaluates_random_against_analyse(capsys):
    path = pathlib.Path(__file__).resolve().parents[1] / "examples" / "evaluate.py"
    sys.argv = [str(path), "bechi", "4"]
    score = runpy.run_path(str(path), run_name="not_main")["main"]()
    out = capsys.readouterr().out
    assert "4 rounds of bechi" in out
    assert score["analyse"] > score["random"], out


def test_the_history_is_the_rounds_positions_before_the_one_reached():
    e = raw_env(game="giuthi")
    e.reset()
    seen = [e.position]
    for _ in range(6):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        seen.append(e.position)
    assert e.history == seen[:-1]
    a = e.position.analyse(depth=2, history=e.history)
    assert (a.history, a.best in e.position.legal_moves) == (6, True)


# Issue 34, item 14: an action outside the space was taken through numpy's negative indexing
# and left the episode stuck, or raised a bare IndexError.
def test_an_action_outside_the_space_is_refused_and_changes_nothing():
    e = raw_env(game="bechi")
    e.reset()
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"].copy()
    n = e.actions.n
    for bad in (-1, -n, n, 10**6):
        with pytest.raises(mg.ArgumentError, match=r"action {} is not in the action space \(0 to {}\)".format(bad, n - 1)):
            e.step(bad)
    for bad in (1.5, "3", [0]):
        with pytest.raises(mg.ArgumentTypeError, match="action"):
            e.step(bad)
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(mg.ArgumentError, match="action {} is not legal here".format(illegal)):
        e.step(illegal)
    assert e.agent_selection == agent and e.moves == [] and not any(e.terminations.values())
    assert (e.observe(agent)["action_mask"] == mask).all()
    e.step(np.int64(np.flatnonzero(mask)[0]))  # numpy's integers are actions
    assert len(e.moves) == 1


def test_a_token_of_another_board_is_refused():
    actions = Actions(mg.Position("bechi").holes)
    assert actions.sequence("3B") == (6,)
    for bad in ("9B", "x9A:3B", "3Z", ""):
        with pytest.raises(mg.ArgumentError, match="not a move token of this board"):
            actions.sequence(bad)


def test_max_plies_zero_truncates_at_once_and_a_negative_one_is_refused():
    e = raw_env(game="bechi", max_plies=0)
    e.reset()
    assert all(e.truncations.values())
    e = raw_env(game="bechi", max_plies=2)
    e.reset()
    for _ in range(2):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and e.plies == 2
    with pytest.raises(mg.LimitError, match="max_plies -1"):
        raw_env(game="bechi", max_plies=-1)
    with pytest.raises(mg.ArgumentTypeError, match="max_plies"):
        raw_env(game="bechi", max_plies=1.5)
    with pytest.raises(mg.ArgumentError, match="render_mode"):
        raw_env(game="bechi", render_mode="human")


# Issue 37, item 4: without its extra, the environment says which one to install.
def test_importing_the_environment_without_its_extra_says_what_to_install():
    import subprocess

    for missing in ("numpy", "gymnasium", "pettingzoo"):
        code = "import sys\nsys.modules[{!r}] = None\nimport mancala_games.env\n".format(missing)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
        assert out.returncode == 1
        assert "ModuleNotFoundError" in out.stderr
        assert 'pip install "mancala-games[env]"' in out.stderr, out.stderr
