"""Evaluate a simple agent: a random player against a player that searches (`analyse`), on the
PettingZoo environment, and print the score.

    python examples/evaluate.py [GAME] [ROUNDS]      # bechi 10 by default
"""

import random
import sys

import mancala_games as mg
from mancala_games.env import env


def play_round(game, players, seed, opener):
    """One round; ``players`` maps agent names to ``choose(environment, observation)``."""
    e = env(game=game, opener=opener)
    e.reset(seed=seed)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        action = None if terminated or truncated else players[agent](e, obs)
        e.step(action)
    return totals


def random_player(rng):
    def choose(e, obs):
        return int(rng.choice([a for a, ok in enumerate(obs["action_mask"]) if ok]))

    return choose


def search_player(depth):
    """Plays the best move ``analyse`` finds at ``depth`` plies, as its actions, knowing the
    round's earlier positions (a move back to one is a repetition, which it avoids)."""

    plan = []

    def choose(e, obs):
        raw = e.unwrapped
        if raw.prefix:  # a Redu ply under way: go on with the move chosen at its start
            return plan[len(raw.prefix)]
        best = raw.position.analyse(depth=depth, history=raw.history).best
        plan[:] = raw.actions.sequence(best)
        return plan[0]

    return choose


def main():
    game = sys.argv[1] if len(sys.argv) > 1 else "bechi"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    rng = random.Random(1)
    score = {"random": 0.0, "analyse": 0.0}
    wins = {"random": 0, "analyse": 0, "draw": 0}
    for k in range(rounds):
        # The searcher plays A and B in turn, and each opens half the rounds.
        searcher = "player_0" if k % 2 == 0 else "player_1"
        other = "player_1" if searcher == "player_0" else "player_0"
        players = {searcher: search_player(4), other: random_player(rng)}
        totals = play_round(game, players, seed=k, opener="A" if k % 4 < 2 else "B")
        score["analyse"] += totals[searcher]
        score["random"] += totals[other]
        margin = totals[searcher]
        wins["analyse" if margin > 0 else "random" if margin < 0 else "draw"] += 1
    print(
        "{} rounds of {}: analyse (depth 4) won {}, random won {}, {} drawn; "
        "seed margin analyse {:+.0f}, random {:+.0f}".format(
            rounds, game, wins["analyse"], wins["random"], wins["draw"], score["analyse"], score["random"]
        )
    )
    return score


if __name__ == "__main__":
    main()
