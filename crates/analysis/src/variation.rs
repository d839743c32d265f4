//! The principal variation after a mistake, as `mancala annotate` writes it (spec/analysis.md
//! §6): the search's best line from the position the ply was played in, as a variation of the
//! notation (spec/notation.md §6.4) that replaces the ply.

use notation::Item;
use rules_core::{Move, PlayOptions, Position};

/// The most plies of a principal variation `annotate` writes: enough to see why the best move is
/// better, short enough that the record stays readable (a search line is longer at depth).
pub const PV_PLIES: usize = 8;

/// The variation that replaces ply `number`, played at `before`: the moves of `line` (the
/// search's principal variation, best move first), at most [`PV_PLIES`], each numbered and in
/// its canonical spelling. It stops at the end of the round (the values are the round's) or at
/// a move that does not play; `None` when none does.
#[must_use]
pub fn principal_variation(before: &Position, number: u32, line: &[Move]) -> Option<Item> {
    let mut pos = *before;
    let mut items = Vec::new();
    for (k, mv) in line.iter().take(PV_PLIES).enumerate() {
        if pos.round_result().is_some() {
            break;
        }
        let Ok(played) = pos.play(mv, PlayOptions::FULL) else {
            break;
        };
        items.push(Item::Ply {
            number: u32::try_from(k).ok().map(|k| number + k),
            token: played.canonical.to_string(),
        });
        pos = played.position;
    }
    (!items.is_empty()).then_some(Item::Variation { items })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{GameKind, Player, Setup, Variant};

    #[test]
    fn a_line_becomes_numbered_canonical_plies_up_to_the_cap_or_a_move_that_does_not_play() {
        let mut v = Variant::default_for(GameKind::Bechi);
        v.set_option("holes", "3").unwrap();
        let start = Position::from_setup(&Setup::start(v, Player::A)).unwrap();
        let mv = |t: &str| Move::parse(GameKind::Bechi, t).unwrap();
        // 2A+ (A's middle hole, B4), then B's 3B: the plies 5 and 6 of a record.
        let Some(Item::Variation { items }) =
            principal_variation(&start, 5, &[mv("2A+"), mv("3B")])
        else {
            panic!("a variation")
        };
        assert_eq!(
            items,
            [
                Item::Ply {
                    number: Some(5),
                    token: "2A+".into()
                },
                Item::Ply {
                    number: Some(6),
                    token: "3B".into()
                },
            ]
        );
        // A move that does not play ends the line; a line of none gives none.
        let Some(Item::Variation { items }) =
            principal_variation(&start, 1, &[mv("2A+"), mv("1A")])
        else {
            panic!("a variation")
        };
        assert_eq!(items.len(), 1);
        assert_eq!(principal_variation(&start, 1, &[mv("1B")]), None);
        let long = vec![
            mv("2A+"),
            mv("3B"),
            mv("3A"),
            mv("1B"),
            mv("1A"),
            mv("2B+"),
            mv("2A+"),
            mv("3B"),
            mv("1A"),
            mv("2B-"),
        ];
        let got = principal_variation(&start, 1, &long);
        assert!(matches!(got, Some(Item::Variation { items }) if items.len() <= PV_PLIES));
    }
}
