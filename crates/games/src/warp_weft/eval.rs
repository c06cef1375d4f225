//! What the computer believes about a Warp & Weft position: the score so far.

use tabula_core::{Evaluate, Outcome, WIN_SCORE};

use super::rules::{WarpWeft, WwMove};

impl Evaluate for WarpWeft {
    /// The mover's lead in half points, komi included. Future points are
    /// left to the search: the position is cheap to look ahead from.
    #[inline]
    fn evaluate(&self) -> i32 {
        let me = self.axis_to_move();
        self.total2(me) - self.total2(me.other())
    }

    /// Bigger cells first: a cheap guess at the best move.
    #[inline]
    fn order_hint(&self, mv: WwMove) -> i32 {
        if mv.is_swap() {
            0
        } else {
            self.value(mv.to as usize) as i32
        }
    }

    /// A finished game is worth a win plus the margin in half points, so an
    /// exact search also plays for the biggest win (or the smallest loss).
    #[inline]
    fn terminal_score(&self, outcome: Outcome, _ply: u32) -> i32 {
        let margin = self.evaluate();
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win(_) if margin > 0 => WIN_SCORE + margin,
            Outcome::Win(_) => -WIN_SCORE + margin,
        }
    }
}
