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
//!
//! The first few moves past the shared table's reach still meet the same
//! positions by other move orders, and often: each thread keeps them in a
//! [`NearTable`] of its own, small enough to stay in the core's cache, so
//! a probe costs no wait for memory (a quarter fewer nodes from the opening).

use super::solver::Solver;
use super::solver_search::{choices_term, learn_bounds, within, Spot, ORDER_POINT, PASS_MOVE};

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

/// A thread's own table of bounds for the positions just past the shared
/// table's reach (see the module documentation): one slot per index, the
/// newest position taking it. Keys are whole positions (in the plain game
/// the used cells, the line and the axis), so a slot found is that position.
pub(super) struct NearTable {
    slots: Box<[NearSlot]>,
}

/// One position's bounds on the mover's future points.
#[derive(Clone, Copy, Default)]
struct NearSlot {
    key: u64,
    lower: i16,
    upper: i16,
}

/// log2 of the slots: 8,192 slots of 16 bytes, 128 KiB. 2,048 (32 KiB) and 16,384
/// (256 KiB) gained less on the opening's verdict, 65,536 (1 MiB) much less.
const NEAR_BITS: u32 = 13;

impl NearTable {
    /// An empty table (no position has key 0: a used cell or the axis is always set).
    pub fn new() -> NearTable {
        NearTable { slots: vec![NearSlot::default(); 1 << NEAR_BITS].into_boxed_slice() }
    }

    #[inline]
    fn index(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - NEAR_BITS)) as usize
    }

    /// The bounds kept for `key` (lower, upper), if its slot holds it.
    #[inline]
    fn get(&self, key: u64) -> Option<(i32, i32)> {
        let s = self.slots[Self::index(key)];
        (s.key == key).then_some((s.lower as i32, s.upper as i32))
    }

    /// Keeps what a search with the window (`alpha`, `beta`) found for
    /// `key`, fail-soft: an upper bound, a lower bound or the exact value.
    #[inline]
    fn put(&mut self, key: u64, alpha: i32, beta: i32, best: i32) {
        let s = &mut self.slots[Self::index(key)];
        if s.key != key {
            *s = NearSlot { key, lower: i16::MIN, upper: i16::MAX };
        }
        learn_bounds(&mut s.lower, &mut s.upper, alpha, beta, best);
    }
}

impl Solver {
    /// The moves of a position, ordered by their cell's value and — more
    /// than a point each — by how few choices they leave the opponent
    /// (a move that ends the game first of all); with `WITH_PASS`, a pass
    /// last where the mover may.
    #[inline(always)]
    pub(super) fn quick_moves<const R: u8, const WITH_PASS: bool>(
        &self,
        used: u64,
        spot: Spot,
        targets: u64,
    ) -> QuickMoves {
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
        if WITH_PASS && Self::may_pass::<R>(spot) {
            list.words[list.count] = 0;
            list.count += 1;
        }
        list
    }

    /// Fail-soft alpha–beta over future points for the mover, deep in the
    /// game, over its slides: [`Solver::search`] without the shared table
    /// (its first moves with this thread's [`NearTable`]).
    pub(super) fn endgame<const R: u8>(
        &mut self,
        used: u64,
        spot: Spot,
        values_hash: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let targets = match self.enter::<R, true>(used, spot, values_hash, alpha, beta) {
            Ok(targets) => targets,
            Err(settled) => return settled,
        };
        let near = used.count_ones() < self.near_below;
        let mut key = 0;
        if near {
            key = self.key::<R>(used, spot, values_hash);
            if let Some((lower, upper)) = self.near.get(key) {
                if let Some(settled) = within(lower, upper, &mut alpha, &mut beta) {
                    return settled;
                }
            }
        }
        let moves = self.quick_moves::<R, false>(used, spot, targets);
        let mut best = i32::MIN;
        for mv in moves.iter() {
            // A landing that ends the game scores its cell and no more: no
            // search to call (two in five positions here would be such ends).
            let score = if moves.ends & 1 << mv != 0 {
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
        if near {
            self.near.put(key, alpha, beta, best);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_slot_narrows_its_bounds_and_a_new_position_takes_it_over() {
        let mut table = NearTable::new();
        let key = 0x0000_0F0F_0F0F_0F0F;
        assert_eq!(table.get(key), None);
        table.put(key, 2, 3, 1); // failed low: at most 1
        assert_eq!(table.get(key), Some((i16::MIN as i32, 1)));
        table.put(key, -4, -3, -2); // failed high: at least -2
        assert_eq!(table.get(key), Some((-2, 1)));
        table.put(key, -5, 5, 0); // inside the window: exactly 0
        assert_eq!(table.get(key), Some((0, 0)));
        // Another position of the same slot replaces it.
        let other =
            (1..u64::MAX).map(|k| key ^ k << 8).find(|&k| NearTable::index(k) == NearTable::index(key)).unwrap();
        table.put(other, 0, 1, 7);
        assert_eq!(table.get(key), None);
        assert_eq!(table.get(other), Some((7, i16::MAX as i32)));
    }
}
