//! How a board number becomes a grid. Changing anything here changes every
//! board ever shared, so `tests/warp_weft.rs` pins boards 1 and 42.

use tabula_core::{seeded_rng, uniform_below};

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
