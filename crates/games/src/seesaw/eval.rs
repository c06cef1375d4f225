//! What the computer believes about a Seesaw position: stacks and discs,
//! promotion cells within reach, room to deploy, and captures in the air.

use tabula_core::{uniform_choice, Evaluate, Game, Side};

use super::geometry::{cells_of, Mask};
use super::rules::{Board, Pos, Seesaw, SeesawMove, TurnKind};

/// A stack is worth this much whatever its size: losing the last one loses the game.
const STACK: i32 = 100;
/// Each disc: a bigger stack reaches and captures further.
const DISC: i32 = 25;
/// A stack that can reach a cell where it would grow on its next turn.
const PROMOTION_IN_REACH: i32 = 15;
/// Each tile: a promotion cell for one's even stacks (and the enemy's odd ones).
const TILE: i32 = 3;
/// Each cell open for deploying.
const DEPLOY_ROOM: i32 = 2;

impl<M: Mask> Pos<M> {
    /// The worth of a stack of `size`.
    #[inline]
    fn stack_value(size: u8) -> i32 {
        STACK + DISC * size as i32
    }

    /// `side`'s material and prospects, ignoring whose turn it is.
    fn standing(&self, side: Side, empty: M) -> i32 {
        let mut score = TILE * self.tiles[side].count() as i32 + DEPLOY_ROOM * self.deploy_cells(side).count() as i32;
        for c in cells_of(self.stacks[side]) {
            let k = self.size[c];
            score += Self::stack_value(k);
            let reach = self.step_targets(c, k as u32, self.dirs(side, k), empty);
            if !(reach & self.promotion_cells(side, k)).is_zero() {
                score += PROMOTION_IN_REACH;
            }
        }
        score
    }

    /// The worth of the best enemy stack `side` could capture first if it were to move.
    fn best_target(&self, side: Side, empty: M) -> i32 {
        let enemy = self.stacks[side.opponent()];
        let mut best = 0;
        for c in cells_of(self.stacks[side]) {
            let targets = self.all_capture_targets(c, self.size[c] as u32, empty, enemy);
            for e in cells_of(targets) {
                best = best.max(Self::stack_value(self.size[e]));
            }
        }
        best
    }

    fn evaluate(&self) -> i32 {
        let me = self.next;
        let empty = self.empty();
        let material = self.standing(me, empty) - self.standing(me.opponent(), empty);
        // The mover's capture is compulsory and happens now; the opponent's may still be parried.
        material + self.best_target(me, empty) / 2 - self.best_target(me.opponent(), empty) / 4
    }
}

impl Evaluate for Seesaw {
    /// Material (stacks and discs), promotions in reach, tiles and room to
    /// deploy for the mover minus the same for the opponent, plus half the
    /// best capture the mover has, minus a quarter of the opponent's.
    fn evaluate(&self) -> i32 {
        match &self.0 {
            Board::Narrow(p) => p.evaluate(),
            Board::Wide(p) => p.evaluate(),
            Board::Widest(p) => p.evaluate(),
        }
    }

    /// Captures first (more discs taken first), then promotions, then deploys.
    #[inline]
    fn order_hint(&self, mv: SeesawMove) -> i32 {
        let promote = if mv.promotes() { 50 } else { 0 };
        match mv.kind() {
            TurnKind::Capture => 1000 + 10 * self.gain(mv) as i32 + promote,
            TurnKind::Deploy => 5,
            _ => promote,
        }
    }

    /// Every legal move when a capture is compulsory (they are all captures), else none.
    fn noisy_moves(&self, out: &mut Vec<SeesawMove>) {
        if self.must_capture() {
            self.legal_moves(out);
        }
    }

    // Playouts stay uniform (the default `playout_choice`). In MCTS self-play
    // at 3,000 iterations a move against uniform playouts, preferring the
    // capture that takes the most discs scored 15/30 (12/30 at 10,000),
    // preferring promotions 6/30, and both together 5/30.

    /// The uniform playout move, picked without listing every turn.
    #[inline]
    fn playout_move(&self, scratch: &mut Vec<SeesawMove>, random: impl FnOnce() -> u64) -> Option<SeesawMove> {
        self.pick_move(scratch, |n| uniform_choice(n, random()))
    }
}
