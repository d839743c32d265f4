//! "Did you mean": the known word closest to one that is not known (a game, an option, a tag, an
//! annotation key), for messages that name the cause and its likely fix (issue 26).

/// The edit distance of `a` and `b` (optimal string alignment: an insertion, a deletion, a
/// substitution or a swap of two neighbours each cost 1), on characters.
#[must_use]
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back, one back, this one.
    let mut two: Vec<usize> = vec![0; b.len() + 1];
    let mut one: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (one[j] + 1).min(row[j - 1] + 1).min(one[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(two[j - 2] + 1);
            }
        }
        std::mem::swap(&mut two, &mut one);
        std::mem::swap(&mut one, &mut row);
    }
    one[b.len()]
}

/// The word of `known` that `word` most likely misspells, if one is close enough: the same in
/// another case, or within 1 edit for words of 3 or 4 characters and within 2 for longer ones
/// (compared without case); words of one or two characters only in another case. Ties go to the first of `known`. Words longer than 64 characters are
/// never compared (a message about a huge word needs no suggestion).
#[must_use]
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if word.is_empty() || word.chars().count() > 64 {
        return None;
    }
    let lower = word.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let d = distance(&lower, &k.to_lowercase());
        let limit = match (word.chars().count(), k.chars().count()) {
            // A word of one or two characters (`5` for `4`) is no misspelling but of case.
            (..=2, _) | (_, ..=2) => 0,
            (_, ..=4) => 1,
            _ => 2,
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_edits_and_swaps() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("opener", "opener"), 0);
        assert_eq!(distance("oppener", "opener"), 1);
        assert_eq!(distance("hloes", "holes"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn the_closest_known_word_is_suggested() {
        let games = ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"];
        assert_eq!(closest("Bechi", games), Some("bechi"));
        assert_eq!(closest("guithi", games), Some("giuthi"));
        assert_eq!(closest("sulus", games), None);
        assert_eq!(closest("chess", games), None);
        assert_eq!(closest("Oppener", ["Notation", "Opener"]), Some("Opener"));
        assert_eq!(closest("seed", ["captures", "sown"]), None);
        assert_eq!(closest("hole", ["holes", "seeds"]), Some("holes"));
        assert_eq!(closest("redo", games), Some("redu"));
        assert_eq!(closest("5", ["4", "3"]), None);
        assert_eq!(closest("a", ["A", "B"]), Some("A"));
    }
}
