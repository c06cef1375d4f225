//! The position, its moves, and playing and taking them back.

use tabula_core::{zobrist, Error, Game, GameInfo, Options, Outcome, Side};

use super::board::generate_grid;
use super::info::INFO;

/// The largest board side Tabula offers (cells fit a `u128` mask).
pub const MAX_SIZE: usize = 9;
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

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
/// the pie rule, Warp's answer to the first move may instead be [`WwMove::SWAP`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WwMove {
    /// The cell the shuttle lands on (or `SWAP_CELL` for the pie swap).
    pub to: u8,
    /// The cell the shuttle left.
    pub from: u8,
}

const SWAP_CELL: u8 = u8::MAX;

impl WwMove {
    /// The pie rule's seat swap (its `from` is unused).
    pub const SWAP: WwMove = WwMove { to: SWAP_CELL, from: SWAP_CELL };

    /// Whether this is the pie rule's seat swap.
    #[inline]
    pub fn is_swap(self) -> bool {
        self.to == SWAP_CELL
    }
}

/// The row (index 0) and column (index 1) through each cell, as masks, for
/// every board size: one table look-up on the hot path instead of shifts.
static LINES: [[[u128; MAX_CELLS]; 2]; MAX_SIZE + 1] = {
    let mut table = [[[0u128; MAX_CELLS]; 2]; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut cell = 0;
        while cell < n * n {
            let (r, c) = (cell / n, cell % n);
            let mut i = 0;
            while i < n {
                table[n][0][cell] |= 1u128 << (r * n + i);
                table[n][1][cell] |= 1u128 << (i * n + c);
                i += 1;
            }
            cell += 1;
        }
        n += 1;
    }
    table
};

// Zobrist keys: cell taken by Weft, cell taken by Warp, cell used by nobody
// (the start), shuttle position, and two flags.
static KEYS_WEFT: [u64; MAX_CELLS] = zobrist::keys(0x5757_0001);
static KEYS_WARP: [u64; MAX_CELLS] = zobrist::keys(0x5757_0002);
static KEYS_START: [u64; MAX_CELLS] = zobrist::keys(0x5757_0003);
static KEYS_SHUTTLE: [u64; MAX_CELLS] = zobrist::keys(0x5757_0004);
static KEYS_FLAGS: [u64; 2] = zobrist::keys(0x5757_0005);
const KEY_WARP_TO_MOVE: usize = 0;
const KEY_SWAPPED: usize = 1;

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
    /// Points taken by each axis, `[Weft, Warp]`, komi excluded.
    pub(super) points: [i16; 2],
    /// Warp's komi in half points (4.5 is 9).
    pub(super) komi2: i16,
    /// The board number, if the grid was generated from one.
    pub(super) board: Option<u64>,
    pub(super) hash: u64,
}

impl WarpWeft {
    /// A position from a grid and a start shuttle cell, every other cell unused.
    pub(super) fn with_grid(n: usize, values: &[i8], komi2: i16, pie: bool, board: Option<u64>) -> WarpWeft {
        let mut grid = [0i8; MAX_CELLS];
        grid[..n * n].copy_from_slice(values);
        let centre = (n / 2) * n + n / 2;
        let mut pos = WarpWeft {
            n: n as u8,
            grid,
            used: 1 << centre,
            taken: [0; 2],
            shuttle: centre as u8,
            axis_to_move: Axis::Weft,
            swapped: false,
            pie,
            points: [0; 2],
            komi2,
            board,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

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
        h
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

    /// The unused cells the side to move may land on (pie swap aside).
    #[inline]
    pub fn targets(&self) -> u128 {
        self.line_mask(self.axis_to_move, self.shuttle as usize) & !self.used
    }

    /// Whether the pie swap is open: the rule is on, Weft has made exactly
    /// the first move and Warp has not answered.
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.pie
            && !self.swapped
            && self.axis_to_move == Axis::Warp
            && self.taken[1] == 0
            && self.taken[0].count_ones() == 1
    }

    /// The game's result once the side to move has nowhere to land.
    fn result(&self) -> Outcome {
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

    /// The options key/values this game type reads, checked.
    pub(super) fn from_options(options: &Options) -> Result<WarpWeft, Error> {
        let info: &GameInfo = &INFO;
        options.validate(info)?;
        let n = options.get_u64(info, "size")? as usize;
        if !matches!(n, 5 | 7 | 9) {
            return Err(Error::BadOption(format!("option 'size' must be 5, 7 or 9, not {n}")));
        }
        let seed = options.get_u64(info, "seed")?;
        let komi = options.get_f64(info, "komi")?;
        let komi2 = parse_komi(komi)?;
        let symmetric = options.get_bool(info, "symmetric")?;
        let pie = options.get_bool(info, "pie")?;
        let grid = generate_grid(seed, n, symmetric);
        Ok(WarpWeft::with_grid(n, &grid, komi2, pie, Some(seed)))
    }
}

/// Komi as half points; only whole and half points in a sensible range are allowed.
pub(super) fn parse_komi(komi: f64) -> Result<i16, Error> {
    let doubled = komi * 2.0;
    if doubled.fract() != 0.0 || !(-200.0..=200.0).contains(&komi) {
        return Err(Error::BadOption(format!("komi must be a whole or half number between -200 and 200, not {komi}")));
    }
    Ok(doubled as i16)
}

impl Game for WarpWeft {
    type Move = WwMove;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(options: &Options) -> Result<Self, Error> {
        WarpWeft::from_options(options)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.seat_of(self.axis_to_move)
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<WwMove>) {
        let mut targets = self.targets();
        if targets == 0 {
            return;
        }
        let from = self.shuttle;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            out.push(WwMove { to, from });
        }
        if self.swap_available() {
            out.push(WwMove::SWAP);
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        let t = self.targets();
        if t == 0 {
            0
        } else {
            t.count_ones() as usize + self.swap_available() as usize
        }
    }

    #[inline]
    fn play(&mut self, mv: WwMove) {
        if mv.is_swap() {
            self.swapped = true;
            self.hash ^= KEYS_FLAGS[KEY_SWAPPED];
            return;
        }
        let axis = self.axis_to_move;
        let to = mv.to as usize;
        let bit = 1u128 << to;
        self.used |= bit;
        self.taken[axis.index()] |= bit;
        self.points[axis.index()] += self.grid[to] as i16;
        self.hash ^= KEYS_SHUTTLE[mv.from as usize]
            ^ KEYS_SHUTTLE[to]
            ^ if axis == Axis::Weft { KEYS_WEFT[to] } else { KEYS_WARP[to] }
            ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
        self.shuttle = mv.to;
        self.axis_to_move = axis.other();
    }

    #[inline]
    fn undo(&mut self, mv: WwMove) {
        if mv.is_swap() {
            self.swapped = false;
            self.hash ^= KEYS_FLAGS[KEY_SWAPPED];
            return;
        }
        let axis = self.axis_to_move.other();
        let to = mv.to as usize;
        let bit = 1u128 << to;
        self.used &= !bit;
        self.taken[axis.index()] &= !bit;
        self.points[axis.index()] -= self.grid[to] as i16;
        self.hash ^= KEYS_SHUTTLE[mv.from as usize]
            ^ KEYS_SHUTTLE[to]
            ^ if axis == Axis::Weft { KEYS_WEFT[to] } else { KEYS_WARP[to] }
            ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
        self.shuttle = mv.from;
        self.axis_to_move = axis;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.targets() == 0 {
            Some(self.result())
        } else {
            None
        }
    }

    fn outcome_reason(&self) -> String {
        if self.targets() != 0 {
            return String::new();
        }
        let stuck = self.axis_to_move;
        let line = if stuck == Axis::Weft { "row" } else { "column" };
        let score = |a: Axis| super::view::format_half_points(self.total2(a));
        let verdict = match self.result() {
            Outcome::Win(seat) => {
                let winner = self.axis_of(seat);
                format!("{} wins {} to {}", winner.name(), score(winner), score(winner.other()))
            }
            Outcome::Draw => format!("a draw at {} all", score(Axis::Weft)),
        };
        format!("{} has no unused cell in its {line}: {verdict}.", stuck.name())
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<WwMove, Error> {
        super::notation::parse_move(self, text)
    }

    fn format_move(&self, mv: WwMove) -> String {
        super::notation::format_move(self, mv)
    }

    fn to_text(&self) -> String {
        super::notation::to_text(self)
    }

    fn from_text(text: &str) -> Result<Self, Error> {
        super::notation::from_text(text)
    }

    fn view(&self) -> serde_json::Value {
        super::view::view(self)
    }

    fn move_view(&self, mv: WwMove) -> serde_json::Value {
        super::view::move_view(self, mv)
    }

    fn drawing(&self) -> String {
        super::view::drawing(self)
    }
}
