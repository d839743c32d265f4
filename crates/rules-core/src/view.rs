//! A position as it reads ([`View`]): what every crate reads of a position (the seeds, the
//! stores, the owner and the mark of each hole, the side to move, the round, and what a game
//! keeps besides) borrowed from the position itself, without the allocations of a [`Setup`].
//! Each game makes it from its own fields ([`crate::Game::view`]); [`crate::Position::view`]
//! hands it on.

use crate::geometry::{Geometry, HoleSet};
use crate::marks::{Mark, MarkKind, Right};
use crate::options::GameOptions;
use crate::player::Player;
use crate::setup::Setup;
use crate::variant::{GameKind, Variant};

/// The marked holes of a position: at most two kinds of mark (Bechi has two, chosen and
/// blocked), each with the holes it marks for A and for B.
type Layers = [Option<(MarkKind, [HoleSet; 2])>; 2];

/// A legal position as it reads: every part of it that a position string, a picture, a report
/// or an analysis reads, borrowed from the position (a copy of a few words and the seeds'
/// slice). Holes are by index ([`Geometry`]). [`View::to_setup`] makes the owned, unchecked
/// [`Setup`] that editing needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct View<'a> {
    variant: Variant,
    geometry: Geometry,
    seeds: &'a [u8],
    stores: [u8; 2],
    reserves: [u8; 2],
    own_a: HoleSet,
    marks: Layers,
    to_move: Player,
    round: u16,
    opener: Option<Player>,
    opening_pending: bool,
    right: Option<Right>,
}

impl<'a> View<'a> {
    /// The view of a position of the game of `options`, with these `seeds` (by index; those
    /// past the board's holes, in a game's fixed-size array, are left out) and `stores`,
    /// `to_move` to move: round 1, each player owning his row, no mark, no reserve, no opener,
    /// opening or right. The `with_` methods add what a game has besides.
    #[inline]
    pub(crate) fn new<O: GameOptions + Into<Variant>>(
        options: O,
        seeds: &'a [u8],
        stores: [u8; 2],
        to_move: Player,
    ) -> View<'a> {
        let geometry = options.geometry();
        View {
            variant: options.into(),
            geometry,
            seeds: &seeds[..geometry.len()],
            stores,
            reserves: [0, 0],
            own_a: geometry.row_set(Player::A),
            marks: [None, None],
            to_move,
            round: 1,
            opener: None,
            opening_pending: false,
            right: None,
        }
    }

    /// With the round number and, where the game keeps it, the round's opener.
    #[inline]
    pub(crate) fn with_round(self, round: u16, opener: Option<Player>) -> View<'a> {
        View {
            round,
            opener,
            ..self
        }
    }

    /// With the seeds kept off the board at the round's set-up (A, B).
    #[inline]
    pub(crate) fn with_reserves(self, reserves: [u8; 2]) -> View<'a> {
        View { reserves, ..self }
    }

    /// With the holes A owns (B owns the others).
    #[inline]
    pub(crate) fn with_owners(self, own_a: HoleSet) -> View<'a> {
        View { own_a, ..self }
    }

    /// With the holes marked `kind` for A and for B.
    #[inline]
    pub(crate) fn with_marks(mut self, kind: MarkKind, by: [HoleSet; 2]) -> View<'a> {
        let free = self.marks.iter().position(Option::is_none);
        let free = free.expect("a position has at most two kinds of mark");
        self.marks[free] = Some((kind, by));
        self
    }

    /// With the holes marked `kind`, each for the owner of its hole (as the owners stand: after
    /// `with_owners`, where the game calls it).
    #[inline]
    pub(crate) fn with_marks_of_owners(self, kind: MarkKind, holes: HoleSet) -> View<'a> {
        let a = holes.and(self.own_a);
        self.with_marks(kind, [a, holes.minus(a)])
    }

    /// With Sulus Nishtaw's opening still to be played (S6).
    #[inline]
    pub(crate) fn with_opening(self, opening_pending: bool) -> View<'a> {
        View {
            opening_pending,
            ..self
        }
    }

    /// With Redu's pending right (R19, R20).
    #[inline]
    pub(crate) fn with_right(self, right: Option<Right>) -> View<'a> {
        View { right, ..self }
    }

    /// The game and its options.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.variant.kind()
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Seeds per hole, by index.
    #[must_use]
    pub fn seeds(&self) -> &'a [u8] {
        self.seeds
    }

    /// The seeds of the hole at `index`.
    #[must_use]
    pub fn seed(&self, index: usize) -> u32 {
        u32::from(self.seeds[index])
    }

    /// The seeds on the board.
    #[must_use]
    pub fn on_board(&self) -> u32 {
        self.seeds.iter().map(|&x| u32::from(x)).sum()
    }

    /// Seeds captured in this round (A, B): captures, taxes, eaten seeds.
    #[must_use]
    pub fn stores(&self) -> [u32; 2] {
        self.stores.map(u32::from)
    }

    /// Seeds kept off the board at this round's set-up (A, B): Giuthi's reserve (G25), Bechi's
    /// surplus (B16).
    #[must_use]
    pub fn reserves(&self) -> [u32; 2] {
        self.reserves.map(u32::from)
    }

    /// The owner of the hole at `index`.
    #[must_use]
    pub fn owner(&self, index: usize) -> Player {
        if self.own_a.contains(index) {
            Player::A
        } else {
            Player::B
        }
    }

    /// The holes `player` owns.
    #[must_use]
    pub fn owned_by(&self, player: Player) -> HoleSet {
        match player {
            Player::A => self.own_a,
            Player::B => self.geometry().all().minus(self.own_a),
        }
    }

    /// Whether every player owns his own row (not so after a round that moved the territories:
    /// Sulus Nishtaw S19, Uugg U21).
    #[must_use]
    pub fn owners_are_rows(&self) -> bool {
        self.own_a == self.geometry().row_set(Player::A)
    }

    /// The mark on the hole at `index`, if any.
    #[must_use]
    pub fn mark(&self, index: usize) -> Option<Mark> {
        self.marks.iter().flatten().find_map(|&(kind, by)| {
            Player::BOTH
                .into_iter()
                .find(|p| by[p.index()].contains(index))
                .map(|owner| Mark { kind, owner })
        })
    }

    /// The marked holes: (index, mark), by index.
    pub fn marked(&self) -> impl Iterator<Item = (usize, Mark)> + '_ {
        (0..self.seeds.len()).filter_map(|i| self.mark(i).map(|m| (i, m)))
    }

    /// The player to move (after a round end: the player who would have moved).
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The round number, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        u32::from(self.round)
    }

    /// The player who opened this round, where the opener alternates (B17, S20, U23).
    #[must_use]
    pub fn opener(&self) -> Option<Player> {
        self.opener
    }

    /// Sulus Nishtaw: the round's opening has not been played yet (S6).
    #[must_use]
    pub fn opening_pending(&self) -> bool {
        self.opening_pending
    }

    /// Redu: the pending right of the player to move (R19, R20).
    #[must_use]
    pub fn right(&self) -> Option<Right> {
        self.right
    }

    /// The owned, unchecked description of the position, to edit; [`crate::Position::from_setup`]
    /// gives the position back.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let len = self.seeds.len();
        Setup {
            variant: self.variant,
            seeds: self.seeds.iter().map(|&x| u32::from(x)).collect(),
            owners: (!self.owners_are_rows()).then(|| (0..len).map(|i| self.owner(i)).collect()),
            marks: (0..len).map(|i| self.mark(i)).collect(),
            stores: self.stores(),
            reserves: self.reserves(),
            to_move: self.to_move,
            round: self.round(),
            opener: self.opener,
            opening_pending: self.opening_pending,
            right: self.right,
        }
    }
}
