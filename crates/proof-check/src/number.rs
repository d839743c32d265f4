//! The numbers of a proof file, read in their one canonical spelling (spec/analysis.md §8.3):
//! decimal digits without a leading zero (`0` alone), a sign only for a negative number (`-4`,
//! never `+4`, `-0` or `-04`). Another spelling of the same number is refused, so that a proof
//! has one text; a number with more digits than its type holds is refused, never wrapped.

/// At most this many digits: more than any count or claim of a proof, fewer than overflow an
/// `i64`, so that reading never needs a checked step to fail.
const DIGITS: usize = 18;

/// A count or a node's number: `0` or a digit from 1 to 9 followed by digits.
pub(crate) fn count(text: &str) -> Option<usize> {
    let value = magnitude(text)?;
    usize::try_from(value).ok()
}

/// A signed number: a count, or `-` and a count other than `0`.
pub(crate) fn signed(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        Some(rest) if rest != "0" => magnitude(rest).map(i64::saturating_neg),
        Some(_) => None,
        None => magnitude(text),
    }
}

/// The value of canonical digits (no sign, no leading zero), if there are at most [`DIGITS`].
fn magnitude(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let canonical = match bytes {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if !canonical || bytes.len() > DIGITS {
        return None;
    }
    bytes.iter().try_fold(0i64, |n, &d| {
        n.checked_mul(10)?
            .checked_add(i64::from(d.checked_sub(b'0')?))
    })
}

#[cfg(test)]
mod tests {
    use super::{count, signed};

    #[test]
    fn only_the_canonical_spelling_reads() {
        assert_eq!(signed("0"), Some(0));
        assert_eq!(signed("-14"), Some(-14));
        assert_eq!(signed("14"), Some(14));
        assert_eq!(signed("-2147483648"), Some(-2_147_483_648));
        assert_eq!(signed("999999999999999999"), Some(999_999_999_999_999_999));
        for bad in [
            "",
            "-",
            "+14",
            "-0",
            "-014",
            "014",
            "00",
            " 14",
            "14 ",
            "1_4",
            "١٤",
            "0x1",
            "1e3",
            "--1",
            "9999999999999999999",
            "-9999999999999999999",
        ] {
            assert_eq!(signed(bad), None, "{bad:?}");
        }
        assert_eq!(count("0"), Some(0));
        assert_eq!(count("608"), Some(608));
        for bad in ["", "-1", "+1", "01", "1 ", "1.0"] {
            assert_eq!(count(bad), None, "{bad:?}");
        }
    }
}
