//! The position and its moves: the grid's cells, who took which, the
//! shuttle, the scores, and the questions move generation and the
//! engines ask of them. Playing and taking back moves is in `game.rs`.

use tabula_core::{zobrist, Outcome, Side};

use super::geometry::{before_first_used, DOWN, LEFT, LINES, MAX_CELLS, RAYS, RIGHT, UP};

/// The two directions of play. Weft pushes the shuttle along its row and
/// moves first; Warp pushes it along its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Moves along the shuttle's row (red).
    Weft,
    /// Moves along the shuttle's column (blue).
    Warp,
}

impl Axis {
    /// 0 for Weft, 1 for Warp.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other axis.
    #[inline]
    pub fn other(self) -> Axis {
        match self {
            Axis::Weft => Axis::Warp,
            Axis::Warp => Axis::Weft,
        }
    }

    /// The axis's name as shown to people.
    pub fn name(self) -> &'static str {
        match self {
            Axis::Weft => "Weft",
            Axis::Warp => "Warp",
        }
    }
}

/// One move: the shuttle slides from `from` to the unused cell `to` (cell
/// indices, row-major). `from` is kept so the move can be taken back. With
/// the pie rule, Warp's answer to the first move may instead be
/// [`WarpWeftMove::SWAP`]; with `pass=once`, a move may be a pass
/// ([`WarpWeftMove::pass`], the shuttle staying on `from`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WarpWeftMove {
    /// The cell the shuttle lands on (or `SWAP_CELL` for the pie swap).
    pub to: u8,
    /// The cell the shuttle left.
    pub from: u8,
}

const SWAP_CELL: u8 = u8::MAX;
/// The `to` of a pass: no cell.
pub(super) const PASS_CELL: u8 = u8::MAX - 1;

impl WarpWeftMove {
    /// The pie rule's seat swap (its `from` is unused).
    pub const SWAP: WarpWeftMove = WarpWeftMove { to: SWAP_CELL, from: SWAP_CELL };

    /// A pass with the shuttle on `from` (the `pass=once` variant).
    #[inline]
    pub fn pass(from: u8) -> WarpWeftMove {
        WarpWeftMove { to: PASS_CELL, from }
    }

    /// Whether this is the pie rule's seat swap.
    #[inline]
    pub fn is_swap(self) -> bool {
        self.to == SWAP_CELL
    }

    /// Whether this is a pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.to == PASS_CELL
    }

    /// Whether the shuttle lands on a cell (neither a swap nor a pass).
    #[inline]
    pub fn is_landing(self) -> bool {
        self.to < PASS_CELL
    }
}

/// The variant rules a game is played with, all off by default: the design
/// note's ideas that change what a move is (options `pass`, `passover` and
/// `blocking`). Any combination is a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Variants {
    /// `pass=once`: each player may pass once a game, on any turn; the game
    /// ends when the mover has no unused cell on their line and no pass left.
    pub pass_once: bool,
    /// `passover=D`: every unused cell strictly between a slide's start and
    /// its landing cell changes by D (0: off). The landing cell scores its
    /// value at that moment.
    pub passover: i8,
    /// `blocking=true`: a slide may not cross a used cell.
    pub blocking: bool,
}

impl Variants {
    /// The most a passover may change a cell by, either way.
    pub const MAX_PASSOVER: i8 = 3;

    /// Whether every variant is off (the game as the note plays it).
    pub fn is_plain(self) -> bool {
        self == Variants::default()
    }
}

// Zobrist keys: cell taken by Weft, cell taken by Warp, cell used by nobody
// (the start), shuttle position, and two flags.
pub(super) static KEYS_WEFT: [u64; MAX_CELLS] = zobrist::keys(0x5757_0001);
pub(super) static KEYS_WARP: [u64; MAX_CELLS] = zobrist::keys(0x5757_0002);
pub(super) static KEYS_START: [u64; MAX_CELLS] = zobrist::keys(0x5757_0003);
pub(super) static KEYS_SHUTTLE: [u64; MAX_CELLS] = zobrist::keys(0x5757_0004);
pub(super) static KEYS_FLAGS: [u64; 2] = zobrist::keys(0x5757_0005);
pub(super) const KEY_WARP_TO_MOVE: usize = 0;
pub(super) const KEY_SWAPPED: usize = 1;
/// An axis has used its pass (by axis).
pub(super) static KEYS_PASSED: [u64; 2] = zobrist::keys(0x5757_0006);

/// The key of an unused cell holding `value`, for games whose values change
/// (`passover`): such a position's hash covers its unused cells' values.
#[inline]
pub(super) fn value_key(cell: usize, value: i8) -> u64 {
    zobrist::splitmix64(0x5757_0007_0000 ^ ((cell as u64) << 8) ^ value as u8 as u64)
}

/// A Warp & Weft position: the grid, which cells are used and by whom, the
/// shuttle, whose turn it is and the score. Fixed-size and `Copy`-cheap to
/// clone, so search never allocates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpWeft {
    pub(super) n: u8,
    pub(super) grid: [i8; MAX_CELLS],
    /// Cells that can no longer be landed on (taken, or the start cell).
    pub(super) used: u128,
    /// Cells taken, by axis: `[Weft's, Warp's]`.
    pub(super) taken: [u128; 2],
    pub(super) shuttle: u8,
    /// Whose turn it is, by axis.
    pub(super) axis_to_move: Axis,
    /// Whether Warp used the pie rule to take Weft's seat.
    pub(super) swapped: bool,
    pub(super) pie: bool,
    /// The variant rules (pass, passover, blocking).
    pub(super) variants: Variants,
    /// Whether each axis has used its pass, `[Weft, Warp]` (`pass=once`).
    pub(super) passed: [bool; 2],
    /// Points taken by each axis, `[Weft, Warp]`, komi excluded.
    pub(super) points: [i16; 2],
    /// Warp's komi in half points (4.5 is 9).
    pub(super) komi2: i16,
    /// The board number, if the grid was generated from one.
    pub(super) board: Option<u64>,
    pub(super) hash: u64,
}

impl WarpWeft {
    /// The hash computed from scratch (play and undo keep it up to date incrementally).
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = KEYS_SHUTTLE[self.shuttle as usize];
        for cell in 0..self.cells() {
            let bit = 1u128 << cell;
            if self.taken[0] & bit != 0 {
                h ^= KEYS_WEFT[cell];
            } else if self.taken[1] & bit != 0 {
                h ^= KEYS_WARP[cell];
            } else if self.used & bit != 0 {
                h ^= KEYS_START[cell];
            }
        }
        if self.axis_to_move == Axis::Warp {
            h ^= KEYS_FLAGS[KEY_WARP_TO_MOVE];
        }
        if self.swapped {
            h ^= KEYS_FLAGS[KEY_SWAPPED];
        }
        for axis in [Axis::Weft, Axis::Warp] {
            if self.passed[axis.index()] {
                h ^= KEYS_PASSED[axis.index()];
            }
        }
        if self.variants.passover != 0 {
            for cell in (0..self.cells()).filter(|&c| !self.is_used(c)) {
                h ^= value_key(cell, self.grid[cell]);
            }
        }
        h
    }

    /// The variant rules this game is played with.
    pub fn variants(&self) -> Variants {
        self.variants
    }

    /// Whether an axis may still pass (`pass=once`, not yet used).
    #[inline]
    pub fn can_pass(&self, axis: Axis) -> bool {
        self.variants.pass_once && !self.passed[axis.index()]
    }

    /// Whether an axis has used its pass.
    pub fn has_passed(&self, axis: Axis) -> bool {
        self.passed[axis.index()]
    }

    /// Width and height of the grid.
    pub fn size(&self) -> usize {
        self.n as usize
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        (self.n as usize) * (self.n as usize)
    }

    /// The value of a cell (row-major index).
    #[inline]
    pub fn value(&self, cell: usize) -> i8 {
        self.grid[cell]
    }

    /// The shuttle's cell.
    pub fn shuttle(&self) -> usize {
        self.shuttle as usize
    }

    /// Whose turn it is, by axis.
    pub fn axis_to_move(&self) -> Axis {
        self.axis_to_move
    }

    /// The seat playing the given axis (the pie swap exchanges them).
    pub fn seat_of(&self, axis: Axis) -> Side {
        let weft_seat = if self.swapped { Side::Second } else { Side::First };
        if axis == Axis::Weft {
            weft_seat
        } else {
            weft_seat.opponent()
        }
    }

    /// The axis a seat plays.
    pub fn axis_of(&self, side: Side) -> Axis {
        if self.seat_of(Axis::Weft) == side {
            Axis::Weft
        } else {
            Axis::Warp
        }
    }

    /// Points taken by an axis, komi excluded.
    pub fn points(&self, axis: Axis) -> i32 {
        self.points[axis.index()] as i32
    }

    /// An axis's total in half points, komi included (Warp holds the komi).
    #[inline]
    pub fn total2(&self, axis: Axis) -> i32 {
        let p = 2 * self.points[axis.index()] as i32;
        if axis == Axis::Warp {
            p + self.komi2 as i32
        } else {
            p
        }
    }

    /// The komi in half points.
    pub fn komi2(&self) -> i32 {
        self.komi2 as i32
    }

    /// The board number, when the grid came from one.
    pub fn board(&self) -> Option<u64> {
        self.board
    }

    /// Which axis took a cell, if any.
    pub fn taker(&self, cell: usize) -> Option<Axis> {
        let bit = 1u128 << cell;
        if self.taken[0] & bit != 0 {
            Some(Axis::Weft)
        } else if self.taken[1] & bit != 0 {
            Some(Axis::Warp)
        } else {
            None
        }
    }

    /// Whether a cell can no longer be landed on.
    #[inline]
    pub fn is_used(&self, cell: usize) -> bool {
        self.used & (1u128 << cell) != 0
    }

    /// The cells of the line through `cell` along which `axis` moves.
    #[inline]
    pub fn line_mask(&self, axis: Axis, cell: usize) -> u128 {
        LINES[self.n as usize][axis.index()][cell]
    }

    /// The unused cells the side to move may land on (pie swap and pass
    /// aside): every unused cell of its line, or with `blocking` only those
    /// before the first used cell each way from the shuttle.
    #[inline]
    pub fn targets(&self) -> u128 {
        let shuttle = self.shuttle as usize;
        if self.variants.blocking {
            self.reach(self.axis_to_move, shuttle)
        } else {
            self.line_mask(self.axis_to_move, shuttle) & !self.used
        }
    }

    /// With `blocking`: the unused cells `axis` could slide to from `cell`
    /// without crossing a used one.
    #[inline]
    pub(super) fn reach(&self, axis: Axis, cell: usize) -> u128 {
        let rays = &RAYS[self.n as usize];
        // The way to higher cell numbers, then the way back.
        let (onward, back) = if axis == Axis::Weft { (RIGHT, LEFT) } else { (DOWN, UP) };
        before_first_used(rays[onward][cell], self.used, true) | before_first_used(rays[back][cell], self.used, false)
    }

    /// Whether the mover may pass now.
    #[inline]
    pub fn pass_available(&self) -> bool {
        self.can_pass(self.axis_to_move)
    }

    /// Moves made so far by an axis: its cells and its pass.
    #[inline]
    pub(super) fn moves_made(&self, axis: Axis) -> u32 {
        self.taken[axis.index()].count_ones() + self.passed[axis.index()] as u32
    }

    /// Whether the pie swap is open: the rule is on, Weft has made exactly
    /// the first move (a landing or, with `pass=once`, a pass) and Warp has
    /// not answered.
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.pie
            && !self.swapped
            && self.axis_to_move == Axis::Warp
            && self.moves_made(Axis::Warp) == 0
            && self.moves_made(Axis::Weft) == 1
    }

    /// Whether the game is over: the mover has no unused cell to land on
    /// and no pass left.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.targets() == 0 && !self.pass_available()
    }

    /// The game's result once the side to move has nowhere to land.
    pub(super) fn result(&self) -> Outcome {
        let weft = self.total2(Axis::Weft);
        let warp = self.total2(Axis::Warp);
        if weft > warp {
            Outcome::Win(self.seat_of(Axis::Weft))
        } else if warp > weft {
            Outcome::Win(self.seat_of(Axis::Warp))
        } else {
            Outcome::Draw
        }
    }
}
