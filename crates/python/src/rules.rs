//! The rule book (`spec/rules/`, embedded in the package as in the `mancala` binary): a rule by
//! its ID, as `mancala rules B9` prints it.

use crate::args;
use crate::errors::plain;
use pyo3::prelude::*;

/// A rule of the book: its ID, game, kind (``text``: the Catalan text states it; ``ruling``:
/// a decision on what the text leaves open), title, section, text (Markdown), the Catalan
/// sentences it rests on with their English glosses, and for a ruling the reasoning and the
/// readings it rejects.
#[pyclass(module = "mancala_games", name = "Rule", frozen, get_all)]
pub struct PyRule {
    /// ``B9``, ``R19a``.
    id: String,
    /// ``bechi``.
    game: String,
    /// ``text`` or ``ruling``.
    kind: &'static str,
    /// A few words on what it is about.
    title: String,
    /// The section of the game's chapter: ``2.4 Captures``.
    section: String,
    /// The rule, in Markdown.
    text: String,
    /// ``(catalan, gloss)`` pairs: the sentences of the Catalan text it rests on.
    sources: Vec<(String, String)>,
    /// For a ruling, how the sentences lead to it.
    why: String,
    /// For a ruling, the readings it rejects.
    rejected: Vec<String>,
    /// Why it was withdrawn, if it was.
    withdrawn: Option<String>,
}

#[pymethods]
impl PyRule {
    fn __str__(&self) -> String {
        format!("{} · {}\n{}", self.id, self.title, self.text)
    }

    fn __repr__(&self) -> String {
        format!("Rule({:?}, {:?})", self.id, self.title)
    }
}

/// The rule with this ID, in any case (``rules("b9")`` is B9). Raises ``UnknownRuleError``.
#[pyfunction]
pub fn rules(id: &Bound<'_, PyAny>) -> PyResult<PyRule> {
    let id = args::text(id, "id", "UnknownRuleError")?;
    let r = rulebook::book().rule(id.trim()).ok_or_else(|| {
        plain(
            "UnknownRuleError",
            format!("no rule {id:?} in the book (mancala rules lists them)"),
        )
    })?;
    Ok(PyRule {
        id: r.id.clone(),
        game: r.game.clone(),
        kind: r.kind.name(),
        title: r.title.clone(),
        section: r.section.clone(),
        text: r.text.clone(),
        sources: r
            .sources
            .iter()
            .map(|s| (s.catalan.clone(), s.gloss.clone()))
            .collect(),
        why: r.why.clone(),
        rejected: r.rejected.clone(),
        withdrawn: r.withdrawn.clone(),
    })
}

/// The IDs of every rule of a game (all games when ``game`` is ``None``), in the book's order.
#[pyfunction]
#[pyo3(signature = (game=None))]
pub fn rule_ids(game: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let book = rulebook::book();
    match args::text_opt(game, "game", "UnknownGameError")? {
        None => Ok(book.rules().map(|r| r.id.clone()).collect()),
        Some(g) => {
            let name = crate::input::game(&g)?.name();
            Ok(book
                .rules()
                .filter(|r| r.game == name)
                .map(|r| r.id.clone())
                .collect())
        }
    }
}
