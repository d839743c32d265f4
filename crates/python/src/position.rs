//! `Position`: a checked position of any of the five games, immutable and hashable, as cheap to
//! keep as python-chess's boards are to copy (a few dozen bytes, `Copy` in Rust).

use crate::args;
use crate::errors::{error, repr};
use crate::input;
pub use crate::position_class::PyPosition;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};
use rules_core::{
    AfterRound, Decision, DecisionRequest, GameKind, Hole, Move, PlayOptions, Played, Player,
    Position, prose,
};

impl PyPosition {
    fn game(&self) -> GameKind {
        self.pos.variant().kind()
    }

    /// Plays `token`, or raises the error of an illegal move. The GIL is released while the
    /// rules play it: a long sowing (Uugg U15: millions of laps) takes a moment.
    pub fn play_token(&self, py: Python<'_>, token: &str) -> PyResult<Played> {
        let mv = input::move_token(py, self.game(), token)?;
        let pos = self.pos;
        py.detach(|| pos.play(&mv, PlayOptions::FULL))
            .map_err(|e| illegal(py, self, token, e.rule.id(), &e.reason.to_string()))
    }

    /// [`PyPosition::play_token`] of a move given from Python (a str).
    fn play_arg(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Played> {
        self.play_token(py, &args::text(r#move, "move", "MoveError")?)
    }

    /// The hole names in index order.
    fn hole_names(&self) -> Vec<String> {
        let g = self.pos.geometry();
        (0..g.len()).map(|i| g.hole(i).to_string()).collect()
    }
}

/// The `IllegalMoveError` of `token` in `pos`.
pub fn illegal(py: Python<'_>, pos: &PyPosition, token: &str, rule: &str, reason: &str) -> PyErr {
    let position = Py::new(py, pos.clone()).map(|p| p.into_bound(py).into_any());
    let mut attrs = vec![
        ("move", PyString::new(py, token).into_any()),
        ("rule", PyString::new(py, rule).into_any()),
        ("reason", PyString::new(py, reason).into_any()),
    ];
    if let Ok(p) = position {
        attrs.push(("position", p));
    }
    error(
        py,
        "IllegalMoveError",
        &format!("illegal move {token}: {reason} ({rule})"),
        &attrs,
    )
}

fn letter(p: Player) -> &'static str {
    match p {
        Player::A => "A",
        Player::B => "B",
    }
}

/// The round's result as a dict.
fn round_dict<'py>(py: Python<'py>, pos: &Position) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(r) = pos.round_result() else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("totals", (r.totals[0], r.totals[1]))?;
    d.set_item("holdings", (r.holdings[0], r.holdings[1]))?;
    d.set_item("winner", r.winner.map(letter))?;
    d.set_item("rule", r.rule.id())?;
    Ok(Some(d))
}

/// A set-up decision from Python: `None`, a list of hole names (Bechi, B16) or a list of seed
/// counts (Giuthi, G23).
fn decision(py: Python<'_>, given: Option<&Bound<'_, PyAny>>) -> PyResult<Decision> {
    let Some(given) = given else {
        return Ok(Decision::None);
    };
    let what = "a list of hole names (Bechi, B16) or of seed counts (Giuthi, G23)";
    if given.is_instance_of::<PyString>() {
        return Err(args::wrong_type("decision", what, given));
    }
    let items: Vec<Bound<'_, PyAny>> = given
        .try_iter()
        .map_err(|_| args::wrong_type("decision", what, given))?
        .collect::<PyResult<_>>()?;
    if items.iter().all(|i| i.is_instance_of::<PyInt>()) && !items.is_empty() {
        let counts = items
            .iter()
            .enumerate()
            .map(|(k, c)| args::limited(c, &format!("decision[{k}]"), 0..=i128::from(u32::MAX)))
            .collect::<PyResult<Vec<u32>>>()?;
        return Ok(Decision::Layout(counts));
    }
    let holes = items
        .iter()
        .enumerate()
        .map(|(k, n)| {
            let name = args::text(n, &format!("decision[{k}]"), "RoundError")?;
            name.parse::<Hole>().map_err(|_| {
                error(
                    py,
                    "RoundError",
                    &format!("decision[{k}]: {name:?} is not a hole name"),
                    &[],
                )
            })
        })
        .collect::<PyResult<Vec<Hole>>>()?;
    Ok(Decision::Fill(holes))
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (position, options=None, opener=None))]
    fn py_new(
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        opener: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let options = input::options(py, options)?;
        let opener = args::text_opt(opener, "opener", "ArgumentError")?
            .map(|o| input::player(&o, "opener"))
            .transpose()?;
        let text: String = if position.is_instance_of::<PyDict>() {
            let json = py.import("json")?.call_method1("dumps", (position,))?;
            args::text(&json, "position", "PositionError")?
        } else if position.is_instance_of::<PyString>() {
            args::text(position, "position", "PositionError")?
        } else {
            return Err(args::wrong_type(
                "position",
                "a str (a game's name or a position string) or a dict (its JSON form)",
                position,
            ));
        };
        Ok(PyPosition::new(input::position(
            py, &text, &options, opener,
        )?))
    }

    /// The game's name: ``bechi``, ``giuthi``, ``sulus-nishtaw``, ``uugg`` or ``redu``.
    #[getter(game)]
    fn py_game(&self) -> &'static str {
        self.game().name()
    }

    /// Every option of the game with its value, as the notation writes them.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let v = self.pos.variant();
        let d = PyDict::new(py);
        for k in v.option_keys() {
            d.set_item(*k, v.option_value(k))?;
        }
        Ok(d)
    }

    /// The player to move, ``"A"`` or ``"B"`` (the one who would move, when the round is over).
    #[getter]
    fn to_move(&self) -> &'static str {
        letter(self.pos.to_move())
    }

    /// The round number, from 1.
    #[getter]
    fn round(&self) -> u32 {
        self.pos.view().round()
    }

    /// The player who opened this round, where the rules keep it (Bechi, Sulus Nishtaw, Uugg).
    #[getter]
    fn opener(&self) -> Option<&'static str> {
        self.pos.view().opener().map(letter)
    }

    /// The hole names in board index order, the order of sowing counterclockwise (``1B``...``NB``,
    /// ``1A``...``NA`` on two rows): the order of ``seeds`` and ``owners``.
    #[getter]
    fn holes(&self) -> Vec<String> {
        self.hole_names()
    }

    /// Seeds per hole, in the order of ``holes``.
    #[getter]
    fn seeds(&self) -> Vec<u32> {
        self.pos
            .view()
            .seeds()
            .iter()
            .map(|&x| u32::from(x))
            .collect()
    }

    /// The owner of each hole (``"A"``/``"B"``), in the order of ``holes``.
    #[getter]
    fn owners(&self) -> Vec<&'static str> {
        let s = self.pos.view();
        (0..s.seeds().len()).map(|i| letter(s.owner(i))).collect()
    }

    /// The marked holes: hole name to ``(kind, owner)``, kind ``chosen``, ``blocked`` (Bechi),
    /// ``claim`` (Sulus Nishtaw) or ``uugg`` (Uugg).
    #[getter]
    fn marks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.pos.view();
        let g = s.geometry();
        let d = PyDict::new(py);
        for (i, m) in s.marked() {
            d.set_item(g.hole(i).to_string(), (m.kind.name(), letter(m.owner)))?;
        }
        Ok(d)
    }

    /// Seeds captured this round, ``(A, B)``.
    #[getter]
    fn stores(&self) -> (u32, u32) {
        let s = self.pos.view().stores();
        (s[0], s[1])
    }

    /// Seeds kept off the board at this round's set-up, ``(A, B)`` (Giuthi G25, Bechi B16).
    #[getter]
    fn reserves(&self) -> (u32, u32) {
        let s = self.pos.view().reserves();
        (s[0], s[1])
    }

    /// Redu: the pending right of the player to move, ``(kind, hole)`` such as ``("O3", "4A")``.
    #[getter]
    fn right(&self) -> Option<(String, String)> {
        self.pos
            .view()
            .right()
            .map(|r| (r.kind.to_string(), r.hole.to_string()))
    }

    /// The legal moves, each distinct outcome once in its canonical spelling (rules README §6.2),
    /// as move tokens; empty when the round is over. The GIL is released while the rules find
    /// them (a start that sows millions of laps before it is proved endless takes a moment), as
    /// in every method that plays or asks whether the round is over.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        let pos = self.pos;
        crate::tokens::tokens(py, &py.detach(|| pos.legal_moves()))
    }

    /// Each legal move with the position it leads to.
    fn children<'py>(&self, py: Python<'py>) -> Vec<(Bound<'py, PyString>, PyPosition)> {
        let pos = self.pos;
        py.detach(|| pos.legal_moves_with_positions())
            .into_iter()
            .map(|(m, p)| (crate::tokens::token(py, m), PyPosition::new(p)))
            .collect()
    }

    /// Whether ``move`` (a token, any legal spelling) is legal here; ``False`` for a token that
    /// is no move of the game.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(token) = args::text(r#move, "move", "MoveError") else {
            // Not a str is a mistake; a str that is not text is no move.
            return r#move
                .cast::<PyString>()
                .map(|_| false)
                .map_err(|_| args::wrong_type("move", "a str", r#move));
        };
        let pos = self.pos;
        let game = self.game();
        Ok(py.detach(|| {
            Move::parse(game, &token).is_ok_and(|m| pos.play(&m, PlayOptions::QUIET).is_ok())
        }))
    }

    /// The position after ``move`` (a token such as ``"3B"``, ``"2B-"``, ``"4B+bdh"``, ``"pass"``;
    /// any legal spelling). Raises ``IllegalMoveError`` (with ``rule`` and ``reason``) for a move
    /// the rules forbid, ``MoveError`` for a token that is no move of the game.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        Ok(PyPosition::new(self.play_arg(py, r#move)?.position))
    }

    /// Plays ``move`` and says what happened: a ``Ply`` with the position after, the canonical
    /// token, the seeds captured and the steps in words with their rule IDs.
    fn ply(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Ply> {
        let played = self.play_arg(py, r#move)?;
        let captured = played.trace.captured();
        let pos = self.pos;
        let steps = py.detach(|| prose::explain(&pos, &played.trace, &played.position));
        Ok(Ply {
            before: self.clone(),
            position: PyPosition::new(played.position),
            r#move: played.canonical.to_string(),
            captured: (captured[0], captured[1]),
            steps,
        })
    }

    /// The canonical spelling of a legal ``move``.
    fn canonical(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.play_arg(py, r#move)?.canonical.to_string())
    }

    /// Whether the round is over (no player can move, or its rules end it).
    fn is_round_over(&self, py: Python<'_>) -> bool {
        let pos = self.pos;
        py.detach(|| pos.round_result().is_some())
    }

    /// The round's totals ``(A, B)`` by the game's scoring (B13, G20, S16, U18, R27) when the
    /// round is over, else ``None``.
    #[getter]
    fn scores(&self, py: Python<'_>) -> Option<(u32, u32)> {
        let pos = self.pos;
        py.detach(|| pos.round_result())
            .map(|r| (r.totals[0], r.totals[1]))
    }

    /// The finished round: ``{"totals", "holdings", "winner", "rule"}``, or ``None``.
    fn round_result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        round_dict(py, &self.pos)
    }

    /// What the next set-up needs when the round is over: ``None`` when nothing is to be
    /// decided, else a dict (``{"kind": "fill", "player", "holes"}`` for Bechi, B16;
    /// ``{"kind": "layout", "player", "seeds", "holes"}`` for Giuthi, G23).
    fn decision_request<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let pos = self.pos;
        let req = py
            .detach(|| pos.decision_request())
            .map_err(|e| round_error(py, &e))?;
        let d = PyDict::new(py);
        match req {
            DecisionRequest::None => return Ok(None),
            DecisionRequest::Fill { player, holes } => {
                d.set_item("kind", "fill")?;
                d.set_item("player", letter(player))?;
                d.set_item("holes", holes)?;
            }
            DecisionRequest::Layout {
                player,
                seeds,
                holes,
            } => {
                d.set_item("kind", "layout")?;
                d.set_item("player", letter(player))?;
                d.set_item("seeds", seeds)?;
                d.set_item("holes", holes)?;
            }
        }
        Ok(Some(d))
    }

    /// After a finished round: the start of the next round (a ``Position``), or, when the match
    /// is over, a dict ``{"winner", "rule", "reason"}``. ``decision`` is the set-up the poorer
    /// player chooses where the rules ask for one (``decision_request``): Bechi, the hole names
    /// to fill (B16); Giuthi, the seeds of his holes 1..N (G23). Raises ``RoundError``.
    #[pyo3(signature = (decision=None))]
    fn after_round<'py>(
        &self,
        py: Python<'py>,
        decision: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let d = self::decision(py, decision)?;
        let pos = self.pos;
        match py
            .detach(|| pos.after_round(&d))
            .map_err(|e| round_error(py, &e))?
        {
            AfterRound::Next(p) => Ok(Bound::new(py, PyPosition::new(p))?.into_any()),
            AfterRound::MatchOver(m) => {
                let out = PyDict::new(py);
                out.set_item("winner", m.winner.map(letter))?;
                out.set_item("rule", m.rule.id())?;
                out.set_item("reason", m.reason)?;
                Ok(out.into_any())
            }
        }
    }

    /// The position string (spec/notation.md §4), canonical. Options are not part of it: see
    /// ``options`` and ``to_json``.
    #[pyo3(name = "to_string")]
    fn position_string(&self) -> String {
        notation::write_view(self.pos.view())
    }

    fn __str__(&self) -> String {
        self.position_string()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let opts = self.pos.variant().non_default_options();
        let opts: Vec<String> = opts
            .iter()
            .filter(|(k, _)| *k != "holes")
            .map(|(k, v)| format!("{}: {}", repr(py, *k), repr(py, v)))
            .collect();
        let text = repr(py, self.position_string());
        if opts.is_empty() {
            format!("Position({text})")
        } else {
            format!("Position({text}, options={{{}}})", opts.join(", "))
        }
    }

    /// The JSON form (spec/notation.md §4.4), as a dict: every field, the options included.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = notation::view_to_json(self.pos.view()).to_string();
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The board as an SVG picture, as ``mancala show --svg`` draws it; ``caption`` adds a line.
    #[pyo3(signature = (caption=None))]
    fn svg(&self, caption: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let caption = args::text_opt(caption, "caption", "ArgumentError")?;
        let s = self.pos.view();
        let mut lines = vec![notation::write_view(s)];
        lines.extend(caption);
        Ok(diagram::render(&diagram::Diagram {
            position: &self.pos,
            trace: None,
            heading: format!(
                "{}, round {}: {}",
                s.variant(),
                s.round(),
                status(&self.pos)
            ),
            caption: lines,
            steps: Vec::new(),
        }))
    }

    /// The picture a notebook shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None)
    }

    /// perft: the number of move paths of ``depth`` plies (rules README §6.3); a path that ends
    /// the round stops there. ``depth`` 0 to 40; ``threads`` 1 to 256 (default: every core) and
    /// ``hash`` (transposition table bytes, default none) never change the count. Releases the
    /// GIL while it counts; Ctrl-C stops it (``KeyboardInterrupt``).
    #[pyo3(signature = (depth, threads=None, hash=None))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        let (depth, divide) = crate::analysis::divide(py, &self.pos, depth, threads, hash)?;
        crate::analysis::total(depth, divide.iter().map(|(_, n)| *n))
    }

    /// perft split by the first move: ``[(move, count)]`` in move order (``mancala perft
    /// --divide``).
    #[pyo3(signature = (depth, threads=None, hash=None))]
    fn perft_divide(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<(String, u128)>> {
        let (_, mut divide) = crate::analysis::divide(py, &self.pos, depth, threads, hash)?;
        divide.sort();
        Ok(divide)
    }

    /// The value and best moves by search (``mancala analyse``): see ``mancala_games.analyse``.
    /// ``history``: the positions of the game before this one, oldest first, each leading to the
    /// next by one move and the last to this one; a line back to one is a repetition. Ctrl-C
    /// stops it (``KeyboardInterrupt``).
    #[pyo3(signature = (depth=None, time=None, nodes=None, multipv=None, hash=None, db=None, history=None))]
    #[pyo3(
        text_signature = "($self, depth=None, time=None, nodes=None, multipv=1, hash=None, db=None, history=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        depth: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
        hash: Option<&Bound<'_, PyAny>>,
        db: Option<&Bound<'_, PyAny>>,
        history: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::analysis::PyAnalysis> {
        let limits = crate::analysis::limits(depth, time, nodes)?;
        let history = crate::analysis::history(history)?;
        let asked = crate::analysis::Asked {
            multipv: multipv.cloned(),
            hash: hash.cloned(),
            db: db.cloned(),
        };
        crate::analysis::run(py, &self.pos, &history, limits, &asked)
    }

    /// Pickling (and Dask's transport) goes through the JSON form, which keeps the options.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let cls = py.get_type::<PyPosition>().into_any();
        let json = notation::view_to_json(self.pos.view()).to_string();
        Ok((cls, PyTuple::new(py, [json])?))
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }
}

/// `B to move`, or the round's end with its totals.
pub fn status(pos: &Position) -> String {
    match pos.round_result() {
        Some(r) => format!(
            "the round is over ({}): round totals A {}, B {}",
            r.rule, r.totals[0], r.totals[1]
        ),
        None => format!("{} to move", pos.to_move()),
    }
}

fn round_error(py: Python<'_>, e: &rules_core::RoundError) -> PyErr {
    let attrs = [("rule", PyString::new(py, e.rule.id()).into_any())];
    error(py, "RoundError", &e.to_string(), &attrs)
}

/// One ply played: the position before and after, the canonical move, the captures, and what
/// happened in words (the steps ``mancala explain`` prints, with rule IDs).
#[pyclass(module = "mancala_games", name = "Ply", frozen, get_all)]
pub struct Ply {
    /// The position the ply was played in.
    before: PyPosition,
    /// The position after the ply.
    position: PyPosition,
    /// The canonical token of the move.
    r#move: String,
    /// Seeds captured in the ply, ``(A, B)``.
    captured: (u32, u32),
    /// What happened, a line per step, with the rules that make it happen.
    steps: Vec<String>,
}

#[pymethods]
impl Ply {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Ply({}, captured={})",
            repr(py, &self.r#move),
            repr(py, self.captured)
        )
    }

    /// The ply as an SVG picture: the position after it with the sowing path, the captures and
    /// the steps (``mancala replay --svg``).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let played = self.before.play_token(py, &self.r#move)?;
        let s = played.position.view();
        Ok(diagram::render(&diagram::Diagram {
            position: &played.position,
            trace: Some(&played.trace),
            heading: format!(
                "{}, round {}: {} played {}",
                s.variant(),
                s.round(),
                self.before.pos.to_move(),
                self.r#move
            ),
            caption: vec![notation::write_view(s)],
            steps: prose::steps(&played.position, &played.trace, "")
                .lines()
                .map(str::to_owned)
                .collect(),
        }))
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }
}

/// Positions as a Python list, for the batch calls.
pub fn list<'py>(py: Python<'py>, items: Vec<Position>) -> PyResult<Bound<'py, PyList>> {
    let objs = items
        .into_iter()
        .map(|p| Bound::new(py, PyPosition::new(p)))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objs)
}
