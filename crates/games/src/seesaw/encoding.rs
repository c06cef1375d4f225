//! Seesaw's action ids and observation for learning agents.
//!
//! With C cells (C = 3·base·(base−1) + 1) and S = 4 × base slots:
//! a deploy on cell c is id c; the forced pass is C; a step or capture turn
//! from cell f ending on cell t is C + 1 + (f × C + t) × S + k, where k ranks
//! the turns between those two cells by the cells they capture (a step,
//! capturing nothing, first; then capture sets compared as lists of cells,
//! lowest first). Turns that share both cells are rare (at most 6 between
//! the same two cells in millions of random positions on base 4, 23 on
//! base 8); a position with more than S of them has no action ids and says
//! so. The observation is 5 planes over the cells (in the order of the
//! board's cell numbers, see `Layout`): South's stack sizes, North's stack
//! sizes, South's tiles, North's tiles, and a plane of ones when North is to
//! move.

use tabula_core::{Encode, Error};

use super::{Seesaw, SeesawMove, TurnKind, NORTH, SOUTH};

impl Seesaw {
    fn slots(&self) -> usize {
        4 * self.base()
    }
}

impl Encode for Seesaw {
    fn action_space(&self) -> usize {
        let cells = self.layout().cells;
        cells + 1 + cells * cells * self.slots()
    }

    fn action_ids(&self, moves: &[SeesawMove], out: &mut Vec<usize>) -> Result<(), Error> {
        let cells = self.layout().cells;
        let slots = self.slots();
        let pair = |m: &SeesawMove| m.from() * cells + m.to();
        let mut shared = false;
        for m in moves {
            out.push(match m.kind() {
                TurnKind::Deploy => m.from(),
                TurnKind::Pass => cells,
                TurnKind::Step | TurnKind::Capture => {
                    shared |= matches!(m.kind(), TurnKind::Capture);
                    cells + 1 + pair(m) * slots
                }
            });
        }
        if !shared {
            return Ok(());
        }
        // Turns between the same two cells: rank them by what they capture.
        let mut order: Vec<usize> = (0..moves.len()).filter(|&i| out[i] > cells).collect();
        let captured = |i: usize| -> Vec<usize> { moves[i].captured_cells().collect() };
        order.sort_by(|&a, &b| out[a].cmp(&out[b]).then_with(|| captured(a).cmp(&captured(b))));
        let mut k = 0;
        let mut previous = usize::MAX;
        for &i in &order {
            let base = out[i];
            k = if base == previous { k + 1 } else { 0 };
            previous = base;
            if k >= slots {
                return Err(Error::BadMove(format!(
                    "this position has more than {slots} turns between the same two cells, more than Seesaw's action ids can tell apart"
                )));
            }
            out[i] = base + k;
        }
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![5, self.layout().cells]
    }

    fn observe(&self, out: &mut Vec<f32>) {
        let cells = self.layout().cells;
        let start = out.len();
        out.resize(start + 5 * cells, 0.0);
        let planes = &mut out[start..];
        for cell in 0..cells {
            if let Some(stack) = self.stack(cell) {
                let plane = if stack.owner == SOUTH { 0 } else { 1 };
                planes[plane * cells + cell] = stack.size as f32;
            }
            if let Some(owner) = self.tile(cell) {
                let plane = if owner == SOUTH { 2 } else { 3 };
                planes[plane * cells + cell] = 1.0;
            }
        }
        if self.mover() == NORTH {
            planes[4 * cells..].fill(1.0);
        }
    }
}
