//! The order a node searches its moves in, worked out only as far as the
//! search gets there: the table's move first, before the other moves are
//! even scored (it often cuts the node off alone); then the best of the
//! rest one at a time for the first few (most other cut-offs come there);
//! and whatever is left sorted in one go.

/// Moves picked one at a time (a pass over the list each) before the rest is sorted at once.
const PICKED_ONE_BY_ONE: usize = 4;

/// A move as the search keeps it: the move, its ordering key (higher is
/// searched sooner) and its index among the position's legal moves.
pub(crate) type Ranked<M> = (M, i32, u16);

/// The key of the table's move: above every other.
pub(crate) const TABLE_KEY: i32 = i32::MAX;

/// How far a node's move list is in order (see the module's note).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MovePicker {
    /// Moves at the front that are in their final place.
    placed: usize,
    /// Whether the moves after the table's have their keys.
    scored: bool,
}

impl MovePicker {
    /// Starts on `moves`, the legal moves in the order the game made them
    /// (so each one's index is its place; keys not yet set), putting the
    /// table's move first when `table_index` names one.
    #[inline]
    pub(crate) fn new<M>(moves: &mut [Ranked<M>], table_index: Option<u16>) -> Self {
        let found = table_index.map(usize::from).filter(|&t| t < moves.len());
        match found {
            Some(at) => {
                moves.swap(0, at);
                moves[0].1 = TABLE_KEY;
                MovePicker { placed: 1, scored: false }
            }
            None => MovePicker { placed: 0, scored: false },
        }
    }

    /// Puts the move to search `i`-th in `moves[i]` (asked for in order:
    /// 0, 1, 2, …). The first time a move after the table's is wanted, the
    /// moves not yet placed get their keys from `key`.
    #[inline]
    pub(crate) fn pick<M: Copy>(&mut self, moves: &mut [Ranked<M>], i: usize, mut key: impl FnMut(M) -> i32) {
        if i < self.placed || i >= moves.len() {
            return;
        }
        if !self.scored {
            for m in &mut moves[self.placed..] {
                m.1 = key(m.0);
            }
            self.scored = true;
        }
        if i < PICKED_ONE_BY_ONE {
            let mut best = i;
            for j in i + 1..moves.len() {
                if moves[j].1 > moves[best].1 {
                    best = j;
                }
            }
            moves.swap(i, best);
            self.placed = i + 1;
        } else {
            moves[i..].sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
            self.placed = moves.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves that are their own keys (the tests key each move by itself), in the order given.
    fn list(keys: &[i32]) -> Vec<Ranked<i32>> {
        keys.iter().enumerate().map(|(i, &k)| (k, 0, i as u16)).collect()
    }

    fn picked_in_order(moves: &mut [Ranked<i32>], table: Option<u16>) -> (Vec<i32>, usize) {
        let mut picker = MovePicker::new(moves, table);
        let mut scored = 0;
        let mut order = Vec::new();
        for i in 0..moves.len() {
            picker.pick(moves, i, |m| {
                scored += 1;
                m
            });
            order.push(moves[i].0);
        }
        (order, scored)
    }

    #[test]
    fn the_table_move_comes_first_and_the_rest_by_key() {
        let keys = [5, 40, -3, 7, 100, 0, 12, 9, 1];
        let mut moves = list(&keys);
        // The table names the move of key 0 (index 5).
        let (order, scored) = picked_in_order(&mut moves, Some(5));
        assert_eq!(order, vec![0, 100, 40, 12, 9, 7, 5, 1, -3]);
        assert_eq!(scored, keys.len() - 1, "the table's move is never scored");
        assert_eq!(moves[0].1, TABLE_KEY);
        assert_eq!(moves[0].2, 5, "each move keeps its index among the legal moves");
    }

    #[test]
    fn without_a_table_move_every_move_is_ordered_by_key() {
        let keys = [3, 1, 4, 1, 5, 9, 2, 6];
        let mut moves = list(&keys);
        let (order, _) = picked_in_order(&mut moves, None);
        let mut want = keys.to_vec();
        want.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(order, want);
        // A table index that names no move (a stale entry) is no table move.
        let mut moves = list(&keys);
        assert_eq!(picked_in_order(&mut moves, Some(40)).0, want);
    }

    #[test]
    fn a_cut_off_by_the_table_move_scores_nothing() {
        let mut moves = list(&[1, 2, 3]);
        let mut picker = MovePicker::new(&mut moves, Some(2));
        let mut scored = 0;
        picker.pick(&mut moves, 0, |_| {
            scored += 1;
            0
        });
        assert_eq!((moves[0].0, scored), (3, 0));
    }
}
