"""Arguments of the package's Python modules (``cluster``, ``env``), checked as the engine's own
are (``src/args.rs``): an int where an int is taken (not a bool or a float), within its range;
each refusal one of the package's classes, naming the argument."""

from __future__ import annotations

import os
from typing import Any, List, Optional

from mancala_games.errors import ArgumentError, ArgumentTypeError, LimitError


def int_arg(value: Any, name: str, lo: int, hi: Optional[int] = None) -> int:
    """``value`` as an int from ``lo`` to ``hi`` (no upper bound when ``None``); numpy's integers
    are ints."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError("{}: expected an int, found {}".format(name, type(value).__name__))
    n = value.__index__()
    if n < lo or (hi is not None and n > hi):
        give = "{} to {}".format(lo, hi) if hi is not None else "{} or more".format(lo)
        raise LimitError("{} {}: give {}".format(name, n, give))
    return n


def flag_arg(value: Any, name: str) -> bool:
    """``value`` as ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise ArgumentTypeError("{}: expected True or False, found {}".format(name, type(value).__name__))
    return value


def paths_arg(value: Any, name: str) -> List[str]:
    """A list of paths (each a str or an ``os.PathLike``): one path alone is refused, as it
    would be read as its characters."""
    if isinstance(value, (str, bytes)) or hasattr(value, "__fspath__") or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(
            "{}: expected a list of paths, found {} (give [path] for one file)".format(name, type(value).__name__)
        )
    out = []
    for k, p in enumerate(value):
        if not isinstance(p, str) and not hasattr(p, "__fspath__"):
            raise ArgumentTypeError("{}[{}]: expected a path, found {}".format(name, k, type(p).__name__))
        out.append(os.fspath(p))
    return out


def choice_arg(value: Any, name: str, choices: List[Any]) -> Any:
    """``value``, one of ``choices``."""
    if value not in choices:
        raise ArgumentError("{} {!r}: give one of {}".format(name, value, ", ".join(repr(c) for c in choices)))
    return value
