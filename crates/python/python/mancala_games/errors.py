"""The exceptions of mancala_games: one base class, :class:`MancalaError`, and a subclass per kind
of failure, each carrying what a program needs to act on it (the rule, the reason, the problems).

Every class that reports a bad value is also a :class:`ValueError`, as python-chess's are, so code
that catches ``ValueError`` keeps working; an argument of the wrong type is an
:class:`ArgumentTypeError`, also a :class:`TypeError`. A file that cannot be opened raises
Python's own :class:`OSError` (``FileNotFoundError``, ``PermissionError``), as ``open`` does.

Every class pickles with its fields (``pickle``, and so Dask, which sends a task's exception back
pickled, delivers it as itself).
"""

from __future__ import annotations

from typing import Any, List, Optional


class MancalaError(Exception):
    """The base class of every error the package raises on purpose."""


class ArgumentError(MancalaError, ValueError):
    """An argument with a value the call does not take: a format or mode it does not know, a
    player that is not ``"A"`` or ``"B"``, lists of different lengths, thresholds out of order,
    an action the environment does not have."""


class ArgumentTypeError(MancalaError, TypeError):
    """An argument of a type the call does not take: a float or a bool where an int is needed, a
    number where a str is, a str where a list of paths is."""


class LimitError(ArgumentError):
    """An argument beyond a documented limit: a perft depth under 0 or over 40, a transposition
    table the machine cannot give, a thread count outside 1 to 256 (the same limits as the
    ``mancala`` command's)."""


class UnknownGameError(MancalaError, ValueError):
    """A game name that is not one of the five: ``bechi``, ``giuthi``, ``sulus-nishtaw``, ``uugg``,
    ``redu``."""


class OptionError(MancalaError, ValueError):
    """An option the game does not have, a value it does not take, or an option given twice.

    Attributes: ``game`` (the game's name), ``key`` and ``value`` (as given, where known).
    """

    game: Optional[str] = None
    key: Optional[str] = None
    value: Optional[str] = None


class PositionError(MancalaError, ValueError):
    """A position string or JSON form that does not read, or does not describe a position the
    rules allow.

    Attributes: ``problems``, a list of ``(rule, message)`` pairs (``rule`` may be ``None``),
    and ``column`` (1-based) for a string that does not read.
    """

    problems: List[Any] = []
    column: Optional[int] = None


class MoveError(MancalaError, ValueError):
    """A token that is not a move of the game at all (``9Z``, ``3B+`` in Uugg): a spelling error,
    not a rule. Attributes: ``move`` (the token)."""

    move: Optional[str] = None


class IllegalMoveError(MancalaError, ValueError):
    """A move the rules forbid in this position.

    Attributes: ``move`` (the token as given), ``rule`` (the rule ID that forbids it, e.g.
    ``"B4"``; read it with ``mancala_games.rules(err.rule)``), ``reason`` (why, in words) and
    ``position`` (the position it was played in, unchanged).
    """

    move: Optional[str] = None
    rule: Optional[str] = None
    reason: Optional[str] = None
    position: Any = None


class RoundError(MancalaError):
    """A round transition that cannot be made: the round is not over, or the set-up decision
    breaks a rule (B16, G23). Attributes: ``rule`` (may be ``None``)."""

    rule: Optional[str] = None


class RecordError(MancalaError, ValueError):
    """A record that is not valid where a valid one is needed (``canonical``, ``to_json``,
    ``annotate``, ``Game.record``); its message lists what is wrong, each problem with its line,
    column and rule. Attributes: ``problems``, the :class:`Problem` objects."""

    problems: List[Any] = []


class DatabaseError(MancalaError, ValueError):
    """A file given as a solved database (``db=``) that is not one, or is damaged: its header,
    its tables or a block met by the search. Attributes: ``path``."""

    path: Optional[str] = None


class UnknownRuleError(MancalaError, KeyError):
    """A rule ID or topic that the rule book does not have."""

    def __str__(self) -> str:
        # KeyError's str is the repr of its key; this one is a sentence.
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


__all__ = [
    "MancalaError",
    "ArgumentError",
    "ArgumentTypeError",
    "LimitError",
    "UnknownGameError",
    "OptionError",
    "PositionError",
    "MoveError",
    "IllegalMoveError",
    "RoundError",
    "RecordError",
    "DatabaseError",
    "UnknownRuleError",
]
