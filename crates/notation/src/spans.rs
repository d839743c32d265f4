//! Where the parts of a record are in its text ([`Spans`]): made by the parser, read by the
//! checks and the hints to locate what they find (its own file, so that the hints the parser
//! asks for and the parser do not import each other).

use std::ops::Range;

/// Where the parts of a record are in its text, for diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spans {
    /// Each tag: name and the span of its value.
    pub tags: Vec<(String, Range<usize>)>,
    /// Each movetext item, in order: the move token of a ply, the value of an annotation, the
    /// whole of a comment, round marker or variation (its `(` to its `)`); a variation's items
    /// follow its own span ([`crate::Item::count`] items in all).
    pub items: Vec<Range<usize>>,
    /// The ply number written before each ply item (same index as `items`), if any.
    pub numbers: Vec<Option<Range<usize>>>,
    /// The result terminator.
    pub result: Range<usize>,
}

impl Spans {
    /// The span of a tag's value.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<Range<usize>> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
    }
}
