//! `cargo xtask match`: strength measured (issue 27 item 6, spec/analysis.md §13). `analyse`
//! against itself at two limits, against a random mover, and with 2 threads against 1 at one
//! time limit, over seeded openings of every game with colours swapped; the score with its 95 %
//! interval and Elo difference, and the games where a position came a third time. Not `mancala
//! match`, which solves the Bechi match of rounds exactly (spec/analysis.md §10).
//!
//! The report on standard output depends only on the arguments when the limits are in nodes or
//! depth (same seed, byte-identical report); CPU and wall times go to standard error.

use analysis::Limits;
use analysis::strength::{
    self, GameResult, MatchOptions, Mover, Opening, Repetitions, Score, Searched,
};
use rules_core::{GameKind, Variant};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What `cargo xtask match` was asked.
struct Args {
    variants: Vec<Variant>,
    openings: usize,
    plies: u32,
    seed: u64,
    strong: Limits,
    weak: Limits,
    pairings: Vec<String>,
    threads_time: Duration,
    max_plies: u32,
    jobs: usize,
    hash: usize,
    json: bool,
    games: bool,
    history: bool,
}

const PAIRINGS: [&str; 3] = ["limits", "random", "threads"];

/// A limit: `nodes=N`, `depth=N` or `time=D` (`50ms`, `2s`).
fn parse_limit(s: &str) -> Result<Limits, String> {
    let bad = || format!("`{s}` is not a limit such as nodes=20000, depth=8 or time=100ms");
    let (k, v) = s.split_once('=').ok_or_else(bad)?;
    let mut l = Limits::default();
    match k {
        "nodes" => l.nodes = Some(v.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?),
        "depth" => l.depth = Some(v.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?),
        "time" => l.time = Some(parse_duration(v).ok_or_else(bad)?),
        _ => return Err(bad()),
    }
    Ok(l)
}

/// `50ms`, `2s`, or a bare number of seconds.
fn parse_duration(s: &str) -> Option<Duration> {
    let (n, scale) = match s.strip_suffix("ms") {
        Some(n) => (n, 1e-3),
        None => (s.strip_suffix('s').unwrap_or(s), 1.0),
    };
    let x: f64 = n.parse().ok()?;
    (x > 0.0 && x < 1e6).then(|| Duration::from_secs_f64(x * scale))
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        variants: Vec::new(),
        openings: 20,
        plies: 4,
        seed: 1,
        strong: parse_limit("nodes=20000")?,
        weak: parse_limit("nodes=2000")?,
        pairings: vec!["limits".into(), "random".into()],
        threads_time: Duration::from_millis(100),
        max_plies: 1000,
        jobs: 1,
        hash: 16 << 20,
        json: false,
        games: false,
        history: true,
    };
    let mut game: Option<Variant> = None;
    let mut options = Vec::new();
    let mut it = args.iter();
    while let Some(x) = it.next() {
        let mut val = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        let num = |name: &str, v: String| -> Result<u64, String> {
            v.parse::<u64>()
                .map_err(|_| format!("{name} needs a number, not `{v}`"))
        };
        match x.as_str() {
            "--game" => {
                let g: GameKind = val("--game")?.parse().map_err(|e| format!("{e}"))?;
                game = Some(Variant::default_for(g));
            }
            "--option" => options.push(val("--option")?),
            "--openings" => a.openings = num(x, val(x)?)?.max(1) as usize,
            "--opening-plies" => a.plies = num(x, val(x)?)? as u32,
            "--seed" => a.seed = num(x, val(x)?)?,
            "--strong" => a.strong = parse_limit(&val(x)?)?,
            "--weak" => a.weak = parse_limit(&val(x)?)?,
            "--pairings" => {
                a.pairings = val(x)?.split(',').map(str::to_owned).collect();
                if let Some(p) = a.pairings.iter().find(|p| !PAIRINGS.contains(&p.as_str())) {
                    return Err(format!(
                        "unknown pairing `{p}`: expected limits, random or threads"
                    ));
                }
            }
            "--threads-time" => {
                let v = val(x)?;
                a.threads_time = parse_duration(&v).ok_or(format!(
                    "--threads-time needs a duration such as 100ms, not `{v}`"
                ))?;
            }
            "--max-plies" => a.max_plies = num(x, val(x)?)?.max(1) as u32,
            "--jobs" => a.jobs = num(x, val(x)?)?.clamp(1, 256) as usize,
            "--hash" => a.hash = crate::bench::parse_size(&val(x)?)?,
            "--json" => a.json = true,
            "--games" => a.games = true,
            "--no-history" => a.history = false,
            _ => return Err(format!("match: unknown argument `{x}`")),
        }
    }
    match game {
        Some(mut v) => {
            for o in &options {
                v.set_option_str(o).map_err(|e| e.to_string())?;
            }
            a.variants.push(v);
        }
        None if !options.is_empty() => return Err("--option needs --game".into()),
        None => a.variants = GameKind::ALL.map(Variant::default_for).to_vec(),
    }
    Ok(a)
}

/// The two players of a pairing, the first the one scores are for.
fn players_of(a: &Args, pairing: &str) -> [Mover; 2] {
    let search = |limits, threads| Mover::Search { limits, threads };
    match pairing {
        "limits" => [search(a.strong, 1), search(a.weak, 1)],
        "random" => [search(a.weak, 1), Mover::Random],
        _ => {
            let at = Limits {
                time: Some(a.threads_time),
                ..Limits::default()
            };
            [search(at, 2), search(at, 1)]
        }
    }
}

/// One pairing in one game, played.
struct Outcome {
    variant: Variant,
    pairing: String,
    movers: [Mover; 2],
    games: Vec<GameResult>,
    score: Score,
    repetitions: Repetitions,
    searched: [Searched; 2],
}

/// `cargo xtask match [--game G [--option K=V]...] [--openings N] [--opening-plies K] [--seed S]
/// [--strong LIMIT] [--weak LIMIT] [--pairings limits,random,threads] [--threads-time T]
/// [--max-plies N] [--jobs N] [--hash SIZE] [--no-history] [--json] [--games]`.
pub fn engine_match(args: &[String]) -> Result<(), String> {
    let a = parse_args(args)?;
    let (cpu0, wall0) = (crate::proc_stat::cpu_seconds(None), Instant::now());
    let mut outcomes = Vec::new();
    let mut openings_of = Vec::new();
    for &v in &a.variants {
        let openings = strength::openings(v, a.openings, a.plies, a.seed);
        for pairing in &a.pairings {
            let movers = players_of(&a, pairing);
            let opts = MatchOptions {
                max_plies: a.max_plies,
                hash_bytes: a.hash,
                seed: a.seed,
                // Two threads a search want the machine's cores to themselves.
                jobs: if pairing == "threads" { 1 } else { a.jobs },
                history: a.history,
            };
            let (cpu, wall) = (crate::proc_stat::cpu_seconds(None), Instant::now());
            let games = strength::play_pairing([&movers[0], &movers[1]], &openings, &opts, &|_| {})
                .map_err(|e| e.to_string())?;
            eprintln!(
                "match: {v}, {} vs {}: {} games in {} s CPU, {:.1} s wall",
                movers[0],
                movers[1],
                games.len(),
                cpu_since(cpu),
                wall.elapsed().as_secs_f64()
            );
            let searched = [0, 1].map(|i| Searched::total(games.iter().map(|g| &g.searched[i])));
            outcomes.push(Outcome {
                variant: v,
                pairing: pairing.clone(),
                movers,
                score: Score::of(&games),
                repetitions: Repetitions::of(&games),
                searched,
                games,
            });
        }
        openings_of.push((v, openings));
    }
    if a.json {
        println!("{}", json_report(&a, &outcomes, &openings_of));
    } else {
        print!("{}", text_report(&a, &outcomes, &openings_of));
    }
    eprintln!(
        "match: everything in {} s CPU, {:.1} s wall",
        cpu_since(cpu0),
        wall0.elapsed().as_secs_f64()
    );
    Ok(())
}

fn cpu_since(start: Option<f64>) -> String {
    match (start, crate::proc_stat::cpu_seconds(None)) {
        (Some(a), Some(b)) => format!("{:.1}", b - a),
        _ => "?".to_owned(),
    }
}

/// The Elo difference of score fraction `s`: `+43`, or `+inf` (`s` is 1) and `-inf` (0).
fn elo_text(s: f64) -> String {
    match strength::elo(s) {
        Some(x) => format!("{:+.0}", x.round() + 0.0),
        None if s > 0.5 => "+inf".to_owned(),
        None => "-inf".to_owned(),
    }
}

/// The opening's start and random plies, and its position: what replays a game.
fn opening_text(o: &Opening) -> String {
    let moves: Vec<String> = o.moves.iter().map(ToString::to_string).collect();
    format!(
        "{} opens, {} -> {}",
        o.opener,
        moves.join(" "),
        notation::write_view(o.position.view())
    )
}

fn header(a: &Args) -> String {
    format!(
        "Engine-strength match (cargo xtask match; not `mancala match`, which solves the Bechi \
         match): {} openings a game of {} random plies from the start of round 1 (opener drawn, \
         seed {}), each played twice with colours swapped; each game to the end of round 1, at \
         most {} plies after the opening; {}.\nScore of the first player: a win 1, a draw ½ (round \
         totals level), a loss 0, a game stopped at the cap ½; 95 % interval by the normal \
         approximation over pairs of games; Elo = -400 log10(1/score - 1); seeds: the mean \
         final margin of the round.\n",
        a.openings,
        a.plies,
        a.seed,
        a.max_plies,
        if a.history {
            "each search knows the positions played since the last capture"
        } else {
            "each search a lone position's (--no-history)"
        }
    )
}

fn text_report(a: &Args, outcomes: &[Outcome], openings: &[(Variant, Vec<Opening>)]) -> String {
    let mut t = header(a);
    let mut pairings: Vec<&str> = Vec::new();
    for o in outcomes {
        if !pairings.contains(&o.pairing.as_str()) {
            pairings.push(&o.pairing);
        }
    }
    for p in pairings {
        let rows: Vec<&Outcome> = outcomes.iter().filter(|o| o.pairing == p).collect();
        let Some(first) = rows.first() else { continue };
        let _ = writeln!(
            t,
            "\n{} vs {} ({}):",
            first.movers[0],
            first.movers[1],
            if first.movers.iter().all(Mover::reproducible) {
                "reproducible"
            } else {
                "a time limit or threads: not reproducible"
            }
        );
        let _ = writeln!(
            t,
            "  {:<16}{:>6}{:>5}{:>5}{:>5}{:>5}  {:>6} {:<15} {:>5} {:<13} {:>6} {:<15} {:<11} {:<11}",
            "game",
            "games",
            "W",
            "D",
            "L",
            "cap",
            "score",
            "95% interval",
            "Elo",
            "95% interval",
            "seeds",
            "95% interval",
            "repeats",
            "depth"
        );
        for o in rows {
            t.push_str(&row(o));
        }
    }
    t.push_str(&notable(outcomes, openings));
    if a.games {
        t.push_str(&every_game(outcomes, openings));
    }
    t
}

/// One table row: a pairing in a game.
fn row(o: &Outcome) -> String {
    let s = &o.score;
    let iv = s
        .interval
        .map_or("-".to_owned(), |[lo, hi]| format!("[{lo:.3}, {hi:.3}]"));
    let elo_iv = s.interval.map_or("-".to_owned(), |[lo, hi]| {
        format!("[{}, {}]", elo_text(lo), elo_text(hi))
    });
    let seeds = s.seeds.map_or("-".to_owned(), |x| format!("{x:+.1}"));
    let seeds_iv = s
        .seeds_interval
        .map_or("-".to_owned(), |[lo, hi]| format!("[{lo:+.1}, {hi:+.1}]"));
    let r = &o.repetitions;
    let depth = |x: &Searched| {
        if x.moves == 0 {
            "-".to_owned()
        } else {
            format!("{:.1}", x.depth as f64 / x.moves as f64)
        }
    };
    let name = o.variant.to_string();
    let elo = elo_text(s.fraction);
    let repeats = format!("{}/{}/{}/{}", r.first, r.second, r.opening, r.forced);
    let depths = format!("{}/{}", depth(&o.searched[0]), depth(&o.searched[1]));
    format!(
        "  {name:<16}{:>6}{:>5}{:>5}{:>5}{:>5}  {:>6.3} {iv:<15} {elo:>5} {elo_iv:<13} {seeds:>6} {seeds_iv:<15} {repeats:<11} {depths:<11}\n",
        s.games, s.wins, s.draws, s.losses, s.capped, s.fraction,
    )
}

fn opening_of(openings: &[(Variant, Vec<Opening>)], v: Variant, id: usize) -> &Opening {
    &openings
        .iter()
        .find(|(w, _)| *w == v)
        .map(|(_, o)| o)
        .expect("every outcome's variant has its openings")[id]
}

/// Who a game's first and second player are, as text.
fn game_line(o: &Outcome, g: &GameResult, openings: &[(Variant, Vec<Opening>)]) -> String {
    format!(
        "{}, {} vs {}, opening {} ({}), {} as {}",
        o.variant,
        o.movers[0],
        o.movers[1],
        g.opening,
        opening_text(opening_of(openings, o.variant, g.opening)),
        o.movers[0],
        g.first_as
    )
}

/// The games where a position came a third time, and those stopped at the ply cap.
fn notable(outcomes: &[Outcome], openings: &[(Variant, Vec<Opening>)]) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "\nrepeats: games where a position came a third time, put down to first/second player/\
         opening/forced (the last ply before it that was not its mover's only move); depth: mean \
         depth of the first/second player's searches."
    );
    let mut any = false;
    for o in outcomes {
        for g in &o.games {
            if let Some(r) = &g.repetition {
                any = true;
                let who = match r.by {
                    strength::Culprit::First => o.movers[0].to_string(),
                    strength::Culprit::Second => o.movers[1].to_string(),
                    strength::Culprit::Opening => "the opening".to_owned(),
                    strength::Culprit::Forced => "nobody (forced)".to_owned(),
                };
                let _ = writeln!(
                    t,
                    "  {}: ply {} by {who}: {}",
                    game_line(o, g, openings),
                    r.ply,
                    r.position
                );
            }
        }
    }
    if !any {
        t.push_str("  no game repeated a position three times\n");
    }
    let capped: Vec<String> = outcomes
        .iter()
        .flat_map(|o| o.games.iter().filter(|g| g.capped()).map(move |g| (o, g)))
        .map(|(o, g)| format!("  {}\n", game_line(o, g, openings)))
        .collect();
    let _ = writeln!(t, "games stopped at the ply cap: {}", capped.len());
    t.push_str(&capped.concat());
    t
}

/// Every game: its opening, colours, margin and moves.
fn every_game(outcomes: &[Outcome], openings: &[(Variant, Vec<Opening>)]) -> String {
    let mut t = String::from("\ngames:\n");
    for o in outcomes {
        for g in &o.games {
            let moves: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                t,
                "  {}: {} plies, margin {}: {}",
                game_line(o, g, openings),
                g.moves.len(),
                g.margin.map_or("capped".to_owned(), |m| format!("{m:+}")),
                moves.join(" ")
            );
        }
    }
    t
}

fn game_json(g: &GameResult, opening: &Opening) -> Value {
    let strings =
        |m: &[rules_core::Move]| -> Vec<String> { m.iter().map(ToString::to_string).collect() };
    json!({
        "opening": g.opening,
        "opener": opening.opener.to_string(),
        "opening_moves": strings(&opening.moves),
        "opening_position": notation::write_view(opening.position.view()),
        "first_as": g.first_as.to_string(),
        "margin": g.margin,
        "moves": strings(&g.moves),
        "repetition": g.repetition,
    })
}

fn json_report(a: &Args, outcomes: &[Outcome], openings: &[(Variant, Vec<Opening>)]) -> String {
    let results: Vec<Value> = outcomes
        .iter()
        .map(|o| {
            let games: Vec<Value> = o
                .games
                .iter()
                .filter(|g| a.games || g.repetition.is_some() || g.capped())
                .map(|g| game_json(g, opening_of(openings, o.variant, g.opening)))
                .collect();
            json!({
                "game": o.variant.to_string(),
                "pairing": o.pairing,
                "first": o.movers[0].to_string(),
                "second": o.movers[1].to_string(),
                "reproducible": o.movers.iter().all(Mover::reproducible),
                "score": o.score,
                "repetitions": o.repetitions,
                "searched": o.searched,
                "games": games,
            })
        })
        .collect();
    let data = json!({
        "openings": a.openings,
        "opening_plies": a.plies,
        "seed": a.seed,
        "max_plies": a.max_plies,
        "history": a.history,
        "results": results,
    });
    // The envelope written by hand so that `type` comes first, as in every JSON line of the
    // project (serde_json's objects are sorted by key).
    format!("{{\"type\":\"engine-match\",\"data\":{data}}}")
}
