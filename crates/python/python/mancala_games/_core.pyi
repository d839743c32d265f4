"""Type stubs of the extension module (the Rust engine); the package re-exports everything.

Every argument is checked for its type and range: a bad one raises one of the package's classes
(``mancala_games.errors``: ``ArgumentTypeError``, ``LimitError``, ``MoveError``, ...), never a
bare ``TypeError``, ``OverflowError`` or ``UnicodeEncodeError``. The long calls (``perft``,
``perft_divide``, ``analyse``, ``Record.annotate``) and reading records release the GIL and stop
on Ctrl-C with ``KeyboardInterrupt``."""

from os import PathLike
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str
MAX_PERFT_DEPTH: int

OptionValue = Union[str, int, bool]
Value = Union[int, str]  # seeds, or "+endless" / "-endless"

class Position:
    """A position of one of the five games; immutable and hashable."""

    def __new__(
        cls,
        position: Union[str, Dict[str, Any]],
        options: Optional[Dict[str, OptionValue]] = None,
        opener: Optional[str] = None,
    ) -> Position: ...
    @property
    def game(self) -> str: ...
    @property
    def options(self) -> Dict[str, str]: ...
    @property
    def to_move(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def opener(self) -> Optional[str]: ...
    @property
    def holes(self) -> List[str]: ...
    @property
    def seeds(self) -> List[int]: ...
    @property
    def owners(self) -> List[str]: ...
    @property
    def marks(self) -> Dict[str, Tuple[str, str]]: ...
    @property
    def stores(self) -> Tuple[int, int]: ...
    @property
    def reserves(self) -> Tuple[int, int]: ...
    @property
    def right(self) -> Optional[Tuple[str, str]]: ...
    @property
    def legal_moves(self) -> List[str]: ...
    @property
    def scores(self) -> Optional[Tuple[int, int]]: ...
    def children(self) -> List[Tuple[str, Position]]: ...
    def is_legal(self, move: str) -> bool: ...
    def play(self, move: str) -> Position: ...
    def ply(self, move: str) -> Ply: ...
    def canonical(self, move: str) -> str: ...
    def is_round_over(self) -> bool: ...
    def round_result(self) -> Optional[Dict[str, Any]]: ...
    def decision_request(self) -> Optional[Dict[str, Any]]: ...
    def after_round(
        self, decision: Optional[Sequence[Union[str, int]]] = None
    ) -> Union[Position, Dict[str, Any]]: ...
    def to_string(self) -> str: ...
    def to_json(self) -> Dict[str, Any]: ...
    def svg(self, caption: Optional[str] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def perft(
        self, depth: int, threads: Optional[int] = None, hash: Union[int, str, None] = None
    ) -> int: ...
    def perft_divide(
        self, depth: int, threads: Optional[int] = None, hash: Union[int, str, None] = None
    ) -> List[Tuple[str, int]]: ...
    def analyse(
        self,
        depth: Optional[int] = None,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
        hash: Union[int, str, None] = None,
        db: Union[str, "PathLike[str]", None] = None,
        history: Optional[Iterable[Position]] = None,
    ) -> Analysis: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Ply:
    """One ply played: before, after, the canonical move, captures, the steps in words."""

    before: Position
    position: Position
    move: str
    captured: Tuple[int, int]
    steps: List[str]
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Line:
    moves: List[str]
    value: Value
    worst: Value
    exact: bool

class Analysis:
    position: Position
    best: Optional[str]
    value: Value
    worst: Value
    exact: bool
    proved: bool
    endless_met: bool
    lines: List[Line]
    depth: int
    nodes: int
    seconds: float
    history: int
    repeatable: int

class Problem:
    """One problem of a record; picklable, compared by its fields."""

    def __init__(
        self,
        kind: str,
        message: str,
        file: str,
        record: int,
        line: Optional[int],
        column: Optional[int],
        ply: Optional[int],
        token: Optional[str],
        rule: Optional[str],
        rendered: str,
    ) -> None: ...
    def __eq__(self, other: object) -> bool: ...
    kind: str
    message: str
    file: str
    record: int
    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]
    token: Optional[str]
    rule: Optional[str]
    rendered: str

class Record:
    @property
    def file(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def problems(self) -> List[Problem]: ...
    @property
    def plies(self) -> int: ...
    @property
    def respelled(self) -> List[Tuple[int, str, str]]: ...
    @property
    def game(self) -> Optional[str]: ...
    @property
    def tags(self) -> Optional[Dict[str, str]]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def text(self) -> Optional[str]: ...
    def canonical(self) -> str: ...
    def to_json(self) -> Dict[str, Any]: ...
    def annotate(
        self,
        *,
        depth: Optional[int] = None,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        db: Union[str, "PathLike[str]", None] = None,
        dubious: int = 1,
        mistake: int = 3,
        blunder: int = 6,
        format: str = "notation",
    ) -> str: ...

class Records(Iterator[Record]):
    def __iter__(self) -> Records: ...
    def __next__(self) -> Record: ...

class Rule:
    id: str
    game: str
    kind: str
    title: str
    section: str
    text: str
    sources: List[Tuple[str, str]]
    why: str
    rejected: List[str]
    withdrawn: Optional[str]

class Batch:
    """Many positions with their legal moves, generated once."""

    def __new__(cls, positions: Sequence[Position]) -> Batch: ...
    @property
    def counts(self) -> List[int]: ...
    @property
    def legal_moves(self) -> List[List[str]]: ...
    @property
    def positions(self) -> List[Position]: ...
    def __len__(self) -> int: ...
    def play(self, choices: Sequence[int], restart: Optional[Position] = None) -> Batch: ...

def read_file(
    path: Union[str, "PathLike[str]"], *, lenient: bool = False, format: str = "auto"
) -> Records: ...
def read_string(
    text: Union[str, bytes], *, lenient: bool = False, format: str = "auto", name: str = "<string>"
) -> Records: ...
def rules(id: str) -> Rule: ...
def rule_ids(game: Optional[str] = None) -> List[str]: ...
def games() -> List[str]: ...
def game_options(game: str) -> List[Tuple[str, List[str]]]: ...
def legal_moves_batch(positions: Sequence[Position]) -> List[List[str]]: ...
def move_counts(positions: Sequence[Position]) -> List[int]: ...
def play_batch(positions: Sequence[Position], choices: Sequence[int]) -> List[Position]: ...
def _check_annotate(
    *,
    depth: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    db: Union[str, "PathLike[str]", None] = None,
    format: str = "notation",
) -> None: ...
