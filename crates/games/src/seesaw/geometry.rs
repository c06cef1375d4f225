//! The hexhex board of any base: cell names, the six neighbours of every
//! cell, the up and down steps, and the bitmask tables move generation reads.
//!
//! Cells are flat-topped hexagons standing in vertical columns. A cell is
//! written as its column letter (`a` at the left, as South sees the board)
//! and its row counted from the bottom of that column (`d1` is South's
//! corner on base 4, `d7` North's). Inside Tabula a cell is a number:
//! column by column from the left, each column from the bottom up, so that
//! a set of cells is one bitmask: a `u64` up to base 5 (61 cells), a `u128`
//! for bases 6 and 7 (127 cells), and a [`Bits192`] (three `u64` words) for
//! base 8 (169 cells). Each board uses the narrowest type that holds it, so
//! the small boards keep their single-word speed.
//!
//! Coordinates are axial: `q` is the column's offset from the middle
//! column, `r` the second axial coordinate, so that the cell's height is
//! `2r + q` half-cells. Up is `(q, r+1)`, up-left `(q-1, r+1)` and up-right
//! `(q+1, r)`; down is the reverse of each.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Index, IndexMut, Not};
use std::sync::OnceLock;

use tabula_core::Side;

use super::select::{select128, select64};

/// The smallest board offered.
pub const MIN_BASE: usize = 3;
/// The largest board offered: base 8, 169 cells (a `Bits192` holds up to 192).
pub const MAX_BASE: usize = 8;
/// Room for the cells of the largest board in the shared per-cell tables
/// (neighbours, Zobrist keys), rounded up to a power of two so that any cell
/// index masked with `MAX_CELLS - 1` (or held in a `u8`) is in bounds. A
/// position's own per-cell bytes are only as long as its mask type needs
/// ([`Mask::CELLS`]).
pub const MAX_CELLS: usize = 256;

/// The six directions, clockwise from straight up.
pub const DIRECTIONS: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];

/// Everything about a board of one base that does not depend on the mask type.
#[derive(Debug)]
pub struct Layout {
    /// Cells per side of the hexagon.
    pub base: usize,
    /// Number of cells: 3·base·(base−1) + 1.
    pub cells: usize,
    /// Axial coordinates of each cell.
    pub q: Vec<i32>,
    /// Axial coordinates of each cell.
    pub r: Vec<i32>,
    /// Column (0 = `a`) and row (1 = bottom) of each cell.
    pub column: Vec<usize>,
    /// Column (0 = `a`) and row (1 = bottom) of each cell.
    pub row: Vec<usize>,
    /// The name of each cell, e.g. `d1`.
    pub names: Vec<String>,
    /// The neighbour of each cell in each of the six [`DIRECTIONS`].
    pub neighbours: Vec<[Option<usize>; 6]>,
    /// South's corner (bottom of the middle column) and North's (its top).
    pub homes: [usize; 2],
    /// The largest distance between two cells: 2·(base−1).
    pub diameter: usize,
}

impl Layout {
    fn build(base: usize) -> Layout {
        let n = base as i32;
        let (mut q, mut r, mut column, mut row, mut names) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for cq in -(n - 1)..=(n - 1) {
            let low = (-(n - 1)).max(-(n - 1) - cq);
            let high = (n - 1).min(n - 1 - cq);
            for cr in low..=high {
                let col = (cq + n - 1) as usize;
                let rw = (cr - low + 1) as usize;
                q.push(cq);
                r.push(cr);
                column.push(col);
                row.push(rw);
                names.push(format!("{}{}", (b'a' + col as u8) as char, rw));
            }
        }
        let cells = q.len();
        let find = |aq: i32, ar: i32| (0..cells).find(|&i| q[i] == aq && r[i] == ar);
        let neighbours = (0..cells)
            .map(|i| {
                let mut around = [None; 6];
                for (d, (dq, dr)) in DIRECTIONS.iter().enumerate() {
                    around[d] = find(q[i] + dq, r[i] + dr);
                }
                around
            })
            .collect();
        let homes = [find(0, -(n - 1)).expect("bottom corner"), find(0, n - 1).expect("top corner")];
        Layout { base, cells, q, r, column, row, names, neighbours, homes, diameter: 2 * (base - 1) }
    }

    /// The cell with the given name (`d1`, case-insensitive), if it is on this board.
    pub fn cell(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        let col = (letter as u8 - b'a') as usize;
        (0..self.cells).find(|&i| self.column[i] == col && self.row[i] == row)
    }

    /// The number of steps between two cells on an empty board.
    pub fn distance(&self, a: usize, b: usize) -> usize {
        let dq = self.q[a] - self.q[b];
        let dr = self.r[a] - self.r[b];
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as usize
    }

    /// The centre of a cell for drawing, in units of the hexagon's radius,
    /// with y growing upward: `(1.5·q, √3·(r + q/2))`.
    pub fn centre(&self, cell: usize) -> (f64, f64) {
        let (q, r) = (self.q[cell] as f64, self.r[cell] as f64);
        (1.5 * q, 3f64.sqrt() * (r + q / 2.0))
    }

    /// Twice the height of a cell above the board's centre, in half-cells: `2r + q`.
    pub fn height2(&self, cell: usize) -> i32 {
        2 * self.r[cell] + self.q[cell]
    }

    /// The base whose two corners hold the start tiles that `tile_of` reports,
    /// if any: South's tile on the bottom corner and North's on the top. Tiles
    /// never leave, so every position reached by play names its own base; the
    /// largest base that fits wins, since a larger board's corners are not
    /// cells of a smaller one.
    pub fn base_from_corners(tile_of: impl Fn(&str) -> Option<Side>) -> Option<usize> {
        (MIN_BASE..=MAX_BASE).rev().find(|&base| {
            let middle = (b'a' + (base - 1) as u8) as char;
            tile_of(&format!("{middle}1")) == Some(Side::First)
                && tile_of(&format!("{middle}{}", 2 * base - 1)) == Some(Side::Second)
        })
    }
}

static LAYOUTS: [OnceLock<Layout>; MAX_BASE + 1] = [const { OnceLock::new() }; MAX_BASE + 1];

/// The layout of a board of `base` (from [`MIN_BASE`] to [`MAX_BASE`]), built once.
pub fn layout(base: usize) -> &'static Layout {
    assert!((MIN_BASE..=MAX_BASE).contains(&base), "base {base} is not offered");
    LAYOUTS[base].get_or_init(|| Layout::build(base))
}

/// A set of cells as bits: cell `i` is bit `i`.
pub trait Mask:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells the type can hold, rounded up to a power of two: any
    /// cell index masked with `CELLS - 1` is in bounds of [`Mask::Bytes`].
    const CELLS: usize;
    /// A byte for each of the [`Mask::CELLS`] cells (stack sizes, step
    /// counts), so that the small boards keep their positions small.
    type Bytes: Copy + Debug + Send + Sync + Index<usize, Output = u8> + IndexMut<usize> + AsRef<[u8]> + AsMut<[u8]>;
    /// All bytes zero.
    const ZERO_BYTES: Self::Bytes;
    /// No cells.
    const ZERO: Self;
    /// The set holding only `cell`.
    fn bit(cell: usize) -> Self;
    /// Whether `cell` is in the set.
    #[inline]
    fn has(self, cell: usize) -> bool {
        !(self & Self::bit(cell)).is_zero()
    }
    /// Whether the set is empty.
    fn is_zero(self) -> bool;
    /// The lowest cell (the set must not be empty).
    fn first(self) -> usize;
    /// The set without its lowest cell.
    fn without_first(self) -> Self;
    /// How many cells.
    fn count(self) -> u32;
    /// The `n`-th lowest cell, counting from 0 (the set has more than `n`
    /// cells): a random turn picks its target cell by index.
    fn nth(self, n: u32) -> usize;
    /// The set in the common form every mask type converts through (moves
    /// store their captures so, whatever the board).
    fn wide(self) -> Bits192;
    /// A set from the common form (cells beyond the type's width are dropped).
    fn from_wide(bits: Bits192) -> Self;
    /// The tables of a board of `base` for this mask type, built once.
    fn tables(base: usize) -> &'static Tables<Self>;
}

macro_rules! mask_impl {
    ($t:ty, $cache:ident, |$w:ident| $from_wide:expr, $nth:ident) => {
        static $cache: [OnceLock<Tables<$t>>; MAX_BASE + 1] = [const { OnceLock::new() }; MAX_BASE + 1];

        impl Mask for $t {
            const CELLS: usize = <$t>::BITS as usize;
            type Bytes = [u8; <$t>::BITS as usize];
            const ZERO_BYTES: Self::Bytes = [0; <$t>::BITS as usize];
            const ZERO: Self = 0;
            #[inline(always)]
            fn bit(cell: usize) -> Self {
                1 << (cell & (<$t>::BITS as usize - 1))
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn nth(self, n: u32) -> usize {
                $nth(self, n)
            }
            #[inline(always)]
            fn wide(self) -> Bits192 {
                let bits = self as u128;
                Bits192([bits as u64, (bits >> 64) as u64, 0])
            }
            #[inline(always)]
            fn from_wide($w: Bits192) -> Self {
                $from_wide
            }
            fn tables(base: usize) -> &'static Tables<Self> {
                $cache[base].get_or_init(|| Tables::build(layout(base)))
            }
        }
    };
}

mask_impl!(u64, NARROW_TABLES, |w| w.0[0], select64);
mask_impl!(u128, WIDE_TABLES, |w| w.0[0] as u128 | (w.0[1] as u128) << 64, select128);

/// A set of up to 192 cells in three 64-bit words, the lowest cells in the
/// first: the mask of base 8 (169 cells, more than a `u128` holds) and the
/// common form of every mask ([`Mask::wide`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits192(pub [u64; 3]);

impl Debug for Bits192 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [low, mid, high] = self.0;
        write!(f, "Bits192({high:#x}:{mid:016x}:{low:016x})")
    }
}

macro_rules! bits192_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bits192 {
            type Output = Bits192;
            #[inline(always)]
            fn $method(self, other: Bits192) -> Bits192 {
                let (a, b) = (self.0, other.0);
                Bits192([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2]])
            }
        }
        impl $assign for Bits192 {
            #[inline(always)]
            fn $assign_method(&mut self, other: Bits192) {
                *self = *self $op other;
            }
        }
    };
}

bits192_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bits192_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bits192_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits192 {
    type Output = Bits192;
    #[inline(always)]
    fn not(self) -> Bits192 {
        let [a, b, c] = self.0;
        Bits192([!a, !b, !c])
    }
}

static HUGE_TABLES: [OnceLock<Tables<Bits192>>; MAX_BASE + 1] = [const { OnceLock::new() }; MAX_BASE + 1];

impl Mask for Bits192 {
    const CELLS: usize = 256;
    type Bytes = [u8; 256];
    const ZERO_BYTES: Self::Bytes = [0; 256];
    const ZERO: Self = Bits192([0; 3]);
    #[inline(always)]
    fn bit(cell: usize) -> Self {
        let word = (cell & (MAX_CELLS - 1)) >> 6;
        let bit = 1u64 << (cell & 63);
        Bits192([if word == 0 { bit } else { 0 }, if word == 1 { bit } else { 0 }, if word == 2 { bit } else { 0 }])
    }
    #[inline(always)]
    fn has(self, cell: usize) -> bool {
        match self.0.get(cell >> 6) {
            Some(word) => (word >> (cell & 63)) & 1 != 0,
            None => false,
        }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        let [a, b, c] = self.0;
        (a | b | c) == 0
    }
    #[inline(always)]
    fn first(self) -> usize {
        let [a, b, c] = self.0;
        if a != 0 {
            a.trailing_zeros() as usize
        } else if b != 0 {
            64 + b.trailing_zeros() as usize
        } else {
            128 + c.trailing_zeros() as usize
        }
    }
    #[inline(always)]
    fn without_first(self) -> Self {
        let [a, b, c] = self.0;
        if a != 0 {
            Bits192([a & (a - 1), b, c])
        } else if b != 0 {
            Bits192([a, b & (b - 1), c])
        } else {
            Bits192([a, b, c & c.wrapping_sub(1)])
        }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        let [a, b, c] = self.0;
        a.count_ones() + b.count_ones() + c.count_ones()
    }
    #[inline(always)]
    fn nth(self, mut n: u32) -> usize {
        for (i, word) in self.0.into_iter().enumerate() {
            let here = word.count_ones();
            if n < here {
                return i * 64 + select64(word, n);
            }
            n -= here;
        }
        unreachable!("the set has more than n cells")
    }
    #[inline(always)]
    fn wide(self) -> Bits192 {
        self
    }
    #[inline(always)]
    fn from_wide(bits: Bits192) -> Self {
        bits
    }
    fn tables(base: usize) -> &'static Tables<Self> {
        HUGE_TABLES[base].get_or_init(|| Tables::build(layout(base)))
    }
}

/// The cells of a mask, lowest first.
#[inline(always)]
pub fn cells_of<M: Mask>(mut mask: M) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask.is_zero() {
            None
        } else {
            let cell = mask.first();
            mask = mask.without_first();
            Some(cell)
        }
    })
}

/// Index of [`Tables::heading`]: the downward steps.
pub const DOWN: usize = 0;
/// Index of [`Tables::heading`]: the upward steps.
pub const UP: usize = 1;

/// The bitmask tables of one board: every cell's neighbours, its up and
/// down steps, and the cells within each distance of it.
#[derive(Debug)]
pub struct Tables<M: Mask> {
    /// Names and coordinates.
    pub layout: &'static Layout,
    /// Every cell of the board.
    pub all: M,
    /// The six neighbours of each cell.
    pub around: [M; MAX_CELLS],
    /// The steps of each heading: `[DOWN]` the down, down-left and
    /// down-right neighbours (North's forward steps), `[UP]` the up, up-left
    /// and up-right ones (South's).
    pub heading: [[M; MAX_CELLS]; 2],
    /// `within[cell * (diameter + 1) + d]`: the cells at most `d` steps away on an empty board.
    within: Vec<M>,
}

impl<M: Mask> Tables<M> {
    fn build(layout: &'static Layout) -> Tables<M> {
        let mut all = M::ZERO;
        let mut around = [M::ZERO; MAX_CELLS];
        let mut heading = [[M::ZERO; MAX_CELLS]; 2];
        for cell in 0..layout.cells {
            all |= M::bit(cell);
            for (d, next) in layout.neighbours[cell].iter().enumerate() {
                if let Some(next) = *next {
                    let bit = M::bit(next);
                    around[cell] |= bit;
                    // Directions 0, 1 and 5 climb; 2, 3 and 4 descend.
                    heading[if matches!(d, 0 | 1 | 5) { UP } else { DOWN }][cell] |= bit;
                }
            }
        }
        let span = layout.diameter + 1;
        let mut within = vec![M::ZERO; layout.cells * span];
        for cell in 0..layout.cells {
            for other in 0..layout.cells {
                let d = layout.distance(cell, other);
                for reach in d..span {
                    within[cell * span + reach] |= M::bit(other);
                }
            }
        }
        Tables { layout, all, around, heading, within }
    }

    /// The cells at most `d` steps from `cell` on an empty board.
    #[inline]
    pub fn within(&self, cell: usize, d: u32) -> M {
        let span = self.layout.diameter + 1;
        if d as usize >= span {
            self.all
        } else {
            self.within[cell * span + d as usize]
        }
    }

    /// Every cell next to a cell of `mask`.
    #[inline(always)]
    pub fn dilate(&self, mut mask: M) -> M {
        let mut out = M::ZERO;
        while !mask.is_zero() {
            out |= self.around[mask.first() & (MAX_CELLS - 1)];
            mask = mask.without_first();
        }
        out
    }
}
