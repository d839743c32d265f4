//! Random complete records, played by the rules core: for property tests, the corpus's complete
//! matches and `cargo xtask gen-records`. Deterministic for a given seed.

use notation::{Item, Outcome, Record, VARIATIONS_VERSION, match_end, write_view};
use rules_core::{
    AfterRound, Decision, DecisionRequest, Hole, PlayOptions, Position, Setup, Variant,
};

/// A small deterministic generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// What to put in a generated record.
#[derive(Clone, Copy, Debug)]
pub struct GenOptions {
    /// Stop (result `*`) after this many rounds.
    pub max_rounds: u32,
    /// Stop a round that random play has not ended after this many plies.
    pub max_plies: u32,
    /// Annotate plies (captures, laps, and now and then the position) and round ends.
    pub annotate: bool,
    /// Add comments with characters that need escapes.
    pub comments: bool,
    /// Add variations now and then (spec/notation.md §6.4), nested up to 3 deep: random side
    /// lines of 1 to 4 plies; the record then declares notation 1.1.
    pub variations: bool,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            max_rounds: 12,
            max_plies: 2000,
            annotate: true,
            comments: true,
            variations: false,
        }
    }
}

const WORDS: [&str; 12] = [
    "a",
    "good",
    "move",
    "{braces}",
    "back\\slash",
    "[bracket",
    "«cita»",
    "semblava",
    "x*",
    "(aside)",
    "<round>",
    "42.",
];

/// A random legal set-up decision for the next round.
pub fn random_decision(p: &Position, rng: &mut Rng) -> Decision {
    match p.decision_request() {
        Ok(DecisionRequest::Fill { player, holes }) => {
            let n = p.geometry().per_side() as u8;
            let mut all: Vec<Hole> = (1..=n).map(|k| Hole::new(k, player)).collect();
            let mut chosen = vec![];
            for _ in 0..holes {
                chosen.push(all.remove(rng.below(all.len())));
            }
            chosen.sort_by_key(|h| h.number);
            Decision::Fill(chosen)
        }
        Ok(DecisionRequest::Layout { seeds, holes, .. }) => {
            let mut v = vec![1u32; holes as usize];
            for _ in 0..seeds.saturating_sub(holes) {
                v[rng.below(holes as usize)] += 1;
            }
            Decision::Layout(v)
        }
        _ => Decision::None,
    }
}

/// The path and right annotations of a game with capture rights (Redu), now and then
/// (spec/notation.md §6.2): the holes sown seed by seed, and the right the ply left pending.
/// Other games never draw these numbers, so their records stay those of earlier versions for a
/// given seed.
fn right_annotations(record: &mut Record, played: &rules_core::Played, rng: &mut Rng) {
    if rng.below(6) == 0 {
        let sown: Vec<String> = played.trace.sown().map(|h| h.to_string()).collect();
        record.movetext.push(Item::annotation(
            "sown".into(),
            if sown.is_empty() {
                "none".to_owned()
            } else {
                sown.join(",")
            },
        ));
    }
    let right = played.position.view().right();
    if right.is_some() && rng.below(2) == 0 {
        record.movetext.push(Item::annotation(
            "right".into(),
            right.map_or("none".to_owned(), |r| r.to_string()),
        ));
    }
}

/// A random variation (spec/notation.md §6.4) of the ply numbered `first`, played at `before`:
/// 1 to 4 random plies, each with a variation of its own now and then, up to `depth` 3.
fn random_variation(before: &Position, first: u32, rng: &mut Rng, depth: usize) -> Item {
    let mut items = Vec::new();
    let mut pos = *before;
    let mut ply = first.saturating_sub(1);
    for _ in 0..=rng.below(4) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let Ok(played) = pos.play(&mv, PlayOptions::FULL) else {
            break;
        };
        ply += 1;
        items.push(Item::Ply {
            number: Some(ply),
            token: played.canonical.to_string(),
        });
        if depth < 3 && rng.below(4) == 0 {
            items.push(random_variation(&pos, ply, rng, depth + 1));
        }
        pos = played.position;
    }
    Item::Variation { items }
}

/// A random record of `variant`: random legal plies until the match ends or a limit is reached.
#[must_use]
pub fn random_record(variant: Variant, seed: u64, opts: GenOptions) -> Record {
    let mut rng = Rng::new(seed);
    let opener = if rng.below(2) == 0 {
        rules_core::Player::A
    } else {
        rules_core::Player::B
    };
    let mut record = Record::new(variant, opener);
    record.event = Some(format!("generated match {seed}"));
    let Ok(mut pos) = Position::from_setup(&Setup::start(variant, opener)) else {
        return record;
    };
    let mut ply = 0u32;
    let comment = |rng: &mut Rng| -> Item {
        let n = 1 + rng.below(6);
        let words: Vec<&str> = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
        Item::Comment {
            text: words.join(" "),
        }
    };
    let mut rounds = 1;
    loop {
        let mut round_plies = 0;
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() || round_plies >= opts.max_plies {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let Ok(played) = pos.play(&mv, PlayOptions::FULL) else {
                break;
            };
            ply += 1;
            round_plies += 1;
            record.movetext.push(Item::Ply {
                number: Some(ply),
                token: played.canonical.to_string(),
            });
            if opts.annotate {
                let mover = pos.to_move();
                let c = played.trace.captured()[mover.index()];
                if c > 0 || rng.below(8) == 0 {
                    record
                        .movetext
                        .push(Item::annotation("captures".into(), c.to_string()));
                }
                if rng.below(16) == 0 {
                    record.movetext.push(Item::annotation(
                        "position".into(),
                        write_view(played.position.view()),
                    ));
                }
                if variant.has_rights() {
                    right_annotations(&mut record, &played, &mut rng);
                }
            }
            if opts.comments && rng.below(24) == 0 {
                record.movetext.push(comment(&mut rng));
            }
            if opts.variations && rng.below(10) == 0 {
                record
                    .movetext
                    .push(random_variation(&pos, ply, &mut rng, 1));
                record.notation = VARIATIONS_VERSION.to_owned();
            }
            pos = played.position;
        }
        let Some(result) = pos.round_result() else {
            return record; // a round random play did not end
        };
        if opts.annotate {
            record.movetext.push(Item::annotation(
                "holdings".into(),
                format!("{},{}", result.holdings[0], result.holdings[1]),
            ));
        }
        if let Some(m) = match_end(&pos) {
            record.result = Outcome::of_winner(m.winner);
            return record;
        }
        if rounds >= opts.max_rounds {
            return record;
        }
        let decision = random_decision(&pos, &mut rng);
        match pos.after_round(&decision) {
            Ok(AfterRound::Next(next)) => {
                rounds += 1;
                record.movetext.push(Item::Round {
                    round: rounds,
                    decision,
                });
                if opts.annotate {
                    record
                        .movetext
                        .push(Item::annotation("position".into(), write_view(next.view())));
                }
                pos = next;
            }
            _ => return record,
        }
    }
}
