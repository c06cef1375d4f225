//! Warp & Weft's action ids and observation for learning agents.
//!
//! An action is the cell the shuttle lands on (row × n + column, rows from
//! the top), and n² the pie swap; n² + 1 ids. The observation is 6 planes
//! of n × n: the cell values, the cells no longer free (taken, or the start
//! cell), Weft's cells, Warp's cells, the shuttle, and a plane of ones when
//! Warp is to move.

use tabula_core::{Encode, Error, Game};

use super::{Axis, WarpWeft};

type Move = <WarpWeft as Game>::Move;

impl Encode for WarpWeft {
    fn action_space(&self) -> usize {
        self.cells() + 1
    }

    fn action_ids(&self, moves: &[Move], out: &mut Vec<usize>) -> Result<(), Error> {
        out.extend(moves.iter().map(|m| if m.is_swap() { self.cells() } else { m.to as usize }));
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![6, self.size(), self.size()]
    }

    fn observe(&self, out: &mut Vec<f32>) {
        let cells = self.cells();
        let start = out.len();
        out.resize(start + 6 * cells, 0.0);
        let planes = &mut out[start..];
        for cell in 0..cells {
            planes[cell] = self.value(cell) as f32;
            planes[cells + cell] = f32::from(u8::from(self.is_used(cell)));
            match self.taker(cell) {
                Some(Axis::Weft) => planes[2 * cells + cell] = 1.0,
                Some(Axis::Warp) => planes[3 * cells + cell] = 1.0,
                None => {}
            }
        }
        planes[4 * cells + self.shuttle()] = 1.0;
        if self.axis_to_move() == Axis::Warp {
            planes[5 * cells..6 * cells].fill(1.0);
        }
    }
}
