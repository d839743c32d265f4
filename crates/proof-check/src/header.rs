//! The header of a proof file (spec/analysis.md §8.3): eight lines in a fixed order, then an
//! empty line.

use crate::margins::Margins;
use crate::{CheckError, Lines, number, text};
use notation::{parse_position, write_view};
use rules_core::{GameKind, Position, StatedOptions, Variant};
use std::io::BufRead;

/// The version of the format this checker reads.
pub const VERSION: u32 = 1;

/// What the header states.
pub(crate) struct Header {
    /// The game and every option, for reading the position strings.
    pub options: StatedOptions,
    /// The `game` line's words.
    pub game: String,
    pub root: Position,
    pub value: i32,
    pub nodes: usize,
    pub lower: usize,
    pub upper: usize,
    pub checksum: u64,
}

/// The value of the header line `key VALUE`, and the line's number.
fn field<R: BufRead>(lines: &mut Lines<'_, R>, key: &str) -> Result<(String, usize), CheckError> {
    let next = lines.number.saturating_add(1);
    let Some((line, raw)) = lines.next_raw()? else {
        return Err(CheckError::at(
            next,
            None,
            format!("the header ends before its `{key}` line: the file is cut short"),
        ));
    };
    let t = text(raw, line, None)?;
    let value = t
        .strip_prefix(key)
        .and_then(|v| v.strip_prefix(' '))
        .ok_or_else(|| CheckError::at(line, None, format!("expected `{key} ...`, found `{t}`")))?;
    Ok((value.to_owned(), line))
}

/// A count of a header line, in its one spelling (`number.rs`).
fn count(text: &str, line: usize, what: &str) -> Result<usize, CheckError> {
    number::count(text).ok_or_else(|| {
        CheckError::at(
            line,
            None,
            format!("{what}: expected a number in its one spelling (digits, no leading zero), found `{text}`"),
        )
    })
}

/// The variant of the `game` line, every option stated so that the position strings are read
/// under exactly these options. The line is the game's canonical words, as the writer gives
/// them: its name and the options that differ from the defaults, each once, in the game's order.
fn game(words: &str, line: usize) -> Result<StatedOptions, CheckError> {
    let mut parts = words.split(' ');
    let kind: GameKind = parts
        .next()
        .unwrap_or_default()
        .parse()
        .map_err(|e: rules_core::UnknownGame| CheckError::at(line, None, e.to_string()))?;
    let mut variant = Variant::default_for(kind);
    for kv in parts {
        variant
            .set_option_str(kv)
            .map_err(|e| CheckError::at(line, None, e.to_string()))?;
    }
    let canonical = variant.to_string();
    if canonical != words {
        return Err(CheckError::at(
            line,
            None,
            format!(
                "`game {words}` is not in canonical form, `game {canonical}` (the game's name, \
                 then each option that differs from the defaults once, in the game's order)"
            ),
        ));
    }
    StatedOptions::new(variant, variant.option_keys())
        .map_err(|e| CheckError::at(line, None, e.to_string()))
}

/// Reads the header, up to and with the empty line.
pub(crate) fn read<R: BufRead>(lines: &mut Lines<'_, R>) -> Result<Header, CheckError> {
    let (version, line) = field(lines, "mancala-proof")?;
    if version != VERSION.to_string() {
        return Err(CheckError::at(
            line,
            None,
            format!("version {version}: this checker reads `mancala-proof {VERSION}` only"),
        ));
    }
    let (game_words, line) = field(lines, "game")?;
    let options = game(&game_words, line)?;
    let (root_text, line) = field(lines, "root")?;
    let (root, margins) = position(&root_text, &options, line, None)?;
    let (value, line) = field(lines, "value")?;
    let value = root_value(&value, &margins, line)?;
    let (nodes, line) = field(lines, "nodes")?;
    let nodes = count(&nodes, line, "nodes")?;
    let (lower, line) = field(lines, "lower")?;
    let lower = count(&lower, line, "lower")?;
    let (upper, line) = field(lines, "upper")?;
    let upper = count(&upper, line, "upper")?;
    let (sum, line) = field(lines, "checksum")?;
    let checksum = sum
        .strip_prefix("fnv1a64 ")
        .filter(|h| h.len() == 16 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            CheckError::at(
                line,
                None,
                format!(
                    "expected `checksum fnv1a64` and 16 lowercase hexadecimal digits, found \
                     `{sum}`"
                ),
            )
        })?;
    let next = lines.number.saturating_add(1);
    if !matches!(lines.next_raw()?, Some((_, b"\n"))) {
        return Err(CheckError::at(
            next,
            None,
            "expected the empty line that ends the header",
        ));
    }
    Ok(Header {
        options,
        game: game_words,
        root,
        value,
        nodes,
        lower,
        upper,
        checksum,
    })
}

/// The `value` line's number: in its one spelling, and a margin the round can still end with
/// from the root (an exact value is one).
fn root_value(text: &str, margins: &Margins, line: usize) -> Result<i32, CheckError> {
    let v = number::signed(text).ok_or_else(|| {
        CheckError::at(
            line,
            None,
            format!(
                "value: expected a number in its one spelling (`-4`, `4`, `0`: no `+`, no \
                 leading zero, no `-0`), found `{text}`"
            ),
        )
    })?;
    if v < margins.lowest() || v > margins.highest() {
        return Err(CheckError::at(
            line,
            None,
            format!("value {v}: no end of the round from the root gives it: {margins}"),
        ));
    }
    // Within the seeds of the round.
    i32::try_from(v).map_err(|_| CheckError::at(line, None, format!("value {v}: out of range")))
}

/// A position string of the file: a legal position of the file's game, in canonical form; and
/// the margins its round can still end with.
pub(crate) fn position(
    text: &str,
    options: &StatedOptions,
    line: usize,
    node: Option<usize>,
) -> Result<(Position, Margins), CheckError> {
    let setup = parse_position(text, Some(options))
        .map_err(|e| CheckError::at(line, node, format!("position `{text}`: {e}")))?;
    if setup.variant != options.variant() {
        return Err(CheckError::at(
            line,
            node,
            format!(
                "position `{text}` is a position of {}, not of the file's {}",
                setup.variant,
                options.variant()
            ),
        ));
    }
    let pos = Position::from_setup(&setup)
        .map_err(|e| CheckError::at(line, node, format!("position `{text}`: {e}")))?;
    let canonical = write_view(pos.view());
    if canonical != text {
        return Err(CheckError::at(
            line,
            node,
            format!("position `{text}` is not in canonical form, `{canonical}`"),
        ));
    }
    Ok((pos, Margins::of(&setup)))
}
