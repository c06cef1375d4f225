//! Monte-Carlo tree search: UCT selection, the game's playout policy,
//! MCTS-solver (proven wins and losses back up through the tree), an
//! iteration or time budget, and reuse of the tree between moves.

use tabula_core::time::{Duration, Instant};

use rand_core::RngCore;
use tabula_core::{Evaluate, Outcome, Side, WIN_SCORE};

use crate::alphabeta::SearchResult;
use crate::envelope::{Bounds, Progress};

/// How often a tree search with a reporter says what it has found so far.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The most nodes one tree may hold; past it, leaves are no longer expanded.
pub(crate) const MAX_NODES: usize = 4_000_000;
/// Playouts longer than this are scored as draws.
const MAX_PLAYOUT: usize = 2_000;

/// How long and how boldly to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsLimits {
    /// Stop after this many iterations.
    pub iterations: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// The UCT exploration constant (√2 is the textbook value).
    pub exploration: f64,
}

/// What a node is known to be worth for the player who moved into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Proof {
    Unknown,
    Win,
    Loss,
}

#[derive(Debug, Clone)]
struct Node<M> {
    mv: Option<M>,
    /// The side that played `mv` (the same side may move twice in a row).
    mover: Side,
    hash: u64,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    visits: u32,
    /// Sum of results for the player who moved into this node (1 win, ½ draw).
    reward: f64,
    proof: Proof,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Side, hash: u64) -> Self {
        Node {
            mv,
            mover,
            hash,
            first_child: 0,
            child_count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            proof: Proof::Unknown,
        }
    }
}

/// What a finished game means for the side that made its last move.
fn proof_of(outcome: Outcome, mover: Side) -> Proof {
    match outcome {
        Outcome::Win(w) if w == mover => Proof::Win,
        Outcome::Win(_) => Proof::Loss,
        Outcome::Draw => Proof::Unknown,
    }
}

/// A Monte-Carlo searcher for one game type. Keep it between moves to reuse its tree.
pub struct Mcts<G: Evaluate> {
    nodes: Vec<Node<G::Move>>,
    root: Option<G>,
    moves: Vec<G::Move>,
    path: Vec<u32>,
    /// The decision the last search belonged to (its `Bounds::began`) and
    /// the iterations spent on it, so that one decision thought in several
    /// calls spends its iteration budget once.
    decision: Option<(Instant, u64)>,
}

impl<G: Evaluate> Default for Mcts<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Evaluate> Mcts<G> {
    /// An empty searcher.
    pub fn new() -> Self {
        Mcts {
            nodes: Vec::new(),
            root: None,
            moves: Vec::with_capacity(64),
            path: Vec::with_capacity(128),
            decision: None,
        }
    }

    /// Nodes in the current tree.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Searches `game` and returns the most visited move (or a proven win).
    pub fn search(&mut self, game: &G, limits: MctsLimits, rng: &mut impl RngCore) -> SearchResult<G::Move> {
        self.search_bounded(game, limits, &Bounds::default(), rng)
    }

    /// Like [`Mcts::search`], also stopping at `bounds`' time or when they are
    /// cancelled, and reporting its progress to `bounds`' reporter every
    /// [`REPORT_EVERY`].
    pub fn search_bounded(
        &mut self,
        game: &G,
        limits: MctsLimits,
        bounds: &Bounds,
        rng: &mut impl RngCore,
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let time = match (limits.time, bounds.time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.reuse_or_reset(game);
        let mut iterations = 0u64;
        let budget = limits.iterations.unwrap_or(if limits.time.is_some() { u64::MAX } else { 10_000 });
        // A call that goes on with a decision begun earlier has only what is left of its budget.
        let spent = match (bounds.began, self.decision) {
            (Some(began), Some((same, spent))) if began == same => spent,
            _ => 0,
        };
        self.decision = bounds.began.map(|began| (began, spent));
        let budget = budget.saturating_sub(spent);
        let mut reported = start;
        while iterations < budget && self.nodes[0].proof == Proof::Unknown {
            if iterations.is_multiple_of(64) {
                if time.is_some_and(|t| start.elapsed() >= t) || bounds.is_cancelled() {
                    break;
                }
                if let Some(reporter) = &bounds.progress {
                    if reported.elapsed() >= REPORT_EVERY && self.nodes[0].expanded {
                        reported = Instant::now();
                        let so_far = self.result(game, iterations, start.elapsed());
                        reporter.report(&Progress {
                            depth: so_far.depth,
                            nodes: iterations,
                            playouts: true,
                            elapsed: so_far.elapsed,
                            best: so_far.best.map(|mv| game.format_move(mv)),
                            score: so_far.score,
                        });
                    }
                }
            }
            self.iterate(game, limits.exploration, rng);
            iterations += 1;
        }
        if !self.nodes[0].expanded {
            // A proven root before any expansion (the game is over) or no budget: expand once.
            self.iterate(game, limits.exploration, rng);
        }
        if let Some((_, so_far)) = self.decision.as_mut() {
            *so_far += iterations;
        }
        self.result(game, iterations, start.elapsed())
    }

    /// Keeps the part of the old tree below `game` if it is one or two moves on; else starts afresh.
    fn reuse_or_reset(&mut self, game: &G) {
        let target = game.hash();
        let mut found = None;
        if self.root.is_some() && !self.nodes.is_empty() {
            if self.nodes[0].hash == target {
                found = Some(0);
            } else {
                let children = self.children(0);
                'outer: for c in children.clone() {
                    if self.nodes[c].hash == target {
                        found = Some(c);
                        break;
                    }
                    for g in self.children(c) {
                        if self.nodes[g].hash == target {
                            found = Some(g);
                            break 'outer;
                        }
                    }
                }
            }
        }
        match found {
            Some(0) => {}
            Some(index) => self.reroot(index),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(None, game.side_to_move().opponent(), target));
            }
        }
        self.root = Some(game.clone());
    }

    fn children(&self, index: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[index];
        n.first_child as usize..(n.first_child + n.child_count) as usize
    }

    /// Copies the subtree under `index` into a fresh arena with it as the root.
    fn reroot(&mut self, index: usize) {
        let mut fresh: Vec<Node<G::Move>> = Vec::with_capacity(self.nodes.len());
        let mut root = self.nodes[index].clone();
        root.mv = None;
        fresh.push(root);
        let mut queue = std::collections::VecDeque::from([(index, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            if !self.nodes[old].expanded {
                continue;
            }
            let first = fresh.len();
            for c in self.children(old) {
                queue.push_back((c, fresh.len()));
                fresh.push(self.nodes[c].clone());
            }
            fresh[new].first_child = first as u32;
        }
        self.nodes = fresh;
    }

    fn iterate(&mut self, game: &G, exploration: f64, rng: &mut impl RngCore) {
        let mut pos = game.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        // Selection.
        while self.nodes[node].expanded && self.nodes[node].proof == Proof::Unknown {
            let Some(child) = self.select(node, exploration) else { break };
            pos.play(self.nodes[child].mv.expect("children carry moves"));
            node = child;
            self.path.push(node as u32);
        }
        // A solved node needs no playout: its proof is its result.
        if node != 0 && self.nodes[node].proof != Proof::Unknown {
            let won = self.nodes[node].proof == Proof::Win;
            let first_wins = won == (self.nodes[node].mover == Side::First);
            self.backup(if first_wins { 1.0 } else { 0.0 });
            return;
        }
        // Expansion and simulation; the result is scored for the first seat.
        let result = if let Some(outcome) = pos.outcome() {
            if node != 0 {
                self.nodes[node].proof = proof_of(outcome, self.nodes[node].mover);
            }
            outcome.score_for(Side::First)
        } else {
            if !self.nodes[node].expanded && self.nodes.len() < MAX_NODES {
                self.expand(node, &mut pos);
                if let Some(child) = self.select(node, exploration) {
                    pos.play(self.nodes[child].mv.expect("children carry moves"));
                    node = child;
                    self.path.push(node as u32);
                }
            }
            match pos.outcome() {
                Some(outcome) => {
                    if node != 0 {
                        self.nodes[node].proof = proof_of(outcome, self.nodes[node].mover);
                    }
                    outcome.score_for(Side::First)
                }
                None => self.playout(&mut pos, Side::First, rng),
            }
        };
        self.backup(result);
    }

    fn expand(&mut self, node: usize, pos: &mut G) {
        self.moves.clear();
        pos.legal_moves(&mut self.moves);
        let first = self.nodes.len() as u32;
        let mover = pos.side_to_move();
        for i in 0..self.moves.len() {
            let mv = self.moves[i];
            pos.play(mv);
            let hash = pos.hash();
            pos.undo(mv);
            self.nodes.push(Node::new(Some(mv), mover, hash));
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.child_count = self.moves.len() as u32;
        n.expanded = true;
    }

    /// The child to follow: a proven win at once, unvisited ones first, then UCT; proven losses last.
    fn select(&self, node: usize, exploration: f64) -> Option<usize> {
        let parent_visits = self.nodes[node].visits.max(1) as f64;
        let log_n = parent_visits.ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for c in self.children(node) {
            let child = &self.nodes[c];
            let value = match child.proof {
                Proof::Win => return Some(c),
                Proof::Loss => -1.0,
                Proof::Unknown if child.visits == 0 => return Some(c),
                Proof::Unknown => {
                    let n = child.visits as f64;
                    child.reward / n + exploration * (log_n / n).sqrt()
                }
            };
            if value > best_value {
                best_value = value;
                best = Some(c);
            }
        }
        best
    }

    /// Random (or game-guided) moves to the end; returns the result for `mover`.
    fn playout(&mut self, pos: &mut G, mover: Side, rng: &mut impl RngCore) -> f64 {
        for _ in 0..MAX_PLAYOUT {
            let Some(mv) = pos.playout_move(&mut self.moves, || rng.next_u64()) else {
                return pos.outcome().map_or(0.5, |o| o.score_for(mover));
            };
            pos.play(mv);
        }
        0.5
    }

    /// Adds the playout result (`first_score`, for the first seat) along the
    /// path, each node counting it for its own mover, and backs up proofs
    /// (MCTS-solver).
    fn backup(&mut self, first_score: f64) {
        for i in (0..self.path.len()).rev() {
            let node = self.path[i] as usize;
            let n = &mut self.nodes[node];
            n.visits += 1;
            n.reward += if n.mover == Side::First { first_score } else { 1.0 - first_score };
            // The parent's chooser (the children's mover) has won if one
            // child wins for it, and lost if every child loses for it.
            if i > 0 {
                let parent = self.path[i - 1] as usize;
                if self.nodes[parent].proof == Proof::Unknown && self.nodes[parent].expanded {
                    let mut all_lost = true;
                    let mut any_won = false;
                    for c in self.children(parent) {
                        match self.nodes[c].proof {
                            Proof::Win => any_won = true,
                            Proof::Loss => {}
                            Proof::Unknown => all_lost = false,
                        }
                    }
                    let chooser_moved_in = self.nodes[parent].mover == self.nodes[node].mover;
                    if any_won {
                        self.nodes[parent].proof = if chooser_moved_in { Proof::Win } else { Proof::Loss };
                    } else if all_lost {
                        self.nodes[parent].proof = if chooser_moved_in { Proof::Loss } else { Proof::Win };
                    }
                }
            }
        }
    }

    fn result(&self, game: &G, iterations: u64, elapsed: Duration) -> SearchResult<G::Move> {
        let best = self.best_child(0);
        let mut pv = Vec::new();
        let mut node = best;
        let mut depth = 0;
        while let Some(c) = node {
            pv.push(self.nodes[c].mv.expect("children carry moves"));
            depth += 1;
            node = if self.nodes[c].expanded { self.best_child(c) } else { None };
        }
        let score = match best {
            Some(c) => {
                let child = &self.nodes[c];
                match child.proof {
                    Proof::Win => WIN_SCORE - 1,
                    Proof::Loss => -WIN_SCORE + 1,
                    Proof::Unknown => ((child.reward / child.visits.max(1) as f64 - 0.5) * 2000.0) as i32,
                }
            }
            None => game.outcome().map_or(0, |o| game.terminal_score(o, 0)),
        };
        SearchResult {
            best: pv.first().copied(),
            score,
            depth,
            pv,
            nodes: iterations,
            exact: self.nodes[0].proof != Proof::Unknown,
            elapsed,
        }
    }

    /// A proven win, else the most visited child that is not a proven loss.
    fn best_child(&self, node: usize) -> Option<usize> {
        let children = self.children(node);
        if let Some(win) = children.clone().find(|&c| self.nodes[c].proof == Proof::Win) {
            return Some(win);
        }
        children.max_by_key(|&c| {
            let n = &self.nodes[c];
            (n.proof != Proof::Loss, n.visits)
        })
    }
}
