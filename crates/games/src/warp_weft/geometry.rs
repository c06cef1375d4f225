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
