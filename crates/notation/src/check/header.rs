//! The header's start position (`spec/notation.md` §3.2, §9): the start of round 1, or the
//! `Position` tag checked against the `Game`, the options and the `Opener`.

use super::Ctx;
use crate::position::parse_position;
use crate::problem::{Cause, Problem, ProblemKind};
use crate::record::Record;
use rules_core::{Position, Setup, StatedOptions};

/// The position the record starts from.
pub(super) fn start(
    cx: &mut Ctx<'_>,
    record: &Record,
    options: &StatedOptions,
) -> Result<Position, Box<Problem>> {
    match &record.position {
        None => Position::from_setup(&Setup::start(record.variant, record.opener)).map_err(|e| {
            let s = cx.tag_span("Game");
            Box::new(Problem::new(ProblemKind::Header, s, e.to_string()).cause(Cause::Setup(e)))
        }),
        Some(text) => start_from(cx, text, record, options),
    }
}

/// The position of the `Position` tag `text`.
fn start_from(
    cx: &mut Ctx<'_>,
    text: &str,
    record: &Record,
    options: &StatedOptions,
) -> Result<Position, Box<Problem>> {
    let variant = options.variant();
    let span = cx.tag_span("Position");
    let inner = |off: usize, len: usize| {
        span.clone().map(|s| {
            let a = (s.start + 1 + off).min(s.end);
            a..(a + len.max(1)).min(s.end.max(a + 1))
        })
    };
    let setup = parse_position(text, Some(options)).map_err(|e| {
        Box::new(Problem::new(
            ProblemKind::Position,
            inner(e.offset, e.len),
            format!("bad Position: {}", e.message),
        ))
    })?;
    if setup.variant.kind() != record.game() {
        return Err(Box::new(Problem::new(
            ProblemKind::Position,
            inner(0, setup.variant.kind().name().len()),
            format!(
                "the Position is a {} position, the Game is {}",
                setup.variant.kind(),
                record.game()
            ),
        )));
    }
    if setup.variant != variant {
        return Err(Box::new(Problem::new(
            ProblemKind::Position,
            span.clone(),
            options_differ(&setup.variant, options),
        )));
    }
    // B17, S20, U23: the opener of round r follows from the opener of round 1.
    if let Some(o) = setup.opener {
        let want = if setup.round % 2 == 1 {
            record.opener
        } else {
            record.opener.other()
        };
        if o != want {
            return Err(Box::new(Problem::new(
                ProblemKind::Position,
                span.clone(),
                format!(
                    "the Position says {o} opened round {}, but with {} opening round 1 the openers alternate and {want} opens it",
                    setup.round, record.opener
                ),
            )
            .rule(record.game().alternating_openers_rule())));
        }
    }
    Position::from_setup(&setup).map_err(|e| {
        let mut msg = format!("the Position is not a position of {}: ", record.game());
        msg.push_str(&e.to_string());
        // The rule when one rule is broken: the words name it, after its reason.
        let rule = match e.problems.as_slice() {
            [one] => one.rule,
            _ => None,
        };
        Box::new(
            Problem::new(ProblemKind::Position, span.clone(), msg)
                .rule(rule)
                .cause(Cause::Setup(e)),
        )
    })
}

/// Why the Position's variant is not the header's, naming each option that differs: the
/// Position's board gives `holes` by its width when the Options tag does not state it
/// (spec/notation.md §4.1), so an option left out of `[Options]` is its default.
fn options_differ(position: &rules_core::Variant, options: &StatedOptions) -> String {
    let header = options.variant();
    let parts: Vec<String> = header
        .option_keys()
        .iter()
        .filter_map(|&key| {
            let (mine, theirs) = (position.option_value(key)?, header.option_value(key)?);
            (mine != theirs).then(|| {
                if options.is_stated(key) {
                    format!(
                        "the Position's board has {key}={mine}, but the Options tag gives {key}={theirs}"
                    )
                } else {
                    format!(
                        "the Position's board has {key}={mine}, but the header gives {key}={theirs} (the default: no Options tag states {key}); state {key}={mine} in the Options tag"
                    )
                }
            })
        })
        .collect();
    if parts.is_empty() {
        return format!(
            "the Position's board is that of {position}, the header's options give {header}"
        );
    }
    format!(
        "{}, or give a Position with the header's board",
        parts.join("; ")
    )
}
