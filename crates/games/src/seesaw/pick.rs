//! One legal turn picked by its index without listing the others: what a
//! random playout needs on every turn. The index counts turns in the order
//! [`Pos::generate`] lists them (steps stack by stack, then deploys; or the
//! captures), so a pick is exactly `legal_moves()[index]`. A step or deploy
//! turn is found from bit counts, and so is a capture turn when every stack
//! that can capture has one disc (it takes a neighbour and stops there); only
//! the rare position where a taller stack can capture builds the list of its
//! chains.

use super::geometry::{cells_of, Bits192, Mask, MAX_CELLS};
use super::rules::{Pos, SeesawMove, DEPLOY, PROMOTE, STEP};

impl<M: Mask> Pos<M> {
    /// The turn `choose(n)` of the `n` turns [`Game::legal_moves`] would
    /// list, or `None` when there is none (the game is over). `scratch` is
    /// used only when a stack of two or more discs can capture.
    ///
    /// [`Game::legal_moves`]: tabula_core::Game::legal_moves
    #[inline]
    pub fn pick(&self, scratch: &mut Vec<SeesawMove>, choose: impl FnOnce(usize) -> usize) -> Option<SeesawMove> {
        let side = self.next;
        let mine = self.stacks[side];
        if mine.is_zero() {
            return None;
        }
        let enemy = self.stacks[side.opponent()];
        let empty = self.t.all & !(mine | enemy);
        // One pass over the stacks counts both the one-disc captures and the
        // steps; the steps count only if no capture is on.
        let forward = self.dirs(side, 1);
        let (mut captures, mut steps) = (0u32, 0u32);
        let mut rest = mine;
        while !rest.is_zero() {
            let c = rest.first();
            rest = rest.without_first();
            let k = self.size[c & (M::CELLS - 1)];
            if k == 1 {
                captures += (self.t.around[c & (MAX_CELLS - 1)] & enemy).count();
                steps += (forward[c & (MAX_CELLS - 1)] & empty).count();
            } else if !self.capture_targets::<false>(c, k as u32, empty, enemy, &mut []).is_zero() {
                return Some(self.pick_listed(scratch, c, enemy, choose));
            } else if captures == 0 {
                steps += self.step_targets(c, k as u32, self.dirs(side, k), empty).count();
            }
        }
        if captures > 0 {
            return Some(self.nth_single_capture(choose(captures as usize) as u32, enemy));
        }
        let deploys = self.deploy_cells(side);
        let total = steps + deploys.count();
        if total == 0 {
            return self.can_move(side.opponent()).then_some(SeesawMove::PASS);
        }
        let index = choose(total as usize) as u32;
        Some(if index < steps { self.nth_step(index, empty, forward) } else { self.deploy(deploys.nth(index - steps)) })
    }

    /// The general case, where the stack on `tall` has two discs or more
    /// and can capture: every capture turn
    /// listed into `scratch`, from the first stack that can capture on, then
    /// one chosen. The stacks before `tall` that can capture have one disc.
    #[cold]
    fn pick_listed(
        &self,
        scratch: &mut Vec<SeesawMove>,
        tall: usize,
        enemy: M,
        choose: impl FnOnce(usize) -> usize,
    ) -> SeesawMove {
        let mut capturers = self.stacks[self.next];
        loop {
            let c = capturers.first();
            if c == tall
                || !(self.t.around[c & (MAX_CELLS - 1)] & enemy).is_zero() && self.size[c & (M::CELLS - 1)] == 1
            {
                break;
            }
            capturers = capturers.without_first();
        }
        scratch.clear();
        self.list_captures(scratch, capturers, self.empty(), enemy);
        scratch[choose(scratch.len())]
    }

    /// The `index`-th capture when only one-disc stacks capture: by capturing
    /// stack, then by the cell taken, each a turn that ends there.
    #[inline(always)]
    fn nth_single_capture(&self, mut index: u32, enemy: M) -> SeesawMove {
        for from in cells_of(self.stacks[self.next]) {
            if self.size[from & (M::CELLS - 1)] != 1 {
                continue;
            }
            let targets = self.t.around[from & (MAX_CELLS - 1)] & enemy;
            let n = targets.count();
            if index < n {
                return self.single_capture(from, targets.nth(index));
            }
            index -= n;
        }
        unreachable!("the capture index is below the number of captures")
    }

    /// The `index`-th step turn: by stack, then by the cell it steps to
    /// (one-disc stacks step once, by the `forward` table).
    #[inline(always)]
    fn nth_step(&self, mut index: u32, empty: M, forward: &[M; MAX_CELLS]) -> SeesawMove {
        let side = self.next;
        for from in cells_of(self.stacks[side]) {
            let k = self.size[from & (M::CELLS - 1)];
            let targets = if k == 1 {
                forward[from & (MAX_CELLS - 1)] & empty
            } else {
                self.step_targets(from, k as u32, self.dirs(side, k), empty)
            };
            let n = targets.count();
            if index < n {
                return self.step(from, targets.nth(index), k);
            }
            index -= n;
        }
        unreachable!("the step index is below the number of steps")
    }

    /// The step of the stack of `k` discs on `from` to `to`.
    #[inline(always)]
    pub(super) fn step(&self, from: usize, to: usize, k: u8) -> SeesawMove {
        let flags = if self.promotion_cells(self.next, k).has(to) { STEP | PROMOTE } else { STEP };
        SeesawMove::new(from, to, Bits192::ZERO, self.size[to & (M::CELLS - 1)], flags)
    }

    /// The deploy on `cell`.
    #[inline(always)]
    pub(super) fn deploy(&self, cell: usize) -> SeesawMove {
        SeesawMove::new(cell, cell, Bits192::ZERO, self.size[cell & (M::CELLS - 1)], DEPLOY)
    }
}
