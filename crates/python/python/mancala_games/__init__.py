"""mancala_games: five traditional mancala games, exact and checkable.

Bechi (Eritrea), Giuthi (Kenya), Sulus Nishtaw (Ethiopia/Eritrea), Uugg (Ethiopia) and Redu
(Nigeria), as the rule book of the ``mancala`` toolkit rules them. The engine is the toolkit's
own Rust code; this package is its Python face, in python-chess's manner::

    >>> import mancala_games as mg
    >>> pos = mg.Position("bechi")            # the start, B to move
    >>> pos.legal_moves
    ['1B', '2B', '3B', '4B']
    >>> pos = pos.play("3B").play("1A")
    >>> str(pos)
    'bechi 8,8,7,1*/7,7,2*,8 B opener=B'

* :class:`Position`: a position from a game's name with options, a position string or its JSON
  form; ``legal_moves``, ``play`` (a new position), ``is_round_over``, ``scores``, ``perft``,
  ``analyse``, ``svg`` (a notebook draws it).
* :class:`Game`: a position with its history, ``push``/``pop``, written out as a record.
* :func:`read_file`, :func:`read_string`: records read lazily, one at a time, each validated,
  with :class:`Problem` objects; canonical text and JSON out.
* :func:`perft`, :func:`analyse`, :func:`rules`: as the ``mancala`` command's.
* :class:`Batch`, :func:`legal_moves_batch`, :func:`play_batch`: many positions per call.
* :mod:`mancala_games.env`: a PettingZoo AEC environment of every game (``pip install
  mancala-games[env]``); :mod:`mancala_games.cluster`: perft, validation and annotation as Dask
  tasks (``pip install mancala-games[cluster]``).

Errors are :class:`MancalaError` subclasses (:mod:`mancala_games.errors`). The long calls
(``perft``, ``analyse``, ``Record.annotate``) and reading release the GIL and stop on Ctrl-C
(``KeyboardInterrupt``).
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Union

from mancala_games.errors import (
    ArgumentError,
    ArgumentTypeError,
    DatabaseError,
    IllegalMoveError,
    LimitError,
    MancalaError,
    MoveError,
    OptionError,
    PositionError,
    RecordError,
    RoundError,
    UnknownGameError,
    UnknownRuleError,
)
from mancala_games._core import (
    MAX_PERFT_DEPTH,
    Analysis,
    Batch,
    Line,
    Ply,
    Position,
    Problem,
    Record,
    Records,
    Rule,
    __version__,
    game_options,
    games,
    legal_moves_batch,
    move_counts,
    play_batch,
    read_file,
    read_string,
    rule_ids,
    rules,
)

__all__ = [
    "Analysis",
    "ArgumentError",
    "ArgumentTypeError",
    "Batch",
    "DatabaseError",
    "Game",
    "IllegalMoveError",
    "LimitError",
    "Line",
    "MAX_PERFT_DEPTH",
    "MancalaError",
    "MoveError",
    "OptionError",
    "Ply",
    "Position",
    "PositionError",
    "Problem",
    "Record",
    "RecordError",
    "Records",
    "RoundError",
    "Rule",
    "UnknownGameError",
    "UnknownRuleError",
    "analyse",
    "game_options",
    "games",
    "legal_moves_batch",
    "move_counts",
    "perft",
    "play_batch",
    "read_file",
    "read_string",
    "rule_ids",
    "rules",
    "__version__",
]

PositionLike = Union[Position, str, Dict[str, Any]]


def _position(position: PositionLike, options: Optional[Dict[str, Any]] = None) -> Position:
    if isinstance(position, Position):
        if options:
            raise ArgumentError("options go with a game's name or a position string, not a Position")
        return position
    return Position(position, options)


def perft(
    position: PositionLike,
    depth: int,
    *,
    options: Optional[Dict[str, Any]] = None,
    threads: Optional[int] = None,
    hash: Union[int, str, None] = None,
) -> int:
    """The number of move paths of ``depth`` plies from ``position`` (a ``Position``, a game's
    name for its start, a position string or its JSON form), as ``mancala perft`` counts them.
    Depth 0 to 40; ``threads`` 1 to 256 (default: every core); ``hash`` a transposition table
    size such as ``"64M"``. Releases the GIL while it counts; Ctrl-C stops it
    (``KeyboardInterrupt``)."""
    return _position(position, options).perft(depth, threads=threads, hash=hash)


def analyse(
    position: PositionLike,
    *,
    options: Optional[Dict[str, Any]] = None,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    multipv: int = 1,
    hash: Union[int, str, None] = None,
    db: Optional[str] = None,
    history: Optional[Iterable[PositionLike]] = None,
) -> Analysis:
    """The value of ``position`` for the player to move and its best moves, by search, as
    ``mancala analyse`` finds them (spec/analysis.md §2).

    Limits as the command's: ``depth`` (plies, 1 to 1000), ``time`` (seconds), ``nodes``; with
    none, 2 seconds. ``multipv`` best moves get lines (1 to 256); ``hash`` is the transposition
    table's size (default ``"64M"``); ``db`` a solved database (``mancala solve --out``).

    ``history``: the positions of the game played before ``position``, oldest first (each in any
    form ``Position`` takes, with ``options``), each leading to the next by one legal move and
    the last to ``position``; a ``ValueError`` says where a list does not. A line of the search
    back to one of them is then a repetition, endless play, which the best move avoids where it
    can: an agent that plays a game move by move should pass it, or it may go round a cycle of
    positions longer than the search's horizon for ever (``mancala analyse POSITION MOVE...``;
    :meth:`Game.analyse` passes its own).

    The :class:`Analysis` gives ``value`` (the final margin of the round in seeds with best play,
    endless play counted as the best outcome for the player to move; ``"+endless"`` or
    ``"-endless"`` where endless play itself is the outcome), ``worst`` (endless play counted as
    his worst), ``exact`` (proved and the same under both), ``best``, ``lines``, ``depth``,
    ``nodes``, ``seconds``, ``history`` (the positions given) and ``repeatable`` (those of them
    since the last capture, the only ones play can come back to, which the search knew).
    Releases the GIL while it searches; Ctrl-C stops it (``KeyboardInterrupt``).
    """
    if history is not None and (isinstance(history, (str, bytes, dict)) or not hasattr(history, "__iter__")):
        raise ArgumentTypeError(
            "history: expected an iterable of positions, found {}".format(type(history).__name__)
        )
    before = None if history is None else [_position(h, options) for h in history]
    return _position(position, options).analyse(
        depth=depth, time=time, nodes=nodes, multipv=multipv, hash=hash, db=db, history=before
    )


# The tags a game's record sets itself (spec/notation.md §3.2).
_OWN_TAGS = {"Notation", "Game", "Options", "Opener", "Position"}
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def _tag_lines(tags: Dict[str, str]) -> List[str]:
    """The header lines of ``tags``, each checked: a name of the notation's form that the record
    does not set itself, a value of one line of text."""
    if not isinstance(tags, dict):
        raise ArgumentTypeError("tags: expected a dict, found {}".format(type(tags).__name__))
    lines = []
    for k, v in tags.items():
        if not isinstance(k, str) or not _TAG_NAME.match(k):
            raise ArgumentError(
                "tag {!r}: a tag's name is ASCII letters, digits and _, from a letter (spec/notation.md §3.2)".format(k)
            )
        if k in _OWN_TAGS:
            raise ArgumentError("tag {}: the record sets it from the game".format(k))
        if not isinstance(v, str):
            raise ArgumentTypeError("tag {}: expected a str, found {}".format(k, type(v).__name__))
        if "\n" in v or "\r" in v:
            raise ArgumentError("tag {}: a value is one line".format(k))
        try:
            v.encode("utf-8")
        except UnicodeEncodeError as e:
            raise ArgumentError(
                "tag {}: {!r} holds a lone surrogate at index {}, which is not text".format(k, v, e.start)
            ) from None
        lines.append('[{} "{}"]'.format(k, v.replace("\\", "\\\\").replace('"', '\\"')))
    return lines


class Game:
    """A game under way: a position with the moves that led to it, ``push``/``pop`` as
    python-chess's ``Board`` has them, and written out as a record.

    >>> g = Game("bechi")
    >>> g.push("3B"); g.push("1A")
    >>> g.moves
    ['3B', '1A']
    >>> g.pop()
    '1A'

    ``Game(start, options=None, opener=None)`` takes what :class:`Position` takes. Moves are
    kept in their canonical spelling. ``push`` raises ``IllegalMoveError`` and leaves the game as
    it was; when a round ends, ``next_round(decision)`` sets up the next one (Bechi and Giuthi
    may ask for a decision: ``position.decision_request()``).
    """

    def __init__(
        self,
        start: PositionLike = "bechi",
        options: Optional[Dict[str, Any]] = None,
        opener: Optional[str] = None,
    ) -> None:
        if isinstance(start, Position):
            if options or opener is not None:
                raise ArgumentError(
                    "options and opener go with a game's name or a position string, not a Position"
                )
            first = start
        else:
            first = Position(start, options, opener)
        self._is_start = isinstance(start, str) and " " not in start.strip()
        self._stack: List[Position] = [first]
        self._moves: List[str] = []
        self._items: List[str] = []
        self._result: Optional[Dict[str, Any]] = None

    @property
    def position(self) -> Position:
        """The position reached."""
        return self._stack[-1]

    @property
    def start(self) -> Position:
        """The position the game started from."""
        return self._stack[0]

    @property
    def moves(self) -> List[str]:
        """The moves played, canonical, in order (round boundaries left out)."""
        return list(self._moves)

    def push(self, move: str) -> None:
        """Plays ``move`` (any legal spelling). Raises ``IllegalMoveError`` or ``MoveError``."""
        if self._result is not None:
            raise RoundError("the match is over")
        pos = self.position
        canonical = pos.canonical(move)
        self._stack.append(pos.play(move))
        self._moves.append(canonical)
        self._items.append(canonical)

    def pop(self) -> str:
        """Takes the last move back and returns it. Raises ``IndexError`` at the start, and
        ``RoundError`` across a round boundary."""
        if not self._items:
            raise IndexError("pop from a game with no moves")
        if not self._moves or self._items[-1] != self._moves[-1] or self._result is not None:
            raise RoundError("cannot take a move back across a round boundary")
        self._stack.pop()
        self._items.pop()
        return self._moves.pop()

    def next_round(self, decision: Optional[Iterable[Any]] = None) -> bool:
        """After a finished round: sets up the next one (``True``) or ends the match
        (``False``, see ``match_result``). ``decision`` as ``Position.after_round`` takes it."""
        if decision is not None:
            if isinstance(decision, (str, bytes)) or not hasattr(decision, "__iter__"):
                raise ArgumentTypeError(
                    "decision: expected a list of hole names (Bechi, B16) or of seed counts (Giuthi, "
                    "G23), found {}".format(type(decision).__name__)
                )
            decision = list(decision)
        after = self.position.after_round(decision)
        if isinstance(after, Position):
            marker = "{{round {}{}}}".format(
                after.round, "" if decision is None else " " + " ".join(str(d) for d in decision)
            )
            self._stack.append(after)
            self._items.append(marker)
            return True
        self._result = after
        return False

    def analyse(self, **limits: Any) -> Analysis:
        """The analysis of the position reached, as :func:`analyse` with the positions of this
        round played before it as its ``history``: a line back to one of them is a repetition,
        so an agent that plays the best move each turn does not go round in circles.
        ``limits``: ``depth``, ``time``, ``nodes``, ``multipv``, ``hash``, ``db``."""
        now = self.position
        # Moves never cross a round's end: the round's positions are the last of the stack.
        first = len(self._stack) - 1
        while first > 0 and self._stack[first - 1].round == now.round:
            first -= 1
        return now.analyse(history=self._stack[first:-1], **limits)

    def _match_over(self) -> Optional[Dict[str, Any]]:
        """How the match ended, if it is over: known once ``next_round`` found it, or found now
        when the round is over and no set-up decision is asked (one that is asked is for a next
        round: the match goes on)."""
        if self._result is not None:
            return self._result
        pos = self.position
        if pos.is_round_over() and pos.decision_request() is None:
            after = pos.after_round()
            if not isinstance(after, Position):
                return after
        return None

    @property
    def match_result(self) -> Optional[Dict[str, Any]]:
        """How the match ended (``{"winner", "rule", "reason"}``), once ``next_round`` found it
        over."""
        return self._result

    def record(self, tags: Optional[Dict[str, str]] = None) -> str:
        """The game as a record in the canonical notation (validated on the way: it is exactly
        what ``mancala convert`` writes), with the result it reached: the match's winner or a
        draw once the match is over (whether or not ``next_round`` was called), else ``*``.
        ``tags``: ``PlayerA``, ``PlayerB``, ``Event``, ``Date``, ``Source``, and any other tag
        (spec/notation.md §3.2) but those the game sets itself."""
        extra = _tag_lines(tags or {})
        start = self.start
        head = ['[Notation "1.0"]', '[Game "{}"]'.format(start.game)]
        opts = [
            "{}={}".format(k, v)
            for k, v in start.options.items()
            if dict(game_options(start.game))[k][0] != v
        ]
        if opts:
            head.append('[Options "{}"]'.format(" ".join(opts)))
        head.append('[Opener "{}"]'.format(start.opener or start.to_move))
        head.extend(extra)
        if not self._is_start:
            head.append('[Position "{}"]'.format(str(start)))
        result = "*"
        over = self._match_over()
        if over is not None:
            winner = over.get("winner")
            result = "draw" if winner is None else "{}-wins".format(winner)
        text = "\n".join(head) + "\n\n" + " ".join(self._items + [result]) + "\n"
        rec = next(iter(read_string(text)))
        return rec.canonical()

    def __len__(self) -> int:
        return len(self._moves)

    def __repr__(self) -> str:
        return "Game({!r}, moves={})".format(str(self.position), self._moves)

    def _repr_svg_(self) -> str:
        return self.position.svg()
