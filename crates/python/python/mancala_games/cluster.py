"""Work for many machines, as Dask tasks (``pip install mancala-games[cluster]``).

Deep perft, annotating and validating large collections outgrow one machine. This module does
not schedule anything itself: it cuts the work into independent tasks and hands them to a Dask
``distributed.Client``, which runs them on whatever cluster it is connected to::

    from distributed import Client
    client = Client()                          # a laptop: a local cluster, one worker per core
    client = Client("tcp://scheduler:8786")    # a cluster (dask-scheduler / dask-worker, or
                                               # dask-jobqueue's SLURM/PBS clusters)
    mancala_games.cluster.perft("bechi", 16, client=client)

The same call runs on both. Without ``client`` the current default client is used
(``distributed.get_client()``); without one, or with ``client=False``, the work runs in this
process, task by task, which gives the single-process results to compare with.

* :func:`perft`: the paths from a position are split at ``split`` plies (the positions of
  ``perft --divide`` and below, identical positions merged with their multiplicity), each part
  counted by a task, the counts summed.
* :func:`validate_files`: one task per file, each reading its records one at a time; a file
  that cannot be read is reported as such, and the others validated (as ``mancala validate``).
* :func:`annotate_files`: one task per file, every ply judged by search (``mancala annotate``).

Files are read by the workers: on a cluster they must be on a file system every worker sees.
Arguments are checked before any task is handed out (``LimitError``, ``ArgumentTypeError``); an
error a task raises arrives as itself, with its fields (the package's errors pickle).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from mancala_games import MAX_PERFT_DEPTH, Position, _core, read_file
from mancala_games._args import flag_arg, int_arg, paths_arg
from mancala_games.errors import ArgumentTypeError

__all__ = ["perft", "perft_parts", "validate_files", "annotate_files"]

PositionLike = Union[Position, str, Dict[str, Any]]


def _client(client: Any) -> Any:
    if client is False:
        return None
    if client is not None:
        return client
    try:
        from distributed import get_client

        return get_client()
    except (ImportError, ValueError):
        return None


def _run(client: Any, fn: Callable[..., Any], jobs: Sequence[Tuple[Any, ...]]) -> List[Any]:
    """``fn(*job)`` for every job, on the cluster when there is one, in order."""
    client = _client(client)
    if client is None:
        return [fn(*job) for job in jobs]
    futures = [client.submit(fn, *job, pure=False) for job in jobs]
    return client.gather(futures)


def perft_parts(position: Position, depth: int, split: int) -> Counter:
    """The parts perft splits into: ``Counter({(position, plies left): paths})``. Each position
    ``split`` plies down (or where a path ended the round before) with the number of paths that
    reach it; identical positions are merged, so each is counted once."""
    if not isinstance(position, Position):
        raise ArgumentTypeError("position: expected a Position, found {}".format(type(position).__name__))
    depth = int_arg(depth, "perft depth", 0, MAX_PERFT_DEPTH)
    split = int_arg(split, "split", 0)
    level: Counter = Counter({position: 1})
    done: Counter = Counter()
    for k in range(min(split, depth)):
        nxt: Counter = Counter()
        for pos, n in level.items():
            if pos.is_round_over():
                done[(pos, depth - k)] += n
                continue
            for _, child in pos.children():
                nxt[child] += n
        level = nxt
    left = depth - min(split, depth)
    for pos, n in level.items():
        done[(pos, left)] += n
    return done


def _count(jobs: List[Tuple[str, int, int]]) -> int:
    total = 0
    for text, plies, paths in jobs:
        total += paths * Position(text).perft(plies, threads=1)
    return total


def perft(
    position: PositionLike,
    depth: int,
    *,
    options: Optional[Dict[str, Any]] = None,
    split: int = 2,
    tasks: Optional[int] = None,
    client: Any = None,
) -> int:
    """perft of ``position`` (as :func:`mancala_games.perft` takes it) to ``depth`` plies, as
    tasks: the positions ``split`` plies down are shared out into ``tasks`` tasks (by default
    four per worker thread of the cluster, at most one per position), each counted on a worker
    with one thread, and the counts summed. The count is exactly ``Position.perft(depth)``.
    ``depth`` 0 to 40, ``split`` 0 or more, ``tasks`` 1 or more."""
    pos = position if isinstance(position, Position) else Position(position, options)
    if tasks is not None:
        tasks = int_arg(tasks, "tasks", 1)
    parts = perft_parts(pos, depth, split)
    jobs = [
        (json, plies, paths)
        for json, plies, paths in sorted(
            ((_json(p), plies, n) for (p, plies), n in parts.items()), key=lambda j: j[0]
        )
    ]
    c = _client(client)
    if tasks is None:
        threads = sum(c.nthreads().values()) if c is not None else 1
        tasks = max(1, 4 * threads)
    tasks = max(1, min(tasks, len(jobs)))
    chunks = [jobs[k::tasks] for k in range(tasks)]
    return sum(_run(c, _count, [(chunk,) for chunk in chunks]))


def _json(p: Position) -> str:
    import json

    return json.dumps(p.to_json(), sort_keys=True)


def _validate(path: str, lenient: bool) -> Dict[str, Any]:
    report: Dict[str, Any] = {"file": path, "records": 0, "valid": 0, "invalid": 0, "problems": [], "error": None}
    try:
        for rec in read_file(path, lenient=lenient):
            _count_record(report, rec)
    except OSError as e:
        # A file that cannot be read (or stops being readable) is reported, and the others
        # validated: `mancala validate` goes on the same way (exit status 2).
        # In its words: "cannot read a.mgn: no such file or folder".
        if e.strerror and e.filename is not None:
            report["error"] = "cannot read {}: {}".format(e.filename, e.strerror)
        else:
            report["error"] = str(e)
    return report


def _count_record(report: Dict[str, Any], rec: Any) -> None:
    report["records"] += 1
    if rec.valid:
        report["valid"] += 1
        return
    report["invalid"] += 1
    report["problems"].extend(
        {
            "record": p.record,
            "line": p.line,
            "column": p.column,
            "ply": p.ply,
            "kind": p.kind,
            "rule": p.rule,
            "message": p.message,
        }
        for p in rec.problems
    )


def validate_files(
    paths: Sequence[str], *, lenient: bool = False, client: Any = None
) -> List[Dict[str, Any]]:
    """Validates every record of every file, one task per file: a report per file, in order,
    ``{"file", "records", "valid", "invalid", "problems", "error"}`` (each problem a dict with
    ``record``, ``line``, ``column``, ``ply``, ``kind``, ``rule``, ``message``; ``error`` is
    ``None``, or why the file could not be read, ``"cannot read a.mgn: no such file or
    folder"``, with the counts of the records read before)."""
    files = paths_arg(paths, "paths")
    lenient = flag_arg(lenient, "lenient")
    return _run(client, _validate, [(p, lenient) for p in files])


def _annotate(path: str, limits: Dict[str, Any]) -> List[str]:
    out = []
    for rec in read_file(path):
        out.append(rec.annotate(**limits) if rec.valid else "")
    return out


def annotate_files(
    paths: Sequence[str],
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    db: Optional[str] = None,
    format: str = "notation",
    client: Any = None,
) -> List[List[str]]:
    """Annotates every record of every file (``Record.annotate``), one task per file: for each
    file, the annotated records in order (``""`` for a record that is not valid). A ``depth`` or
    ``nodes`` limit gives the same annotations wherever they run; a ``time`` limit depends on
    the machine."""
    files = paths_arg(paths, "paths")
    limits = {"depth": depth, "time": time, "nodes": nodes, "db": db, "format": format}
    _core._check_annotate(**limits)
    return _run(client, _annotate, [(p, limits) for p in files])
