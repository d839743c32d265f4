"""A PettingZoo AEC environment of the five games (``pip install mancala-games[env]``).

PettingZoo's AEC API (agents acting in turn) is the framework's model of turn-based board games,
and the one its classic games (chess, go, connect four) use; it passes ``pettingzoo.test.api_test``
and ``seed_test``. ``env(game="bechi", options=None, ...)`` builds it with the standard wrappers
(an illegal action ends the game with reward -1 for the player who made it, as in PettingZoo's
classic games); ``raw_env`` is the bare environment.

**Agents.** ``player_0`` is A and ``player_1`` is B; ``opener`` (B by default) moves first.

**Actions.** ``Discrete(5 * n + 8)`` for a board of ``n`` holes (``Position.holes`` order):

* ``3 * i + d``: a sowing from hole ``i``, with direction ``d`` (0: the one the rules fix, 1: ``+``
  counterclockwise, 2: ``-`` clockwise);
* ``3 * n + i``: Redu's second singleton ``i`` (R9); ``4 * n + i``: a Redu capture from hole ``i``
  (R23, R24; also the O1 capture before a sowing, R22);
* ``5 * n`` pass, ``5 * n + 1`` open (Sulus Nishtaw's opening), ``5 * n + 2`` Redu's start
  opposite (``o``, R12), ``5 * n + 3`` end of the decisions of a ply, ``5 * n + 4`` to ``5 * n + 7``
  Redu's zigzag letters ``d``, ``h``, ``w``, ``b`` (R11, R13, R14).

A move of every game but Redu is one action. A Redu sowing is its decisions in the order its token
writes them (``4B+bdh`` is the sowing from 4B ``+``, then ``b``, ``d``, ``h``): the same agent acts
again until the decisions made name exactly one legal move, which is then played (``end`` is
offered where a legal move stops and longer ones go on). So every legal move, and nothing else,
can be played, and ``action_mask`` (int8, in the observation dict) marks the actions that continue
some legal move.

**Observation** (``float32``, from the point of view of the agent observing): for every hole, in
``Position.holes`` order, seven channels (seeds, owned by me, Bechi chosen, Bechi blocked, a
claim or uugg of mine, of my opponent, a pending Redu right on it), then my store, my
opponent's, my reserve, my opponent's, whether it is my turn, the round, the Sulus Nishtaw
opening still to play, the Redu right's kind (O1, O2, O3), and the decisions of the ply under way
(a count per action). ``observation_layout`` names the slices.

**Rewards** come from the round's score: when a round ends, its totals' margin (mine minus my
opponent's) for each player. ``match=False`` (the default) ends the episode with the round;
``match=True`` plays the match through its rounds, the set-up decisions (Bechi B16, Giuthi G23)
made by ``decide(position, request)`` (by default: Bechi fills his lowest-numbered holes, Giuthi
spreads his seeds evenly). ``max_plies`` truncates an episode once that many plies are played
(``0``: at once; ``None``: never; endless play is possible in these games).

**Bad actions.** ``raw_env.step`` refuses an action outside ``0`` to ``n - 1`` (numpy's negative
indexing would take ``-1`` for the last action) or that ``action_mask`` does not mark with
``ArgumentError`` (a ``ValueError``), and an action that is not an int (a float, a str) with
``ArgumentTypeError``, leaving the episode as it was; ``env()``'s wrappers end the episode on an
illegal action instead, as PettingZoo's classic games do.

**The game so far.** ``position`` is the position reached, ``moves`` the moves played, and
``history`` the positions of the round before ``position``, oldest first: what an agent that
searches passes to ``position.analyse(history=...)``, so that a move back to one of them counts as
a repetition and it does not go round a cycle of positions longer than its search's horizon
(``examples/evaluate.py``).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Dict, List, Optional, Tuple

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # the extra is not installed: say which one
    raise ModuleNotFoundError(
        'mancala_games.env needs the "env" extra (numpy, gymnasium, pettingzoo): '
        'pip install "mancala-games[env]" ({})'.format(e),
        name=e.name,
    ) from e

from mancala_games import Position
from mancala_games._args import choice_arg, flag_arg, int_arg
from mancala_games.errors import ArgumentError, ArgumentTypeError

AGENTS = ["player_0", "player_1"]
_PLAYER = {"player_0": "A", "player_1": "B"}
_AGENT = {"A": "player_0", "B": "player_1"}
_TOKEN = re.compile(
    r"^(?:x(?P<cap>\d+[AB]):?)?(?P<start>\d+[AB])?(?P<second>\d+[AB])?(?P<dir>[+-])?"
    r"(?P<o>o)?(?P<letters>[dhwb]*)$"
)
_CHANNELS = 7


class Actions:
    """The action space of a board of ``n`` holes: each legal move token as a sequence of
    actions, and back."""

    def __init__(self, holes: List[str]) -> None:
        self.holes = holes
        self.index = {h: i for i, h in enumerate(holes)}
        n = len(holes)
        self.n = 5 * n + 8
        self.pass_, self.open, self.special, self.end = 5 * n, 5 * n + 1, 5 * n + 2, 5 * n + 3
        self.letters = {c: 5 * n + 4 + k for k, c in enumerate("dhwb")}

    def sequence(self, token: str) -> Tuple[int, ...]:
        """The actions of a move token; ``ArgumentError`` for a token that is none of this
        board's."""
        if not isinstance(token, str):
            raise ArgumentTypeError("token: expected a str, found {}".format(type(token).__name__))
        if token == "pass":
            return (self.pass_,)
        if token == "open":
            return (self.open,)
        m = _TOKEN.match(token)
        holes = [m[k] for k in ("cap", "start", "second") if m is not None and m[k]]
        if m is None or any(h not in self.index for h in holes):
            raise ArgumentError("not a move token of this board: {!r}".format(token))
        n = len(self.holes)
        out: List[int] = []
        if m["cap"]:
            out.append(4 * n + self.index[m["cap"]])
        if m["start"]:
            d = {None: 0, "+": 1, "-": 2}[m["dir"]]
            out.append(3 * self.index[m["start"]] + d)
        if m["second"]:
            out.append(3 * n + self.index[m["second"]])
        if m["o"]:
            out.append(self.special)
        out.extend(self.letters[c] for c in m["letters"])
        if not out:
            raise ArgumentError("not a move token of this board: {!r}".format(token))
        return tuple(out)


def default_decision(position: Position, request: Dict[str, Any]) -> Optional[List[Any]]:
    """The set-up decision ``match=True`` makes when none is given: Bechi fills the poorer
    player's lowest-numbered holes (B16); Giuthi spreads his seeds evenly over his holes, the
    lower-numbered holes taking the remainder (G23)."""
    player = request["player"]
    if request["kind"] == "fill":
        return ["{}{}".format(k, player) for k in range(1, request["holes"] + 1)]
    seeds, holes = request["seeds"], request["holes"]
    return [seeds // holes + (1 if k < seeds % holes else 0) for k in range(holes)]


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard wrappers: an illegal action ends the game (-1
    for the agent that made it), actions are checked against the space, the API's order is
    enforced. Takes what ``raw_env`` takes."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the bare environment)
    """One of the five games as a PettingZoo AEC environment: see the module's documentation."""

    metadata = {"render_modes": ["ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "bechi",
        options: Optional[Dict[str, Any]] = None,
        opener: str = "B",
        match: bool = False,
        max_plies: Optional[int] = 1000,
        decide: Optional[Callable[[Position, Dict[str, Any]], Any]] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.game = game
        if options is not None and not isinstance(options, dict):
            raise ArgumentTypeError("options: expected a dict, found {}".format(type(options).__name__))
        self.game_options = dict(options or {})
        self.opener = opener
        self.match = flag_arg(match, "match")
        self.max_plies = None if max_plies is None else int_arg(max_plies, "max_plies", 0)
        if decide is not None and not callable(decide):
            raise ArgumentTypeError("decide: expected a function, found {}".format(type(decide).__name__))
        self.decide = decide or default_decision
        self.render_mode = None if render_mode is None else choice_arg(render_mode, "render_mode", self.metadata["render_modes"])
        self.start = Position(game, self.game_options, opener)
        self.actions = Actions(self.start.holes)
        self.possible_agents = list(AGENTS)
        n = len(self.start.holes)
        total = sum(self.start.seeds) + sum(self.start.stores) + sum(self.start.reserves)
        self.observation_layout = {
            "holes": slice(0, _CHANNELS * n),
            "stores": slice(_CHANNELS * n, _CHANNELS * n + 2),
            "reserves": slice(_CHANNELS * n + 2, _CHANNELS * n + 4),
            "my_turn": _CHANNELS * n + 4,
            "round": _CHANNELS * n + 5,
            "opening": _CHANNELS * n + 6,
            "right_kind": slice(_CHANNELS * n + 7, _CHANNELS * n + 10),
            "pending": slice(_CHANNELS * n + 10, _CHANNELS * n + 10 + self.actions.n),
        }
        size = _CHANNELS * n + 10 + self.actions.n
        high = np.full(size, 1.0, dtype=np.float32)
        high[0 : _CHANNELS * n : _CHANNELS] = total
        high[_CHANNELS * n : _CHANNELS * n + 4] = total
        high[_CHANNELS * n + 5] = 9999
        high[_CHANNELS * n + 10 :] = 64
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.actions.n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.actions.n) for a in self.possible_agents}

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # The state: the position, the decisions of the ply under way, and the legal moves as
    # sequences of actions.

    def _load(self, position: Position) -> None:
        self.position = position
        self.prefix: List[int] = []
        self._moves = {self.actions.sequence(m): m for m in position.legal_moves}
        self.agent_selection = _AGENT[position.to_move]

    def _candidates(self) -> List[Tuple[int, ...]]:
        k = len(self.prefix)
        p = tuple(self.prefix)
        return [s for s in self._moves if s[:k] == p]

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.actions.n, dtype=np.int8)
        k = len(self.prefix)
        for s in self._candidates():
            if len(s) > k:
                mask[s[k]] = 1
            elif len(self._candidates()) > 1:
                mask[self.actions.end] = 1
        return mask

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        me = _PLAYER[agent]
        pos = self.position
        n = len(pos.holes)
        obs = np.zeros(self._observation_spaces[agent]["observation"].shape, dtype=np.float32)
        cells = obs[: _CHANNELS * n].reshape(n, _CHANNELS)
        cells[:, 0] = pos.seeds
        cells[:, 1] = [1.0 if o == me else 0.0 for o in pos.owners]
        index = self.actions.index
        for hole, (kind, owner) in pos.marks.items():
            i = index[hole]
            if kind == "chosen":
                cells[i, 2] = 1
            elif kind == "blocked":
                cells[i, 3] = 1
            else:
                cells[i, 4 if owner == me else 5] = 1
        right = pos.right
        if right is not None:
            cells[index[right[1]], 6] = 1
        stores, reserves = pos.stores, pos.reserves
        mine = 0 if me == "A" else 1
        base = _CHANNELS * n
        obs[base : base + 2] = (stores[mine], stores[1 - mine])
        obs[base + 2 : base + 4] = (reserves[mine], reserves[1 - mine])
        obs[base + 4] = 1.0 if (pos.to_move == me and not pos.is_round_over()) else 0.0
        obs[base + 5] = pos.round
        obs[base + 6] = 1.0 if "opening" in str(pos).split() else 0.0
        if right is not None:
            obs[base + 7 + ["O1", "O2", "O3"].index(right[0])] = 1
        for a in self.prefix:
            obs[base + 10 + a] += 1
        mask = self._mask() if agent == self.agent_selection else np.zeros(self.actions.n, np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # The games have no chance: the seed changes nothing, and is accepted as the API asks.
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.plies = 0
        self.moves: List[str] = []
        self.round_scores: List[Tuple[int, int]] = []
        self.history: List[Position] = []
        self._load(self.start)
        self._truncate_if_long()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = self._action(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        complete = tuple(self.prefix)
        if action != self.actions.end:
            self.prefix.append(action)
            complete = tuple(self.prefix)
        candidates = self._candidates()
        if action == self.actions.end or (len(candidates) == 1 and candidates[0] == complete):
            self._play(self._moves[complete])
        self._accumulate_rewards()

    def _action(self, action: Any) -> int:
        """The action as an int, in the space and legal here; refused with nothing changed."""
        if isinstance(action, bool) or not hasattr(type(action), "__index__"):
            raise ArgumentTypeError(
                "action: expected an int of the action space, found {}".format(type(action).__name__)
            )
        a = action.__index__()
        n = self.actions.n
        if not 0 <= a < n:
            raise ArgumentError(
                "action {} is not in the action space (0 to {}): see the action space and action_mask".format(a, n - 1)
            )
        if not self._mask()[a]:
            raise ArgumentError("action {} is not legal here (see action_mask)".format(a))
        return a

    def _play(self, move: str) -> None:
        pos = self.position.play(move)
        self.moves.append(move)
        self.plies += 1
        if pos.is_round_over():
            totals = pos.scores
            self.round_scores.append(totals)
            margin = float(totals[0] - totals[1])
            self.rewards = {"player_0": margin, "player_1": -margin}
            if self.match:
                request = pos.decision_request()
                after = pos.after_round(None if request is None else self.decide(pos, request))
                if isinstance(after, Position):
                    self.history = []  # a new round: no earlier position can come again
                    self._load(after)
                    self._truncate_if_long()
                    return
                self.infos = {a: {"match": after} for a in self.agents}
            self.position = pos
            self.prefix = []
            self._moves = {}
            self.terminations = {a: True for a in self.agents}
            return
        self.history.append(self.position)
        self._load(pos)
        self._truncate_if_long()

    def _truncate_if_long(self) -> None:
        if self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = {a: True for a in self.agents}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return "{}\n{}".format(self.position, "round over" if self.position.is_round_over() else "")

    def close(self) -> None:
        pass
