//! The player language shared by the command line, levels and the server,
//! and players that keep what they learn (tables, trees) between moves.
//!
//! `random`, `greedy`, `greedy:margin=4`, `ab:depth=4`, `ab:time=1s`,
//! `ab:depth=64,time=1s,min_depth=10,hash=64,threads=2,margin=20`,
//! `ab:depth=3,plain=1` (material only, no quiescence: a baseline),
//! `ab:time=2s,contempt=60` (plays on rather than drift into a draw),
//! `ab:time=2s,reduce=1,extend=1` (late-move reductions, threat extension),
//! `mcts:iters=20000`, `mcts:time=500ms,c=1.4`, `ugi:cmd=./engine,time=1s`,
//! `level:hard`.

use std::fmt;
use tabula_core::time::{Duration, Instant};

use rand_core::RngCore;
use tabula_core::{seeded_rng, Error, Evaluate, GameInfo, SeededRng, SolverMemory};

use crate::alphabeta::{AlphaBeta, SearchLimits, SearchResult};
use crate::envelope::{earlier, Bounds};
use crate::greedy::greedy_move;
use crate::mcts::{Mcts, MctsLimits, MAX_NODES as MCTS_MAX_NODES};
use crate::random::{random_index, random_move};
use crate::ugi_client::UgiClient;

/// A computer player, as data.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerSpec {
    /// Any legal move, uniformly.
    Random,
    /// The best move one ply ahead, or a random one within `margin` of it.
    Greedy {
        /// How far below the best a move may score and still be picked.
        margin: i32,
    },
    /// Alpha–beta search.
    AlphaBeta {
        /// Depth, time and node limits.
        limits: SearchLimits,
        /// Transposition table size in MiB.
        table_mib: usize,
        /// Search threads (Lazy SMP).
        threads: usize,
        /// Carelessness: pick at random among root moves within this margin of the best.
        margin: i32,
        /// First give the game's exact solver up to half the time; search only if it did not finish.
        solve: bool,
        /// A plain baseline: the game's plain evaluation (material only,
        /// for instance) and no quiescence search.
        plain: bool,
        /// How much worse than an even position a draw is to this player,
        /// in evaluation units (see [`AlphaBeta::set_contempt`]).
        contempt: i32,
        /// Late-move reductions: search the quiet moves ordered late one ply
        /// shallower, and again at full depth only if they look better.
        reduce: bool,
        /// The threat extension: a position at the horizon whose mover must
        /// answer a game-ending threat is searched a ply more.
        extend: bool,
    },
    /// Monte-Carlo tree search.
    Mcts(MctsLimits),
    /// The game's exact solver (perfect play); alpha–beta where the game has none.
    Solver {
        /// Once a move has thought this long, a move proven to keep the
        /// game's result will do without its exact value on the game's finer
        /// scale (a margin of points): a person gets a reply that is still
        /// perfect as far as winning goes. `None` always waits for the exact value.
        settle: Option<Duration>,
    },
    /// An external engine speaking UGI.
    Ugi {
        /// The shell command that starts it.
        command: String,
        /// Thinking time per move.
        movetime: Duration,
    },
}

impl PlayerSpec {
    /// Reads a player spec; `level:KEY` is looked up in the game's levels.
    pub fn parse(text: &str, info: &GameInfo) -> Result<PlayerSpec, Error> {
        let text = text.trim();
        let (kind, params) = text.split_once(':').unwrap_or((text, ""));
        let bad = |msg: String| Error::BadPlayer(msg);
        if kind == "level" {
            let level = info.level(params).ok_or_else(|| {
                let known: Vec<&str> = info.levels.iter().map(|l| l.key).collect();
                bad(format!("{} has no level '{params}'; its levels are: {}", info.name, known.join(", ")))
            })?;
            return PlayerSpec::parse(level.player, info);
        }
        let mut pairs = Vec::new();
        if kind == "ugi" {
            // The command may itself hold commas: everything after `cmd=` up to `,time=` is the command.
            let (cmd, rest) = match params.rfind(",time=") {
                Some(at) => (&params[..at], &params[at + 1..]),
                None => (params, ""),
            };
            let command = cmd.strip_prefix("cmd=").ok_or_else(|| bad("a UGI player needs cmd=COMMAND".into()))?;
            let movetime = match rest.strip_prefix("time=") {
                Some(t) => parse_duration(t)?,
                None => Duration::from_secs(1),
            };
            return Ok(PlayerSpec::Ugi { command: command.to_string(), movetime });
        }
        for part in params.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("'{part}' in player '{text}' should look like key=value")))?;
            pairs.push((k.trim(), v.trim()));
        }
        let unknown = |key: &str, known: &str| bad(format!("player '{kind}' has no setting '{key}' (it has: {known})"));
        match kind {
            "random" => match pairs.first() {
                Some((k, _)) => Err(unknown(k, "none")),
                None => Ok(PlayerSpec::Random),
            },
            "greedy" => {
                let mut margin = 0;
                for (k, v) in pairs {
                    match k {
                        "margin" => margin = number_in(k, v, 0..=MAX_MARGIN)?,
                        _ => return Err(unknown(k, "margin")),
                    }
                }
                Ok(PlayerSpec::Greedy { margin })
            }
            "ab" | "alphabeta" => {
                let mut limits = SearchLimits { depth: 0, time: None, min_depth: 0, nodes: None };
                let (mut table_mib, mut threads, mut margin, mut solve, mut plain, mut contempt) = (16, 1, 0, false, false, 0);
                let (mut reduce, mut extend) = (false, false);
                for (k, v) in pairs {
                    match k {
                        "depth" => limits.depth = number_in(k, v, 1..=MAX_DEPTH)?,
                        "time" => limits.time = Some(parse_duration(v)?),
                        "min_depth" => limits.min_depth = number_in(k, v, 0..=MAX_DEPTH)?,
                        "nodes" => limits.nodes = Some(number_in(k, v, 1..=MAX_NODES)?),
                        "hash" => table_mib = number_in(k, v, 1..=MAX_TABLE_MIB)?,
                        "threads" => threads = number_in(k, v, 1..=MAX_THREADS)?,
                        "margin" => margin = number_in(k, v, 0..=MAX_MARGIN)?,
                        "solve" => solve = number_in::<u8>(k, v, 0..=1)? != 0,
                        "plain" => plain = number_in::<u8>(k, v, 0..=1)? != 0,
                        "contempt" => contempt = number_in(k, v, -MAX_CONTEMPT..=MAX_CONTEMPT)?,
                        "reduce" => reduce = number_in::<u8>(k, v, 0..=1)? != 0,
                        "extend" => extend = number_in::<u8>(k, v, 0..=1)? != 0,
                        _ => {
                            return Err(unknown(
                                k,
                                "depth, time, min_depth, nodes, hash, threads, margin, solve, plain, contempt, reduce, extend",
                            ))
                        }
                    }
                }
                if limits.depth == 0 {
                    limits.depth = if limits.time.is_some() || limits.nodes.is_some() { 100 } else { 4 };
                }
                Ok(PlayerSpec::AlphaBeta {
                    limits,
                    table_mib,
                    threads,
                    margin,
                    solve,
                    plain,
                    contempt,
                    reduce,
                    extend,
                })
            }
            "solver" | "perfect" => {
                let mut settle = None;
                for (k, v) in pairs {
                    match k {
                        "settle" => settle = Some(parse_duration(v)?),
                        _ => return Err(unknown(k, "settle")),
                    }
                }
                Ok(PlayerSpec::Solver { settle })
            }
            "mcts" => {
                let mut limits = MctsLimits { iterations: None, time: None, exploration: std::f64::consts::SQRT_2 };
                for (k, v) in pairs {
                    match k {
                        "iters" | "iterations" => limits.iterations = Some(number_in(k, v, 1..=MAX_ITERATIONS)?),
                        "time" => limits.time = Some(parse_duration(v)?),
                        "c" => {
                            limits.exploration = v
                                .parse()
                                .ok()
                                .filter(|c: &f64| (0.0..=MAX_EXPLORATION).contains(c))
                                .ok_or_else(|| bad(format!("setting 'c' must be a number from 0 to {MAX_EXPLORATION}, not '{v}'")))?
                        }
                        _ => return Err(unknown(k, "iters, time, c")),
                    }
                }
                if limits.iterations.is_none() && limits.time.is_none() {
                    limits.iterations = Some(10_000);
                }
                Ok(PlayerSpec::Mcts(limits))
            }
            _ => Err(bad(format!(
                "unknown player '{text}': use random, greedy[:margin=N], ab:depth=N|time=1s, mcts:iters=N|time=1s, ugi:cmd=… or level:NAME"
            ))),
        }
    }
}

/// The threads an exact solver thinks with (perfect play, pondering, hints).
pub const SOLVER_THREADS: usize = 2;

impl PlayerSpec {
    /// The most threads this player thinks with (an exact solver uses two).
    pub fn threads(&self) -> usize {
        match self {
            PlayerSpec::AlphaBeta { threads, solve: true, .. } => (*threads).max(2),
            PlayerSpec::AlphaBeta { threads, .. } => *threads,
            PlayerSpec::Solver { .. } => SOLVER_THREADS,
            _ => 1,
        }
    }

    /// Whether this player thinks on the opponent's time (see
    /// [`Player::ponder`]): those that solve the game exactly.
    pub fn ponders(&self) -> bool {
        matches!(self, PlayerSpec::Solver { .. } | PlayerSpec::AlphaBeta { solve: true, .. })
    }

    /// The MiB this player may allocate, for a game whose exact solver
    /// takes `solver_mib`: its table, its tree or the solver's table (so a
    /// server can budget for it before it thinks).
    pub fn memory_mib(&self, solver_mib: usize) -> usize {
        /// An MCTS node with its share of the child list, in bytes (generously).
        const MCTS_NODE_BYTES: u64 = 96;
        match self {
            PlayerSpec::Random | PlayerSpec::Greedy { .. } | PlayerSpec::Ugi { .. } => 0,
            PlayerSpec::AlphaBeta { table_mib, solve, .. } => table_mib + if *solve { solver_mib } else { 0 },
            PlayerSpec::Solver { .. } => solver_mib + SOLVER_FALLBACK_TABLE_MIB,
            PlayerSpec::Mcts(limits) => {
                let nodes = limits.iterations.unwrap_or(MCTS_MAX_NODES as u64).min(MCTS_MAX_NODES as u64);
                ((nodes * MCTS_NODE_BYTES) >> 20).max(1) as usize
            }
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Greedy { margin } => write!(f, "greedy:margin={margin}"),
            PlayerSpec::Solver { settle: None } => write!(f, "solver"),
            PlayerSpec::Solver { settle: Some(t) } => write!(f, "solver:settle={}ms", t.as_millis()),
            PlayerSpec::AlphaBeta { limits, table_mib, threads, margin, solve, plain, contempt, reduce, extend } => {
                write!(f, "ab:depth={}", limits.depth)?;
                if *reduce {
                    write!(f, ",reduce=1")?;
                }
                if *extend {
                    write!(f, ",extend=1")?;
                }
                if *solve {
                    write!(f, ",solve=1")?;
                }
                if *plain {
                    write!(f, ",plain=1")?;
                }
                if *contempt != 0 {
                    write!(f, ",contempt={contempt}")?;
                }
                if let Some(t) = limits.time {
                    write!(f, ",time={}ms", t.as_millis())?;
                }
                if limits.min_depth > 0 {
                    write!(f, ",min_depth={}", limits.min_depth)?;
                }
                if let Some(n) = limits.nodes {
                    write!(f, ",nodes={n}")?;
                }
                if *margin > 0 {
                    write!(f, ",margin={margin}")?;
                }
                write!(f, ",hash={table_mib},threads={threads}")
            }
            PlayerSpec::Mcts(l) => {
                write!(f, "mcts:c={}", l.exploration)?;
                if let Some(i) = l.iterations {
                    write!(f, ",iters={i}")?;
                }
                if let Some(t) = l.time {
                    write!(f, ",time={}ms", t.as_millis())?;
                }
                Ok(())
            }
            PlayerSpec::Ugi { command, movetime } => write!(f, "ugi:cmd={command},time={}ms", movetime.as_millis()),
        }
    }
}

/// The table of the search a solver player falls back on, in MiB.
const SOLVER_FALLBACK_TABLE_MIB: usize = 64;
/// The deepest alpha–beta iteration a spec may ask for (the search's ply limit).
const MAX_DEPTH: u32 = 120;
/// The largest node limit a spec may give.
const MAX_NODES: u64 = 1_000_000_000_000;
/// The largest alpha–beta table a spec may ask for, in MiB.
const MAX_TABLE_MIB: usize = 65_536;
/// The most search threads a spec may ask for.
const MAX_THREADS: usize = 256;
/// The widest carelessness margin, in evaluation units (a won game's score).
const MAX_MARGIN: i32 = tabula_core::WIN_SCORE;
/// The largest contempt for draws, either way, in evaluation units.
const MAX_CONTEMPT: i32 = 100_000;
/// The most MCTS iterations a spec may ask for.
const MAX_ITERATIONS: u64 = 10_000_000_000;
/// The largest MCTS exploration constant.
const MAX_EXPLORATION: f64 = 100.0;

/// Reads a whole-number setting and checks it lies in `range`, so that no
/// number a person types can overflow or exhaust a player later on.
fn number_in<T>(key: &str, value: &str, range: std::ops::RangeInclusive<T>) -> Result<T, Error>
where
    T: std::str::FromStr + PartialOrd + fmt::Display,
{
    let out_of_range = || {
        Error::BadPlayer(format!(
            "setting '{key}' must be a whole number from {} to {}, not '{value}'",
            range.start(),
            range.end()
        ))
    };
    let number: T = value.parse().map_err(|_| out_of_range())?;
    if range.contains(&number) {
        Ok(number)
    } else {
        Err(out_of_range())
    }
}

/// Reads `1s`, `500ms`, `2.5s` or `1m`.
pub fn parse_duration(text: &str) -> Result<Duration, Error> {
    let bad =
        || Error::BadPlayer(format!("'{text}' is not a duration: write e.g. 500ms, 2s or 1m (from 1ms to 24 hours)"));
    let (number, unit) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        return Err(bad());
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    if !(0.001..=86_400.0).contains(&(value * unit)) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(value * unit))
}

/// A player of game `G` that keeps its table, tree or engine between moves.
pub struct Player<G: Evaluate> {
    spec: PlayerSpec,
    rng: SeededRng,
    alphabeta: Option<AlphaBeta<G>>,
    mcts: Option<Mcts<G>>,
    ugi: Option<UgiClient>,
    memory: SolverMemory,
    bounds: Bounds,
}

impl<G: Evaluate> Player<G> {
    /// A player following `spec`, its random choices fixed by `seed`.
    pub fn new(spec: PlayerSpec, seed: u64) -> Self {
        Player {
            spec,
            rng: seeded_rng(seed),
            alphabeta: None,
            mcts: None,
            ugi: None,
            memory: None,
            bounds: Bounds::default(),
        }
    }

    /// Puts hard bounds on every later decision: each ends within
    /// `bounds.time` (an exact solve, a minimum depth or a slow engine
    /// included) and as soon as `bounds.cancel` is set, playing the best
    /// move found so far.
    pub fn set_bounds(&mut self, bounds: Bounds) {
        self.bounds = bounds;
    }

    /// Fixes its random choices from here on by `seed`, keeping what it has
    /// learned: a player kept between moves can still choose as a fresh one
    /// seeded for the position would (carelessness included).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = seeded_rng(seed);
    }

    /// The spec this player follows.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// Thinks while the opponent does: solves `game` (the opponent to move)
    /// with the game's exact solver, within the bounds, so that its table
    /// already holds the answers to the opponent's likely moves when this
    /// player's turn comes. Says whether the solve finished; players that do
    /// not solve (see [`PlayerSpec::ponders`]) do nothing.
    pub fn ponder(&mut self, game: &G) -> bool {
        if !self.spec.ponders() || game.outcome().is_some() {
            return false;
        }
        game.solve_best(self.bounds.time, None, self.bounds.cancel.as_ref(), &mut self.memory).is_some()
    }

    /// The exact solver's memory this player keeps, if it solves (see
    /// [`PlayerSpec::ponders`]): hints asked for in the same match can solve
    /// in the same table, so that neither solves what the other already has.
    pub fn solver_memory(&mut self) -> Option<&mut SolverMemory> {
        self.spec.ponders().then_some(&mut self.memory)
    }

    /// Picks a move for the side to move (`None` when the game is over).
    pub fn choose(&mut self, game: &G) -> Result<Option<SearchResult<G::Move>>, Error> {
        let one = |mv: G::Move, score: i32, depth: u32| SearchResult {
            best: Some(mv),
            score,
            depth,
            pv: vec![mv],
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        };
        Ok(match &self.spec {
            PlayerSpec::Random => random_move(game, &mut self.rng).map(|mv| one(mv, 0, 0)),
            PlayerSpec::Greedy { margin } => greedy_move(game, *margin, &mut self.rng).map(|(mv, s)| one(mv, s, 1)),
            PlayerSpec::Solver { settle } => {
                let start = Instant::now();
                // Under a hard bound the solver gets most of it; a search plays with the rest.
                let budget = self.bounds.time.map(|t| t * 4 / 5);
                // The time to settle counts from the start of the decision, which may be an earlier call.
                let settle =
                    settle.map(|s| s.saturating_sub(self.bounds.began.map_or(Duration::ZERO, |b| b.elapsed())));
                match game.solve_best(budget, settle, self.bounds.cancel.as_ref(), &mut self.memory) {
                    Some(solved) => Some(SearchResult {
                        elapsed: start.elapsed(),
                        exact: solved.exact,
                        nodes: solved.nodes,
                        ..one(solved.mv, solved.score, 0)
                    }),
                    None => {
                        let searcher = self.alphabeta.get_or_insert_with(|| AlphaBeta::new(SOLVER_FALLBACK_TABLE_MIB));
                        searcher.set_bounds(self.bounds.deadline(start), self.bounds.cancel.clone());
                        searcher.set_decision(self.bounds.began);
                        searcher.set_progress(self.bounds.progress.clone());
                        // Thought in slices, the decision goes on until the solver finishes or the bounds end it.
                        let time = if self.bounds.began.is_some() { None } else { Some(Duration::from_secs(5)) };
                        let result =
                            searcher.search(game, SearchLimits { depth: 100, time, min_depth: 0, nodes: None });
                        // The time spent includes the solve that did not finish.
                        result.best.map(|_| SearchResult { elapsed: start.elapsed(), ..result })
                    }
                }
            }
            PlayerSpec::AlphaBeta { limits, table_mib, threads, margin, solve, plain, contempt, reduce, extend } => {
                let start = Instant::now();
                let hard = self.bounds.deadline(start);
                let mut limits = *limits;
                if *solve && *margin == 0 {
                    // Half the time, or half the hard bound where the spec gives none.
                    let budget = match (limits.time, self.bounds.time) {
                        (Some(t), Some(b)) => Some((t / 2).min(b / 2)),
                        (t, b) => t.or(b).map(|t| t / 2),
                    };
                    if let Some(solved) = game.solve_best(budget, None, self.bounds.cancel.as_ref(), &mut self.memory) {
                        return Ok(Some(SearchResult {
                            elapsed: start.elapsed(),
                            exact: solved.exact,
                            ..one(solved.mv, solved.score, 0)
                        }));
                    }
                    limits.time = limits.time.map(|t| t.saturating_sub(start.elapsed()));
                }
                let searcher = self.alphabeta.get_or_insert_with(|| AlphaBeta::new(*table_mib));
                searcher.set_bounds(hard, self.bounds.cancel.clone());
                searcher.set_decision(self.bounds.began);
                searcher.set_progress(self.bounds.progress.clone());
                searcher.set_plain(*plain);
                searcher.set_contempt(*contempt);
                searcher.set_reductions(*reduce);
                searcher.set_extensions(*extend);
                let mut result = searcher.search_parallel(game, limits, *threads);
                if result.best.is_none() {
                    return Ok(None);
                }
                if *margin > 0 && result.depth > 0 {
                    let best = result.best.expect("checked above");
                    let mut moves = vec![best];
                    let mut legal = Vec::new();
                    game.legal_moves(&mut legal);
                    moves.extend(legal.into_iter().filter(|&m| m != best));
                    // Scoring every move costs about one more iteration: give it what is left of the time.
                    let deadline = earlier(limits.time.map(|t| start + t), hard);
                    let scores = searcher.root_scores(game, &moves, result.depth.min(limits.depth), deadline);
                    let top = scores.iter().map(|s| s.1).max().unwrap_or(result.score);
                    let near: Vec<_> = scores.iter().filter(|s| s.1 >= top.saturating_sub(*margin)).collect();
                    if !near.is_empty() {
                        let (mv, score) = *near[random_index(&mut self.rng, near.len())];
                        if mv != best {
                            result.best = Some(mv);
                            result.score = score;
                            result.pv = vec![mv];
                        }
                    }
                }
                Some(result)
            }
            PlayerSpec::Mcts(limits) => {
                let searcher = self.mcts.get_or_insert_with(Mcts::new);
                let result = searcher.search_bounded(game, *limits, &self.bounds, &mut self.rng);
                result.best.map(|_| result)
            }
            PlayerSpec::Ugi { command, movetime } => {
                if game.outcome().is_some() {
                    return Ok(None);
                }
                if self.ugi.is_none() {
                    self.ugi = Some(UgiClient::start(command)?);
                }
                let client = self.ugi.as_mut().expect("just started");
                let movetime = self.bounds.time.map_or(*movetime, |t| (*movetime).min(t));
                let text = client.best_move(&game.to_text(), movetime)?;
                let mv = game
                    .parse_move(&text)
                    .map_err(|e| Error::BadPlayer(format!("the engine '{command}' played '{text}': {e}")))?;
                Some(one(mv, 0, 0))
            }
        })
    }
}

/// Picks a move for the side to move of `game` as a fresh player following `spec` would.
/// Returns `None` when the game is over.
pub fn choose_move<G: Evaluate>(game: &G, spec: &PlayerSpec, rng: &mut impl RngCore) -> Option<SearchResult<G::Move>> {
    let mut player = Player::<G>::new(spec.clone(), rng.next_u64());
    player.choose(game).ok().flatten()
}
