//! Helpers: positions from strings, exact analyses, random endgames.

use analysis::{Analysis, Engine, Limits, SearchOptions, analyse};
use rules_core::{Player, Position, Variant};

/// The position of a position string with options.
pub fn pos(text: &str, options: &[(&str, &str)]) -> Position {
    let stated = (!options.is_empty()).then(|| {
        let game: rules_core::GameKind = text
            .split_whitespace()
            .next()
            .and_then(|g| g.parse().ok())
            .expect("a game name");
        let mut variant = Variant::default_for(game);
        for (k, v) in options {
            variant.set_option(k, v).expect("an option of the game");
        }
        let keys: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
        rules_core::StatedOptions::new(variant, &keys).expect("stated options")
    });
    let setup = notation::parse_position(text, stated.as_ref()).expect("a position string");
    Position::from_setup(&setup).expect("a legal position")
}

/// An analysis with `threads` threads and a node budget (for all of them).
pub fn analysis_threads(p: &Position, nodes: u64, threads: usize) -> Analysis {
    Engine::new(16 << 20, threads)
        .expect("a 16 MB table")
        .analyse(
            p,
            &SearchOptions {
                limits: Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                multipv: 1,
                ..SearchOptions::default()
            },
        )
        .expect("depth 1 fits in the node budget")
}

/// An analysis with a node budget and `multipv` lines.
pub fn analysis(p: &Position, nodes: u64, multipv: usize) -> Analysis {
    analyse(
        p,
        &SearchOptions {
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            multipv,
            ..SearchOptions::default()
        },
    )
    .expect("depth 1 fits in the node budget")
}

/// A deterministic random number generator (a 64-bit LCG, high bits).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Positions of random games of `variant` at most `plies` plies before the end of the round, at
/// most `count` of them, distinct.
pub fn endgames(variant: Variant, plies: usize, count: usize, rng: &mut Lcg) -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for _ in 0..400 {
        let mut game = vec![Position::start(variant, Player::B)];
        while let Some(p) = game.last().filter(|p| p.round_result().is_none()) {
            if game.len() > 3000 {
                break;
            }
            let moves = p.legal_moves_with_positions();
            let next = moves[rng.below(moves.len())].1;
            game.push(next);
        }
        for p in game.iter().rev().skip(1).take(plies) {
            if !out.contains(p) {
                out.push(*p);
                if out.len() == count {
                    return out;
                }
            }
        }
    }
    out
}
