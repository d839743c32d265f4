//! Strength measured (`analysis::strength`, spec/analysis.md §13): the interval and Elo
//! arithmetic against values worked by hand, and tiny matches whose structure and results can
//! be checked.

use crate::support::pos;
use analysis::Limits;
use analysis::strength::{
    self, Culprit, GameResult, MatchOptions, Mover, Opening, Repetitions, Score, Searched, elo,
    mean_interval,
};
use rules_core::{GameKind, Player, Variant};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-4
}

/// Pair scores 1, ½, ½, 0: mean ½; sample variance (¼ + 0 + 0 + ¼) / 3 = 1/6; standard error
/// √(1/6 / 4) = 0.204124; half-width 1.959964 × 0.204124 = 0.400076.
#[test]
fn the_interval_is_the_normal_one_over_the_sample_variance() {
    let (m, iv) = mean_interval(&[1.0, 0.5, 0.5, 0.0]);
    assert!(close(m, 0.5));
    let [lo, hi] = iv.expect("four values");
    assert!(close(lo, 0.5 - 0.400_076), "{lo}");
    assert!(close(hi, 0.5 + 0.400_076), "{hi}");
    // No spread, no width; one value, no interval.
    assert_eq!(
        mean_interval(&[0.75, 0.75, 0.75]),
        (0.75, Some([0.75, 0.75]))
    );
    assert_eq!(mean_interval(&[0.25]), (0.25, None));
}

/// Elo = −400 log10(1/s − 1): ¾ is 400 log10 3 = 190.8485; 0.64 is −400 log10(0.5625) =
/// 99.9510; ½ is 0; 0 and 1 are infinite.
#[test]
fn elo_is_the_logistic_difference() {
    assert!(close(elo(0.75).unwrap(), 190.8485));
    assert!(close(elo(0.25).unwrap(), -190.8485));
    assert!(close(elo(0.64).unwrap(), 99.9510));
    assert!(close(elo(0.5).unwrap(), 0.0));
    assert_eq!(elo(1.0), None);
    assert_eq!(elo(0.0), None);
}

fn game(opening: usize, first_as: Player, margin: Option<i32>) -> GameResult {
    GameResult {
        opening,
        first_as,
        moves: Vec::new(),
        margin,
        repetition: None,
        searched: [Searched::default(); 2],
    }
}

/// Three pairs: (+4, −2) scores 1 and 0, pair ½; (+2, 0) 1 and ½, pair ¾; (capped, −6) ½ and
/// 0, pair ¼. Mean ½, sample variance (0 + 1/16 + 1/16) / 2 = 1/16, standard error √(1/48) =
/// 0.144338, half-width 0.282898. Seeds over the two pairs that ended: (4 − 2) / 2 = 1 and
/// (2 + 0) / 2 = 1.
#[test]
fn a_score_counts_games_and_pairs_them_by_opening() {
    let games = [
        game(0, Player::A, Some(4)),
        game(0, Player::B, Some(-2)),
        game(1, Player::A, Some(2)),
        game(1, Player::B, Some(0)),
        game(2, Player::A, None),
        game(2, Player::B, Some(-6)),
    ];
    let s = Score::of(&games);
    assert_eq!(
        (s.games, s.pairs, s.wins, s.draws, s.losses, s.capped),
        (6, 3, 2, 1, 2, 1)
    );
    assert!(close(s.fraction, 0.5));
    let [lo, hi] = s.interval.unwrap();
    assert!(
        close(lo, 0.5 - 0.282_898) && close(hi, 0.5 + 0.282_898),
        "{lo} {hi}"
    );
    assert_eq!(s.elo, Some(0.0));
    let [elo_lo, elo_hi] = s.elo_interval.unwrap();
    assert!(close(elo_lo.unwrap(), -elo_hi.unwrap()));
    assert_eq!(s.seeds, Some(1.0));
    assert_eq!(s.seeds_interval, Some([1.0, 1.0]));
    // All won: the Elo is infinite, and so is the interval's upper end.
    let won = [game(0, Player::A, Some(1)), game(0, Player::B, Some(3))];
    let s = Score::of(&won);
    assert_eq!((s.fraction, s.elo, s.interval), (1.0, None, None));
}

fn search(nodes: u64) -> Mover {
    Mover::Search {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        threads: 1,
    }
}

fn bechi(holes: &str) -> Variant {
    let mut v = Variant::default_for(GameKind::Bechi);
    v.set_option("holes", holes).unwrap();
    v
}

/// Openings are distinct, the asked number of random plies from a start, and the same for a
/// seed; another seed gives others.
#[test]
fn openings_are_seeded_and_distinct() {
    let v = bechi("4");
    let a = strength::openings(v, 12, 4, 7);
    assert_eq!(a.len(), 12);
    assert_eq!(a, strength::openings(v, 12, 4, 7));
    assert_ne!(a, strength::openings(v, 12, 4, 8));
    for (i, o) in a.iter().enumerate() {
        assert_eq!(o.id, i);
        assert_eq!(o.moves.len(), 4);
        assert_eq!(o.line.len(), 5);
        assert_eq!(o.line[0].to_move(), o.opener);
        assert_eq!(o.line.last(), Some(&o.position));
        assert!(o.position.round_result().is_none());
        assert!(a[..i].iter().all(|p| p.position != o.position));
    }
}

/// A tiny match: two games an opening, the first player A then B, every game ended or capped,
/// and the same games whether played one or two at a time.
#[test]
fn a_tiny_match_pairs_colours_and_is_reproducible() {
    let v = bechi("3");
    let openings = strength::openings(v, 3, 2, 1);
    let (strong, weak) = (search(300), search(30));
    let opts = MatchOptions {
        max_plies: 200,
        ..MatchOptions::default()
    };
    let games = strength::play_pairing([&strong, &weak], &openings, &opts, &|_| {}).unwrap();
    assert_eq!(games.len(), 2 * openings.len());
    for (g, r) in games.iter().enumerate() {
        assert_eq!(r.opening, g / 2);
        assert_eq!(r.first_as, if g % 2 == 0 { Player::A } else { Player::B });
        assert!(r.margin.is_some(), "Bechi 2×3 ends well within 200 plies");
        // Both players searched; the searches give the limit's count of nodes or fewer.
        for s in &r.searched {
            assert!(s.moves > 0 && s.nodes <= s.moves * (300 + 16), "{s:?}");
        }
    }
    let two_at_once = MatchOptions { jobs: 2, ..opts };
    let again = strength::play_pairing([&strong, &weak], &openings, &two_at_once, &|_| {}).unwrap();
    assert_eq!(games, again);
}

/// The random mover against itself scores about half over 60 openings of Bechi 2×3: the 95 %
/// interval holds ½.
#[test]
fn random_against_random_scores_about_half() {
    let v = bechi("3");
    let openings = strength::openings(v, 60, 4, 3);
    let games = strength::play_pairing(
        [&Mover::Random, &Mover::Random],
        &openings,
        &MatchOptions::default(),
        &|_| {},
    )
    .unwrap();
    let s = Score::of(&games);
    let [lo, hi] = s.interval.unwrap();
    assert!(lo < 0.5 && 0.5 < hi, "{s:?}");
    assert!(s.fraction > 0.35 && s.fraction < 0.65, "{s:?}");
    assert_eq!(s.capped, 0);
}

/// `analyse` at 500 nodes a move beats the random mover on Bechi 2×4: the interval's lower end
/// is above ½, and no repetition is put down to it.
#[test]
fn analyse_beats_random_on_bechi() {
    let openings = strength::openings(bechi("4"), 8, 4, 5);
    let games = strength::play_pairing(
        [&search(500), &Mover::Random],
        &openings,
        &MatchOptions::default(),
        &|_| {},
    )
    .unwrap();
    let s = Score::of(&games);
    assert!(s.interval.unwrap()[0] > 0.5, "{s:?}");
    assert!(s.wins > s.losses * 4, "{s:?}");
    assert_eq!(Repetitions::of(&games).first, 0);
}

/// The names the reports give the players, and which are reproducible.
#[test]
fn movers_say_what_they_are() {
    let timed = Mover::Search {
        limits: Limits {
            time: Some(std::time::Duration::from_millis(100)),
            ..Limits::default()
        },
        threads: 2,
    };
    assert_eq!(search(2000).to_string(), "analyse nodes=2000");
    assert_eq!(timed.to_string(), "analyse time=100ms threads=2");
    assert_eq!(Mover::Random.to_string(), "random");
    assert!(search(2000).reproducible() && Mover::Random.reproducible());
    assert!(!timed.reproducible());
}

/// Found by `cargo xtask match --no-history` (spec/analysis.md §13.5): in this Giuthi ending, far
/// ahead, A at 2 000 nodes a move goes round a cycle of moves for ever when each move is a lone
/// position's search, the cycle longer than the search's horizon and the estimates flat along
/// it. Knowing the positions played since the last capture, the search counts a move back to
/// one as a repetition, and A plays on to win the round.
#[test]
fn a_search_that_knows_the_game_leaves_a_cycle_beyond_its_horizon() {
    let p = pos("giuthi 0,2,1,1,1,0,22,1/0,0,1,1,1,0,1,1 A store=55,8", &[]);
    let opening = Opening {
        id: 0,
        opener: Player::A,
        moves: Vec::new(),
        line: vec![p],
        position: p,
    };
    let play = |history| {
        let opts = MatchOptions {
            max_plies: 120,
            history,
            ..MatchOptions::default()
        };
        let games = strength::play_pairing(
            [&search(2000), &Mover::Random],
            std::slice::from_ref(&opening),
            &opts,
            &|_| {},
        )
        .unwrap();
        games.into_iter().next().unwrap()
    };
    let knowing = play(true);
    assert!(knowing.repetition.is_none(), "{:?}", knowing.repetition);
    assert!(
        knowing.margin.is_some_and(|m| m > 0),
        "{:?}",
        knowing.margin
    );
    let lone = play(false);
    assert_eq!(lone.repetition.map(|r| r.by), Some(Culprit::First));
}
