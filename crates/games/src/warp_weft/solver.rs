//! The exact solver: the value of a Warp & Weft position with perfect play
//! from both sides, for boards up to 7 × 7.
//!
//! The position is reduced to what decides the rest of the game: the used
//! cells (one 64-bit mask; the shuttle's cell is among them) and the line the
//! mover slides along. Where on that line the shuttle sits does not matter,
//! so the table key is the used mask, the line and the axis. The search is a
//! fail-soft alpha–beta over *future* points (the mover's minus the
//! opponent's); the table keeps a lower and an upper bound per position, so
//! the null-window searches of MTD(f) — or the single one a win/loss verdict
//! needs — share what they learn. Moves are tried table move first, then by
//! the cell's value minus the opponent's best immediate reply and by how few
//! choices they leave the opponent, a move that ends the game first of all;
//! single-move positions, and positions deep in the game, skip the table.
//! With two threads, MTD(f) tests two thresholds at once (see
//! [`Solver::solve_in_parallel`]), and a single test shares out the root's moves.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tabula_core::time::{Duration, Instant};

use tabula_core::Game;

use super::rules::{WarpWeft, WarpWeftMove};
use super::solver_table::{Slot, Table, NO_MOVE};

/// The largest board the solver takes (cells must fit one u64).
pub const MAX_SOLVABLE_SIZE: usize = 7;

/// The share of the board, in eighths, that must be used before positions
/// are searched without the table: 5 (30 cells of 49) measured fastest,
/// against 4, 6 and never, for both the margin and the verdict from the
/// opening (see [`Solver::search_without_table`]).
const TABLELESS_EIGHTHS: usize = 5;

/// What a point of value counts for in move ordering ([`Solver::order`]).
const ORDER_POINT: i32 = 8;
/// What each choice left to the opponent costs in move ordering: tuned first
/// on the verdict 6 moves in (10 boards: 20 visited 17 M nodes, 12 and 64
/// about 27 M, leaving the term out 220 M), then again with [`ORDER_END`] on
/// the margin 4 moves in (boards 7101–7116: 18 visits 8 % fewer nodes than 20).
const ORDER_CHOICE: i32 = 18;
/// What a move that leaves the opponent no cell at all, and so ends the game
/// with a value known at once, gains in move ordering: it needs no subtree
/// to cut with (the margin 4 moves in: 9–13 % fewer nodes).
const ORDER_END: i32 = 100;

/// A solver for one board, keeping its table between calls: solve the start
/// once and every later position of that game is found in the table.
pub struct Solver {
    n: usize,
    values: [i32; 64],
    lines: [[u64; 64]; 2],
    line_ids: [[u8; 64]; 2],
    /// Positions solved so far, shared with the helper threads.
    table: Arc<Table>,
    /// Threads for the searches from the root (moves shared out one by one).
    threads: usize,
    nodes: u64,
    deadline: Option<Instant>,
    /// Set by another thread to stop this one (a sibling move already decided the root).
    halt: Option<Arc<AtomicBool>>,
    /// Set by whoever asked for the solve, to stop it (see [`Solver::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// Enhanced transposition cut-offs are tried only while fewer cells
    /// than this are used: deeper down, the extra probes cost more than
    /// the searches they save (measured: 20 % faster with half the board).
    etc_limit: u32,
    /// Positions with at least this many cells used are searched without
    /// the table, the root excepted (see [`Solver::search_without_table`]).
    tableless_from: u32,
    /// What the last solve that ran out of time had proved: a margin the
    /// position is worth at least, and a move that reaches it.
    proven: Option<(i32, WarpWeftMove)>,
}

/// The exact value of a position for the side to move, and a best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    /// The mover's future points minus the opponent's, with best play (komi and points so far excluded).
    pub margin: i32,
    /// A move that achieves it (`None` when the game is over).
    pub best: Option<WarpWeftMove>,
}

/// What is known of a position's value before a solve: a margin it is worth
/// at least, with a move that reaches it, and one it is worth at most.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Known {
    /// A lower bound and a move reaching it.
    pub at_least: Option<(i32, WarpWeftMove)>,
    /// An upper bound.
    pub at_most: Option<i32>,
}

impl Known {
    /// Takes in what [`Solver::test`] at `threshold` returned: a margin the
    /// position is worth at least (with a move reaching it) if it reached the
    /// threshold, or one it is worth at most if not.
    pub fn learn(&mut self, threshold: i32, (bound, mv): (i32, Option<WarpWeftMove>)) {
        match mv {
            Some(mv) if bound >= threshold => {
                if self.at_least.is_none_or(|(v, _)| bound > v) {
                    self.at_least = Some((bound, mv));
                }
            }
            _ => self.at_most = Some(self.at_most.map_or(bound, |m| m.min(bound))),
        }
    }

    /// The lower bound, or one below any margin.
    fn lower(&self) -> i32 {
        self.at_least.map_or(i32::MIN / 2, |(v, _)| v)
    }

    /// The upper bound, or one above any margin.
    fn upper(&self) -> i32 {
        self.at_most.unwrap_or(i32::MAX / 2)
    }

    /// Whether testing "the value is at least `t`" could still narrow the bounds.
    fn informative(&self, t: i32) -> bool {
        self.lower() < t && t <= self.upper()
    }
}

/// What the threads of a parallel MTD(f) know together: the bounds proved
/// so far with the move reaching the lower one, and who tests what.
struct Thresholds {
    known: Known,
    /// The latest search's result, the guess the next thresholds gather round.
    estimate: i32,
    /// The threshold each thread is testing, if any.
    testing: Vec<Option<i32>>,
    /// The time ran out or the solve was cancelled.
    failed: bool,
}

impl Thresholds {
    fn new(guess: i32, threads: usize, known: Known) -> Thresholds {
        Thresholds { known, estimate: guess, testing: vec![None; threads], failed: false }
    }

    /// The next threshold for thread `i` (its halt flag cleared), or `None`
    /// when there is nothing left for it to test: the value is known, the
    /// solve failed, or the one open threshold is another thread's.
    fn take(&mut self, i: usize, halt: &AtomicBool) -> Option<i32> {
        let (lower, upper) = (self.known.lower(), self.known.upper());
        if self.failed || lower >= upper {
            return None;
        }
        // Nearest the estimate first: e, e + 1, e − 1, e + 2, …
        let t = (0..64)
            .map(|k| if k % 2 == 0 { self.estimate - k / 2 } else { self.estimate + k / 2 + 1 })
            .map(|t| t.clamp(lower + 1, upper))
            .find(|&t| self.known.informative(t) && !self.testing.contains(&Some(t)))?;
        halt.store(false, Ordering::Relaxed);
        self.testing[i] = Some(t);
        Some(t)
    }

    /// Takes in a finished test of threshold `t` that returned `g` (fail-soft) with move `mv`.
    fn learn(&mut self, t: i32, g: i32, mv: Option<WarpWeftMove>) {
        self.known.learn(t, (g, mv));
        self.estimate = g;
    }
}

impl Solver {
    /// A solver for `pos`'s board with a table of about `mib` MiB, or `None`
    /// if the board is too big to solve.
    pub fn new(pos: &WarpWeft, mib: usize) -> Option<Solver> {
        let n = pos.size();
        if n > MAX_SOLVABLE_SIZE {
            return None;
        }
        let mut values = [0; 64];
        let mut lines = [[0u64; 64]; 2];
        let mut line_ids = [[0u8; 64]; 2];
        for cell in 0..n * n {
            values[cell] = pos.value(cell) as i32;
            let (r, c) = (cell / n, cell % n);
            for i in 0..n {
                lines[0][cell] |= 1 << (r * n + i);
                lines[1][cell] |= 1 << (i * n + c);
            }
            line_ids[0][cell] = r as u8;
            line_ids[1][cell] = c as u8;
        }
        // Small boards have small trees: a big table would only cost the time to clear its pages.
        let mib = match n * n {
            ..=25 => mib.min(16),
            26..=36 => mib.min(128),
            _ => mib,
        };
        Some(Solver {
            n,
            values,
            lines,
            line_ids,
            table: Arc::new(Table::with_mib(mib)),
            threads: 1,
            nodes: 0,
            deadline: None,
            halt: None,
            cancel: None,
            stopped: false,
            etc_limit: (n * n / 2) as u32,
            tableless_from: u32::MAX,
            proven: None,
        })
    }

    /// Searches from the root with `threads` threads sharing the table:
    /// the root's moves are handed out one at a time, and a move that
    /// decides the root stops the others.
    pub fn set_threads(&mut self, threads: usize) {
        // Without threads (WebAssembly in a page) the solver works alone.
        self.threads = if cfg!(feature = "threads") { threads.clamp(1, 64) } else { 1 };
    }

    /// Stops every later solve, unfinished, as soon as `cancel` is set (the
    /// person asking left, or the game moved on); `None` lets them run.
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// A helper for a thread: the same board and table, its own counters.
    fn helper(&self, halt: &Arc<AtomicBool>) -> Solver {
        Solver {
            n: self.n,
            values: self.values,
            lines: self.lines,
            line_ids: self.line_ids,
            table: Arc::clone(&self.table),
            threads: 1,
            nodes: 0,
            deadline: self.deadline,
            halt: Some(Arc::clone(halt)),
            cancel: self.cancel.clone(),
            stopped: false,
            etc_limit: self.etc_limit,
            tableless_from: self.tableless_from,
            proven: None,
        }
    }

    /// Whether this solver was made for the board of `pos`.
    pub fn fits(&self, pos: &WarpWeft) -> bool {
        pos.size() == self.n && (0..self.n * self.n).all(|c| pos.value(c) as i32 == self.values[c])
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Readies a solve from the root with `used` cells: its deadline, and
    /// the depth from which positions go without the table (never the root,
    /// whose entry names the move).
    fn start(&mut self, used: u64, limit: Option<Duration>) {
        self.deadline = limit.map(|l| Instant::now() + l);
        self.stopped = false;
        let deep = (self.n * self.n * TABLELESS_EIGHTHS / 8) as u32;
        self.tableless_from = deep.max(used.count_ones() + 1);
    }

    fn used_mask(pos: &WarpWeft) -> u64 {
        (0..pos.cells()).filter(|&c| pos.is_used(c)).fold(0, |m, c| m | 1 << c)
    }

    /// The exact margin and a best move, by MTD(f) from `guess`; `None` if `limit` ran out first.
    /// With several threads, each tests a threshold of its own at once
    /// (see [`Solver::solve_in_parallel`]).
    pub fn solve(&mut self, pos: &WarpWeft, guess: i32, limit: Option<Duration>) -> Option<Exact> {
        self.solve_knowing(pos, guess, Known::default(), limit)
    }

    /// [`Solver::solve`] for a position whose value is already bounded
    /// (by [`Solver::test`], say): only thresholds between the bounds are tested.
    pub fn solve_knowing(
        &mut self,
        pos: &WarpWeft,
        guess: i32,
        known: Known,
        limit: Option<Duration>,
    ) -> Option<Exact> {
        let (used, axis) = (Self::used_mask(pos), pos.axis_to_move().index());
        let line = self.lines[axis][pos.shuttle()];
        self.start(used, limit);
        self.proven = None;
        if line & !used == 0 {
            return Some(Exact { margin: 0, best: None });
        }
        if self.threads > 1 {
            return self.solve_in_parallel(pos, used, line, axis, guess, known);
        }
        let mut known = known;
        let mut g = guess.clamp(known.lower(), known.upper());
        while known.lower() < known.upper() {
            let beta = if g == known.lower() { g + 1 } else { g };
            let cell;
            (g, cell) = self.root(used, line, axis, beta - 1, beta);
            if self.stopped {
                self.proven = known.at_least;
                return None;
            }
            // The move that proved a new lower bound, read as soon as its pass
            // ends: a later pass that fails low knows only upper bounds, and the
            // root's entry may be evicted by then.
            let mv = (g >= beta).then(|| self.move_to(pos, cell).or_else(|| self.best_move(pos, used, axis, line)));
            known.learn(beta, (g, mv.flatten()));
        }
        Some(Exact { margin: known.lower(), best: known.at_least.map(|(_, mv)| mv) })
    }

    /// MTD(f) on several threads sharing the table: each thread tests a
    /// threshold of its own, the informative one nearest the latest estimate
    /// that no other thread is testing (so two threads start at `guess` and
    /// `guess + 1`, which settle the value at once when the guess is right).
    /// A test made pointless by another thread's result is stopped and the
    /// thread takes the next one. The last two passes of a sequential
    /// MTD(f), one failing high and one failing low, are most of its work;
    /// here they run side by side.
    fn solve_in_parallel(
        &mut self,
        pos: &WarpWeft,
        used: u64,
        line: u64,
        axis: usize,
        guess: i32,
        known: Known,
    ) -> Option<Exact> {
        let threads = self.threads;
        let bounds = Mutex::new(Thresholds::new(guess, threads, known));
        let halts: Vec<Arc<AtomicBool>> = (0..threads).map(|_| Arc::new(AtomicBool::new(false))).collect();
        let nodes = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for (i, halt) in halts.iter().enumerate() {
                let mut worker = self.helper(halt);
                let (bounds, halts, nodes) = (&bounds, &halts, &nodes);
                scope.spawn(move || {
                    loop {
                        // (The lock is let go before the search: a guard in the loop's
                        // condition would be held through its body.)
                        let next = bounds.lock().unwrap_or_else(|e| e.into_inner()).take(i, halt);
                        let Some(t) = next else { break };
                        let (g, cell) = worker.root_pass(used, line, axis, t - 1, t);
                        let mut b = bounds.lock().unwrap_or_else(|e| e.into_inner());
                        b.testing[i] = None;
                        if worker.stopped {
                            if worker.out_of_time() {
                                b.failed = true;
                                halts.iter().for_each(|h| h.store(true, Ordering::Relaxed));
                                break;
                            }
                            // Stopped by another thread's result: this test no longer tells anything.
                            worker.stopped = false;
                            continue;
                        }
                        b.learn(t, g, worker.move_to(pos, cell));
                        for (j, tested) in b.testing.iter().enumerate() {
                            if tested.is_some_and(|tj| !b.known.informative(tj)) {
                                halts[j].store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    nodes.fetch_add(worker.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed);
        let b = bounds.into_inner().unwrap_or_else(|e| e.into_inner());
        if b.failed || b.known.lower() != b.known.upper() {
            self.stopped = true;
            self.proven = b.known.at_least;
            return None;
        }
        Some(Exact { margin: b.known.lower(), best: b.known.at_least.map(|(_, mv)| mv) })
    }

    /// A null-window search from the root that also names the move reaching
    /// its score: a thread's own result, which no other thread's table write
    /// can blur. Fail-soft, like [`Solver::search`].
    fn root_pass(&mut self, used: u64, line: u64, axis: usize, alpha: i32, beta: i32) -> (i32, u8) {
        let targets = line & !used;
        if targets == 0 {
            return (0, NO_MOVE);
        }
        let other = 1 - axis;
        let key = self.key(used, axis, line);
        let nodes_before = self.nodes;
        let table_best = self.table.probe(key).map_or(NO_MOVE, |(_, s)| s.best);
        let (moves, count) = self.ordered_moves(used, targets, other, table_best);
        let (best, best_cell) = self.best_of(used, &moves[..count], other, alpha, beta);
        if self.stopped {
            return (0, NO_MOVE);
        }
        self.record(key, alpha, beta, best, best_cell, self.nodes - nodes_before);
        (best, best_cell)
    }

    /// Whether the solve's time ran out or whoever asked for it cancelled it
    /// (as opposed to a sibling thread halting this one).
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether the mover's future margin is at least `threshold` (one null-window search).
    pub fn at_least(&mut self, pos: &WarpWeft, threshold: i32, limit: Option<Duration>) -> Option<bool> {
        self.test(pos, threshold, limit).map(|(g, _)| g >= threshold)
    }

    /// One null-window search at `threshold`: the mover's future margin is at
    /// least the value returned if that reaches `threshold` (with a move that
    /// reaches it), and at most it otherwise; `None` if `limit` ran out first.
    pub fn test(
        &mut self,
        pos: &WarpWeft,
        threshold: i32,
        limit: Option<Duration>,
    ) -> Option<(i32, Option<WarpWeftMove>)> {
        let (used, axis) = (Self::used_mask(pos), pos.axis_to_move().index());
        let line = self.lines[axis][pos.shuttle()];
        if line & !used == 0 {
            return Some((0, None));
        }
        self.start(used, limit);
        let (g, cell) = self.root(used, line, axis, threshold - 1, threshold);
        if self.stopped {
            return None;
        }
        let best = (g >= threshold).then(|| self.move_to(pos, cell).or_else(|| self.best_move(pos, used, axis, line)));
        Some((g, best.flatten()))
    }

    /// What the last [`Solver::solve`], if it ran out of time, had proved:
    /// a margin the position is worth at least and a move reaching it.
    pub fn proven(&self) -> Option<(i32, WarpWeftMove)> {
        self.proven
    }

    /// The move this solver's move ordering likes best from `pos` (its
    /// value, the opponent's best reply, the choices left to them): for a
    /// position whose result is known but not its margin. (Not the table's
    /// move: after a search that failed low, that is only the move with the
    /// loosest bound.)
    pub fn likely_best(&self, pos: &WarpWeft) -> Option<WarpWeftMove> {
        let (used, axis) = (Self::used_mask(pos), pos.axis_to_move().index());
        let targets = self.lines[axis][pos.shuttle()] & !used;
        if targets == 0 {
            return None;
        }
        let (moves, _) = self.ordered_moves(used, targets, 1 - axis, NO_MOVE);
        self.move_to(pos, moves[0].1)
    }

    /// The move to `cell`, if it is one (not [`NO_MOVE`]).
    fn move_to(&self, pos: &WarpWeft, cell: u8) -> Option<WarpWeftMove> {
        (cell != NO_MOVE).then(|| WarpWeftMove { to: cell, from: pos.shuttle() as u8 })
    }

    /// The exact margin of each legal move (its cell's value plus the rest), best first.
    pub fn move_values(&mut self, pos: &WarpWeft, limit: Option<Duration>) -> Option<Vec<(WarpWeftMove, i32)>> {
        let start = Instant::now();
        let root = self.solve(pos, 0, limit)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out = Vec::new();
        for mv in moves {
            if mv.is_swap() {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            let left = limit.map(|l| l.saturating_sub(start.elapsed()));
            let guess = pos.value(mv.to as usize) as i32 - root.margin;
            let exact = self.solve(&child, -guess, left)?;
            out.push((mv, pos.value(mv.to as usize) as i32 - exact.margin));
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.1));
        Some(out)
    }

    fn best_move(&self, pos: &WarpWeft, used: u64, axis: usize, line: u64) -> Option<WarpWeftMove> {
        let targets = line & !used;
        if targets == 0 {
            return None;
        }
        let key = self.key(used, axis, line);
        let cell = match self.table.probe(key) {
            Some((_, slot)) if slot.best != NO_MOVE && targets & (1 << slot.best) != 0 => slot.best as usize,
            _ => targets.trailing_zeros() as usize,
        };
        Some(WarpWeftMove { to: cell as u8, from: pos.shuttle() as u8 })
    }

    #[inline]
    fn key(&self, used: u64, axis: usize, line: u64) -> u64 {
        let id = self.line_ids[axis][line.trailing_zeros() as usize] as u64;
        used | id << 56 | (axis as u64) << 60
    }

    /// Fail-soft alpha–beta over future points for the mover on `line`.
    fn search(&mut self, used: u64, line: u64, axis: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
            if self.halt.as_ref().is_some_and(|h| h.load(Ordering::Relaxed))
                || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
        if self.stopped {
            return 0;
        }
        let targets = line & !used;
        if targets == 0 {
            return 0;
        }
        let other = 1 - axis;
        if targets & (targets - 1) == 0 {
            let t = targets.trailing_zeros() as usize;
            let v = self.values[t];
            return v - self.search(used | targets, self.lines[other][t], other, v - beta, v - alpha);
        }
        if used.count_ones() >= self.tableless_from {
            return self.search_without_table(used, targets, other, alpha, beta);
        }
        // Ask for the children's entries first, so that fetching them from
        // memory overlaps with this position's own probe.
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.table.prefetch(self.key(used | 1 << t, other, self.lines[other][t]));
        }
        let key = self.key(used, axis, line);
        let nodes_before = self.nodes;
        let mut table_best = NO_MOVE;
        let found = self.table.probe(key);
        if let Some((_, slot)) = found {
            let (lo, hi) = (slot.lower as i32, slot.upper as i32);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            table_best = slot.best;
        }
        let (moves, count) = self.ordered_moves(used, targets, other, table_best);
        let moves = &moves[..count];
        // Enhanced transposition cut-off: a child whose stored upper bound
        // already lifts this position to beta settles it without a search
        // (near the root only, see `etc_limit`).
        for &(_, t) in moves.iter().filter(|_| used.count_ones() < self.etc_limit) {
            let t = t as usize;
            let child_line = self.lines[other][t];
            let child_key = self.key(used | 1 << t, other, child_line);
            if child_line & !(used | 1 << t) == 0 {
                continue;
            }
            if let Some((_, child)) = self.table.probe(child_key) {
                let score = self.values[t] - child.upper as i32;
                if score >= beta {
                    // Kept with its move, which a solve reads at the root.
                    self.record(key, alpha, beta, score, t as u8, 0);
                    return score;
                }
            }
        }
        let (best, best_cell) = self.best_of(used, moves, other, alpha, beta);
        if self.stopped {
            return 0;
        }
        self.record(key, alpha, beta, best, best_cell, self.nodes - nodes_before);
        best
    }

    /// The moves to `targets`, best first: the table's move, then by
    /// [`Solver::order`].
    #[inline]
    fn ordered_moves(&self, used: u64, targets: u64, other: usize, table_best: u8) -> ([(i32, u8); 9], usize) {
        sorted_by(targets, |t| if t as u8 == table_best { i32::MAX } else { self.order(used, t, other) })
    }

    /// The moves to `targets` for a position deep in the game, ordered like
    /// [`Solver::order`] but without the opponent's best reply: near the end
    /// a scan of the replies costs more than the better order saves (the
    /// verdict from the opening, 8 boards on two threads: 7 % faster).
    #[inline]
    fn quickly_ordered_moves(&self, used: u64, targets: u64, other: usize) -> ([(i32, u8); 9], usize) {
        sorted_by(targets, |t| {
            let choices = (self.lines[other][t] & !(used | 1 << t)).count_ones() as i32;
            self.values[t] * ORDER_POINT + choices_term(choices)
        })
    }

    /// [`Solver::search`] for positions deep in the game, without the table:
    /// their subtrees are small, and the memory a probe waits for costs more
    /// than the transpositions it finds (see [`Solver::tableless_from`]).
    fn search_without_table(&mut self, used: u64, targets: u64, other: usize, alpha: i32, beta: i32) -> i32 {
        let (moves, count) = self.quickly_ordered_moves(used, targets, other);
        self.best_of(used, &moves[..count], other, alpha, beta).0
    }

    /// Searches `moves` in turn from the position `used` (the opponent moving
    /// along `other`) until one reaches `beta`: the best score, fail-soft, and
    /// its cell. Whoever calls it checks `stopped` before using the result.
    #[inline]
    fn best_of(&mut self, used: u64, moves: &[(i32, u8)], other: usize, alpha: i32, beta: i32) -> (i32, u8) {
        let (mut best, mut best_cell) = (i32::MIN, NO_MOVE);
        for &(_, t) in moves {
            let v = self.values[t as usize];
            let score =
                v - self.search(used | 1 << t, self.lines[other][t as usize], other, v - beta, v - alpha.max(best));
            if self.stopped {
                return (0, NO_MOVE);
            }
            if score > best {
                (best, best_cell) = (score, t);
                if best >= beta {
                    break;
                }
            }
        }
        (best, best_cell)
    }

    /// How promising a move to cell `t` looks, higher first: its value
    /// minus the opponent's best immediate reply, and — weighing more than
    /// a point each — the fewer choices the opponent is left, the better.
    /// Leaving few replies keeps the opponent's nodes, where every move must
    /// be refuted, narrow: on the 6-moves-in verdict benchmark this term
    /// alone cut the nodes tenfold (the opening verdict fell from about
    /// 96 s to 7 s).
    #[inline]
    fn order(&self, used: u64, t: usize, other: usize) -> i32 {
        let mut replies = self.lines[other][t] & !(used | 1 << t);
        let choices = replies.count_ones() as i32;
        let mut best_reply = i32::MIN;
        while replies != 0 {
            let r = replies.trailing_zeros() as usize;
            replies &= replies - 1;
            best_reply = best_reply.max(self.values[r]);
        }
        let best_reply = if choices == 0 { 0 } else { best_reply };
        (self.values[t] - best_reply) * ORDER_POINT + choices_term(choices)
    }

    /// Keeps what a search of the position `key` with the window
    /// (`alpha0`, `beta0`) found: a bound or the exact value, and its best move.
    fn record(&mut self, key: u64, alpha0: i32, beta0: i32, best: i32, best_cell: u8, nodes: u64) {
        // The table may have moved on while the children were searched: look again.
        let (index, mut entry) = match self.table.probe(key) {
            Some(hit) => hit,
            None => (self.table.victim(key), Slot::empty(key)),
        };
        entry.work = entry.work.max((64 - nodes.leading_zeros()) as u8);
        // Another thread may have stored a higher lower bound meanwhile, with
        // the move that reaches it: this search's move replaces it only if it
        // reaches as high.
        let reaches_stored = best >= entry.lower as i32;
        if best <= alpha0 {
            entry.upper = entry.upper.min(best as i16);
        } else if best >= beta0 {
            entry.lower = entry.lower.max(best as i16);
        } else {
            entry.lower = best as i16;
            entry.upper = best as i16;
        }
        if (best > alpha0 && reaches_stored) || entry.best == NO_MOVE {
            entry.best = best_cell;
        }
        self.table.put(index, entry);
    }

    /// The search from the root, with the score and the move reaching it:
    /// on one thread [`Solver::root_pass`]; on several, the moves (best
    /// first) are handed out one at a time to threads sharing the table, and
    /// one that reaches `beta` stops the rest. Handing out every move at once
    /// beat searching the first one alone before the others ("young brothers
    /// wait"), for wins as for losses: the verdict from the opening, 8 boards
    /// on two threads, took a median 2.4 s against 2.8 s. Fail-soft, like
    /// [`Solver::search`].
    fn root(&mut self, used: u64, line: u64, axis: usize, alpha: i32, beta: i32) -> (i32, u8) {
        let targets = line & !used;
        if self.threads <= 1 || targets.count_ones() < 2 {
            return self.root_pass(used, line, axis, alpha, beta);
        }
        let other = 1 - axis;
        let key = self.key(used, axis, line);
        if let Some((_, slot)) = self.table.probe(key) {
            if slot.lower as i32 >= beta {
                return (slot.lower as i32, slot.best);
            }
            if slot.upper as i32 <= alpha {
                return (slot.upper as i32, slot.best);
            }
        }
        let table_best = self.table.probe(key).map_or(NO_MOVE, |(_, s)| s.best);
        let (ordered, count) = self.ordered_moves(used, targets, other, table_best);
        let moves = &ordered[..count];
        let nodes_before = self.nodes;
        let next = AtomicUsize::new(0);
        // The best score and its cell in one word, so that they always go together.
        let pack = |score: i32, cell: usize| ((score as i64 - i32::MIN as i64) as u64) << 8 | cell as u64;
        let unpack = |word: u64| ((word >> 8) as i64 + i32::MIN as i64) as i32;
        let best = AtomicU64::new(pack(i32::MIN, NO_MOVE as usize));
        let nodes = AtomicU64::new(0);
        let halt = Arc::new(AtomicBool::new(false));
        let timed_out = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                let mut worker = self.helper(&halt);
                let (next, best, nodes, halt, timed_out, moves) = (&next, &best, &nodes, &halt, &timed_out, &moves);
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= moves.len() || halt.load(Ordering::Relaxed) {
                            break;
                        }
                        let t = moves[i].1 as usize;
                        let v = worker.values[t];
                        let a = alpha.max(unpack(best.load(Ordering::Relaxed)));
                        let score = v - worker.search(used | 1 << t, worker.lines[other][t], other, v - beta, v - a);
                        if worker.stopped {
                            if !halt.load(Ordering::Relaxed) {
                                timed_out.store(true, Ordering::Relaxed);
                            }
                            break;
                        }
                        best.fetch_max(pack(score, t), Ordering::Relaxed);
                        if score >= beta {
                            halt.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    nodes.fetch_add(worker.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed) + 1;
        let spent = self.nodes - nodes_before;
        if timed_out.load(Ordering::Relaxed) {
            self.stopped = true;
            return (0, NO_MOVE);
        }
        let word = best.load(Ordering::Relaxed);
        let score = unpack(word);
        self.record(key, alpha, beta, score, (word & 0xFF) as u8, spent);
        (score, (word & 0xFF) as u8)
    }
}

/// What the choices a move leaves the opponent count for in move ordering
/// (see [`ORDER_CHOICE`] and [`ORDER_END`]).
#[inline]
fn choices_term(choices: i32) -> i32 {
    -ORDER_CHOICE * choices + if choices == 0 { ORDER_END } else { 0 }
}

/// The cells of `targets` with their keys, highest first (at most nine:
/// sorted by insertion as they come).
#[inline]
fn sorted_by(targets: u64, key: impl Fn(usize) -> i32) -> ([(i32, u8); 9], usize) {
    let mut moves = [(0i32, 0u8); 9];
    let mut count = 0;
    let mut rest = targets;
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let order = key(t);
        let mut j = count;
        while j > 0 && moves[j - 1].0 < order {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = (order, t as u8);
        count += 1;
    }
    (moves, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Options;

    /// A solver for board 1 and the key of its start position.
    fn solver_and_root() -> (Solver, u64) {
        let pos = WarpWeft::new(&Options::default()).unwrap();
        let solver = Solver::new(&pos, 1).unwrap();
        let (used, axis) = (Solver::used_mask(&pos), pos.axis_to_move().index());
        let key = solver.key(used, axis, solver.lines[axis][pos.shuttle()]);
        (solver, key)
    }

    #[test]
    fn a_weaker_cut_off_keeps_the_move_of_a_stronger_stored_bound() {
        let (mut solver, key) = solver_and_root();
        // One thread proves the position worth at least 7 with the move to cell 10…
        solver.record(key, 6, 7, 7, 10, 1000);
        // …while another, which had started with a lower window, proves at least 4 with cell 20.
        solver.record(key, 3, 4, 4, 20, 1000);
        let (_, slot) = solver.table.probe(key).unwrap();
        assert_eq!((slot.lower, slot.best), (7, 10), "the move to cell 20 was only shown to reach 4");
        // A later proof of at least 9 brings its own move.
        solver.record(key, 8, 9, 9, 30, 1000);
        let (_, slot) = solver.table.probe(key).unwrap();
        assert_eq!((slot.lower, slot.best), (9, 30));
        // Fail-low results narrow the upper bound and leave the move alone.
        solver.record(key, 11, 12, 10, 40, 1000);
        let (_, slot) = solver.table.probe(key).unwrap();
        assert_eq!((slot.lower, slot.upper, slot.best), (9, 10, 30));
    }

    #[test]
    fn parallel_thresholds_gather_round_the_estimate_and_drop_what_is_settled() {
        let halt = AtomicBool::new(true);
        let (a, b) = (WarpWeftMove { to: 10, from: 24 }, WarpWeftMove { to: 11, from: 24 });
        let mut th = Thresholds::new(3, 2, Known::default());
        assert_eq!(th.take(0, &halt), Some(3));
        assert!(!halt.load(Ordering::Relaxed), "a new test starts unhalted");
        assert_eq!(th.take(1, &halt), Some(4), "the other thread takes the next nearest");
        // Thread 0 finds the value at least 6 with move a: testing 4 now tells nothing.
        th.testing[0] = None;
        th.learn(3, 6, Some(a));
        assert_eq!(th.known.at_least, Some((6, a)));
        assert!(!th.known.informative(4));
        assert_eq!(th.take(0, &halt), Some(7));
        // It then fails low at 7: the value is 6, and nothing is left to test.
        th.testing[0] = None;
        th.learn(7, 6, Some(b));
        assert_eq!(th.known, Known { at_least: Some((6, a)), at_most: Some(6) });
        assert_eq!(th.take(0, &halt), None);
        // With bounds (6, 8] and 7 under test, the other thread gets 8.
        let mut th = Thresholds::new(6, 2, Known { at_least: Some((6, a)), at_most: Some(8) });
        assert_eq!(th.take(0, &halt), Some(7));
        assert_eq!(th.take(1, &halt), Some(8));
    }
}
