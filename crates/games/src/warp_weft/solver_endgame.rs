//! The exact solver's search deep in the game, where positions skip the
//! table (see `Solver::tableless_from`): the same fail-soft alpha–beta as
//! [`Solver::search`], without the table and with a leaner move list.
//!
//! Most of a solve's positions are here (three in four from the opening),
//! each with a small subtree, so what a position costs to set up is what
//! the search spends its time on: a move and its ordering key share one
//! word, the list is sorted in place in the search's own frame, and the
//! opponent's best reply is left out of the order (a scan of the replies
//! costs more there than the better order saves).

use super::solver::Solver;
use super::solver_search::{choices_term, Spot, ORDER_POINT, PASS_MOVE};

/// What lifts every ordering key above zero, so that a key and its move
/// pack into one unsigned word and the word `0` can stand for a pass.
const KEY_BIAS: i32 = 1 << 20;

/// A position's moves, best first, each one word: the ordering key (plus
/// [`KEY_BIAS`]) above 63 minus the cell, so that of two equal keys the
/// lower cell comes first; a pass is `0` and comes last. At most six
/// landings on a 7 × 7 line and a pass.
pub(super) struct QuickMoves {
    words: [u32; 8],
    count: usize,
    /// The cells whose landing leaves the opponent no move: the game ends there.
    pub ends: u64,
}

impl QuickMoves {
    /// The moves in order (cells, or [`PASS_MOVE`]).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.words[..self.count].iter().map(|&w| if w == 0 { PASS_MOVE } else { 63 - (w & 0xFF) as u8 })
    }
}

impl Solver {
    /// The moves of a position, ordered by their cell's value and — more
    /// than a point each — by how few choices they leave the opponent
    /// (a move that ends the game first of all); a pass last.
    #[inline(always)]
    pub(super) fn quick_moves<const R: u8>(&self, used: u64, spot: Spot, targets: u64) -> QuickMoves {
        let mut list = QuickMoves { words: [0; 8], count: 0, ends: 0 };
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let after = spot.landed(t);
            let choices = self.targets::<R>(used | 1 << t, after).count_ones() as i32;
            let ends = choices == 0 && !Self::may_pass::<R>(after);
            list.ends |= u64::from(ends) << t;
            let key = self.values[t] * ORDER_POINT + choices_term(choices, ends);
            let word = ((key + KEY_BIAS) as u32) << 8 | (63 - t as u32);
            let mut j = list.count;
            while j > 0 && list.words[j - 1] < word {
                list.words[j] = list.words[j - 1];
                j -= 1;
            }
            list.words[j] = word;
            list.count += 1;
        }
        if Self::may_pass::<R>(spot) {
            list.words[list.count] = 0;
            list.count += 1;
        }
        list
    }

    /// Fail-soft alpha–beta over future points for the mover, deep in the
    /// game: [`Solver::search`] without the table.
    pub(super) fn endgame<const R: u8>(
        &mut self,
        used: u64,
        spot: Spot,
        values_hash: u64,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let targets = match self.enter::<R, true>(used, spot, values_hash, alpha, beta) {
            Ok(targets) => targets,
            Err(settled) => return settled,
        };
        let moves = self.quick_moves::<R>(used, spot, targets);
        let mut best = i32::MIN;
        for mv in moves.iter() {
            // A landing that ends the game scores its cell and no more: no
            // search to call (two in five positions here would be such ends).
            let score = if mv != PASS_MOVE && moves.ends & 1 << mv != 0 {
                self.values[mv as usize]
            } else {
                self.play_move::<R, true>(used, spot, values_hash, mv, alpha.max(best), beta)
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if best >= beta {
                    break;
                }
            }
        }
        best
    }
}
