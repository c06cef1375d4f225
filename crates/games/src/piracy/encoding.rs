//! Piracy's action ids and observation for learning agents.
//!
//! An action is the turn of the ship to move: `LL`, `L`, `S`, `R`, `RR` are
//! 0–4. The observation is 10 planes of 8 × 8 (rank 1 first, file a first):
//! the island, Cook's stern and bow, Silver's stern and bow, each ship's
//! hits over 7, each ship's circling count over 7 (signed, right turns
//! positive), and a plane of ones when Silver is to move. A sunk ship keeps
//! its squares.

use tabula_core::{Encode, Error, Game, Side};

use super::geometry::SQUARES;
use super::{Piracy, PiracyMove};

impl Encode for Piracy {
    fn action_space(&self) -> usize {
        5
    }

    fn action_ids(&self, moves: &[PiracyMove], out: &mut Vec<usize>) -> Result<(), Error> {
        out.extend(moves.iter().map(|m| (m.turn() + 2) as usize));
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![10, 8, 8]
    }

    fn observe(&self, out: &mut Vec<f32>) {
        let start = out.len();
        out.resize(start + 10 * SQUARES, 0.0);
        let planes = &mut out[start..];
        for (sq, cell) in planes[..SQUARES].iter_mut().enumerate() {
            *cell = (self.land() >> sq & 1) as f32;
        }
        for (seat, ship) in self.ships.iter().enumerate() {
            planes[(1 + 2 * seat) * SQUARES + ship.stern() as usize] = 1.0;
            planes[(2 + 2 * seat) * SQUARES + ship.bow() as usize] = 1.0;
            planes[(5 + seat) * SQUARES..(6 + seat) * SQUARES].fill(ship.hits() as f32 / 7.0);
            planes[(7 + seat) * SQUARES..(8 + seat) * SQUARES].fill(ship.circling() as f32 / 7.0);
        }
        if self.side_to_move() == Side::Second {
            planes[9 * SQUARES..].fill(1.0);
        }
    }
}
