//! Finding the rule IDs a text cites: `B9`, `R19a`, and ranges such as `U18–U20` or `G6-G10`.
//!
//! A rule ID is a game letter (`B` Bechi, `G` Giuthi, `R` Redu, `S` Sulus Nishtaw, `U` Uugg),
//! a number and at most one lower-case letter, standing alone: not preceded by a letter, digit or
//! `_` (so the hole names `4B` and `10A` are not IDs) and not followed by one (`U2V` is nothing;
//! a lower-case letter right after the number belongs to the ID, so a misspelt ID is never read
//! as another). Redu's capture kinds and rights (`M1`, `M2`, `O1` to `O3`) use other letters and
//! are never IDs.

/// The letters of rule IDs.
const LETTERS: [char; 5] = ['B', 'G', 'R', 'S', 'U'];

/// One citation in a text: an ID, or a range of IDs of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// The ID cited, or the first of the range.
    pub id: String,
    /// The last ID of a range (`U20` in `U18–U20`).
    pub last: Option<String>,
    /// Where the citation starts, in bytes.
    pub offset: usize,
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `s` is shaped as a rule ID (whether the book has it is another matter).
#[must_use]
pub fn is_rule_id(s: &str) -> bool {
    id_at(s, 0).is_some_and(|end| end == s.len())
}

/// The end of the ID that starts at byte `i` of `s`, if one does (the character before `i` is
/// not looked at).
fn id_at(s: &str, i: usize) -> Option<usize> {
    let rest = &s[i..];
    let mut chars = rest.char_indices();
    let (_, letter) = chars.next()?;
    if !LETTERS.contains(&letter) {
        return None;
    }
    let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let mut end = 1 + digits;
    if let Some(c) = rest[end..].chars().next()
        && c.is_ascii_lowercase()
    {
        end += 1;
    }
    match rest[end..].chars().next() {
        Some(c) if is_word(c) => None,
        _ => Some(i + end),
    }
}

/// Every citation of `text`, in order.
#[must_use]
pub fn citations(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    let mut prev: Option<char> = None;
    let mut skip_to = 0;
    for (i, c) in text.char_indices() {
        let before = prev;
        prev = Some(c);
        if i < skip_to || before.is_some_and(is_word) {
            continue;
        }
        let Some(end) = id_at(text, i) else {
            continue;
        };
        let id = &text[i..end];
        let mut last = None;
        skip_to = end;
        // A range: the same letter after an en dash or a hyphen.
        for dash in ['–', '-'] {
            if let Some(after) = text[end..].strip_prefix(dash) {
                let j = text.len() - after.len();
                if after.starts_with(c)
                    && let Some(e) = id_at(text, j)
                {
                    last = Some(text[j..e].to_owned());
                    skip_to = e;
                }
            }
        }
        out.push(Citation {
            id: id.to_owned(),
            last,
            offset: i,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<String> {
        citations(text)
            .into_iter()
            .map(|c| match c.last {
                Some(l) => format!("{}..{l}", c.id),
                None => c.id,
            })
            .collect()
    }

    #[test]
    fn ids_and_ranges_are_found_and_hole_names_are_not() {
        assert_eq!(
            ids("captures 4B and 10A (B9, B10); U18–U20, G6-G10 and R19a."),
            ["B9", "B10", "U18..U20", "G6..G10", "R19a"]
        );
        assert_eq!(
            ids("M1, M2, O1, O3, 4B~, p4B, x3A, B4s, U2V, S8.4"), // tidy: not a citation
            ["B4s", "S8"]                                         // tidy: not a citation
        );
        assert_eq!(ids("(B4)\nG15:R26"), ["B4", "G15", "R26"]);
        assert_eq!(ids("B9–G10"), ["B9", "G10"]);
        assert!(is_rule_id("R19a") && is_rule_id("B1"));
        assert!(!is_rule_id("B") && !is_rule_id("b1") && !is_rule_id("X1") && !is_rule_id("B1 "));
    }
}
