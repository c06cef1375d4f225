//! Leeward's action ids and observation for learning agents.
//!
//! An action is `(from × 49 + to) × 4 + wind`: the square left, the square
//! reached and the wind left for the rival (N, E, S, W = 0–3); 9,604 ids.
//! The observation is 14 planes of 7 × 7 (rank 1 first, file a first):
//! eight piece planes (Ink's Lamp, Sail, Kite, Oar, then Paper's), four
//! planes for the wind (one is all ones), one plane of ones when Paper is to
//! move, and one filled with the calm count over its limit.

use tabula_core::{Encode, Error, Game, Side};

use super::geometry::{Wind, SIZE, SQUARES};
use super::{Leeward, LeewardMove, CALM_LIMIT};

impl Encode for Leeward {
    fn action_space(&self) -> usize {
        SQUARES * SQUARES * 4
    }

    fn action_ids(&self, moves: &[LeewardMove], out: &mut Vec<usize>) -> Result<(), Error> {
        out.extend(moves.iter().map(|m| (m.from() * SQUARES + m.to()) * 4 + m.wind() as usize));
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![14, SIZE, SIZE]
    }

    fn observe(&self, out: &mut Vec<f32>) {
        let start = out.len();
        out.resize(start + 14 * SQUARES, 0.0);
        let planes = &mut out[start..];
        for sq in 0..SQUARES {
            if let Some((side, kind)) = self.piece_at(sq) {
                planes[(side.index() * 4 + kind as usize) * SQUARES + sq] = 1.0;
            }
        }
        let fill =
            |planes: &mut [f32], plane: usize, value: f32| planes[plane * SQUARES..(plane + 1) * SQUARES].fill(value);
        let wind: Wind = self.wind();
        fill(planes, 8 + wind as usize, 1.0);
        if self.side_to_move() == Side::Second {
            fill(planes, 12, 1.0);
        }
        fill(planes, 13, self.calm() as f32 / CALM_LIMIT as f32);
    }
}
