/// One of the two seats at the table. `First` moves first from the start
/// position; each game gives the seats its own names (Weft and Warp, Cook and
/// Silver, …) in its [`crate::GameInfo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The seat that moves first.
    First,
    /// The seat that moves second.
    Second,
}

impl Side {
    /// Both seats, first seat first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other seat.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first seat, 1 for the second: handy for indexing pairs.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with the given index (0 or 1); anything else is the second seat.
    #[inline]
    pub const fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given seat won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The score of `side` in the usual 1 / ½ / 0 scale, as used by match statistics.
    pub fn score_for(self, side: Side) -> f64 {
        match self {
            Outcome::Win(w) if w == side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// The winning seat, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// A pair indexed by seat, `pair[side]`: games keep one value per seat in
/// `[T; 2]` arrays and index them by [`Side`] without converting.
impl<T> std::ops::Index<Side> for [T; 2] {
    type Output = T;

    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self[side as usize]
    }
}

/// A pair indexed by seat, mutably.
impl<T> std::ops::IndexMut<Side> for [T; 2] {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self[side as usize]
    }
}
