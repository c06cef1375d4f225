//! Negamax alpha–beta with principal-variation search, iterative deepening
//! with aspiration windows (keeping what an unfinished iteration found), a
//! shared transposition table, killer and history
//! move ordering, an optional quiescence search, optional late-move
//! reductions and threat extension, time and node limits, and
//! Lazy SMP (several threads searching the same tree through one table,
//! helpers an iteration ahead of the main thread; see [`crate::lazy_smp`]).

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tabula_core::time::{Duration, Instant};

use tabula_core::{Evaluate, Outcome, Side, PROVEN, WIN_SCORE};

use crate::envelope::{Progress, Reporter};
use crate::lazy_smp::{Finished, SharedIterations};
use crate::move_picker::{MovePicker, Ranked};
use crate::tt::{Bound, Entry, Table};

const INFINITY: i32 = WIN_SCORE * 2;
const MAX_PLY: usize = 128;
const HISTORY_SIZE: usize = 1 << 12;
/// The history of cut-offs a move can gain, or lose, at most.
const HISTORY_MAX: i32 = 1 << 20;
/// The first aspiration window's half-width, in evaluation units.
const ASPIRATION: i32 = 16;
/// The shallowest remaining depth at which threads of a parallel search leave
/// a move another thread is searching for last; nearer the leaves the
/// bookkeeping would cost more than the duplicated work.
const DEFER_DEPTH: i32 = 3;

/// How far and how long to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after this long. The move played is the last finished iteration's,
    /// or a better one the unfinished iteration found after searching that
    /// move first; an iteration that could not search even its first move in
    /// the time left is not started, unless a helper thread is already on it.
    pub time: Option<Duration>,
    /// Iterations up to this depth finish even past the time limit.
    pub min_depth: u32,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// A fixed-depth search with no time limit.
    pub fn depth(depth: u32) -> Self {
        SearchLimits { depth, time: None, min_depth: 0, nodes: None }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when the game is over): the last finished
    /// iteration's, unless the unfinished one proved another better.
    pub best: Option<M>,
    /// Its score for the side to move; beyond ±`PROVEN`, a proven result.
    pub score: i32,
    /// The depth of the last finished iteration (of any thread's).
    pub depth: u32,
    /// The expected continuation, best move first.
    pub pv: Vec<M>,
    /// Positions visited (all threads).
    pub nodes: u64,
    /// Whether the score is the exact value of the game (every line was
    /// followed to the end).
    pub exact: bool,
    /// Time spent.
    pub elapsed: Duration,
}

/// An alpha–beta searcher for one game type. Keep it between moves to reuse its table.
pub struct AlphaBeta<G: Evaluate> {
    table: Arc<Table>,
    use_table: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<Ranked<G::Move>>>,
    /// Per ply, the moves left for last because another thread was on them.
    deferred: Vec<Vec<u16>>,
    scratch: Vec<G::Move>,
    nodes: u64,
    horizon: u64,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: Arc<AtomicBool>,
    stopped: bool,
    /// A moment after which every search stops, whatever its limits say.
    hard_deadline: Option<Instant>,
    /// Stops the search when set by whoever asked for it.
    cancel: Option<Arc<AtomicBool>>,
    /// Where each finished iteration is reported (see [`AlphaBeta::set_progress`]).
    progress: Option<Reporter>,
    plain: bool,
    /// Whether late quiet moves are searched shallower first (see [`AlphaBeta::set_reductions`]).
    reductions: bool,
    /// What a draw costs the side this search is for (see [`AlphaBeta::set_contempt`]).
    contempt: i32,
    /// Whether a threatened position at the horizon gets one more ply (see [`AlphaBeta::set_extensions`]).
    extensions: bool,
    /// The side to move at the root of the current search.
    root_side: Side,
    /// The best root move of the iteration under way and its score, once a
    /// root move has been searched to the iteration's depth and raised alpha.
    root_best: Option<(G::Move, i32)>,
    /// When the iteration under way finished searching its first root move.
    first_root_done: Option<Instant>,
    /// What the threads of a parallel search share besides the table.
    shared: Option<Arc<SharedIterations<G::Move>>>,
    /// When the decision that later searches belong to began, where it is
    /// thought in several calls (see [`AlphaBeta::set_decision`]).
    decision: Option<Instant>,
    /// How far the last search of that decision got, for the next call to go on from.
    resume: Option<Resume<G::Move>>,
}

/// Where a decision thought in several calls stood at the end of one.
struct Resume<M> {
    /// The decision's start.
    began: Instant,
    /// The position searched.
    hash: u64,
    /// The result so far (its depth is the last finished iteration).
    result: SearchResult<M>,
    /// The last finished iteration's score, for the next aspiration window.
    previous: Option<i32>,
    /// How long the finished iterations took, to foresee the next.
    pace: IterationPace,
    /// The unfinished iteration's start and when its first root move was done.
    unfinished: Option<(Instant, Option<Instant>)>,
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A searcher with a transposition table of about `table_mib` MiB.
    pub fn new(table_mib: usize) -> Self {
        Self::with_table(Arc::new(Table::with_mib(table_mib)))
    }

    /// A searcher using an existing (possibly shared) table.
    pub fn with_table(table: Arc<Table>) -> Self {
        AlphaBeta {
            table,
            use_table: true,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; HISTORY_SIZE],
            buffers: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            deferred: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            scratch: Vec::with_capacity(64),
            nodes: 0,
            horizon: 0,
            deadline: None,
            node_limit: u64::MAX,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            hard_deadline: None,
            cancel: None,
            progress: None,
            plain: false,
            reductions: false,
            contempt: 0,
            extensions: false,
            root_side: Side::First,
            root_best: None,
            first_root_done: None,
            shared: None,
            decision: None,
            resume: None,
        }
    }

    /// A searcher without a transposition table (for testing the table itself).
    pub fn without_table() -> Self {
        let mut s = Self::new(0);
        s.use_table = false;
        s
    }

    /// Makes this a plain baseline searcher: the game's plain evaluation
    /// ([`Evaluate::evaluate_plain`]) at the horizon, and no quiescence search.
    pub fn set_plain(&mut self, plain: bool) {
        self.plain = plain;
    }

    /// Turns late-move reductions on or off: quiet moves ordered after the
    /// first few are searched shallower with a null window (a ply at first,
    /// more the deeper the search and the later the move), and again at
    /// full depth only when they beat the best so far. The search reaches
    /// deeper in the same time; it may miss a quiet move whose worth shows
    /// only at full depth.
    pub fn set_reductions(&mut self, on: bool) {
        self.reductions = on;
    }

    /// Turns the threat extension on or off: a position the search reaches
    /// at its horizon whose mover must answer a threat that would end the
    /// game ([`Evaluate::threatened`]) is searched one ply more instead of
    /// being evaluated as it stands, so the answer (or the lack of one) is
    /// seen.
    pub fn set_extensions(&mut self, on: bool) {
        self.extensions = on;
    }

    /// Makes a draw worth `contempt` less than an even position to the side
    /// the search is for (and that much more to its opponent). Zero, the
    /// default, scores a draw as even; a small positive value makes a
    /// stronger player keep a game going against a weaker one instead of
    /// letting it drift into a draw. Keep it well below a piece: the searcher
    /// should prefer a draw to a real loss. A new value forgets the table,
    /// whose scores assumed the old one.
    pub fn set_contempt(&mut self, contempt: i32) {
        if contempt != self.contempt {
            self.contempt = contempt;
            self.table.clear();
        }
    }

    /// Stops every later search at `deadline` (even below its minimum depth)
    /// or as soon as `cancel` is set: the bounds a server puts on a player
    /// that strangers may ask for. The best move of the last finished
    /// iteration is played.
    pub fn set_bounds(&mut self, deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) {
        self.hard_deadline = deadline;
        self.cancel = cancel;
    }

    /// Says that later searches belong to one decision that began at
    /// `began` and is thought in several calls, each stopped by its bounds
    /// (see [`crate::Slices`]): a search of the same position goes on from
    /// the iteration the last one finished, with its move ordering, and
    /// the spec's time counts from `began`. `None`: each search is a decision.
    pub fn set_decision(&mut self, began: Option<Instant>) {
        self.decision = began;
    }

    /// Reports every later search's finished iterations (depth, positions,
    /// the best move so far) to `reporter`, for a page that shows the
    /// computer thinking; `None` reports nothing.
    pub fn set_progress(&mut self, reporter: Option<Reporter>) {
        self.progress = reporter;
    }

    /// The value of a finished game for the side to move in `pos`, with
    /// this searcher's contempt for draws.
    #[inline]
    fn terminal(&self, pos: &G, outcome: Outcome, ply: u32) -> i32 {
        match outcome {
            Outcome::Draw if self.contempt != 0 => {
                if pos.side_to_move() == self.root_side {
                    -self.contempt
                } else {
                    self.contempt
                }
            }
            _ => pos.terminal_score(outcome, ply),
        }
    }

    /// Forgets everything learned (table, killers, history).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Searches `game` within `limits` on one thread.
    pub fn search(&mut self, game: &G, limits: SearchLimits) -> SearchResult<G::Move> {
        self.stop.store(false, Ordering::Relaxed);
        self.run(game, limits, 0)
    }

    /// Searches with `threads` threads sharing this searcher's table (Lazy
    /// SMP): helpers search the same position an iteration ahead of the
    /// main thread where they can, filling the table for it; the main
    /// thread's result is returned, or a helper's if it finished a deeper
    /// iteration.
    pub fn search_parallel(&mut self, game: &G, limits: SearchLimits, threads: usize) -> SearchResult<G::Move> {
        // Without threads (WebAssembly in a page) one thread searches.
        if threads <= 1 || !cfg!(feature = "threads") {
            return self.search(game, limits);
        }
        self.stop.store(false, Ordering::Relaxed);
        let helper_nodes = Arc::new(AtomicU64::new(0));
        let shared = Arc::new(SharedIterations::new(threads, Self::max_depth(limits)));
        self.shared = Some(Arc::clone(&shared));
        let (self_plain, self_contempt, self_reductions, self_extensions) =
            (self.plain, self.contempt, self.reductions, self.extensions);
        let mut result = std::thread::scope(|scope| {
            for id in 1..threads {
                let table = Arc::clone(&self.table);
                let stop = Arc::clone(&self.stop);
                let counted = Arc::clone(&helper_nodes);
                let shared = Arc::clone(&shared);
                scope.spawn(move || {
                    let mut helper = AlphaBeta::<G>::with_table(table);
                    helper.stop = stop;
                    helper.shared = Some(shared);
                    helper.plain = self_plain;
                    helper.reductions = self_reductions;
                    helper.contempt = self_contempt;
                    helper.extensions = self_extensions;
                    let helper_limits = SearchLimits { time: None, min_depth: 0, nodes: None, ..limits };
                    helper.run(game, helper_limits, id);
                    counted.fetch_add(helper.nodes, Ordering::Relaxed);
                });
            }
            let result = self.run(game, limits, 0);
            self.stop.store(true, Ordering::Relaxed);
            result
        });
        self.shared = None;
        if let Some(deeper) = shared.deepest().filter(|f| f.depth > result.depth) {
            let mut pos = game.clone();
            let pv = self.principal_variation(&mut pos, deeper.depth as usize);
            result.pv = if pv.first() == Some(&deeper.best) { pv } else { vec![deeper.best] };
            result.best = Some(deeper.best);
            result.score = deeper.score;
            result.depth = deeper.depth;
            result.exact = deeper.exact;
        }
        result.nodes += helper_nodes.load(Ordering::Relaxed);
        result
    }

    /// The deepest iteration `limits` allow.
    fn max_depth(limits: SearchLimits) -> u32 {
        limits.depth.clamp(1, MAX_PLY as u32 - 1)
    }

    /// The iterative-deepening loop; helper threads (`id > 0`) start one ply
    /// deeper every other thread, skip a depth that half the threads are
    /// already searching, offer each iteration they finish to the main thread,
    /// and stop on their own only once they finished the last iteration or
    /// solved the game, which stops the whole search.
    fn run(&mut self, game: &G, limits: SearchLimits, id: usize) -> SearchResult<G::Move> {
        // A call that goes on with a decision begun earlier (one thread only) starts where the last one stopped.
        let decision = self.decision.filter(|_| id == 0 && self.shared.is_none());
        let resumed = match (decision, self.resume.take()) {
            (Some(began), Some(r)) if r.began == began && r.hash == game.hash() => Some(r),
            _ => None,
        };
        let start = decision.unwrap_or_else(Instant::now);
        if id == 0 && resumed.is_none() {
            self.table.new_search();
        }
        self.nodes = 0;
        self.stopped = false;
        // With contempt, draws in the table are scored for one side: searching
        // for the other side starts afresh.
        if id == 0 && self.contempt != 0 && game.side_to_move() != self.root_side {
            self.table.clear();
        }
        self.root_side = game.side_to_move();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        if resumed.is_none() {
            self.killers.iter_mut().for_each(|k| *k = [None; 2]);
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
        let mut pos = game.clone();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        };
        if let Some(outcome) = pos.outcome() {
            result.score = pos.terminal_score(outcome, 0);
            result.exact = true;
            return result;
        }
        let max_depth = Self::max_depth(limits);
        let mut previous: Option<i32> = None;
        let mut pace = IterationPace::default();
        let mut first = 1 + (id % 2) as u32;
        let mut unfinished = None;
        if let Some(r) = resumed {
            if r.result.exact {
                // Nothing deeper to find: the last call ended with the game's exact value.
                self.resume = Some(Resume { result: SearchResult { nodes: 0, ..r.result.clone() }, ..r });
                return SearchResult { nodes: 0, elapsed: start.elapsed(), ..r.result };
            }
            first = r.result.depth + 1;
            previous = r.previous;
            result = r.result;
            pace = r.pace;
            unfinished = r.unfinished;
        }
        let shared = self.shared.clone();
        for depth in first..=max_depth {
            if id > 0 && depth < max_depth && shared.as_ref().is_some_and(|s| s.crowded(depth)) {
                continue;
            }
            let soft = if depth <= limits.min_depth { None } else { limits.time.map(|t| start + t) };
            self.deadline = crate::envelope::earlier(soft, self.hard_deadline);
            self.horizon = 0;
            self.root_best = None;
            self.first_root_done = None;
            // The iteration an earlier call of the decision began goes on: its time counts from then.
            let began = match unfinished.take() {
                Some((began, first_done)) => {
                    self.first_root_done = first_done;
                    began
                }
                None => Instant::now(),
            };
            if let Some(s) = &shared {
                s.enter(depth);
            }
            let score = self.aspiration(&mut pos, depth as i32, previous);
            if let Some(s) = &shared {
                s.leave(depth);
            }
            if self.stopped {
                unfinished = Some((began, self.first_root_done));
                // An unfinished iteration still counts once a root move has been
                // searched to its depth: that move is at least as good as the
                // last finished iteration's choice, which was searched first.
                if let (0, Some((mv, partial))) = (id, self.root_best) {
                    if result.best != Some(mv) {
                        result.best = Some(mv);
                        result.pv = vec![mv];
                    }
                    result.score = partial;
                }
                break;
            }
            let took = began.elapsed();
            pace.finished(took, self.first_root_done.map_or(took, |t| t - began));
            if id > 0 {
                if let (Some(shared), Some((best, _))) = (&shared, self.root_best) {
                    let exact = self.horizon == 0;
                    shared.offer(Finished { depth, score, best, exact });
                    if exact || depth == max_depth {
                        self.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                previous = Some(score);
                continue;
            }
            let pv = self.principal_variation(&mut pos, depth as usize);
            result = SearchResult {
                best: pv.first().copied(),
                score,
                depth,
                pv,
                nodes: self.nodes,
                exact: self.horizon == 0,
                elapsed: start.elapsed(),
            };
            if result.best.is_none() {
                result.best = self.first_legal(&pos);
            }
            if let Some(reporter) = &self.progress {
                reporter.report(&Progress {
                    depth,
                    nodes: self.nodes,
                    playouts: false,
                    elapsed: result.elapsed,
                    best: result.best.map(|mv| pos.format_move(mv)),
                    score,
                });
            }
            // Against the clock, a proven result that a deeper look confirmed
            // is played at once; a fixed-depth search goes on, since a deeper
            // look may still find a bigger margin.
            let confirmed = limits.time.is_some() && score.abs() >= PROVEN && previous == Some(score);
            if result.exact || (confirmed && depth >= limits.min_depth) {
                break;
            }
            previous = Some(score);
            if let Some(t) = limits.time {
                // Do not start an iteration that cannot even search its first
                // move in the time left: it could not change the move played.
                // One a helper is already searching is joined all the same:
                // with two threads on it, the helper may finish it in time.
                let helped = shared.as_ref().is_some_and(|s| s.in_progress(depth + 1));
                if depth >= limits.min_depth && !helped && start.elapsed() + pace.next_first_move() > t {
                    break;
                }
            }
        }
        if result.best.is_none() {
            result.best = self.first_legal(&pos);
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        if let Some(began) = decision {
            self.resume = Some(Resume { began, hash: game.hash(), result: result.clone(), previous, pace, unfinished });
        }
        result
    }

    /// One iteration, first with a narrow window around the last score.
    fn aspiration(&mut self, pos: &mut G, depth: i32, previous: Option<i32>) -> i32 {
        let Some(guess) = previous.filter(|p| depth >= 4 && p.abs() < PROVEN) else {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0);
        };
        let mut delta = ASPIRATION;
        loop {
            let (alpha, beta) = (guess.saturating_sub(delta).max(-INFINITY), guess.saturating_add(delta).min(INFINITY));
            let score = self.negamax(pos, depth, alpha, beta, 0);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            if delta > WIN_SCORE {
                return self.negamax(pos, depth, -INFINITY, INFINITY, 0);
            }
            delta = delta.saturating_mul(4);
        }
    }

    /// Each root move's score from a full-window search `depth` plies deep,
    /// for players that pick among near-best moves on purpose. Moves are
    /// scored in the order given (put the best first); when `deadline`
    /// passes, the moves scored so far are returned.
    pub fn root_scores(
        &mut self,
        game: &G,
        moves: &[G::Move],
        depth: u32,
        deadline: Option<Instant>,
    ) -> Vec<(G::Move, i32)> {
        let mut pos = game.clone();
        self.stopped = false;
        self.deadline = crate::envelope::earlier(deadline, self.hard_deadline);
        let mut out = Vec::new();
        for &mv in moves {
            let mover = pos.side_to_move();
            pos.play(mv);
            let same = pos.side_to_move() == mover;
            let score = self.child(&mut pos, depth.saturating_sub(1) as i32, -INFINITY, INFINITY, 1, same);
            pos.undo(mv);
            if self.stopped {
                break;
            }
            out.push((mv, score));
        }
        self.stopped = false;
        out
    }

    fn first_legal(&mut self, pos: &G) -> Option<G::Move> {
        self.scratch.clear();
        pos.legal_moves(&mut self.scratch);
        self.scratch.first().copied()
    }

    /// The table's move for a position, decoded from its index.
    fn table_move(&mut self, pos: &G, index: Option<u16>) -> Option<G::Move> {
        let index = index? as usize;
        self.scratch.clear();
        pos.legal_moves(&mut self.scratch);
        self.scratch.get(index).copied()
    }

    /// Follows table moves from the root to rebuild the expected line.
    fn principal_variation(&mut self, pos: &mut G, max_len: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut seen = Vec::new();
        while pv.len() < max_len.max(1) {
            let Some(entry) = self.table.probe(pos.hash(), 0) else { break };
            let Some(mv) = self.table_move(pos, entry.move_index) else { break };
            if seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            pos.play(mv);
            pv.push(mv);
        }
        for &mv in pv.iter().rev() {
            pos.undo(mv);
        }
        pv
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                self.stopped = true;
            }
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        self.stopped
    }

    fn negamax(&mut self, pos: &mut G, mut depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return self.terminal(pos, outcome, ply as u32);
        }
        if depth <= 0 && self.extensions && !self.plain && pos.threatened() {
            depth = 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let key = pos.hash();
        let mut table_index = None;
        if self.use_table {
            if let Some(e) = self.table.probe(key, ply as u32) {
                table_index = e.move_index;
                if e.depth as i32 >= depth && ply > 0 {
                    let usable = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.score >= beta,
                        Bound::Upper => e.score <= alpha,
                    };
                    if usable {
                        if !e.complete {
                            self.horizon += 1;
                        }
                        return e.score;
                    }
                }
            }
        }
        let horizon_before = self.horizon;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut picker = self.order_moves(pos, &mut moves, table_index);

        let alpha_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_index = None;
        let mover = pos.side_to_move();
        // In a parallel search, a move other than the first whose position
        // another thread is searching waits until the others are done: by
        // then that thread's result is likely in the table.
        let defer = depth >= DEFER_DEPTH && self.shared.is_some();
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let mut step = 0;
        while step < moves.len() + deferred.len() {
            let first_pass = step < moves.len();
            let i = if first_pass { step } else { deferred[step - moves.len()] as usize };
            step += 1;
            if first_pass {
                picker.pick(&mut moves, i, |mv| self.move_key(pos, mv, ply));
            }
            let (mv, key, index) = moves[i];
            let cut = self.reduction(pos, mv, key, i, depth, ply);
            pos.play(mv);
            let child_key = pos.hash();
            if self.use_table {
                self.table.prefetch(child_key);
            }
            let marked = defer && i > 0;
            if let Some(shared) = self.shared.as_ref().filter(|_| marked) {
                if first_pass && shared.is_busy(child_key) {
                    pos.undo(mv);
                    deferred.push(i as u16);
                    continue;
                }
                shared.mark_busy(child_key);
            }
            let same = pos.side_to_move() == mover;
            let score = if i == 0 {
                self.child(pos, depth - 1, alpha, beta, ply + 1, same)
            } else {
                let mut s = self.child(pos, depth - 1 - cut, alpha, alpha + 1, ply + 1, same);
                if cut > 0 && s > alpha {
                    s = self.child(pos, depth - 1, alpha, alpha + 1, ply + 1, same);
                }
                if s > alpha && s < beta {
                    self.child(pos, depth - 1, alpha, beta, ply + 1, same)
                } else {
                    s
                }
            };
            if let Some(shared) = self.shared.as_ref().filter(|_| marked) {
                shared.unmark_busy(child_key);
            }
            pos.undo(mv);
            if self.stopped {
                self.buffers[ply] = moves;
                self.deferred[ply] = deferred;
                return 0;
            }
            if ply == 0 {
                if i == 0 && self.first_root_done.is_none() {
                    self.first_root_done = Some(Instant::now());
                }
                if score > alpha {
                    self.root_best = Some((mv, score));
                }
            }
            if score > best_score {
                best_score = score;
                best_index = Some(index);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.reward(mv, depth, ply, mover);
                        // The quiet moves searched before it did not cut: they
                        // lose the history that this one gains.
                        if first_pass {
                            for &(tried, _, _) in &moves[..i] {
                                if pos.order_hint(tried) <= 0 {
                                    self.punish(tried, depth, mover);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.deferred[ply] = deferred;
        if self.use_table {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > alpha_start {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let entry = Entry {
                move_index: best_index,
                score: best_score,
                depth: depth.min(i8::MAX as i32) as i8,
                bound,
                complete: self.horizon == horizon_before,
            };
            self.table.store(key, ply as u32, entry);
        }
        best_score
    }

    /// A child's score for the parent's mover, searched with the parent's
    /// window: negated (window and all) when the turn passed to the other
    /// side, taken as it is when the same side moves again (`same`).
    #[inline]
    fn child(&mut self, pos: &mut G, depth: i32, alpha: i32, beta: i32, ply: usize, same: bool) -> i32 {
        if same {
            self.negamax(pos, depth, alpha, beta, ply)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply)
        }
    }

    /// Looks at the game's noisy moves (captures) until the position is quiet.
    fn quiesce(&mut self, pos: &mut G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.horizon += 1;
        if self.plain {
            return pos.evaluate_plain();
        }
        let stand = pos.evaluate();
        if stand >= beta || ply >= MAX_PLY {
            return stand;
        }
        self.scratch.clear();
        pos.noisy_moves(&mut self.scratch);
        if self.scratch.is_empty() {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        moves.extend(self.scratch.iter().map(|&mv| (mv, pos.order_hint(mv), 0)));
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
        alpha = alpha.max(stand);
        let mut best = stand;
        let mover = pos.side_to_move();
        for &(mv, _, _) in moves.iter() {
            self.nodes += 1;
            pos.play(mv);
            let same = pos.side_to_move() == mover;
            let score = match pos.outcome() {
                Some(outcome) => flip(self.terminal(pos, outcome, ply as u32 + 1), same),
                None if same => self.quiesce(pos, alpha, beta, ply + 1),
                None => -self.quiesce(pos, -beta, -alpha, ply + 1),
            };
            pos.undo(mv);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// How many plies shallower to search the `i`-th move of `pos` at first:
    /// none near the root or the horizon, for the first moves, the table
    /// move, killers and moves the game hints at (captures); for the rest,
    /// more the deeper the search and the later the move,
    /// `ln(depth) · ln(i + 1) / 2` plies, one more where the move's history
    /// is below zero (at least one, and the child keeps at least one ply of
    /// its own).
    #[inline]
    fn reduction(&self, pos: &G, mv: G::Move, key: i32, i: usize, depth: i32, ply: usize) -> i32 {
        if !self.reductions || ply == 0 || depth < 3 || i < 3 || key >= i32::MAX - 3 || pos.order_hint(mv) > 0 {
            return 0;
        }
        let plies = (depth as f32).ln() * ((i + 1) as f32).ln() / 2.0;
        // A move searched in vain more often than it cut off (its history
        // below zero) is reduced a ply more.
        let history = self.history[history_slot(&mv, G::HISTORY_BY_MOVER, pos.side_to_move())];
        (plies as i32 + i32::from(history < 0)).clamp(1, depth - 2)
    }

    /// The position's legal moves in `moves`, the table's move first; the
    /// rest get their keys only when the search gets past it (see [`MovePicker`]).
    fn order_moves(&mut self, pos: &G, moves: &mut Vec<Ranked<G::Move>>, table_index: Option<u16>) -> MovePicker {
        self.scratch.clear();
        pos.legal_moves(&mut self.scratch);
        moves.clear();
        moves.extend(self.scratch.iter().enumerate().map(|(i, &mv)| (mv, 0, i as u16)));
        MovePicker::new(moves, table_index)
    }

    /// A move's ordering key after the table's move: killers, then by the
    /// game's hint and the history of cut-offs.
    #[inline]
    fn move_key(&self, pos: &G, mv: G::Move, ply: usize) -> i32 {
        let killers = &self.killers[ply];
        if Some(mv) == killers[0] {
            i32::MAX - 2
        } else if Some(mv) == killers[1] {
            i32::MAX - 3
        } else {
            pos.order_hint(mv)
                .saturating_mul(1024)
                .saturating_add(self.history[history_slot(&mv, G::HISTORY_BY_MOVER, pos.side_to_move())])
        }
    }

    /// Remembers a move that caused a cut-off.
    fn reward(&mut self, mv: G::Move, depth: i32, ply: usize, mover: Side) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[history_slot(&mv, G::HISTORY_BY_MOVER, mover)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }

    /// Counts against a quiet move that was searched before the move that
    /// cut off, and so did not: without this, history only ever grew, and a
    /// move that once cut kept its place long after it stopped cutting
    /// (Leeward, 46 positions at depth 9: 8 % fewer positions).
    fn punish(&mut self, mv: G::Move, depth: i32, mover: Side) {
        let h = &mut self.history[history_slot(&mv, G::HISTORY_BY_MOVER, mover)];
        *h = (*h - depth * depth).max(-HISTORY_MAX);
    }
}

/// How long the iterations of one search took, to foresee the next one.
#[derive(Debug, Default, Clone, Copy)]
struct IterationPace {
    /// The last finished iteration's length, and how long its first root move took.
    last: Option<(Duration, Duration)>,
    /// The iteration's length before that.
    before: Option<Duration>,
}

impl IterationPace {
    /// Notes an iteration that took `total`, `first` of it on its first root move.
    fn finished(&mut self, total: Duration, first: Duration) {
        self.before = self.last.map(|(total, _)| total);
        self.last = Some((total, first.min(total)));
    }

    /// The expected time to search the next iteration's first root move: this
    /// iteration's first move, grown by the factor the iterations have been
    /// growing (between 2 and 8 when there are too few to tell).
    fn next_first_move(&self) -> Duration {
        let Some((total, first)) = self.last else { return Duration::ZERO };
        let growth = match self.before {
            Some(before) if !before.is_zero() => (total.as_secs_f64() / before.as_secs_f64()).clamp(2.0, 8.0),
            _ => 2.0,
        };
        first.mul_f64(growth)
    }
}

/// A score seen by the side to move after a move, turned into the score
/// of the side that made the move: the same when it moves again (`same`).
#[inline]
pub(crate) fn flip(score: i32, same: bool) -> i32 {
    if same {
        score
    } else {
        -score
    }
}

/// A slot in the history table for a move, from its hash; `by_mover`
/// (the game's [`Evaluate::HISTORY_BY_MOVER`]) keeps the sides apart: the
/// second side's move has the slot half the table away from the first's.
#[inline]
fn history_slot<M: Hash>(mv: &M, by_mover: bool, mover: Side) -> usize {
    let mut h = FoldHasher(0);
    mv.hash(&mut h);
    let apart = if by_mover && mover == Side::Second { HISTORY_SIZE / 2 } else { 0 };
    (h.0 as usize) & (HISTORY_SIZE - 1) ^ apart
}

/// A tiny multiplicative hasher for small keys.
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01B3);
        }
        self.0 ^= self.0 >> 29;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_sides_share_history_slots_unless_the_game_keeps_them_apart() {
        for mv in [0u16, 1, 77, 4095, 4096, u16::MAX] {
            let first = history_slot(&mv, true, Side::First);
            assert_eq!(first, history_slot(&mv, false, Side::First), "the first side's slot is the same either way");
            assert_eq!(history_slot(&mv, false, Side::Second), first, "shared: one slot for both sides");
            let second = history_slot(&mv, true, Side::Second);
            assert_eq!(first.abs_diff(second), HISTORY_SIZE / 2, "apart: half the table between them ({mv})");
            assert!(first < HISTORY_SIZE && second < HISTORY_SIZE);
        }
    }

    #[test]
    fn the_next_first_move_grows_as_the_iterations_grew() {
        let mut pace = IterationPace::default();
        assert_eq!(pace.next_first_move(), Duration::ZERO, "nothing known: start");
        pace.finished(ms(100), ms(40));
        assert_eq!(pace.next_first_move(), ms(80), "one iteration: at least twice its first move");
        pace.finished(ms(500), ms(200));
        assert_eq!(pace.next_first_move(), ms(1000), "grew 5 times: its first move 5 times");
        pace.finished(ms(510), ms(300));
        assert_eq!(pace.next_first_move(), ms(600), "barely grew: still at least twice");
        pace.finished(ms(51_000), ms(1000));
        assert_eq!(pace.next_first_move(), ms(8000), "grew 100 times: at most 8 times");
    }
}
