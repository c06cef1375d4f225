//! The grid: its size, cells and lines, and how cells are named.
//!
//! A cell is a row-major index (`row * n + column`). It is written as its
//! column letter (a, b, … from the left) and row number (1, 2, … from the
//! top), e.g. `d4`; `r,c` with 0-based numbers is read too. A set of cells is
//! a `u128` mask, which holds the largest board.

use tabula_core::Error;

/// The largest board side Tabula offers (cells fit a `u128` mask).
pub const MAX_SIZE: usize = 9;
/// The most cells a board can have.
pub(super) const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The row (index 0) and column (index 1) through each cell, as masks, for
/// every board size: one table look-up on the hot path instead of shifts.
pub(super) static LINES: [[[u128; MAX_CELLS]; 2]; MAX_SIZE + 1] = {
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

/// The four ways a slide can go along a line: along the row to the right
/// and to the left (Weft's), down and up the column (Warp's).
pub(super) const RIGHT: usize = 0;
pub(super) const LEFT: usize = 1;
pub(super) const DOWN: usize = 2;
pub(super) const UP: usize = 3;

/// For every board size, way and cell, the cells beyond the cell that way
/// to the edge of the board (the cell itself excluded), as masks.
pub(super) static RAYS: [[[u128; MAX_CELLS]; 4]; MAX_SIZE + 1] = {
    let mut table = [[[0u128; MAX_CELLS]; 4]; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut cell = 0;
        while cell < n * n {
            let (r, c) = (cell / n, cell % n);
            let mut i = 0;
            while i < n {
                if i > c {
                    table[n][RIGHT][cell] |= 1u128 << (r * n + i);
                }
                if i < c {
                    table[n][LEFT][cell] |= 1u128 << (r * n + i);
                }
                if i > r {
                    table[n][DOWN][cell] |= 1u128 << (i * n + c);
                }
                if i < r {
                    table[n][UP][cell] |= 1u128 << (i * n + c);
                }
                i += 1;
            }
            cell += 1;
        }
        n += 1;
    }
    table
};

/// The cells of `ray` (cells beyond a start, one way) before the first of
/// `used` on it: all of it when nothing is in the way. Rays that go to
/// higher cell numbers (`RIGHT`, `DOWN`) stop below their lowest used cell,
/// the others above their highest.
#[inline]
pub(super) fn before_first_used(ray: u128, used: u128, increasing: bool) -> u128 {
    let blockers = ray & used;
    if blockers == 0 {
        ray
    } else if increasing {
        ray & ((blockers & blockers.wrapping_neg()) - 1)
    } else {
        ray & !(u128::MAX >> blockers.leading_zeros())
    }
}

/// The cells strictly between two cells of one line (empty for neighbours).
#[inline]
pub(super) fn between(n: usize, from: usize, to: usize) -> u128 {
    let rays = &RAYS[n];
    let (there, back) = match (from / n == to / n, to > from) {
        (true, true) => (RIGHT, LEFT),
        (true, false) => (LEFT, RIGHT),
        (false, true) => (DOWN, UP),
        (false, false) => (UP, DOWN),
    };
    rays[there][from] & rays[back][to]
}

/// The name of a cell, e.g. `d4`.
pub fn cell_name(n: usize, cell: usize) -> String {
    let (r, c) = (cell / n, cell % n);
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// Reads a cell name (`d4`) or a `r,c` pair into a cell index, checking the board's bounds.
pub fn parse_cell(n: usize, text: &str) -> Result<usize, Error> {
    let text = text.trim();
    let bad = || {
        Error::BadMove(format!(
            "'{text}' is not a cell: write a column letter and a row number such as 'c4', or 'row,col' counted from 0"
        ))
    };
    let (r, c) = if let Some((r, c)) = text.split_once(',') {
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let c: usize = c.trim().parse().map_err(|_| bad())?;
        (r, c)
    } else {
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        (row - 1, (letter as u8 - b'a') as usize)
    };
    if r >= n || c >= n {
        return Err(Error::BadMove(format!("'{text}' is off the {n}×{n} board")));
    }
    Ok(r * n + c)
}

/// The cells of a mask, in order.
pub fn mask_cells(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(c)
        }
    })
}
