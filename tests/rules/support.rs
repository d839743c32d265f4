//! Helpers shared by the rules tests.

use rules_core::{Move, Position, Setup, Variant};

/// A position from a position string (spec/notation.md §4), with options given as `key=value`.
pub fn pos(text: &str, options: &[&str]) -> Position {
    let game: rules_core::GameKind = text.split(' ').next().unwrap().parse().unwrap();
    let mut variant = Variant::default_for(game);
    for kv in options {
        variant
            .set_option_str(kv)
            .unwrap_or_else(|e| panic!("{kv}: {e}"));
    }
    let keys: Vec<&str> = options
        .iter()
        .map(|kv| kv.split('=').next().unwrap())
        .collect();
    let stated = rules_core::StatedOptions::new(variant, &keys).unwrap();
    let setup =
        notation::parse_position(text, Some(&stated)).unwrap_or_else(|e| panic!("{text}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position string of a position.
pub fn text(p: &Position) -> String {
    notation::write_view(p.view())
}

/// A move from its token (spec/notation.md §5), for the game of `p`.
pub fn mv_in(p: &Position, token: &str) -> Move {
    Move::parse(p.variant().kind(), token).unwrap_or_else(|e| panic!("{e}"))
}

/// A move from its token, read as a Bechi or Giuthi token.
pub fn mv(token: &str) -> Move {
    Move::parse(rules_core::GameKind::Giuthi, token)
        .or_else(|_| Move::parse(rules_core::GameKind::Bechi, token))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A small deterministic generator for random play (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Every variant of Bechi and Giuthi: both boards, every `holes` and every `seeds` value.
pub fn bechi_and_giuthi_variants() -> Vec<Variant> {
    let mut out = vec![];
    for h in ["4", "3"] {
        let mut v = Variant::default_for(rules_core::GameKind::Bechi);
        v.set_option("holes", h).unwrap();
        out.push(v);
    }
    for h in 5..=10 {
        for s in 4..=9 {
            let mut v = Variant::default_for(rules_core::GameKind::Giuthi);
            v.set_option("holes", &h.to_string()).unwrap();
            v.set_option("seeds", &s.to_string()).unwrap();
            out.push(v);
        }
    }
    out
}

/// The total number of seeds of a setup: board, stores and reserves.
pub fn seed_total(s: &Setup) -> u32 {
    s.seeds.iter().sum::<u32>() + s.stores.iter().sum::<u32>() + s.reserves.iter().sum::<u32>()
}

/// Every option combination of Sulus Nishtaw: `claims-score-to` × `v1` × `v2`.
pub fn sulus_variants() -> Vec<Variant> {
    let mut out = vec![];
    for to in ["creator", "side-owner"] {
        for v1 in ["off", "on"] {
            for v2 in ["off", "on"] {
                let mut v = Variant::default_for(rules_core::GameKind::SulusNishtaw);
                v.set_option("claims-score-to", to).unwrap();
                v.set_option("v1", v1).unwrap();
                v.set_option("v2", v2).unwrap();
                out.push(v);
            }
        }
    }
    out
}
