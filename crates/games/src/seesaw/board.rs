//! The hexhex board of any base: cell names, the six neighbours of every
//! cell, the up and down steps, and the bitmask tables move generation reads.
//!
//! Cells are flat-topped hexagons standing in vertical columns. A cell is
//! written as its column letter (`a` at the left, as South sees the board)
//! and its row counted from the bottom of that column (`d1` is South's
//! corner on base 4, `d7` North's). Inside Tabula a cell is a number:
//! column by column from the left, each column from the bottom up, so that
//! a set of cells is one bitmask (`u64` up to base 5, `u128` for bases 6 and 7).
//!
//! Coordinates are axial: `q` is the column's offset from the middle
//! column, `r` the second axial coordinate, so that the cell's height is
//! `2r + q` half-cells. Up is `(q, r+1)`, up-left `(q-1, r+1)` and up-right
//! `(q+1, r)`; down is the reverse of each.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::sync::OnceLock;

/// The smallest board offered.
pub const MIN_BASE: usize = 3;
/// The largest board offered: base 7 has 127 cells, the most a `u128` holds
/// (base 8 would need 169).
pub const MAX_BASE: usize = 7;
/// Room for the cells of the largest board.
pub const MAX_CELLS: usize = 128;

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
        let (mut q, mut r, mut column, mut row, mut names) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
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
    pub fn base_from_corners(tile_of: impl Fn(&str) -> Option<usize>) -> Option<usize> {
        (MIN_BASE..=MAX_BASE).rev().find(|&base| {
            let middle = (b'a' + (base - 1) as u8) as char;
            tile_of(&format!("{middle}1")) == Some(0) && tile_of(&format!("{middle}{}", 2 * base - 1)) == Some(1)
        })
    }
}

static LAYOUTS: [OnceLock<Layout>; MAX_BASE + 1] = [const { OnceLock::new() }; MAX_BASE + 1];

/// The layout of a board of `base` (from [`MIN_BASE`] to [`MAX_BASE`]), built once.
pub fn layout(base: usize) -> &'static Layout {
    assert!((MIN_BASE..=MAX_BASE).contains(&base), "base {base} is not offered");
    LAYOUTS[base].get_or_init(|| Layout::build(base))
}

/// A set of cells as the bits of an unsigned integer.
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
    /// The set as a `u128`.
    fn wide(self) -> u128;
    /// A set from a `u128` (cells beyond the type's width are dropped).
    fn from_wide(bits: u128) -> Self;
    /// The tables of a board of `base` for this mask type, built once.
    fn tables(base: usize) -> &'static Tables<Self>;
}

macro_rules! mask_impl {
    ($t:ty, $cache:ident) => {
        static $cache: [OnceLock<Tables<$t>>; MAX_BASE + 1] = [const { OnceLock::new() }; MAX_BASE + 1];

        impl Mask for $t {
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
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_wide(bits: u128) -> Self {
                bits as $t
            }
            fn tables(base: usize) -> &'static Tables<Self> {
                $cache[base].get_or_init(|| Tables::build(layout(base)))
            }
        }
    };
}

mask_impl!(u64, NARROW_TABLES);
mask_impl!(u128, WIDE_TABLES);

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
    /// The up, up-left and up-right neighbours: South's forward steps.
    pub up: [M; MAX_CELLS],
    /// The down, down-left and down-right neighbours: North's forward steps.
    pub down: [M; MAX_CELLS],
    /// `within[cell * (diameter + 1) + d]`: the cells at most `d` steps away on an empty board.
    within: Vec<M>,
}

impl<M: Mask> Tables<M> {
    fn build(layout: &'static Layout) -> Tables<M> {
        let mut all = M::ZERO;
        let mut around = [M::ZERO; MAX_CELLS];
        let mut up = [M::ZERO; MAX_CELLS];
        let mut down = [M::ZERO; MAX_CELLS];
        for cell in 0..layout.cells {
            all |= M::bit(cell);
            for (d, next) in layout.neighbours[cell].iter().enumerate() {
                if let Some(next) = *next {
                    let bit = M::bit(next);
                    around[cell] |= bit;
                    // Directions 0, 1 and 5 climb; 2, 3 and 4 descend.
                    if matches!(d, 0 | 1 | 5) {
                        up[cell] |= bit;
                    } else {
                        down[cell] |= bit;
                    }
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
        Tables { layout, all, around, up, down, within }
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
