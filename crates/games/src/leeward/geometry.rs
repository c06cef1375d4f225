//! The board's primitives: squares, bitboards, the four winds, the four kinds
//! of piece, and the precomputed reach of every piece from every square.
//!
//! A square is `rank * 7 + file`, both counted from 0: `a1` is 0, `g1` is 6,
//! `a2` is 7 and `g7` is 48. A set of squares is a `u64` with bit `s` for
//! square `s`; only the low 49 bits are ever set. A square is written as its
//! file letter (`a`–`g`, west to east) and rank number (`1`–`7`, south to
//! north), e.g. `d4`.

use tabula_core::Error;

/// Squares along each side of the board.
pub const SIZE: usize = 7;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;
/// Every square.
pub const FULL: u64 = (1 << SQUARES) - 1;

/// The squares of file `a` (the west edge).
pub const FILE_A: u64 = file_mask(0);
/// The squares of file `g` (the east edge).
pub const FILE_G: u64 = file_mask(6);
const NOT_A: u64 = FULL & !FILE_A;
const NOT_G: u64 = FULL & !FILE_G;
const NOT_AB: u64 = FULL & !FILE_A & !file_mask(1);
const NOT_FG: u64 = FULL & !FILE_G & !file_mask(5);

/// Ink's home, `d1`, where its Lamp starts.
pub const INK_HOME: usize = 3;
/// Paper's home, `d7`, where its Lamp starts.
pub const PAPER_HOME: usize = 45;

const fn file_mask(file: usize) -> u64 {
    let mut mask = 0;
    let mut rank = 0;
    while rank < SIZE {
        mask |= 1 << (rank * SIZE + file);
        rank += 1;
    }
    mask
}

/// The square at a file and rank (both from 0).
#[inline]
pub const fn square(file: usize, rank: usize) -> usize {
    rank * SIZE + file
}

/// The file of a square, 0 for `a`.
#[inline]
pub const fn file_of(sq: usize) -> usize {
    sq % SIZE
}

/// The rank of a square, 0 for rank 1.
#[inline]
pub const fn rank_of(sq: usize) -> usize {
    sq / SIZE
}

/// The number of king steps between two squares (the Lamp's distance).
#[inline]
pub fn steps_between(a: usize, b: usize) -> usize {
    file_of(a).abs_diff(file_of(b)).max(rank_of(a).abs_diff(rank_of(b)))
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let sq = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(sq)
        }
    })
}

/// The way the wind blows *towards*. In clockwise order, so veering right
/// adds one and veering left takes one away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Wind {
    /// Blowing towards the north (rank 7).
    N = 0,
    /// Blowing towards the east (file g).
    E = 1,
    /// Blowing towards the south (rank 1).
    S = 2,
    /// Blowing towards the west (file a).
    W = 3,
}

impl Wind {
    /// All four, clockwise from north.
    pub const ALL: [Wind; 4] = [Wind::N, Wind::E, Wind::S, Wind::W];

    /// The wind with the given index (taken modulo 4).
    #[inline]
    pub const fn from_index(i: usize) -> Wind {
        Wind::ALL[i & 3]
    }

    /// 0 for N, 1 for E, 2 for S, 3 for W.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Turned 90° clockwise.
    #[inline]
    pub const fn veer_right(self) -> Wind {
        Wind::from_index(self as usize + 1)
    }

    /// Turned 90° counter-clockwise.
    #[inline]
    pub const fn veer_left(self) -> Wind {
        Wind::from_index(self as usize + 3)
    }

    /// Turned 180°: the upwind direction.
    #[inline]
    pub const fn reversed(self) -> Wind {
        Wind::from_index(self as usize + 2)
    }

    /// The three winds a mover may leave after this one, in the order
    /// veer left, veer right, reverse.
    #[inline]
    pub const fn turns(self) -> [Wind; 3] {
        [self.veer_left(), self.veer_right(), self.reversed()]
    }

    /// How `self` becomes `next`, or `None` if it stays (which is not allowed).
    pub fn turn_to(self, next: Wind) -> Option<Turn> {
        match (next as usize + 4 - self as usize) & 3 {
            1 => Some(Turn::Right),
            2 => Some(Turn::Reverse),
            3 => Some(Turn::Left),
            _ => None,
        }
    }

    /// The letter used in notation and position texts.
    pub const fn letter(self) -> char {
        match self {
            Wind::N => 'N',
            Wind::E => 'E',
            Wind::S => 'S',
            Wind::W => 'W',
        }
    }

    /// Reads a letter, in either case.
    pub fn from_letter(c: char) -> Option<Wind> {
        match c.to_ascii_uppercase() {
            'N' => Some(Wind::N),
            'E' => Some(Wind::E),
            'S' => Some(Wind::S),
            'W' => Some(Wind::W),
            _ => None,
        }
    }

    /// The compass direction in words: `north`, …
    pub const fn name(self) -> &'static str {
        match self {
            Wind::N => "north",
            Wind::E => "east",
            Wind::S => "south",
            Wind::W => "west",
        }
    }

    /// The direction as degrees clockwise from north.
    pub const fn degrees(self) -> u32 {
        self as u32 * 90
    }

    /// One step this way, as (file change, rank change).
    pub const fn step(self) -> (isize, isize) {
        match self {
            Wind::N => (0, 1),
            Wind::E => (1, 0),
            Wind::S => (0, -1),
            Wind::W => (-1, 0),
        }
    }

    /// The same wind seen in a mirror held along the north–south line.
    pub const fn mirrored(self) -> Wind {
        match self {
            Wind::E => Wind::W,
            Wind::W => Wind::E,
            other => other,
        }
    }
}

/// How the mover turns the wind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// 90° counter-clockwise.
    Left,
    /// 90° clockwise.
    Right,
    /// 180°.
    Reverse,
}

impl Turn {
    /// `left`, `right` or `reverse`.
    pub const fn name(self) -> &'static str {
        match self {
            Turn::Left => "left",
            Turn::Right => "right",
            Turn::Reverse => "reverse",
        }
    }
}

/// The four kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Steps one square any way onto an empty square; never captures.
    Lamp = 0,
    /// Runs any distance downwind.
    Sail = 1,
    /// Steps one square crosswind or leaps exactly two.
    Kite = 2,
    /// Steps one square upwind, straight or slanting.
    Oar = 3,
}

impl Kind {
    /// All four, Lamp first.
    pub const ALL: [Kind; 4] = [Kind::Lamp, Kind::Sail, Kind::Kite, Kind::Oar];

    /// The kind with the given index (taken modulo 4).
    #[inline]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i & 3]
    }

    /// How many of this kind each side starts with.
    pub const fn start_count(self) -> u32 {
        match self {
            Kind::Lamp => 1,
            Kind::Sail | Kind::Kite => 2,
            Kind::Oar => 3,
        }
    }

    /// The name in lower case: `lamp`, `sail`, `kite`, `oar`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Lamp => "lamp",
            Kind::Sail => "sail",
            Kind::Kite => "kite",
            Kind::Oar => "oar",
        }
    }

    /// The name as in a sentence: `Lamp`, …
    pub const fn title(self) -> &'static str {
        match self {
            Kind::Lamp => "Lamp",
            Kind::Sail => "Sail",
            Kind::Kite => "Kite",
            Kind::Oar => "Oar",
        }
    }

    /// The letter in position texts (Ink writes it in upper case, Paper in lower).
    pub const fn letter(self) -> char {
        match self {
            Kind::Lamp => 'l',
            Kind::Sail => 's',
            Kind::Kite => 'k',
            Kind::Oar => 'o',
        }
    }

    /// Reads a letter, in either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'l' => Some(Kind::Lamp),
            's' => Some(Kind::Sail),
            'k' => Some(Kind::Kite),
            'o' => Some(Kind::Oar),
            _ => None,
        }
    }
}

/// The square one step from `sq` by (df, dr), if it is on the board.
const fn offset(sq: usize, df: isize, dr: isize) -> Option<usize> {
    let f = file_of(sq) as isize + df;
    let r = rank_of(sq) as isize + dr;
    if f < 0 || r < 0 || f >= SIZE as isize || r >= SIZE as isize {
        None
    } else {
        Some(square(f as usize, r as usize))
    }
}

const fn bit_at(sq: usize, df: isize, dr: isize) -> u64 {
    match offset(sq, df, dr) {
        Some(t) => 1 << t,
        None => 0,
    }
}

/// The eight squares around each square (the Lamp's reach).
pub static AROUND: [u64; SQUARES] = {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                if df != 0 || dr != 0 {
                    table[sq] |= bit_at(sq, df, dr);
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    table
};

/// Every square from each square to the edge in each wind's direction,
/// the square itself excluded: `RAY[wind][square]`.
pub static RAY: [[u64; SQUARES]; 4] = {
    let mut table = [[0; SQUARES]; 4];
    let mut w = 0;
    while w < 4 {
        let (df, dr) = Wind::from_index(w).step();
        let mut sq = 0;
        while sq < SQUARES {
            let mut k = 1;
            while k < SIZE as isize {
                table[w][sq] |= bit_at(sq, df * k, dr * k);
                k += 1;
            }
            sq += 1;
        }
        w += 1;
    }
    table
};

/// A Kite's four squares, one and two steps crosswind to either side:
/// `KITE[wind][square]` (north and south winds share theirs, as do east and west).
pub static KITE: [[u64; SQUARES]; 4] = {
    let mut table = [[0; SQUARES]; 4];
    let mut w = 0;
    while w < 4 {
        let (df, dr) = Wind::from_index(w).veer_right().step();
        let mut sq = 0;
        while sq < SQUARES {
            table[w][sq] =
                bit_at(sq, df, dr) | bit_at(sq, 2 * df, 2 * dr) | bit_at(sq, -df, -dr) | bit_at(sq, -2 * df, -2 * dr);
            sq += 1;
        }
        w += 1;
    }
    table
};

/// An Oar's three squares upwind, straight and slanting: `OAR[wind][square]`.
pub static OAR: [[u64; SQUARES]; 4] = {
    let mut table = [[0; SQUARES]; 4];
    let mut w = 0;
    while w < 4 {
        let (uf, ur) = Wind::from_index(w).reversed().step();
        let (sf, sr) = Wind::from_index(w).veer_right().step();
        let mut sq = 0;
        while sq < SQUARES {
            table[w][sq] = bit_at(sq, uf, ur) | bit_at(sq, uf + sf, ur + sr) | bit_at(sq, uf - sf, ur - sr);
            sq += 1;
        }
        w += 1;
    }
    table
};

/// The squares a Sail on `sq` may move to in `wind`, given every occupied
/// square: downwind up to and including the first piece in the way.
#[inline]
pub fn sail_reach(sq: usize, wind: Wind, occupied: u64) -> u64 {
    let ray = RAY[wind as usize][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    // North and east rays run to higher squares, south and west to lower.
    let first = match wind {
        Wind::N | Wind::E => blockers.trailing_zeros() as usize,
        Wind::S | Wind::W => 63 - blockers.leading_zeros() as usize,
    };
    ray & !RAY[wind as usize][first]
}

/// A set moved one step north.
#[inline]
pub const fn north(b: u64) -> u64 {
    (b << SIZE) & FULL
}

/// A set moved one step south.
#[inline]
pub const fn south(b: u64) -> u64 {
    b >> SIZE
}

/// A set moved one step east.
#[inline]
pub const fn east(b: u64) -> u64 {
    (b & NOT_G) << 1
}

/// A set moved one step west.
#[inline]
pub const fn west(b: u64) -> u64 {
    (b & NOT_A) >> 1
}

/// Every square some Kite of `kites` reaches in a north or south wind (east–west leaps).
#[inline]
pub const fn kites_across_ew(kites: u64) -> u64 {
    east(kites) | west(kites) | ((kites & NOT_FG) << 2) | ((kites & NOT_AB) >> 2)
}

/// Every square some Kite of `kites` reaches in an east or west wind (north–south leaps).
#[inline]
pub const fn kites_across_ns(kites: u64) -> u64 {
    north(kites) | south(kites) | ((kites << (2 * SIZE)) & FULL) | (kites >> (2 * SIZE))
}

/// Every square some Oar of `oars` reaches in each wind: `[N, E, S, W]`.
#[inline]
pub const fn oars_upwind(oars: u64) -> [u64; 4] {
    let e = east(oars);
    let w = west(oars);
    let row = oars | e | w;
    [
        // Wind N: row upwind is south.
        south(row),
        // Wind E: upwind is west.
        w | north(w) | south(w),
        // Wind S: upwind is north.
        north(row),
        // Wind W: upwind is east.
        e | north(e) | south(e),
    ]
}

/// The name of a square, e.g. `d4`.
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

/// Reads a square name such as `d4` (either case).
pub fn parse_square(text: &str) -> Result<usize, Error> {
    let bytes = text.as_bytes();
    let shape =
        || Error::BadMove(format!("'{text}' is not a square: write a file letter a–g and a rank 1–7, such as d4"));
    if bytes.len() != 2 || !bytes[0].is_ascii_alphabetic() || !bytes[1].is_ascii_digit() {
        return Err(shape());
    }
    let file = (bytes[0].to_ascii_lowercase() - b'a') as usize;
    let rank = (bytes[1] - b'0') as usize;
    if file >= SIZE || rank == 0 || rank > SIZE {
        return Err(Error::BadMove(format!("'{text}' is off the board: files run from a to g and ranks from 1 to 7")));
    }
    Ok(square(file, rank - 1))
}
