//! The position and its moves: two ships, the island, the turn and the
//! survivor's debt, and playing a turn. `impl Game` is in `game.rs`, the
//! start position in `start.rs`.
//!
//! A ship is its stern, its bow and its heading (from stern to bow). A move
//! turns the heading by −2…+2 eighths of a circle (±2 only with the bow in a
//! harbour), puts the bow one square ahead in the new heading and the stern
//! where the bow was. A bow that would land on the other ship is not
//! allowed (no ramming); a bow that lands off the board or on the island
//! sinks the ship.
//!
//! When one ship has sunk, the other owes seven more moves and makes them
//! one after the other: the turn stays with the survivor (the search
//! engines follow the side to move, so no pass is needed).

use tabula_core::{zobrist, Side};

use super::geometry::{HARBOURS, ISLAND_CORNERS, NEAR, TARGET};

/// While both ships are afloat the game lasts at most this many moves.
pub const MAX_MOVES: u16 = 490;
/// A ship sinks when it has taken this many hits.
pub const HITS_TO_SINK: u8 = 7;
/// The moves the survivor must still make after the other ship has sunk.
pub const MOVES_OWED: u8 = 7;
/// Eighths of a circle turned one way that cost the ship a hit.
pub const FULL_CIRCLE: i8 = 8;

/// The two ships' names, in seat order: Cook moves first.
pub const SHIP_NAMES: [&str; 2] = ["Cook", "Silver"];

/// How a ship left the game, if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Still sailing.
    Afloat,
    /// Sunk by its seventh hit, dealt by the other ship.
    Shot,
    /// Sunk by its seventh hit, taken for a full circle of its own.
    Circled,
    /// Sunk by driving its bow off the board or onto the island.
    Aground,
}

impl Fate {
    /// The word used in the position text and the JSON view (`null` when afloat).
    pub fn word(self) -> Option<&'static str> {
        match self {
            Fate::Afloat => None,
            Fate::Shot => Some("shot"),
            Fate::Circled => Some("circled"),
            Fate::Aground => Some("aground"),
        }
    }

    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// One ship: where it is, where it is heading, what it has suffered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ship {
    pub(super) stern: u8,
    pub(super) bow: u8,
    /// From stern to bow while afloat; for a ship that ran aground, the
    /// heading it took on its last move (towards the land).
    pub(super) heading: u8,
    pub(super) hits: u8,
    /// Positive: eighths turned right since the last left turn; negative: left.
    pub(super) circling: i8,
    pub(super) fate: Fate,
}

impl Ship {
    /// A ship afloat, unhurt, from its stern, bow and heading.
    pub const fn new(stern: u8, bow: u8, heading: u8) -> Ship {
        Ship { stern, bow, heading, hits: 0, circling: 0, fate: Fate::Afloat }
    }

    /// The stern's square.
    pub fn stern(&self) -> u8 {
        self.stern
    }

    /// The bow's square.
    pub fn bow(&self) -> u8 {
        self.bow
    }

    /// The heading (0 = north, clockwise).
    pub fn heading(&self) -> u8 {
        self.heading
    }

    /// Hits taken, 0 to 7.
    pub fn hits(&self) -> u8 {
        self.hits
    }

    /// The circling count: positive for right turns, negative for left.
    pub fn circling(&self) -> i8 {
        self.circling
    }

    /// How the ship left the game, or [`Fate::Afloat`].
    pub fn fate(&self) -> Fate {
        self.fate
    }

    /// Whether the ship is still sailing.
    #[inline]
    pub fn afloat(&self) -> bool {
        self.fate == Fate::Afloat
    }

    /// Its two squares as a mask.
    #[inline]
    pub fn mask(&self) -> u64 {
        (1u64 << self.stern) | (1u64 << self.bow)
    }
}

/// `survivor` when no ship has sunk yet (or both sank on one move).
pub(super) const NOBODY: u8 = 2;

/// One move: a turn of −2…+2 eighths (left negative). It carries the state the move changes, so that
/// [`Game::undo`](tabula_core::Game::undo) can restore it without looking anything up. Moves are
/// made by [`Piracy::make_move`]; two moves from the same position are
/// equal exactly when their turns are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PiracyMove {
    pub(super) turn: i8,
    pub(super) stern: u8,
    pub(super) bow: u8,
    pub(super) heading: u8,
    pub(super) hits: u8,
    pub(super) circling: i8,
    pub(super) other_hits: u8,
    /// Bits 0–2: moves owed before; bit 3: the mover's seat; bit 4: the other ship was afloat.
    pub(super) flags: u8,
}

const FLAG_SEAT: u8 = 1 << 3;
const FLAG_OTHER_AFLOAT: u8 = 1 << 4;

impl PiracyMove {
    /// The turn in eighths of a circle (−2…+2, left negative).
    #[inline]
    pub fn turn(self) -> i8 {
        self.turn
    }

    /// The seat that makes the move.
    #[inline]
    pub fn seat(self) -> Side {
        Side::from_index((self.flags & FLAG_SEAT != 0) as usize)
    }

    #[inline]
    pub(super) fn owed_before(self) -> u8 {
        self.flags & 7
    }

    #[inline]
    pub(super) fn other_was_afloat(self) -> bool {
        self.flags & FLAG_OTHER_AFLOAT != 0
    }
}

// Zobrist keys. The hash is computed from these when asked for (search asks
// once a node, perft and playouts never), which costs less than keeping it
// up to date in every play and undo.
static KEYS_BOW: [[u64; 512]; 2] = [zobrist::keys(0x5049_0001), zobrist::keys(0x5049_0002)];
static KEYS_STERN: [[u64; 64]; 2] = [zobrist::keys(0x5049_0003), zobrist::keys(0x5049_0004)];
static KEYS_HITS: [[u64; 8]; 2] = [zobrist::keys(0x5049_0005), zobrist::keys(0x5049_0006)];
static KEYS_CIRCLING: [[u64; 16]; 2] = [zobrist::keys(0x5049_0007), zobrist::keys(0x5049_0008)];
static KEYS_FATE: [[u64; 4]; 2] = [zobrist::keys(0x5049_0009), zobrist::keys(0x5049_000A)];
static KEYS_PLY: [u64; 512] = zobrist::keys(0x5049_000B);
static KEYS_OWED: [u64; 8] = zobrist::keys(0x5049_000C);
static KEYS_SURVIVOR: [u64; 3] = zobrist::keys(0x5049_000D);
static KEYS_ISLAND: [u64; 9] = zobrist::keys(0x5049_000E);
static KEY_SILVER_TO_MOVE: u64 = zobrist::splitmix64(0x5049_000F);

/// A Piracy position: both ships, the island, whose turn it is, how many
/// moves have been played and, after a sinking, the survivor's debt.
/// Small and `Copy`, so search never allocates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piracy {
    pub(super) ships: [Ship; 2],
    /// Index into [`ISLAND_CORNERS`].
    pub(super) island: u8,
    /// The island's four squares.
    pub(super) land: u64,
    /// The seat to move (Cook sails for the first seat).
    pub(super) to_move: Side,
    /// Moves played since the start (both ships' moves).
    pub(super) ply: u16,
    /// The survivor's moves still to make (0 while both ships sail).
    pub(super) owed: u8,
    /// The seat index whose ship outlived the other, or [`NOBODY`] (a byte,
    /// not an `Option<Side>`: measured, the option made perft 15 % slower;
    /// [`Piracy::survivor`] gives it as a seat).
    pub(super) survivor: u8,
}

impl Piracy {
    /// A ship by seat (the first seat sails Cook, the second Silver).
    pub fn ship(&self, seat: Side) -> &Ship {
        &self.ships[seat.index()]
    }

    /// The island's south-west square.
    pub fn island_corner(&self) -> u8 {
        ISLAND_CORNERS[self.island as usize]
    }

    /// Which of the nine placements the island has.
    pub fn island_index(&self) -> usize {
        self.island as usize
    }

    /// The island's squares as a mask.
    #[inline]
    pub fn land(&self) -> u64 {
        self.land
    }

    /// The seat to move.
    #[inline]
    pub fn seat_to_move(&self) -> Side {
        self.to_move
    }

    /// Moves played since the start, both ships counted.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The survivor's moves still to make, once a ship has sunk.
    pub fn moves_owed(&self) -> Option<u8> {
        (self.survivor != NOBODY).then_some(self.owed)
    }

    /// The seat whose ship outlived the other, if one did.
    pub fn survivor(&self) -> Option<Side> {
        (self.survivor != NOBODY).then(|| Side::from_index(self.survivor as usize))
    }

    /// Whether both ships still sail.
    #[inline]
    pub fn both_afloat(&self) -> bool {
        self.ships[0].afloat() && self.ships[1].afloat()
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        let (a, b) = (self.ships[0].afloat(), self.ships[1].afloat());
        if a && b {
            self.ply >= MAX_MOVES
        } else {
            !(a || b) || self.owed == 0
        }
    }

    /// The move turning `turn` eighths for the side to move,
    /// legal or not: it records what undo needs.
    #[inline]
    pub fn make_move(&self, turn: i8) -> PiracyMove {
        let me = self.to_move;
        let ship = self.ships[me];
        let other = self.ships[me.opponent()];
        PiracyMove {
            turn,
            stern: ship.stern,
            bow: ship.bow,
            heading: ship.heading,
            hits: ship.hits,
            circling: ship.circling,
            other_hits: other.hits,
            flags: self.owed
                | if me == Side::Second { FLAG_SEAT } else { 0 }
                | if other.afloat() { FLAG_OTHER_AFLOAT } else { 0 },
        }
    }

    /// The squares the side to move may not put its bow on (the other ship, if afloat).
    #[inline]
    pub(super) fn blocked(&self) -> u64 {
        let other = self.ships[self.to_move.opponent()];
        if other.afloat() {
            other.mask()
        } else {
            0
        }
    }

    /// The turns allowed to the ship to move: −1…+1, or −2…+2 in a harbour.
    #[inline]
    pub(super) fn turn_range(ship: &Ship) -> (i8, i8) {
        if HARBOURS >> ship.bow & 1 != 0 {
            (-2, 2)
        } else {
            (-1, 1)
        }
    }

    /// The bit of the square a turn of `turn` would put the bow on (0 off the board).
    #[inline]
    pub fn target_bit(ship: &Ship, turn: i8) -> u64 {
        TARGET[ship.bow as usize][((ship.heading as i8 + turn) & 7) as usize]
    }

    /// Whether `turn` is a legal move here (the game not being over).
    pub fn allows(&self, turn: i8) -> bool {
        let ship = &self.ships[self.to_move as usize];
        if !ship.afloat() {
            return false;
        }
        let (lo, hi) = Piracy::turn_range(ship);
        (lo..=hi).contains(&turn) && Piracy::target_bit(ship, turn) & self.blocked() == 0
    }

    /// How many squares of the other ship a move of `turn` would touch
    /// (0 when it runs aground or the other ship has sunk).
    #[inline]
    pub fn hits_dealt(&self, turn: i8) -> u8 {
        let me = self.to_move;
        let ship = &self.ships[me];
        let other = &self.ships[me.opponent()];
        if !other.afloat() {
            return 0;
        }
        let to = Piracy::target_bit(ship, turn);
        if to == 0 || to & self.land != 0 {
            return 0;
        }
        let near = NEAR[ship.bow as usize] | NEAR[to.trailing_zeros() as usize];
        (near & other.mask()).count_ones() as u8
    }

    /// Whether a move of `turn` would drive the bow off the board or onto the island.
    #[inline]
    pub fn runs_aground(&self, turn: i8) -> bool {
        let to = Piracy::target_bit(&self.ships[self.to_move], turn);
        to == 0 || to & self.land != 0
    }

    /// The circling count after a turn, and whether the turn completes a circle.
    #[inline]
    pub fn circling_after(count: i8, turn: i8) -> (i8, bool) {
        if turn == 0 {
            return (count, false);
        }
        let mut c = if (count > 0 && turn < 0) || (count < 0 && turn > 0) { 0 } else { count };
        c += turn;
        if c >= FULL_CIRCLE || c <= -FULL_CIRCLE {
            (0, true)
        } else {
            (c, false)
        }
    }

    /// The hash computed from every field that decides the rest of the game.
    pub fn compute_hash(&self) -> u64 {
        let mut h = KEYS_PLY[self.ply as usize & 511]
            ^ KEYS_OWED[self.owed as usize & 7]
            ^ KEYS_SURVIVOR[self.survivor as usize]
            ^ KEYS_ISLAND[self.island as usize];
        if self.to_move == Side::Second {
            h ^= KEY_SILVER_TO_MOVE;
        }
        for (i, s) in self.ships.iter().enumerate() {
            h ^= KEYS_BOW[i][s.bow as usize * 8 + s.heading as usize]
                ^ KEYS_STERN[i][s.stern as usize]
                ^ KEYS_HITS[i][s.hits as usize & 7]
                ^ KEYS_CIRCLING[i][(s.circling + 7) as usize & 15]
                ^ KEYS_FATE[i][s.fate.index()];
        }
        h
    }
}

impl Piracy {
    /// The ship of seat `me` makes `mv`: it moves or runs aground, deals
    /// its hits, and a sinking starts (or a survivor's move pays off) the debt.
    #[inline]
    pub(super) fn play_turn(&mut self, me: usize, mv: PiracyMove) {
        let other = me ^ 1;
        let other_afloat = self.ships[other].afloat();
        let land = self.land;
        let ship = &mut self.ships[me];
        let heading = ((ship.heading as i8 + mv.turn) & 7) as u8;
        let to = TARGET[ship.bow as usize][heading as usize];
        ship.heading = heading;
        if to == 0 || to & land != 0 {
            // Aground: the ship sinks where it stands, deals no hits, and
            // its circling count stays as it was.
            ship.fate = Fate::Aground;
            if other_afloat {
                self.survivor = other as u8;
                self.owed = MOVES_OWED;
            } else {
                self.owed -= 1;
            }
            return;
        }
        ship.stern = ship.bow;
        ship.bow = to.trailing_zeros() as u8;
        let (circling, full_circle) = Piracy::circling_after(ship.circling, mv.turn);
        ship.circling = circling;
        let near = NEAR[ship.stern as usize] | NEAR[ship.bow as usize];
        if full_circle {
            ship.hits += 1;
            if ship.hits >= HITS_TO_SINK {
                ship.fate = Fate::Circled;
            }
        }
        let me_sunk = !ship.afloat();
        if !other_afloat {
            // The survivor's own move; if it sank itself, nobody wins.
            self.owed -= 1;
            return;
        }
        let target = &mut self.ships[other];
        let dealt = (near & target.mask()).count_ones() as u8;
        if dealt > 0 {
            target.hits = (target.hits + dealt).min(HITS_TO_SINK);
            if target.hits == HITS_TO_SINK {
                target.fate = Fate::Shot;
            }
        }
        match (me_sunk, target.afloat()) {
            (false, true) => {}
            (false, false) => {
                self.survivor = me as u8;
                self.owed = MOVES_OWED;
            }
            (true, true) => {
                self.survivor = other as u8;
                self.owed = MOVES_OWED;
            }
            (true, false) => {
                // Both sank on one move: a draw.
                self.owed = 0;
            }
        }
    }
}
