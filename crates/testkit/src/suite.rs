//! Perft suite files (`tests/perft/*.perft`, `spec/notation.md` §8): entries of `key value`
//! lines separated by blank lines, in the manner of shakmaty's suites.
//!
//! ```text
//! # comment
//! id giuthi-2x6-start
//! position giuthi 6,6,6,6,6,6/6,6,6,6,6,6 B
//! options holes=6
//! perft 1 12
//! perft 2 116
//! ```

use notation::{PositionError, parse_position};
use rules_core::{GameKind, Setup, StatedOptions, Variant};
use std::fmt;

/// One entry of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The entry's name.
    pub id: String,
    /// The position string.
    pub position: String,
    /// Rule options in force, `key=value`.
    pub options: Vec<(String, String)>,
    /// `(depth, count)` lines.
    pub perft: Vec<(u32, u128)>,
    /// The line of the `id`, 1-based.
    pub line: usize,
}

impl SuiteEntry {
    /// The entry's position.
    ///
    /// # Errors
    /// The position string cannot be read.
    pub fn setup(&self) -> Result<Setup, PositionError> {
        let whole = PositionError {
            offset: 0,
            len: self.position.len().max(1),
            message: String::new(),
        };
        let game = self
            .position
            .split_whitespace()
            .next()
            .and_then(|g| g.parse::<GameKind>().ok());
        let Some(game) = game else {
            return parse_position(&self.position, None);
        };
        // The options become typed for the position's game, once.
        let mut variant = Variant::default_for(game);
        for (k, v) in &self.options {
            variant.set_option(k, v).map_err(|e| PositionError {
                message: e.to_string(),
                ..whole.clone()
            })?;
        }
        let keys: Vec<&str> = self.options.iter().map(|(k, _)| k.as_str()).collect();
        let stated = StatedOptions::new(variant, &keys).map_err(|e| PositionError {
            message: e.to_string(),
            ..whole
        })?;
        parse_position(&self.position, Some(&stated))
    }
}

/// A malformed suite line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SuiteError {}

/// Reads a suite file.
///
/// # Errors
/// An unknown key, a malformed number, or an entry without `id` or `position`.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut out = Vec::new();
    let mut cur: Option<SuiteEntry> = None;
    let finish =
        |cur: &mut Option<SuiteEntry>, out: &mut Vec<SuiteEntry>| -> Result<(), SuiteError> {
            if let Some(e) = cur.take() {
                if e.position.is_empty() {
                    return Err(SuiteError {
                        line: e.line,
                        message: format!("entry `{}` has no position", e.id),
                    });
                }
                out.push(e);
            }
            Ok(())
        };
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let l = raw.trim();
        if l.starts_with('#') {
            continue;
        }
        if l.is_empty() {
            finish(&mut cur, &mut out)?;
            continue;
        }
        let (key, value) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let value = value.trim();
        let err = |message: String| SuiteError { line, message };
        if key == "id" {
            finish(&mut cur, &mut out)?;
            cur = Some(SuiteEntry {
                id: value.to_owned(),
                position: String::new(),
                options: vec![],
                perft: vec![],
                line,
            });
            continue;
        }
        let e = cur
            .as_mut()
            .ok_or_else(|| err(format!("`{key}` before any `id`")))?;
        match key {
            "position" => e.position = value.to_owned(),
            "options" => {
                for kv in value.split_whitespace() {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or_else(|| err(format!("bad option `{kv}`")))?;
                    e.options.push((k.to_owned(), v.to_owned()));
                }
            }
            "perft" => {
                let mut it = value.split_whitespace();
                let d = it.next().and_then(|x| x.parse().ok());
                let c = it.next().and_then(|x| x.parse().ok());
                match (d, c, it.next()) {
                    (Some(d), Some(c), None) => e.perft.push((d, c)),
                    _ => return Err(err(format!("expected `perft DEPTH COUNT`, found `{l}`"))),
                }
            }
            _ => {
                return Err(err(format!(
                    "unknown key `{key}`: expected id, position, options or perft"
                )));
            }
        }
    }
    finish(&mut cur, &mut out)?;
    Ok(out)
}
