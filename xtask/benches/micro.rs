//! Micro-benchmarks for profiling (issue 7): sowing (one move played), move generation (every
//! legal move of a position, and perft 1 and 2) and parsing (a move token, a position string, a
//! whole record). `cargo bench -p xtask --features micro --bench micro`; add `-- giuthi` for one
//! game. Criterion is an optional dependency that the `micro` feature turns on, so that `cargo test
//! --workspace` and clippy never build it (`cargo clippy -p xtask --features micro --all-targets`
//! lints this file).

use criterion::{Criterion, criterion_group, criterion_main};
use rules_core::{Player, Position, Variant};
use std::hint::black_box;

/// A position some plies into a game, where every kind of move occurs: the start, then the
/// first legal move `plies` times.
fn midgame(game: &str, plies: usize) -> Position {
    let v = Variant::default_for(game.parse().expect("a game"));
    let mut p = Position::start(v, Player::B);
    for k in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Not always the first: vary the line a little.
        let m = moves[k % moves.len()];
        p = p.play_quiet(&m).expect("a legal move");
    }
    p
}

const GAMES: [&str; 5] = ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"];

fn sowing(c: &mut Criterion) {
    for g in GAMES {
        let p = midgame(g, 6);
        let moves = p.legal_moves();
        c.bench_function(&format!("sow/{g}"), |b| {
            b.iter(|| {
                for m in &moves {
                    black_box(black_box(&p).play_quiet(m).ok());
                }
            });
        });
        c.bench_function(&format!("play-traced/{g}"), |b| {
            b.iter(|| {
                for m in &moves {
                    black_box(black_box(&p).play(m).ok());
                }
            });
        });
    }
}

fn generation(c: &mut Criterion) {
    for g in GAMES {
        let p = midgame(g, 6);
        c.bench_function(&format!("legal-moves/{g}"), |b| {
            b.iter(|| black_box(black_box(&p).legal_moves()));
        });
        c.bench_function(&format!("perft1/{g}"), |b| {
            b.iter(|| black_box(black_box(&p).perft(1)));
        });
        c.bench_function(&format!("perft2/{g}"), |b| {
            b.iter(|| black_box(black_box(&p).perft(2)));
        });
    }
}

fn parsing(c: &mut Criterion) {
    c.bench_function("parse/move-token", |b| {
        b.iter(|| {
            black_box(rules_core::Move::parse(
                rules_core::GameKind::Giuthi,
                black_box("10B+"),
            ))
        });
    });
    let pos = "giuthi 3,11,19,3,1,1,0,2/3,1,14,2,1,7,3,2 A store=16,7";
    c.bench_function("parse/position", |b| {
        b.iter(|| black_box(notation::parse_position(black_box(pos), None)));
    });
    let record = notation::print_record(&testkit::generate::random_record(
        Variant::default_for(rules_core::GameKind::Giuthi),
        2,
        testkit::generate::GenOptions {
            max_rounds: 1,
            ..Default::default()
        },
    ));
    c.bench_function("parse/record", |b| {
        b.iter(|| black_box(notation::parse_record(black_box(&record)).is_ok()));
    });
    let parsed = notation::parse_record(&record).expect("a generated record parses");
    c.bench_function("check/record", |b| {
        b.iter(|| {
            black_box(notation::check(
                black_box(&parsed.record),
                Some(&parsed.spans),
                false,
            ))
        });
    });
}

criterion_group!(benches, sowing, generation, parsing);
criterion_main!(benches);
