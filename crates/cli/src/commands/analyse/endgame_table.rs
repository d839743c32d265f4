//! The endgame table of `analyse --endgame K` (spec/analysis.md §12): filled on demand in a hash
//! map (Giuthi, Uugg), or with `--endgame-indexed` every Giuthi board of at most K seeds,
//! perfectly indexed and solved whole before the search starts (§12.5).

use analysis::endgame::Endgame;
use analysis::endgame::indexed::Indexed;
use analysis::search::Oracle;
use rules_core::Variant;

/// One of the two forms of endgame table.
pub enum Table {
    /// Solved as the search meets its positions, kept by key.
    Hashed(Endgame),
    /// Every board of at most K seeds, solved whole.
    Indexed(Indexed),
}

impl Table {
    /// The game and options of the table.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            Table::Hashed(t) => t.variant(),
            Table::Indexed(t) => t.variant(),
        }
    }

    /// The table as the search reads it.
    #[must_use]
    pub fn oracle(&self) -> &dyn Oracle {
        match self {
            Table::Hashed(t) => t,
            Table::Indexed(t) => t,
        }
    }

    /// The JSON member `endgame`: the hashed table's statistics, or the indexed one's with
    /// `"indexed": true`.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        match self {
            Table::Hashed(t) => serde_json::json!(t.stats()),
            Table::Indexed(t) => {
                let mut v = serde_json::json!(t.stats());
                v["indexed"] = serde_json::Value::Bool(true);
                v
            }
        }
    }
}

/// The report line of a perfectly indexed table.
#[must_use]
pub fn indexed_words(t: &Indexed) -> String {
    let s = t.stats();
    let held = match (s.timed_out, s.boards) {
        (false, _) => format!("every board of at most {} seeds", s.seeds),
        (true, 0) => format!(
            "the time limit came before its first level: no board of the {} seeds asked",
            s.asked
        ),
        (true, _) => format!(
            "every board of at most {} seeds: the time limit came before the {} asked",
            s.seeds, s.asked
        ),
    };
    format!(
        "endgame table ({held}, perfectly indexed): {} boards, {} MB, solved in {:.3} s; {} \
         probes answered",
        s.boards,
        s.bytes.div_ceil(1 << 20),
        s.seconds,
        s.hits
    )
}
