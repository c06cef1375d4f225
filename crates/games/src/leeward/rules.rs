//! The position and its moves: pieces, wind, side to move and calm counter,
//! the Zobrist keys, and the questions move generation and the engines ask.
//! Playing and taking back moves is in `game.rs`, the start position in
//! `start.rs`.
//!
//! The board is kept three ways at once: one bitboard per side and kind (for
//! generating moves), one per side (for what blocks and what may be taken),
//! and a square-by-square list (to know what stands on a square in one look).

use std::fmt;

use tabula_core::{zobrist, Outcome, Side};

use super::geometry::{
    file_of, kites_across_ew, kites_across_ns, oars_upwind, rank_of, sail_reach, squares_of, Kind, Wind, AROUND, FULL,
    INK_HOME, KITE, OAR, PAPER_HOME, SQUARES,
};

/// Moves in a row without a capture (both sides counted) that end the game in a draw.
pub const CALM_LIMIT: u32 = 60;

const INK_HOME_BIT: u64 = 1 << INK_HOME;
const PAPER_HOME_BIT: u64 = 1 << PAPER_HOME;

/// The home square of a side: where its Lamp starts, and where the enemy
/// Lamp makes landfall.
pub const fn home(side: Side) -> usize {
    match side {
        Side::First => INK_HOME,
        Side::Second => PAPER_HOME,
    }
}

/// The side's name: `Ink` (moves first, from the south) or `Paper`.
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Ink",
        Side::Second => "Paper",
    }
}

/// A piece on the board, as stored square by square: 0 for an empty
/// square, otherwise `1 + 4 × side + kind`.
#[inline]
const fn code(side: Side, kind: Kind) -> u8 {
    1 + 4 * side as u8 + kind as u8
}

/// The side and kind of a non-zero square code.
#[inline]
const fn decode(code: u8) -> (Side, Kind) {
    let i = (code - 1) as usize;
    (if i < 4 { Side::First } else { Side::Second }, Kind::from_index(i))
}

/// One move: a piece goes from one square to another, then the wind turns.
///
/// Packed in 32 bits: the squares from and to (6 bits each), the wind before
/// and after (2 bits each) and what was captured (4 bits, 0 for nothing),
/// which is everything [`Game::undo`](tabula_core::Game::undo) needs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LeewardMove(u32);

impl LeewardMove {
    #[inline]
    pub(super) const fn new(from: usize, to: usize, old_wind: Wind, wind: Wind, captured: u8) -> Self {
        LeewardMove(
            from as u32 | (to as u32) << 6 | (old_wind as u32) << 12 | (wind as u32) << 14 | (captured as u32) << 16,
        )
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The square the piece lands on.
    #[inline]
    pub const fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    /// The wind the move was made in.
    #[inline]
    pub const fn old_wind(self) -> Wind {
        Wind::from_index((self.0 >> 12) as usize)
    }

    /// The wind the mover leaves for the opponent.
    #[inline]
    pub const fn wind(self) -> Wind {
        Wind::from_index((self.0 >> 14) as usize)
    }

    #[inline]
    pub(super) const fn captured_code(self) -> u8 {
        ((self.0 >> 16) & 15) as u8
    }

    /// Whether the move takes an enemy piece.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured_code() != 0
    }

    /// The kind of the piece taken, if any.
    #[inline]
    pub fn captured(self) -> Option<Kind> {
        match self.captured_code() {
            0 => None,
            c => Some(decode(c).1),
        }
    }
}

impl fmt::Debug for LeewardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |sq: usize| format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1);
        let x = if self.is_capture() { "x" } else { "" };
        write!(
            f,
            "{}{x}{}/{} (in {})",
            name(self.from()),
            name(self.to()),
            self.wind().letter(),
            self.old_wind().letter()
        )
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner took the other side's Lamp.
    LampTaken {
        /// Who took it.
        winner: Side,
    },
    /// The winner's Lamp stepped onto the other side's home square.
    Landfall {
        /// Whose Lamp arrived.
        winner: Side,
    },
    /// Sixty moves in a row without a capture.
    Calm,
    /// The side to move has no piece move in the wind it was left.
    NoMove {
        /// The side that cannot move, and loses.
        loser: Side,
    },
}

impl Ending {
    /// The result in the framework's terms.
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::LampTaken { winner } | Ending::Landfall { winner } => Outcome::Win(winner),
            Ending::Calm => Outcome::Draw,
            Ending::NoMove { loser } => Outcome::Win(loser.opponent()),
        }
    }
}

// Zobrist keys: a piece (side and kind) on a square, the wind, the side to
// move and the calm counter.
static PIECE_KEYS: [u64; 8 * SQUARES] = zobrist::keys(0x1EE_0001);
static WIND_KEYS: [u64; 4] = zobrist::keys(0x1EE_0002);
static SIDE_KEY: [u64; 1] = zobrist::keys(0x1EE_0003);
static CALM_KEYS: [u64; 64] = zobrist::keys(0x1EE_0004);

/// The piece keys laid out by square code and a 64-square board, so that
/// play and undo index them with masks and no bounds checks (same values as
/// `PIECE_KEYS`; code 0, an empty square, has no key).
static PIECE_SQUARE_KEYS: [[u64; 64]; 16] = {
    let mut out = [[0u64; 64]; 16];
    let mut code = 1;
    while code <= 8 {
        let mut sq = 0;
        while sq < SQUARES {
            out[code][sq] = PIECE_KEYS[(code - 1) * SQUARES + sq];
            sq += 1;
        }
        code += 1;
    }
    out
};

/// What a move changes in the hash besides its pieces: the wind it was made
/// in and the one it leaves, and the side to move.
pub(super) static TURN_KEYS: [[u64; 4]; 4] = {
    let mut out = [[0u64; 4]; 4];
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            out[a][b] = WIND_KEYS[a] ^ WIND_KEYS[b] ^ SIDE_KEY[0];
            b += 1;
        }
        a += 1;
    }
    out
};

/// What a quiet move changes in the hash of the calm counter: counter `c` becomes `c + 1`.
pub(super) static CALM_STEP_KEYS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        out[c] = CALM_KEYS[c] ^ CALM_KEYS[(c + 1) & 63];
        c += 1;
    }
    out
};

#[inline]
pub(super) fn piece_key(code: u8, sq: usize) -> u64 {
    PIECE_SQUARE_KEYS[code as usize & 15][sq & 63]
}

#[inline]
pub(super) fn calm_key(calm: u8) -> u64 {
    CALM_KEYS[(calm & 63) as usize]
}

/// A Leeward position: the pieces, the wind the side to move must sail in,
/// whose turn it is and the calm counter. Fixed-size, so search never allocates.
#[derive(Clone)]
pub struct Leeward {
    /// Squares of each piece, by `4 × side + kind`.
    pub(super) pieces: [u64; 8],
    /// Squares of each side's pieces.
    pub(super) occupied: [u64; 2],
    /// What stands on each square (see [`code`]); 64 entries, the last 15
    /// always empty, so a square index masked to 6 bits needs no bounds check.
    pub(super) board: [u8; 64],
    pub(super) wind: Wind,
    pub(super) to_move: Side,
    /// Moves made since the last capture.
    pub(super) calm: u8,
    /// The calm counter before each capture still on record, for undo.
    pub(super) calm_before: [u8; 16],
    pub(super) captures_on_record: u8,
    pub(super) hash: u64,
}

/// Two positions are equal when their pieces, wind, side to move and calm
/// counter are (the record kept for undo does not count).
impl PartialEq for Leeward {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces
            && self.wind == other.wind
            && self.to_move == other.to_move
            && self.calm == other.calm
    }
}

impl Eq for Leeward {}

impl fmt::Debug for Leeward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::text::to_text(self))
    }
}

impl Leeward {
    /// An empty board with the given wind, side to move and calm counter
    /// (pieces are added with [`Leeward::put`]).
    pub(super) fn empty(wind: Wind, to_move: Side, calm: u8) -> Leeward {
        let mut pos = Leeward {
            pieces: [0; 8],
            occupied: [0; 2],
            board: [0; 64],
            wind,
            to_move,
            calm,
            calm_before: [0; 16],
            captures_on_record: 0,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Puts a piece on an empty square.
    pub(super) fn put(&mut self, side: Side, kind: Kind, sq: usize) {
        debug_assert_eq!(self.board[sq], 0);
        let c = code(side, kind);
        self.board[sq] = c;
        self.pieces[c as usize - 1] |= 1 << sq;
        self.occupied[side.index()] |= 1 << sq;
        self.hash ^= piece_key(c, sq);
    }

    /// The hash computed from scratch (play and undo keep it up to date incrementally).
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = WIND_KEYS[self.wind as usize] ^ calm_key(self.calm);
        if self.to_move == Side::Second {
            h ^= SIDE_KEY[0];
        }
        for (sq, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= piece_key(c, sq);
            }
        }
        h
    }

    /// The wind the side to move must sail in.
    #[inline]
    pub fn wind(&self) -> Wind {
        self.wind
    }

    /// Moves made since the last capture (or since the position was set up).
    #[inline]
    pub fn calm(&self) -> u32 {
        self.calm as u32
    }

    /// The piece on a square, if any.
    #[inline]
    pub fn piece_at(&self, sq: usize) -> Option<(Side, Kind)> {
        match self.board[sq] {
            0 => None,
            c => Some(decode(c)),
        }
    }

    /// The squares of one side's pieces of one kind.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> u64 {
        self.pieces[4 * side.index() + kind as usize]
    }

    /// The squares of one side's pieces.
    #[inline]
    pub fn occupied(&self, side: Side) -> u64 {
        self.occupied[side.index()]
    }

    /// Where a side's Lamp stands (`None` once it has been taken).
    #[inline]
    pub fn lamp(&self, side: Side) -> Option<usize> {
        let b = self.pieces(side, Kind::Lamp);
        (b != 0).then(|| b.trailing_zeros() as usize)
    }

    /// How many of a side's pieces of a kind have been taken (sides never
    /// gain pieces, so this is the start count less those on the board).
    pub fn lost(&self, side: Side, kind: Kind) -> u32 {
        kind.start_count().saturating_sub(self.pieces(side, kind).count_ones())
    }

    /// The squares `side`'s Sails, Kites and Oars could move to in `wind`
    /// if it were their turn (the Lamp, which never captures, is left out).
    pub fn reach(&self, side: Side, wind: Wind) -> u64 {
        let s = 4 * side.index();
        let all = self.occupied[0] | self.occupied[1];
        let mut reach = 0;
        for sq in squares_of(self.pieces[s + Kind::Sail as usize]) {
            reach |= sail_reach(sq, wind, all);
        }
        let kites = self.pieces[s + Kind::Kite as usize];
        reach |= match wind {
            Wind::N | Wind::S => kites_across_ew(kites),
            Wind::E | Wind::W => kites_across_ns(kites),
        };
        reach |= oars_upwind(self.pieces[s + Kind::Oar as usize])[wind as usize];
        reach & !self.occupied[side.index()]
    }

    /// The enemy pieces `side` could take in `wind` if it were its turn.
    #[inline]
    pub fn threats(&self, side: Side, wind: Wind) -> u64 {
        self.reach(side, wind) & self.occupied[side.opponent().index()]
    }

    /// The squares the piece on `sq` may move to now (empty unless it
    /// belongs to the side to move and the game goes on).
    pub fn targets_from(&self, sq: usize) -> u64 {
        match self.piece_at(sq) {
            Some((side, kind)) if side == self.to_move && !self.decided() => self.targets(kind, sq),
            _ => 0,
        }
    }

    /// The squares a piece of the side to move on `sq` may move to in the current wind.
    #[inline]
    pub(super) fn targets(&self, kind: Kind, sq: usize) -> u64 {
        let own = self.occupied[self.to_move.index()];
        let all = own | self.occupied[self.to_move.opponent().index()];
        match kind {
            Kind::Lamp => AROUND[sq] & !all,
            Kind::Sail => sail_reach(sq, self.wind, all) & !own,
            Kind::Kite => KITE[self.wind as usize][sq] & !own,
            Kind::Oar => OAR[self.wind as usize][sq] & !own,
        }
    }

    /// Whether the game has been won or drawn by anything other than the
    /// side to move having no move: a Lamp taken, landfall, or calm.
    #[inline]
    pub(super) fn decided(&self) -> bool {
        // A Lamp is one bit: with its enemy's home cleared, nothing is left
        // exactly when it has been taken or has made landfall.
        (self.pieces[0] & !PAPER_HOME_BIT == 0)
            | (self.pieces[4] & !INK_HOME_BIT == 0)
            | (self.calm as u32 >= CALM_LIMIT)
    }

    /// Whether the side to move has at least one piece move (the game not being decided).
    fn has_piece_move(&self) -> bool {
        let s = 4 * self.to_move.index();
        let own = self.occupied[self.to_move.index()];
        let all = self.occupied[0] | self.occupied[1];
        let w = self.wind as usize;
        let lamp = self.pieces[s];
        if lamp != 0 && AROUND[lamp.trailing_zeros() as usize] & !all != 0 {
            return true;
        }
        if squares_of(self.pieces[s + 2]).any(|sq| KITE[w][sq] & !own != 0)
            || squares_of(self.pieces[s + 3]).any(|sq| OAR[w][sq] & !own != 0)
        {
            return true;
        }
        squares_of(self.pieces[s + 1]).any(|sq| sail_reach(sq, self.wind, all) & !own != 0)
    }

    /// How the game ended, checked in the rules' order; `None` while it goes on.
    #[inline]
    pub fn ending(&self) -> Option<Ending> {
        let (ink, paper) = (self.pieces[0], self.pieces[4]);
        if ink == 0 {
            Some(Ending::LampTaken { winner: Side::Second })
        } else if paper == 0 {
            Some(Ending::LampTaken { winner: Side::First })
        } else if ink & PAPER_HOME_BIT != 0 {
            Some(Ending::Landfall { winner: Side::First })
        } else if paper & INK_HOME_BIT != 0 {
            Some(Ending::Landfall { winner: Side::Second })
        } else if self.calm as u32 >= CALM_LIMIT {
            Some(Ending::Calm)
        } else if !self.has_piece_move() {
            Some(Ending::NoMove { loser: self.to_move })
        } else {
            None
        }
    }

    /// Appends the moves of the side to move: all of them, or (`NOISY`) only
    /// those that capture or make landfall. Each piece move comes with the
    /// three winds the mover may leave.
    #[inline(always)]
    pub(super) fn generate<const NOISY: bool>(&self, out: &mut Vec<LeewardMove>) {
        if self.decided() {
            return;
        }
        let side = self.to_move.index();
        let own = self.occupied[side];
        let enemy = self.occupied[side ^ 1];
        let all = own | enemy;
        let wind = self.wind;
        let w = wind as usize;
        let allowed = if NOISY { enemy } else { !own & FULL };
        let [left, right, back] = wind.turns();
        let board = &self.board;
        let mut emit = |from: usize, mut targets: u64| {
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let captured = board[to & 63];
                out.extend_from_slice(&[
                    LeewardMove::new(from, to, wind, left, captured),
                    LeewardMove::new(from, to, wind, right, captured),
                    LeewardMove::new(from, to, wind, back, captured),
                ]);
            }
        };
        let s = 4 * side;
        let lamp = self.pieces[s].trailing_zeros() as usize;
        let steps = AROUND[lamp] & !all;
        emit(lamp, if NOISY { steps & (1 << home(self.to_move.opponent())) } else { steps });
        for sq in squares_of(self.pieces[s + 1]) {
            emit(sq, sail_reach(sq, wind, all) & allowed);
        }
        for sq in squares_of(self.pieces[s + 2]) {
            emit(sq, KITE[w][sq] & allowed);
        }
        for sq in squares_of(self.pieces[s + 3]) {
            emit(sq, OAR[w][sq] & allowed);
        }
    }

    /// The moves that take a piece or make landfall (for the quiescence search).
    pub fn captures_and_landfalls(&self, out: &mut Vec<LeewardMove>) {
        self.generate::<true>(out);
    }

    /// The move of the piece on `from` to `to` leaving `wind`, as play and
    /// undo need it (not checked: see [`Game::parse_move`] for that).
    #[inline]
    pub(super) fn make_move(&self, from: usize, to: usize, wind: Wind) -> LeewardMove {
        LeewardMove::new(from, to, self.wind, wind, self.board[to])
    }

    /// Sets the side to move, wind and calm counter of a position being built.
    pub(super) fn set_state(&mut self, wind: Wind, to_move: Side, calm: u8) {
        self.wind = wind;
        self.to_move = to_move;
        self.calm = calm;
        self.hash = self.compute_hash();
    }
}
