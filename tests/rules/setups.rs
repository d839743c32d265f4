//! The checked constructor names every reason a setup is not a position.

use rules_core::{Position, SetupError};

fn problems(text: &str) -> Vec<String> {
    let setup = notation::parse_position(text, None).unwrap();
    let e: SetupError = Position::from_setup(&setup).unwrap_err();
    e.problems
        .iter()
        .map(|p| {
            format!(
                "{} [{}]",
                p.reason,
                p.rule.map_or("-".to_owned(), |r| r.to_string())
            )
        })
        .collect()
}

#[test]
fn every_reason_is_named() {
    assert_eq!(
        problems("bechi 6,6,6,6/6,6,6,6x B store=1,0 opener=B"),
        [
            "seed total is 49 (board 48, stores 1 and 0, reserves 0 and 0), bechi has 48 [-]",
            "blocked hole 4B holds 6 seeds; a blocked hole holds none [B3]",
            "blocked holes exist only in rounds after the first [B3]",
            "A's store holds 1, but captures are always of even holes [B9]",
        ]
    );
    assert_eq!(
        problems("bechi 6,6,6,6/6,6,6,6 B"),
        ["the opener of the round is required: the next round's opener alternates [B17]"]
    );
    assert_eq!(
        problems("bechi 0x,0x,0x,0x/6,6,6,6 B store=0,0 reserve=24,0 round=2 opener=A"),
        ["every hole of A is blocked: a player who cannot fill a hole has lost the match [B15]"]
    );
    assert_eq!(
        problems("giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B reserve=1,0 opener=B store=0,0"),
        [
            "seed total is 97 (board 96, stores 0 and 0, reserves 1 and 0), giuthi has 96 [-]",
            "reserves arise only at the set-up of a later round [G25]",
            "a Giuthi position names no opener: the richer player opens later rounds [G26]",
        ]
    );
    assert_eq!(
        problems(
            "giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B round=2 reserve=1,1 store=0,0 right=O1:3B"
        ),
        [
            "seed total is 98 (board 96, stores 0 and 0, reserves 1 and 1), giuthi has 96 [-]",
            "only the richer player keeps a reserve; the poorer places all his seeds [G24]",
            "Giuthi has no capture rights [-]",
        ]
    );
}

fn typed(text: &str) -> SetupError {
    let setup = notation::parse_position(text, None).unwrap();
    Position::from_setup(&setup).unwrap_err()
}

/// A caller matches on why a set-up is refused: each game's reasons are typed, with their data
/// (the hole, the count, the player), and the error lists the rules it cites.
#[test]
fn every_game_gives_typed_reasons() {
    use rules_core::games::{bechi, giuthi, redu, sulus_nishtaw, uugg};
    use rules_core::notes::{CommonSetup, SetupReason};
    use rules_core::{Hole, Player, RightKind, Rule, SetupProblem, Variant};
    let hole = |h: &str| h.parse::<Hole>().unwrap();
    let problem = |rule: Option<Rule>, reason: SetupReason| SetupProblem { rule, reason };

    // Bechi: the seed total, a blocked hole with seeds and blocked holes in round 1 (B3), an odd
    // store (B9).
    let e = typed("bechi 6,6,6,6/6,6,6,6x B store=1,0 opener=B");
    assert!(matches!(
        e.problems[0].reason,
        SetupReason::Common(CommonSetup::SeedTotal {
            total: 49,
            on_board: 48,
            expected: 48,
            ..
        })
    ));
    assert_eq!(
        e.problems[1..],
        [
            problem(
                Some(Rule::B3),
                bechi::notes::SetupReason::BlockedHoldsSeeds {
                    hole: hole("4B"),
                    seeds: 6
                }
                .into()
            ),
            problem(
                Some(Rule::B3),
                bechi::notes::SetupReason::BlockedInRoundOne.into()
            ),
            problem(
                Some(Rule::B9),
                bechi::notes::SetupReason::OddStore {
                    player: Player::A,
                    seeds: 1
                }
                .into()
            ),
        ]
    );
    assert_eq!(e.cites(), [Rule::B3, Rule::B9]);

    // Giuthi: both players keep a reserve (G24); Giuthi has no capture rights.
    let e =
        typed("giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B round=2 reserve=1,1 store=0,0 right=O1:3B");
    assert_eq!(
        e.problems[1..],
        [
            problem(
                Some(Rule::G24),
                giuthi::notes::SetupReason::TwoReserves.into()
            ),
            problem(None, CommonSetup::NoRights { game: "Giuthi" }.into()),
        ]
    );

    // Sulus Nishtaw: the opening pending on a board that is not fresh (S6).
    let e = typed("sulus-nishtaw 4,2,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B opener=B opening");
    assert_eq!(
        e.problems,
        [problem(
            Some(Rule::S6),
            sulus_nishtaw::notes::SetupReason::NotFresh.into()
        )]
    );

    // Uugg: A has eaten a seed, but B has no uugg to eat from (U9).
    let e = typed("uugg 4,4,4,4,4,3/4,4,4,4,4,4 B store=1,0 opener=B");
    assert_eq!(
        e.problems,
        [problem(
            Some(Rule::U9),
            uugg::notes::SetupReason::EatenWithoutUugg {
                player: Player::A,
                seeds: 1
            }
            .into()
        )]
    );

    // Redu: a second round and an opener (the game is one round), a right in the wrong row
    // (R19) on a hole that holds 4 (R5).
    let e = typed("redu 4,4,4,4,4,4/4,4,4,4,4,4 B right=O1:3A round=2 opener=B");
    assert_eq!(
        e.problems,
        [
            problem(None, redu::notes::SetupReason::SingleRound.into()),
            problem(None, redu::notes::SetupReason::NamesOpener.into()),
            problem(
                Some(Rule::R19),
                redu::notes::SetupReason::RightNotHolders {
                    hole: hole("3A"),
                    holder: Player::B
                }
                .into()
            ),
            problem(
                Some(Rule::R5),
                redu::notes::SetupReason::RightNotOneSeed {
                    kind: RightKind::O1,
                    hole: hole("3A"),
                    seeds: 4
                }
                .into()
            ),
        ]
    );
    assert_eq!(e.cites(), [Rule::R19, Rule::R5]);

    // Every game: the holes of the board (no rule).
    let mut s =
        rules_core::Setup::start(Variant::default_for(rules_core::GameKind::Bechi), Player::B);
    s.seeds.pop();
    let e = Position::from_setup(&s).unwrap_err();
    assert_eq!(
        e.problems,
        [problem(
            None,
            CommonSetup::HoleCount {
                game: rules_core::GameKind::Bechi,
                holes: 8,
                given: 7
            }
            .into()
        )]
    );
    assert_eq!(e.to_string(), "Bechi has 8 holes, the position gives 7");
}
