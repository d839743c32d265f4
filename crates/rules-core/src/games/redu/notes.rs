//! What Redu's traces note and why it refuses a move (redu.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::marks::RightKind;
use crate::notes::common::{GameNote, GameRefusal, seeds};
use crate::player::{Dir, Player};
use crate::rule::Rule;
use std::fmt;

/// A column of the 2×6 board in words: `column 4 (4B, 3A)`, its number from the mover's side and
/// its two holes, the mover's first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The column's number from the mover's side, 1 to 6.
    pub number: i8,
    /// The mover's hole of the column.
    pub own: Hole,
    /// The opponent's hole facing it.
    pub other: Hole,
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {} ({}, {})", self.number, self.own, self.other)
    }
}

/// A direction given as a step along the columns, in words.
fn sigma_words(sigma: i8) -> &'static str {
    if sigma > 0 {
        "counterclockwise (+)"
    } else {
        "clockwise (-)"
    }
}

/// A note of a Redu ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// R5, R8, R17: the opponent receives a right on the seed that fell into an empty hole.
    Right {
        /// O1, O2 or O3.
        kind: RightKind,
        /// Who receives it.
        holder: Player,
        /// The hole of the seed.
        hole: Hole,
        /// `o1-costs-turn=yes` (R22).
        o1_costs_turn: bool,
    },
    /// R27: the player to move has no seed in his row: the game is over.
    GameOver {
        /// The player to move.
        to_move: Player,
        /// The other player, who takes the seeds left.
        taker: Player,
    },
    /// R5 (M1), R8 (M2): what the hole of the lone seed, or of seed #1 of two, held: the mover
    /// captures, or not.
    Landed {
        /// The hole.
        hole: Hole,
        /// What it held before the seed.
        held: u32,
        /// Seed #1 of two seeds (M2) rather than a lone seed (M1).
        pair: bool,
        /// Who captures, if the seeds are captured.
        captor: Option<Player>,
    },
    /// R25: the M1 capture is forgotten (lenient validation).
    Forgotten {
        /// The hole.
        hole: Hole,
        /// What it held before the seed.
        held: u32,
    },
    /// R24: the capturer's row is empty after the capture: the game ends.
    RowEmptied {
        /// The capturer.
        player: Player,
    },
    /// R20: the mover does not use his right: it lapses.
    Lapses {
        /// The mover.
        player: Player,
        /// The right.
        kind: RightKind,
        /// Its hole.
        hole: Hole,
    },
    /// R22: the mover uses his right O1 and sows in the same ply.
    UsesO1 {
        /// The mover.
        player: Player,
        /// The hole of the seed taken.
        hole: Hole,
    },
    /// R9: the two singletons are sown as the two seeds of one of them.
    Singletons {
        /// The hole whose two seeds they are sown as.
        from: Hole,
        /// The direction, as a step along the columns.
        sigma: i8,
    },
    /// R12: the special start: the first column is empty, so seed #1 goes opposite the start.
    SpecialStart {
        /// The first column.
        column: Column,
        /// The hole opposite the start hole.
        opposite: Hole,
    },
    /// R13: a far end with seeds still in hand: the hole past it is not sown.
    FarEnd {
        /// The column.
        column: Column,
        /// The seeds still in hand.
        hand: u8,
        /// The hole not sown.
        skipped: Hole,
    },
    /// R14: the start column is skipped.
    StartSkipped {
        /// The start column.
        column: Column,
    },
    /// R13, R14: the path leaves the board at a far end, or past the start column, and wraps or
    /// bounces.
    PathEnd {
        /// Past the start column (R14) rather than at a far end (R13).
        skip: bool,
        /// A bounce (the path turns back) rather than a wrap.
        bounce: bool,
        /// The column, for a far end.
        column: i8,
        /// The direction before, as a step along the columns.
        sigma: i8,
    },
    /// R22, R23: the mover uses a right: he takes its seed (his whole turn but for O1 under
    /// R24).
    UsesRight {
        /// The mover.
        player: Player,
        /// The right.
        kind: RightKind,
        /// The hole of the seed.
        hole: Hole,
        /// R24: the capture ends the game, being all the capturer could do.
        ends_game: bool,
    },
    /// R26: a penalty claimed on the opponent's singleton.
    Penalty {
        /// The claimer.
        claimer: Player,
        /// The opponent.
        player: Player,
        /// The singleton.
        claim: Hole,
        /// The opponent's ply that is cancelled, as written.
        cancelled: String,
        /// The right that ply gave the claimer, if one.
        right: Option<(RightKind, Hole)>,
        /// The hole the singleton's seed falls into.
        into: Hole,
        /// What that hole held.
        held: u32,
        /// The seeds the claimer takes.
        taken: u32,
    },
}

impl GameNote for Note {
    fn decides_right(&self) -> bool {
        matches!(self, Note::Right { .. } | Note::Landed { .. })
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Right {
                kind,
                holder,
                hole,
                o1_costs_turn,
            } => {
                let (seed, cost) = match kind {
                    RightKind::O1 if *o1_costs_turn => (
                        "the lone seed fell into",
                        "under o1-costs-turn=yes that capture is his whole turn",
                    ),
                    RightKind::O1 => ("the lone seed fell into", "he still sows in that turn"),
                    RightKind::O2 => ("seed #1 fell into", "that capture is his whole turn"),
                    RightKind::O3 => (
                        "the antepenultimate seed fell into",
                        "that capture is his whole turn",
                    ),
                };
                write!(
                    f,
                    "{seed} {hole}, which was empty: {holder} receives the right {kind} on it; he may take it at the start of his next turn only, and {cost}"
                )
            }
            Note::GameOver { to_move, taker } => write!(
                f,
                "{to_move}, to move, has no seed in his row: the game is over, and {taker} takes the seeds left on the board"
            ),
            Note::Landed {
                hole,
                held,
                pair,
                captor,
            } => {
                let seed = if *pair { "seed #1" } else { "the seed" };
                match captor {
                    Some(p) => write!(
                        f,
                        "{hole} held {} before {seed}: {p} captures the {} seeds now there ({})",
                        seeds(*held),
                        held + 1,
                        if *pair { "M2" } else { "M1" }
                    ),
                    None => write!(f, "{hole} held {} before {seed}: no capture", seeds(*held)),
                }
            }
            Note::Forgotten { hole, held } => write!(
                f,
                "{hole} held {} before the seed: the M1 capture of the {} seeds now there is forgotten, and they stay",
                seeds(*held),
                held + 1
            ),
            Note::RowEmptied { player } => {
                write!(
                    f,
                    "{player}'s row is empty after the capture: the game ends"
                )
            }
            Note::Lapses { player, kind, hole } => write!(
                f,
                "{player} does not use his right {kind} on the seed in {hole}: it lapses"
            ),
            Note::UsesO1 { player, hole } => write!(
                f,
                "{player} uses his right O1: he takes the seed in {hole}, then sows in the same ply"
            ),
            Note::Singletons { from, sigma } => write!(
                f,
                "the two singletons are sown as the two seeds of {from}, {}",
                sigma_words(*sigma)
            ),
            Note::SpecialStart { column, opposite } => write!(
                f,
                "the special start: {column}, the first column, is empty, so seed #1 goes into {opposite}, opposite the start hole"
            ),
            Note::FarEnd {
                column,
                hand,
                skipped,
            } => write!(
                f,
                "{column} is a far end and {} in hand: {skipped} is not sown",
                if *hand == 1 {
                    "1 seed is still".to_owned()
                } else {
                    format!("{hand} seeds are still")
                }
            ),
            Note::StartSkipped { column } => {
                write!(f, "{column}, the start column, is skipped")
            }
            Note::PathEnd {
                skip,
                bounce,
                column,
                sigma,
            } => path_end(f, *skip, *bounce, *column, *sigma),
            Note::UsesRight {
                player,
                kind,
                hole,
                ends_game: true,
            } => {
                let _ = kind;
                write!(f, "{player} uses his right O1: he takes the seed in {hole}")
            }
            Note::UsesRight {
                player,
                kind,
                hole,
                ends_game: false,
            } => write!(
                f,
                "{player} uses his right {kind}: he takes the seed in {hole}; that is his whole turn, and {} sows again",
                player.other()
            ),
            Note::Penalty {
                claimer,
                player,
                claim,
                cancelled,
                right,
                into,
                held,
                taken,
            } => {
                write!(
                    f,
                    "{claimer} claims the penalty on {claim}: {player}'s ply {cancelled} is cancelled"
                )?;
                if let Some((kind, hole)) = right {
                    write!(f, " with the right {kind} on {hole} it gave {claimer}")?;
                }
                write!(
                    f,
                    "; {claim} is played from the position before it, its lone seed into {into}, which held {held}, and the {taken} seeds there go to {claimer}, who then plays his turn"
                )
            }
        }
    }
}

/// What a wrap or a bounce at column `k0` does to a path going `s0` (R13), or past the start
/// column when `skip` (R14).
fn path_end(f: &mut fmt::Formatter<'_>, skip: bool, bounce: bool, k0: i8, s0: i8) -> fmt::Result {
    let (then, sigma, after) = match (skip, bounce) {
        (true, true) => ("bounce, it turns back ", sigma_words(-s0), ""),
        (true, false) => (
            "wrap, it goes on ",
            sigma_words(s0),
            " from the other end of the board",
        ),
        (false, true) => ("the path turns back ", sigma_words(-s0), ""),
        (false, false) => (
            "the path goes on ",
            sigma_words(s0),
            " from the other end of the board",
        ),
    };
    match (skip, bounce) {
        (true, _) => write!(
            f,
            "past the start column the path leaves the board: {then}{sigma}{after}"
        ),
        (false, true) => write!(f, "bounce at column {k0}: {then}{sigma}{after}"),
        (false, false) => write!(f, "wrap at column {k0}: {then}{sigma}{after}"),
    }
}

/// Why Redu refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// R4: a lone seed has no direction.
    LoneSeedDirection {
        /// The start hole.
        start: Hole,
    },
    /// R6, R9, R15: a sowing of two seeds or more needs a direction.
    NoDirection {
        /// The start hole.
        start: Hole,
        /// The second singleton (R9), if two are sown together.
        second: Option<Hole>,
        /// Seeds sown: 2 for R6 and R9, more for a zigzag (R15).
        seeds: u32,
    },
    /// R3: the move states another number of seeds than the hole holds.
    SeedCount {
        /// The start hole.
        start: Hole,
        /// The seeds the move states.
        stated: u32,
        /// The seeds the hole holds.
        held: u32,
    },
    /// R25: only an M1 capture, made by a singleton, can be forgotten.
    OnlyM1Forgotten,
    /// R25: a forgotten capture needs lenient validation.
    ForgottenNeedsLenient,
    /// R25: the singleton makes no M1 capture.
    NothingToForget {
        /// The singleton.
        start: Hole,
    },
    /// R22: under `o1-costs-turn=yes` the O1 capture is a ply of its own.
    O1Alone {
        /// The right's hole.
        hole: Hole,
    },
    /// R24: the capture leaves the capturer nothing to sow: it is a ply of its own.
    CaptureAlone {
        /// The capturer.
        player: Player,
        /// The right's hole.
        hole: Hole,
    },
    /// R19: the right is on another hole.
    RightElsewhere {
        /// The holder.
        player: Player,
        /// The right's hole.
        at: Hole,
        /// The hole written.
        written: Hole,
    },
    /// R23: an O2 or O3 capture is the capturer's whole turn.
    CaptureIsTurn {
        /// The right.
        kind: RightKind,
        /// Its hole.
        at: Hole,
    },
    /// R20: no right to capture there.
    NoRight {
        /// The mover.
        player: Player,
        /// The hole written.
        hole: Hole,
    },
    /// R22: the O1 capture is free: it goes with a sowing.
    O1WithSowing {
        /// The right's hole.
        hole: Hole,
    },
    /// R9: two singletons need a second hole.
    NoSecondHole,
    /// R9: the singletons are not consecutive.
    NotConsecutive {
        /// The first.
        start: Hole,
        /// The second.
        second: Hole,
        /// They are the row's holes 1 and 6.
        ends: bool,
    },
    /// R9: each singleton holds one seed.
    NotSingletons {
        /// The first.
        start: Hole,
        /// The second.
        second: Hole,
    },
    /// R9: two singletons sow exactly 2 seeds.
    SingletonsSowTwo,
    /// R12: the special start needs the first column empty.
    SpecialStart {
        /// The start hole.
        start: Hole,
        /// The first column's holes.
        column: (Hole, Hole),
    },
    /// R15: decisions left over when the sowing ends.
    DecisionsLeft {
        /// The letters left.
        left: String,
    },
    /// R11: under `entry=alternate` the entry is the other row.
    AlternateEntry {
        /// The column.
        column: i8,
    },
    /// R13, R14: the path leaves the board and the move says neither wrap nor bounce.
    WrapOrBounce {
        /// The seeds in hand.
        hand: u8,
        /// Past the start column (R14), or at the far end of this column (R13) with its holes.
        at: Option<(i8, Hole, Hole)>,
    },
    /// R4, R6, R9: zigzag decisions on a sowing of fewer than three seeds.
    NotAZigzag {
        /// The start hole.
        start: Hole,
    },
    /// R27: the player to move has no seed in his row.
    GameOver {
        /// The player to move.
        player: Player,
    },
    /// R26: a penalty claim in strict validation, or with no ply before it.
    PenaltyClaim {
        /// In lenient validation (there was no ply to cancel).
        lenient: bool,
    },
    /// R30: Redu has no passes.
    NoPass,
    /// R3: Redu has no opening.
    NoOpening,
    /// R3: a token of the other games.
    NotAReduToken {
        /// The hole.
        hole: Hole,
        /// The direction written.
        dir: Option<Dir>,
    },
    /// R26: a penalty is claimed at the start of the claimer's turn, right after the ply.
    PenaltyWhen {
        /// The claimer.
        claimer: Player,
        /// The opponent.
        player: Player,
    },
    /// R26: the opponent's ply does not lead to this position.
    PenaltyPly {
        /// The opponent.
        player: Player,
        /// His ply, as written.
        ply: String,
    },
    /// R26: the opponent's singleton would not have captured.
    PenaltyNoCapture {
        /// The opponent.
        player: Player,
        /// The singleton.
        claim: Hole,
    },
    /// R26: the opponent played the singleton himself.
    PenaltyPlayed {
        /// The opponent.
        player: Player,
        /// The singleton.
        start: Hole,
    },
}

impl Refusal {
    /// The refusals of a penalty claim (R26), in words.
    fn penalty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal as R;
        match self {
            R::PenaltyClaim { lenient: true } => f.write_str(
                "a penalty claim answers the opponent's last ply, and there is none before it to cancel",
            ),
            R::PenaltyClaim { lenient: false } => {
                f.write_str("a penalty claim is accepted only in lenient validation")
            }
            R::PenaltyWhen { claimer, player } => write!(
                f,
                "a penalty is claimed by {claimer} at the start of his turn, right after {player}'s ply"
            ),
            R::PenaltyPly { player, ply } => write!(
                f,
                "{player}'s ply {ply} does not lead from the previous position to this one"
            ),
            R::PenaltyNoCapture { player, claim } => write!(
                f,
                "{player}'s singleton in {claim} would not have captured (R5): it needs one seed facing a hole with 1 or 2"
            ),
            R::PenaltyPlayed { player, start } => write!(
                f,
                "{player} played the singleton {start} himself: there is nothing to penalise, and a forgotten capture just stays on the board (R25)"
            ),
            // The other refusals are written by `Display`.
            _ => Ok(()),
        }
    }
}

impl GameRefusal for Refusal {
    /// The rules the words of a refusal name besides its own rule.
    fn cites(&self) -> &'static [Rule] {
        match self {
            Refusal::PenaltyNoCapture { .. } => &[Rule::R5],
            Refusal::PenaltyPlayed { .. } => &[Rule::R25],
            Refusal::NoPass => &[Rule::R27],
            _ => &[],
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal as R;
        match self {
            R::PenaltyClaim { .. }
            | R::PenaltyWhen { .. }
            | R::PenaltyPly { .. }
            | R::PenaltyNoCapture { .. }
            | R::PenaltyPlayed { .. } => self.penalty(f),
            R::LoneSeedDirection { start } => {
                write!(f, "a single seed has no direction: write {start}")
            }
            R::NoDirection {
                start,
                second: Some(second),
                ..
            } => write!(
                f,
                "two singletons are sown in a direction: write {start}{second}+ or {start}{second}-"
            ),
            R::NoDirection {
                start, seeds: 2, ..
            } => write!(
                f,
                "two seeds are sown in a direction: write {start}+ or {start}-"
            ),
            R::NoDirection { start, .. } => write!(
                f,
                "a zigzag has a direction: write {start}+ or {start}- with its decisions"
            ),
            R::SeedCount {
                start,
                stated,
                held,
            } => write!(
                f,
                "the move sows {stated} seeds, but {start} holds {held}: all its seeds are sown"
            ),
            R::OnlyM1Forgotten => f.write_str("only an M1 capture (a singleton) can be forgotten"),
            R::ForgottenNeedsLenient => {
                f.write_str("a forgotten capture (~) is accepted only in lenient validation")
            }
            R::NothingToForget { start } => {
                write!(f, "{start} makes no M1 capture, so none can be forgotten")
            }
            R::O1Alone { hole } => write!(
                f,
                "under o1-costs-turn=yes the O1 capture is a ply of its own: write x{hole} alone"
            ),
            R::CaptureAlone { player, hole } => write!(
                f,
                "the capture leaves {player} nothing to sow: it is a ply of its own, x{hole}"
            ),
            R::RightElsewhere {
                player,
                at,
                written,
            } => write!(f, "{player}'s right is on the seed in {at}, not {written}"),
            R::CaptureIsTurn { kind, at } => write!(
                f,
                "an {kind} capture is the capturer's whole turn (x{at}); it cannot precede a sowing"
            ),
            R::NoRight { player, hole } => {
                write!(f, "{player} holds no right to capture in {hole}")
            }
            R::O1WithSowing { hole } => write!(
                f,
                "the O1 capture is free: it is made with a sowing in the same ply, x{hole}:<sowing>"
            ),
            R::NoSecondHole => f.write_str("two singletons need a second hole"),
            R::NotConsecutive {
                start,
                second,
                ends,
            } => write!(
                f,
                "{start} and {second} are not consecutive holes{}",
                if *ends {
                    " (the row does not wrap: 1 and 6 are not consecutive)"
                } else {
                    ""
                }
            ),
            R::NotSingletons { start, second } => {
                write!(f, "{start} and {second} must hold one seed each")
            }
            R::SingletonsSowTwo => f.write_str("two singletons sow exactly 2 seeds"),
            R::SpecialStart { start, column } => write!(
                f,
                "the start opposite {start} needs both holes of the first column, {} and {}, empty",
                column.0, column.1
            ),
            R::DecisionsLeft { left } => write!(
                f,
                "the sowing ends before its decisions do: `{left}` is left over"
            ),
            R::AlternateEntry { column } => write!(
                f,
                "under entry=alternate the entry at column {column} is the row other than the previous seed's (d), not h"
            ),
            R::WrapOrBounce { hand, at: None } => write!(
                f,
                "with {} in hand the path skips the start column and leaves the board: write w (wrap) or b (bounce) there",
                seeds(u32::from(*hand))
            ),
            R::WrapOrBounce {
                hand,
                at: Some((k, a, b)),
            } => write!(
                f,
                "with {} in hand the path reaches the far end at column {k} ({a} and {b}): write w (wrap) or b (bounce) there",
                seeds(u32::from(*hand))
            ),
            R::NotAZigzag { start } => write!(
                f,
                "only a sowing of three or more seeds has zigzag decisions; {start} sows fewer"
            ),
            R::GameOver { player } => write!(
                f,
                "the game is over: {player}, to move, has no seed in his row"
            ),
            R::NoPass => {
                f.write_str("Redu has no passes: a player who cannot sow ends the game (R27)")
            }
            R::NoOpening => f.write_str("Redu has no opening: a move is a sowing or a capture"),
            R::NotAReduToken { hole, dir } => {
                write!(f, "`{hole}")?;
                if let Some(d) = dir {
                    write!(f, "{d}")?;
                }
                f.write_str("` is not a Redu move token (spec/notation.md §5)")
            }
        }
    }
}

/// Why a setup is not a Redu position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {
    /// R1: seeds kept off the board.
    Reserves,
    /// A round other than the first (redu.md §4).
    SingleRound,
    /// An opener named.
    NamesOpener,
    /// R19: a right on a hole the board does not have.
    RightNoHole {
        /// The hole.
        hole: Hole,
    },
    /// R19: a right whose hole is not in the row of the player to move, its holder.
    RightNotHolders {
        /// The hole.
        hole: Hole,
        /// The player to move.
        holder: Player,
    },
    /// R5, R8: an O1 or O2 right on a hole that does not hold the one seed that fell in it.
    RightNotOneSeed {
        /// O1 or O2.
        kind: RightKind,
        /// The hole.
        hole: Hole,
        /// Its seeds.
        seeds: u32,
    },
    /// R19a: an O3 right on an empty hole.
    O3Empty {
        /// The hole.
        hole: Hole,
    },
}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupReason::Reserves => {
                f.write_str("Redu has no reserves: all 48 seeds are on the board at the start")
            }
            SetupReason::SingleRound => {
                f.write_str("a Redu game is a single round (mancala rules redu, §4)")
            }
            SetupReason::NamesOpener => {
                f.write_str("a Redu position names no opener: the game is a single round")
            }
            SetupReason::RightNoHole { hole } => {
                write!(f, "there is no hole {hole} on a 2×6 board")
            }
            SetupReason::RightNotHolders { hole, holder } => write!(
                f,
                "the right's hole {hole} must be in the row of its holder, {holder}, the player to move, the only one who may use it"
            ),
            SetupReason::RightNotOneSeed { kind, hole, seeds } => write!(
                f,
                "an {kind:?} right concerns the one seed that fell into the empty hole {hole}, which holds {seeds}"
            ),
            SetupReason::O3Empty { hole } => write!(f, "the O3 right's hole {hole} holds no seed"),
        }
    }
}

/// Why the next Redu round cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {
    /// R28: a Redu game is one round, so no decision is made.
    OneRound,
}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundReason::OneRound => {
                f.write_str("a Redu game is one round: no set-up decision is made")
            }
        }
    }
}
