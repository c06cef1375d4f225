//! Start positions: how a board number becomes a grid, and the position
//! the game's options ask for. Changing the grid rule changes every board
//! ever shared, so `tests/warp_weft.rs` pins boards 1 and 42.

use tabula_core::{seeded_rng, uniform_below, Error, GameInfo, Options};

use super::geometry::MAX_CELLS;
use super::info::INFO;
use super::rules::{Axis, Variants, WarpWeft};

/// The grid of board `seed` for an `n` × `n` game (n odd), row-major.
///
/// Each cell on or above the diagonal (other than the centre, which is worth
/// nothing) is drawn in row-major order: with probability 15 % a value in
/// −5..=−1, otherwise one in 1..=9. A symmetric board mirrors it below the
/// diagonal; an asymmetric one draws every cell instead.
pub fn generate_grid(seed: u64, n: usize, symmetric: bool) -> Vec<i8> {
    let mut rng = seeded_rng(seed);
    let mut draw = || -> i8 {
        if uniform_below(&mut rng, 100) < 15 {
            -(1 + uniform_below(&mut rng, 5) as i8)
        } else {
            1 + uniform_below(&mut rng, 9) as i8
        }
    };
    let centre = n / 2;
    let mut grid = vec![0i8; n * n];
    for r in 0..n {
        for c in 0..n {
            if r == centre && c == centre {
                continue;
            }
            if symmetric {
                if r <= c {
                    let v = draw();
                    grid[r * n + c] = v;
                    grid[c * n + r] = v;
                }
            } else {
                grid[r * n + c] = draw();
            }
        }
    }
    grid
}

impl WarpWeft {
    /// A position from a grid and a start shuttle cell, every other cell unused.
    pub(super) fn with_grid(
        n: usize,
        values: &[i8],
        komi2: i16,
        pie: bool,
        variants: Variants,
        board: Option<u64>,
    ) -> WarpWeft {
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
            variants,
            passed: [false; 2],
            points: [0; 2],
            komi2,
            board,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The start position the options ask for (checked against the catalog).
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
        let variants = Variants {
            pass_once: options.get("pass").unwrap_or("off") == "once",
            passover: parse_passover(options.get("passover").unwrap_or("0"))?,
            blocking: options.get_bool(info, "blocking")?,
        };
        let grid = generate_grid(seed, n, symmetric);
        Ok(WarpWeft::with_grid(n, &grid, komi2, pie, variants, Some(seed)))
    }
}

/// `passover`: a whole number from −3 to 3.
pub(super) fn parse_passover(text: &str) -> Result<i8, Error> {
    let max = Variants::MAX_PASSOVER;
    text.trim().parse::<i8>().ok().filter(|d| (-max..=max).contains(d)).ok_or_else(|| {
        Error::BadOption(format!("passover must be a whole number from -{max} to {max} (0 is off), not '{text}'"))
    })
}

/// Komi as half points; only whole and half points in a sensible range are allowed.
pub(super) fn parse_komi(komi: f64) -> Result<i16, Error> {
    let doubled = komi * 2.0;
    if doubled.fract() != 0.0 || !(-200.0..=200.0).contains(&komi) {
        return Err(Error::BadOption(format!("komi must be a whole or half number between -200 and 200, not {komi}")));
    }
    Ok(doubled as i16)
}
