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
                p.message,
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
