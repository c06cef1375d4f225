//! Warp & Weft's action ids and observation for learning agents.
//!
//! An action is the cell the shuttle lands on (row × n + column, rows from
//! the top), and n² the pie swap; n² + 1 ids, and with `pass=once` a
//! pass as n² + 1 (n² + 2 ids). The observation is 6 planes of n × n: the
//! cell values (as they are now, which `passover` changes), the cells no
//! longer free (taken, or the start cell), Weft's cells, Warp's cells, the
//! shuttle, and a plane of ones when Warp is to move; with `pass=once` two
//! more, of ones while Weft, and Warp, may still pass.

use tabula_core::{Encode, Error, Game};

use super::{Axis, WarpWeft};

type Move = <WarpWeft as Game>::Move;

impl Encode for WarpWeft {
    fn action_space(&self) -> usize {
        self.cells() + 1 + usize::from(self.variants().pass_once)
    }

    fn action_ids(&self, moves: &[Move], out: &mut Vec<usize>) -> Result<(), Error> {
        let cells = self.cells();
        out.extend(moves.iter().map(|m| {
            if m.is_swap() {
                cells
            } else if m.is_pass() {
                cells + 1
            } else {
                m.to as usize
            }
        }));
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![self.planes(), self.size(), self.size()]
    }

    fn observe(&self, out: &mut Vec<f32>) {
        let cells = self.cells();
        let start = out.len();
        out.resize(start + self.planes() * cells, 0.0);
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
        if self.variants().pass_once {
            for (i, axis) in [Axis::Weft, Axis::Warp].into_iter().enumerate() {
                if self.can_pass(axis) {
                    planes[(6 + i) * cells..(7 + i) * cells].fill(1.0);
                }
            }
        }
    }
}

impl WarpWeft {
    /// Planes of the observation: 6, and 2 more with `pass=once`.
    fn planes(&self) -> usize {
        6 + 2 * usize::from(self.variants().pass_once)
    }
}
