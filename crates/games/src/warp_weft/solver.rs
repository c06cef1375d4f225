//! The exact solver: the value of a Warp & Weft position with perfect play
//! from both sides, for boards up to 7 × 7, under any of the variant rules.
//!
//! The search (`solver_search.rs`) is a fail-soft alpha–beta over *future*
//! points (the mover's minus the opponent's), keyed by what decides the rest
//! of the game; the table (`solver_table.rs`) keeps a lower and an upper
//! bound per position, so the null-window searches of MTD(f) — or the single
//! one a win/loss verdict needs — share what they learn. Moves are tried
//! table move first, then by the cell's value minus the opponent's best
//! immediate reply and by how few choices they leave the opponent, a move
//! that ends the game first of all; single-move positions, and positions
//! deep in the game, skip the table (`solver_endgame.rs` searches those).
//! This file is the root: MTD(f), the tests it is made of, and the threads,
//! which search each test's tree together (`solver_share.rs`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tabula_core::time::{Duration, Instant};

use tabula_core::Game;

use super::rules::{Axis, Variants, WarpWeft, WarpWeftMove};
use super::solver_endgame::NearTable;
use super::solver_lines::LinePatterns;
use super::solver_search::{Spot, BLOCKING, PASS, PASSOVER, PASS_MOVE};
use super::solver_share::Busy;
use super::solver_table::{Table, NO_MOVE};

/// The largest board the solver takes (cells must fit one u64).
pub const MAX_SOLVABLE_SIZE: usize = 7;

/// The share of the board, in eighths, that must be used before positions
/// are searched without the table: 5 (30 cells of 49) measured fastest,
/// against 4, 6 and never, for both the margin and the verdict from the
/// opening (see [`Solver::tableless_from`]).
const TABLELESS_EIGHTHS: usize = 5;

/// [`TABLELESS_EIGHTHS`] under `pass=once` (36 cells of 49), whose passes
/// lead back into positions the table has seen: 6 took 1–27 % less time
/// than 5 on four positions 6–8 moves in (three boards), 7 and 8 more.
const TABLELESS_EIGHTHS_PASS: usize = 6;

/// How many moves past `tableless_from` a thread still keeps positions in
/// its own small table (`near`): with 7, the verdict from the opening took
/// 10 % less time on six boards (two threads), the margin 19 % less on four;
/// 4 gained less, and 19 (to the end of the game) no more.
const NEAR_PLIES: u32 = 7;

/// How many moves below the root the threads of one test share out the
/// positions they search (see `solver_share.rs`).
const SHARED_PLIES: u32 = 12;

/// How many moves deep the quick search behind [`Solver::first_guess`] looks:
/// on the 100 boards of the perfect-play study its estimate of the opening's
/// margin was within a point of the truth (after its bias of about two
/// points) on 74 boards at depth 10, 57 at depth 6, in 8 ms a board.
const GUESS_DEPTH: u32 = 10;

/// Runs `$body` with `$r` a const naming the solver's variant rules (the
/// bits of `solver_search`), so that every search below is the one compiled for them.
macro_rules! for_rules {
    ($rules:expr, $r:ident => $body:expr) => {
        match $rules {
            0 => {
                const $r: u8 = 0;
                $body
            }
            1 => {
                const $r: u8 = 1;
                $body
            }
            2 => {
                const $r: u8 = 2;
                $body
            }
            3 => {
                const $r: u8 = 3;
                $body
            }
            4 => {
                const $r: u8 = 4;
                $body
            }
            5 => {
                const $r: u8 = 5;
                $body
            }
            6 => {
                const $r: u8 = 6;
                $body
            }
            _ => {
                const $r: u8 = 7;
                $body
            }
        }
    };
}

/// A solver for one board, keeping its table between calls: solve the start
/// once and every later position of that game is found in the table.
pub struct Solver {
    pub(super) n: usize,
    /// The cells' values: the board's, or with `passover` the root's, changed
    /// and changed back by the search as it goes.
    pub(super) values: [i32; 64],
    /// The values the solver was made with (which board it is for).
    board_values: [i32; 64],
    pub(super) lines: [[u64; 64]; 2],
    pub(super) line_ids: [[u8; 64]; 2],
    /// The lines' unused cells as small numbers, and the best of them by
    /// value: see [`LinePatterns`].
    pub(super) patterns: LinePatterns,
    /// For each way (right, left, down, up: a way and its opposite differ in
    /// the last bit) and cell, the cells beyond it that way.
    pub(super) rays: [[u64; 64]; 4],
    /// The variant rules as the search's bits, and the passover's change.
    rules: u8,
    pub(super) delta: i32,
    variants: Variants,
    /// Positions solved so far, shared with the helper threads.
    pub(super) table: Arc<Table>,
    /// The positions the threads sharing one test's tree are searching
    /// (see `solver_share.rs`); `None` when this thread searches alone.
    pub(super) busy: Option<Arc<Busy>>,
    /// Positions with fewer cells used than this are shared out by `busy`.
    pub(super) share_below: u32,
    /// Threads for the searches from the root (moves shared out one by one).
    threads: usize,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    /// Set by another thread to stop this one (it finished the test they share).
    pub(super) halt: Option<Arc<AtomicBool>>,
    /// Set by whoever asked for the solve, to stop it (see [`Solver::set_cancel`]).
    pub(super) cancel: Option<Arc<AtomicBool>>,
    pub(super) stopped: bool,
    /// Enhanced transposition cut-offs are tried only while fewer cells
    /// than this are used: deeper down, the extra probes cost more than
    /// the searches they save (measured: 20 % faster with half the board).
    pub(super) etc_limit: u32,
    /// Positions with at least this many cells used are searched without
    /// the table, the root excepted: their subtrees are small, and the
    /// memory a probe waits for costs more than the transpositions it finds.
    pub(super) tableless_from: u32,
    /// What the last solve that ran out of time had proved: a margin the
    /// position is worth at least, and a move that reaches it.
    proven: Option<(i32, WarpWeftMove)>,
    /// This thread's own small table for the first positions past
    /// `tableless_from`, which the shared table no longer keeps (see
    /// `solver_endgame.rs`): a helper thread starts with an empty one.
    pub(super) near: NearTable,
    /// Positions with fewer cells used than this, and at least
    /// `tableless_from`, are kept in `near`.
    pub(super) near_below: u32,
    /// The last [`Solver::first_guess`] and the root it was for (used cells,
    /// spot, values hash): a solve asked again one slice at a time (a
    /// browser's worker) makes its quick search once, not at every slice.
    last_guess: Option<(u64, Spot, u64, i32)>,
}

/// A position as the search sees it: the used cells, the [`Spot`], and the
/// hash of the unused cells' values (`passover`; 0 otherwise).
#[derive(Clone, Copy)]
struct Root {
    used: u64,
    spot: Spot,
    values_hash: u64,
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
        let mut rays = [[0u64; 64]; 4];
        for cell in 0..n * n {
            values[cell] = pos.value(cell) as i32;
            let (r, c) = (cell / n, cell % n);
            for i in 0..n {
                lines[0][cell] |= 1 << (r * n + i);
                lines[1][cell] |= 1 << (i * n + c);
                let (along_row, along_column) = (1u64 << (r * n + i), 1u64 << (i * n + c));
                rays[if i > c { 0 } else { 1 }][cell] |= if i != c { along_row } else { 0 };
                rays[if i > r { 2 } else { 3 }][cell] |= if i != r { along_column } else { 0 };
            }
            line_ids[0][cell] = r as u8;
            line_ids[1][cell] = c as u8;
        }
        let patterns = LinePatterns::new(n, &values);
        // Small boards have small trees: a big table would only cost the time to clear its pages.
        let mib = match n * n {
            ..=25 => mib.min(16),
            26..=36 => mib.min(128),
            _ => mib,
        };
        let variants = pos.variants();
        let bit = |on: bool, bit: u8| if on { bit } else { 0 };
        let rules =
            bit(variants.pass_once, PASS) | bit(variants.passover != 0, PASSOVER) | bit(variants.blocking, BLOCKING);
        Some(Solver {
            n,
            values,
            board_values: values,
            lines,
            line_ids,
            patterns,
            rays,
            rules,
            delta: variants.passover as i32,
            variants,
            table: Arc::new(Table::with_mib(mib)),
            busy: None,
            share_below: 0,
            threads: 1,
            nodes: 0,
            deadline: None,
            halt: None,
            cancel: None,
            stopped: false,
            etc_limit: (n * n / 2) as u32,
            tableless_from: u32::MAX,
            proven: None,
            near: NearTable::new(),
            near_below: 0,
            last_guess: None,
        })
    }

    /// Searches each test with `threads` threads sharing the table and the
    /// tree (see [`Solver::root`]).
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
            table: Arc::clone(&self.table),
            busy: self.busy.clone(),
            threads: 1,
            nodes: 0,
            halt: Some(Arc::clone(halt)),
            cancel: self.cancel.clone(),
            stopped: false,
            proven: None,
            near: NearTable::new(),
            ..*self
        }
    }

    /// Whether this solver was made for the board and rules of `pos`. With
    /// `passover` the values change as the game goes, by the passover's
    /// steps (and the table's keys hold them, so that any board would be
    /// solved right: this only keeps one board's positions in one table).
    pub fn fits(&self, pos: &WarpWeft) -> bool {
        let cells = 0..self.n * self.n;
        pos.size() == self.n
            && pos.variants() == self.variants
            && if self.delta == 0 {
                cells.into_iter().all(|c| pos.value(c) as i32 == self.board_values[c])
            } else {
                cells.into_iter().all(|c| (pos.value(c) as i32 - self.board_values[c]) % self.delta == 0)
            }
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The position `pos` as the search sees it, the solver's values set to its own.
    fn root_of(&mut self, pos: &WarpWeft) -> Root {
        // A solver made for other rules or another board would answer for those without a word.
        debug_assert!(self.fits(pos), "a solver was asked about a position it was not made for");
        let used = (0..pos.cells()).filter(|&c| pos.is_used(c)).fold(0, |m, c| m | 1 << c);
        let passes = u8::from(pos.can_pass(Axis::Weft)) | u8::from(pos.can_pass(Axis::Warp)) << 1;
        let spot = Spot::new(pos.shuttle(), pos.axis_to_move().index(), passes);
        let mut values_hash = 0;
        if self.delta != 0 {
            for cell in 0..pos.cells() {
                self.values[cell] = pos.value(cell) as i32;
            }
            values_hash = self.values_hash(used);
        }
        Root { used, spot, values_hash }
    }

    /// Whether the root has no move: the game is over.
    fn is_over(&self, root: Root) -> bool {
        for_rules!(self.rules, R => self.targets::<R>(root.used, root.spot) == 0 && !(R & PASS != 0 && root.spot.can_pass()))
    }

    /// Readies a solve from the root with `used` cells: its deadline, and
    /// the depth from which positions go without the table (never the root,
    /// whose entry names the move).
    fn start(&mut self, used: u64, limit: Option<Duration>) {
        self.deadline = limit.map(|l| Instant::now() + l);
        self.stopped = false;
        let eighths = if self.rules & PASS != 0 { TABLELESS_EIGHTHS_PASS } else { TABLELESS_EIGHTHS };
        let deep = (self.n * self.n * eighths / 8) as u32;
        self.tableless_from = deep.max(used.count_ones() + 1);
        self.near_below = self.tableless_from + NEAR_PLIES;
    }

    /// Whether the solve's time has run out: the one place the solver reads the clock.
    #[inline]
    pub(super) fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A guess at the margin of `pos` from a search `depth` moves deep (see `solver_search.rs`).
    pub fn estimate(&mut self, pos: &WarpWeft, depth: u32) -> i32 {
        let root = self.root_of(pos);
        for_rules!(self.rules, R => self.shallow::<R>(root.used, root.spot, depth, i32::MIN / 2, i32::MAX / 2))
    }

    /// Where MTD(f) had best start on `pos` when nothing is known of its
    /// value: a quick search's estimate ([`Solver::estimate`], [`GUESS_DEPTH`]
    /// moves deep) plus two. That search ends each line greedily, which falls
    /// short from the opening (by 2 or 3 points on half of the 100 boards of
    /// the perfect-play study), and MTD(f) needs only its two last passes
    /// when the guess is the margin or one above it. On 24 fresh boards (two
    /// threads, the opening's margin) this guess took 168 s in all, the
    /// estimate plus one 176 s and plus three 171 s; on 14 earlier boards
    /// plus one had beaten the estimate itself and a fixed 3.
    fn first_guess(&mut self, pos: &WarpWeft) -> i32 {
        let Root { used, spot, values_hash } = self.root_of(pos);
        match self.last_guess {
            Some((u, s, h, guess)) if (u, s, h) == (used, spot, values_hash) => guess,
            _ => {
                let guess = self.estimate(pos, GUESS_DEPTH) + 2;
                self.last_guess = Some((used, spot, values_hash, guess));
                guess
            }
        }
    }

    /// [`Solver::solve`] for a position whose value nothing bounds yet,
    /// from the solver's own first guess ([`Solver::first_guess`]).
    pub fn solve_from_estimate(&mut self, pos: &WarpWeft, limit: Option<Duration>) -> Option<Exact> {
        let guess = self.first_guess(pos);
        self.solve(pos, guess, limit)
    }

    /// The exact margin and a best move, by MTD(f) from `guess`; `None` if `limit` ran out first.
    /// With several threads, they search each test together (see [`Solver::root`]).
    /// Testing thresholds side by side, one a thread, was tried first: the
    /// opening's margin on three boards took 6.5–7.6 s on two threads,
    /// against 4.1–6.3 s testing one threshold at a time on both.
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
        let root = self.root_of(pos);
        self.start(root.used, limit);
        self.proven = None;
        if self.is_over(root) {
            return Some(Exact { margin: 0, best: None });
        }
        let mut known = known;
        let mut g = guess.clamp(known.lower(), known.upper());
        while known.lower() < known.upper() {
            let beta = if g == known.lower() { g + 1 } else { g };
            let mv;
            (g, mv) = for_rules!(self.rules, R => self.root::<R>(root, beta - 1, beta));
            if self.stopped {
                self.proven = known.at_least;
                return None;
            }
            // The move that proved a new lower bound, read as soon as its pass
            // ends: a later pass that fails low knows only upper bounds, and the
            // root's entry may be evicted by then.
            let mv = (g >= beta).then(|| self.move_to(pos, mv).or_else(|| self.best_move(pos, root)));
            known.learn(beta, (g, mv.flatten()));
        }
        Some(Exact { margin: known.lower(), best: known.at_least.map(|(_, mv)| mv) })
    }

    /// A null-window search from the root that also names the move reaching
    /// its score: a thread's own result, which no other thread's table write
    /// can blur. Fail-soft, like [`Solver::search`].
    fn root_pass<const R: u8>(&mut self, root: Root, alpha: i32, beta: i32) -> (i32, u8) {
        let Root { used, spot, values_hash } = root;
        let targets = self.targets::<R>(used, spot);
        let key = self.root_key::<R>(used, spot, values_hash);
        let nodes_before = self.nodes;
        let table_best = self.table.probe(key).map_or(NO_MOVE, |(_, s)| s.best);
        let moves = self.ordered_moves::<R>(used, spot, targets, table_best, true);
        if moves.as_slice().is_empty() {
            return (0, NO_MOVE);
        }
        let (best, best_move) = self.best_of::<R>(used, spot, values_hash, moves.as_slice(), alpha, beta);
        if self.stopped {
            return (0, NO_MOVE);
        }
        self.record(key, alpha, beta, best, best_move, self.nodes - nodes_before);
        (best, best_move)
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
        let root = self.root_of(pos);
        if self.is_over(root) {
            return Some((0, None));
        }
        self.start(root.used, limit);
        let (g, mv) = for_rules!(self.rules, R => self.root::<R>(root, threshold - 1, threshold));
        if self.stopped {
            return None;
        }
        let best = (g >= threshold).then(|| self.move_to(pos, mv).or_else(|| self.best_move(pos, root)));
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
    pub fn likely_best(&mut self, pos: &WarpWeft) -> Option<WarpWeftMove> {
        let root = self.root_of(pos);
        let moves = for_rules!(self.rules, R => {
            let targets = self.targets::<R>(root.used, root.spot);
            self.ordered_moves::<R>(root.used, root.spot, targets, NO_MOVE, true)
        });
        moves.as_slice().first().and_then(|&mv| self.move_to(pos, mv))
    }

    /// The move to `mv` (a cell or a pass), if it is one (not [`NO_MOVE`]).
    fn move_to(&self, pos: &WarpWeft, mv: u8) -> Option<WarpWeftMove> {
        let from = pos.shuttle() as u8;
        match mv {
            NO_MOVE => None,
            PASS_MOVE => Some(WarpWeftMove::pass(from)),
            to => Some(WarpWeftMove { to, from }),
        }
    }

    /// The exact margin of each legal move (its cell's value plus the rest), best first.
    pub fn move_values(&mut self, pos: &WarpWeft, limit: Option<Duration>) -> Option<Vec<(WarpWeftMove, i32)>> {
        let start = Instant::now();
        let root = self.solve_from_estimate(pos, limit)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out = Vec::new();
        for mv in moves {
            if mv.is_swap() {
                continue;
            }
            let gain = if mv.is_pass() { 0 } else { pos.value(mv.to as usize) as i32 };
            let mut child = pos.clone();
            child.play(mv);
            let left = limit.map(|l| l.saturating_sub(start.elapsed()));
            let exact = self.solve(&child, root.margin - gain, left)?;
            out.push((mv, gain - exact.margin));
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.1));
        Some(out)
    }

    /// The table's move for the root, or failing that its first move.
    fn best_move(&self, pos: &WarpWeft, root: Root) -> Option<WarpWeftMove> {
        for_rules!(self.rules, R => {
            let targets = self.targets::<R>(root.used, root.spot);
            let may_pass = R & PASS != 0 && root.spot.can_pass();
            let stored = self.table.probe(self.root_key::<R>(root.used, root.spot, root.values_hash)).map(|(_, s)| s.best);
            let mv = match stored {
                Some(cell) if cell < 64 && targets & 1 << cell != 0 => cell,
                Some(PASS_MOVE) if may_pass => PASS_MOVE,
                _ if targets != 0 => targets.trailing_zeros() as u8,
                _ if may_pass => PASS_MOVE,
                _ => NO_MOVE,
            };
            self.move_to(pos, mv)
        })
    }

    /// The search from the root, with the score and the move reaching it:
    /// on one thread [`Solver::root_pass`]; on several, each thread
    /// searches the whole tree through the shared table, and near the root
    /// a position another thread is searching is left for last (see
    /// `solver_share.rs`): the first thread done has the answer and stops
    /// the rest. Fail-soft, like [`Solver::search`].
    fn root<const R: u8>(&mut self, root: Root, alpha: i32, beta: i32) -> (i32, u8) {
        let Root { used, spot, .. } = root;
        let moves_here = self.targets::<R>(used, spot).count_ones() + u32::from(R & PASS != 0 && spot.can_pass());
        if self.threads <= 1 || moves_here < 2 {
            return self.root_pass::<R>(root, alpha, beta);
        }
        let busy = Arc::new(Busy::new());
        let halt = Arc::new(AtomicBool::new(false));
        let answer = Mutex::new(None);
        let nodes = AtomicU64::new(0);
        let share_below = (used.count_ones() + SHARED_PLIES).min(self.tableless_from);
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                let mut worker = self.helper(&halt);
                worker.busy = Some(Arc::clone(&busy));
                worker.share_below = share_below;
                let (halt, answer, nodes) = (&halt, &answer, &nodes);
                scope.spawn(move || {
                    let result = worker.root_pass::<R>(root, alpha, beta);
                    if !worker.stopped {
                        answer.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(result);
                        halt.store(true, Ordering::Relaxed);
                    }
                    nodes.fetch_add(worker.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed);
        let answer = answer.into_inner().unwrap_or_else(|e| e.into_inner());
        // No thread finished: the time ran out or the solve was cancelled.
        match answer {
            Some(found) => found,
            None => {
                self.stopped = true;
                (0, NO_MOVE)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Options;

    /// A solver for board 1 and the key of its start position.
    fn solver_and_root() -> (Solver, u64) {
        let pos = WarpWeft::new(&Options::default()).unwrap();
        let mut solver = Solver::new(&pos, 1).unwrap();
        let root = solver.root_of(&pos);
        let key = solver.key::<0>(root.used, root.spot, root.values_hash);
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
}
