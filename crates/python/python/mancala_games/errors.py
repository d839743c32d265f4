"""The exceptions of mancala_games: one base class, :class:`MancalaError`, and a subclass per kind
of failure, each carrying what a program needs to act on it (the rule, the reason, the problems).

Every class that reports bad input is also a :class:`ValueError`, as python-chess's are, so code
that catches ``ValueError`` keeps working.
"""

from __future__ import annotations

from typing import Any, List, Optional


class MancalaError(Exception):
    """The base class of every error the package raises on purpose."""


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


class LimitError(MancalaError, ValueError):
    """An argument beyond a documented limit: a perft depth over 40, a transposition table the
    machine cannot give, a thread count over 256 (the same limits as the ``mancala`` command)."""


class RecordError(MancalaError, ValueError):
    """A record that cannot be read or is not valid, where one was required
    (:meth:`Record.parse`). Attributes: ``problems``, the :class:`Problem` objects."""

    problems: List[Any] = []


class UnknownRuleError(MancalaError, KeyError):
    """A rule ID or topic that the rule book does not have."""


__all__ = [
    "MancalaError",
    "UnknownGameError",
    "OptionError",
    "PositionError",
    "MoveError",
    "IllegalMoveError",
    "RoundError",
    "LimitError",
    "RecordError",
    "UnknownRuleError",
]
