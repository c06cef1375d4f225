//! The sea: squares, the eight headings, the harbours and the island.
//!
//! A square is a number from 0 to 63: `8 × (rank − 1) + file`, so a1 is 0,
//! h1 is 7 and h8 is 63. Files `a`–`h` run west to east and ranks `1`–`8`
//! south to north. Everything the move generator needs is a table look-up.

use tabula_core::Error;

/// The number of squares on the board.
pub const SQUARES: usize = 64;

/// The eight headings, clockwise from north. A right turn adds one
/// (45°), a left turn subtracts one, both modulo 8.
pub const HEADINGS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// File steps of the headings, east positive.
pub const DX: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
/// Rank steps of the headings, north positive.
pub const DY: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// The four corner squares, where a ship may turn 90°.
pub const HARBOURS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// The nine squares the island's south-west corner may stand on, so that
/// two free files and ranks remain between the island and every edge:
/// c3, d3, e3, c4, d4, e4, c5, d5, e5 (in this order, which the seed uses).
pub const ISLAND_CORNERS: [u8; 9] = [18, 19, 20, 26, 27, 28, 34, 35, 36];

/// The file (0 = a) of a square.
#[inline]
pub const fn file(square: u8) -> i8 {
    (square % 8) as i8
}

/// The rank (0 = rank 1) of a square.
#[inline]
pub const fn rank(square: u8) -> i8 {
    (square / 8) as i8
}

/// The square one step from `square` in `heading`, if it is on the board.
#[inline]
pub const fn step(square: u8, heading: u8) -> Option<u8> {
    let (x, y) = (file(square) + DX[heading as usize], rank(square) + DY[heading as usize]);
    if x < 0 || x > 7 || y < 0 || y > 7 {
        None
    } else {
        Some((y * 8 + x) as u8)
    }
}

/// `TARGET[square][heading]`: the bit of the square one step away, or 0 when
/// that step leaves the board.
pub static TARGET: [[u64; 8]; SQUARES] = {
    let mut table = [[0u64; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut h = 0;
        while h < 8 {
            if let Some(to) = step(sq as u8, h as u8) {
                table[sq][h] = 1 << to;
            }
            h += 1;
        }
        sq += 1;
    }
    table
};

/// `NEAR[square]`: the squares that touch `square` along an edge or a corner.
pub static NEAR: [u64; SQUARES] = {
    let mut table = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut h = 0;
        while h < 8 {
            if let Some(to) = step(sq as u8, h as u8) {
                table[sq] |= 1 << to;
            }
            h += 1;
        }
        sq += 1;
    }
    table
};

/// The four squares of the island whose south-west square is `corner`.
#[inline]
pub const fn island_mask(corner: u8) -> u64 {
    (1u64 << corner) | (1u64 << (corner + 1)) | (1u64 << (corner + 8)) | (1u64 << (corner + 9))
}

/// The heading from `from` to a neighbouring square `to`, if they touch.
pub fn heading_between(from: u8, to: u8) -> Option<u8> {
    (0..8u8).find(|&h| step(from, h) == Some(to))
}

/// A heading's index from its name (`N`, `ne`, …).
pub fn parse_heading(text: &str) -> Option<u8> {
    HEADINGS.iter().position(|h| h.eq_ignore_ascii_case(text.trim())).map(|h| h as u8)
}

/// The name of a square, e.g. `d4`.
pub fn square_name(square: u8) -> String {
    format!("{}{}", (b'a' + square % 8) as char, square / 8 + 1)
}

/// Reads a square name such as `d4` (case-insensitive).
pub fn parse_square(text: &str) -> Result<u8, Error> {
    let t = text.trim().to_ascii_lowercase();
    let bytes = t.as_bytes();
    if bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && (b'1'..=b'8').contains(&bytes[1]) {
        Ok((bytes[1] - b'1') * 8 + (bytes[0] - b'a'))
    } else {
        Err(Error::BadPosition(format!(
            "'{}' is not a square: write a file a–h and a rank 1–8, such as d4",
            text.trim()
        )))
    }
}

/// Where a step from `square` in `heading` lands as (file, rank), which may
/// lie just off the board (−1 or 8): the screen draws such a target in the margin.
pub fn step_xy(square: u8, heading: u8) -> (i8, i8) {
    (file(square) + DX[heading as usize], rank(square) + DY[heading as usize])
}
