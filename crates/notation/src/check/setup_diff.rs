//! What differs between a written position and the engine's (the `position` annotation, §6.2).

use rules_core::{Player, Right, Setup};

/// A right as written, or `none`.
fn right_text(r: Option<Right>) -> String {
    r.map_or("none".to_owned(), |r| r.to_string())
}

/// What differs between a written position and the engine's, naming every number.
pub(super) fn setup_diff(want: &Setup, got: &Setup) -> Vec<String> {
    let mut out = Vec::new();
    let g = got.geometry();
    if want.variant != got.variant {
        out.push(format!("the game is {}, not {}", got.variant, want.variant));
        return out;
    }
    for row in g.diagram_rows() {
        for i in row {
            let h = g.hole(i);
            if want.seeds.get(i) != got.seeds.get(i) {
                out.push(format!(
                    "{h} holds {}, not {}",
                    got.seeds[i],
                    want.seeds.get(i).copied().unwrap_or(0)
                ));
            }
            if want.owner(i) != got.owner(i) {
                out.push(format!(
                    "{h} is {}'s, not {}'s",
                    got.owner(i),
                    want.owner(i)
                ));
            }
            if want.mark(i) != got.mark(i) {
                let m =
                    |m: Option<rules_core::Mark>| m.map_or("no mark".to_owned(), |m| m.to_string());
                out.push(format!(
                    "{h} has {}, not {}",
                    m(got.mark(i)),
                    m(want.mark(i))
                ));
            }
        }
    }
    for (k, p) in Player::BOTH.iter().enumerate() {
        if want.stores[k] != got.stores[k] {
            out.push(format!(
                "{p}'s store is {}, not {}",
                got.stores[k], want.stores[k]
            ));
        }
        if want.reserves[k] != got.reserves[k] {
            out.push(format!(
                "{p}'s reserve is {}, not {}",
                got.reserves[k], want.reserves[k]
            ));
        }
    }
    if want.to_move != got.to_move {
        out.push(format!("{} is to move, not {}", got.to_move, want.to_move));
    }
    if want.round != got.round {
        out.push(format!("the round is {}, not {}", got.round, want.round));
    }
    if want.opener != got.opener {
        out.push(format!(
            "the round's opener is {}, not {}",
            got.opener.map_or("none".to_owned(), |p| p.to_string()),
            want.opener.map_or("none".to_owned(), |p| p.to_string())
        ));
    }
    if want.right != got.right {
        out.push(format!(
            "the pending right is {}, not {}",
            right_text(got.right),
            right_text(want.right)
        ));
    }
    if want.opening_pending != got.opening_pending {
        out.push(if got.opening_pending {
            "the round's opening is still to be played".to_owned()
        } else {
            "the round's opening has been played".to_owned()
        });
    }
    if out.is_empty() {
        out.push("the positions differ".to_owned());
    }
    out
}
