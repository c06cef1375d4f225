//! The type-erased game handle: the server and the command line hold a
//! `Box<dyn AnyGame>` and work with moves and positions as text, whatever
//! the game.

use std::any::Any;
use tabula_core::time::{Duration, Instant};

use serde_json::Value;
use tabula_core::{seeded_rng, Cancel, Encode, Error, Evaluate, Game, GameInfo, Options, Outcome, Side, SolverMemory};

use crate::alphabeta::SearchResult;
use crate::perft::perft;
use crate::player::{Player, PlayerSpec};
use crate::playout::{random_playout, PlayoutStats};

/// What a computer player decided, in notation.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The move, in the game's notation.
    pub mv: String,
    /// The score for the mover, in the game's evaluation units.
    pub score: i32,
    /// How deep the search went.
    pub depth: u32,
    /// The expected line.
    pub pv: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
    /// Whether the score is exact (the whole rest of the game was searched).
    pub exact: bool,
    /// Thinking time.
    pub elapsed: Duration,
}

/// A game position of any registered game, with the moves played to reach
/// it from where it was created, so they can be taken back.
pub trait AnyGame: Send + Sync {
    /// The game's catalog entry.
    fn info(&self) -> &'static GameInfo;
    /// A copy of this handle.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The position text.
    fn to_text(&self) -> String;
    /// Whose turn it is.
    fn side_to_move(&self) -> Side;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game ended (empty while it goes on).
    fn outcome_reason(&self) -> String;
    /// The legal moves in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Each legal move with what the screen should know about it.
    fn move_views(&self) -> Vec<(String, Value)>;
    /// The game's own fields for screens.
    fn view(&self) -> Value;
    /// A terminal drawing.
    fn drawing(&self) -> String;
    /// Moves after which a self-play match stops a game as a draw.
    fn match_move_limit(&self) -> u32;
    /// Plays a move given in notation; on error nothing changes. Returns the move as the game writes it.
    fn play_text(&mut self, mv: &str) -> Result<String, Error>;
    /// Takes back the last move played through this handle; returns it, or `None` if there is none.
    fn undo(&mut self) -> Option<String>;
    /// The moves played through this handle, in notation.
    fn history(&self) -> Vec<String>;
    /// The position's hash (equal positions, equal hashes).
    fn hash(&self) -> u64;
    /// Asks a fresh computer player for a move (without playing it). `None` when the game is over.
    fn choose(&self, spec: &PlayerSpec, seed: u64) -> Option<Decision>;
    /// A computer player for this game that keeps its table or tree between moves.
    fn new_player(&self, spec: &PlayerSpec, seed: u64) -> Box<dyn AnyPlayer>;
    /// The handle as `Any`, so a player of the same game can reach the typed position.
    fn as_any(&self) -> &dyn Any;
    /// The exact solver's report (`tabula solve`), if the game has one for this position.
    fn solve_report(&self, verdict_only: bool, threads: usize) -> Option<Vec<(&'static str, String)>>;
    /// Each legal move's exact value in words ("wins by 3.5") and as a score,
    /// if the game's solver finishes within `limit` and before `cancel` is
    /// set. `memory` keeps the solver's table between calls (one per match),
    /// so that once a position is solved, every later one of the same game
    /// is answered at once.
    fn solve_moves(
        &self,
        limit: Option<Duration>,
        cancel: Option<&Cancel>,
        memory: &mut SolverMemory,
    ) -> Option<Vec<(String, i32, String)>>;
    /// The memory in MiB the game's exact solver takes (0 without one).
    fn solver_table_mib(&self) -> usize;
    /// The perft count at `depth`.
    fn perft(&self, depth: u32) -> u64;
    /// Plays `games` random games from here; returns what happened and how long it took.
    fn random_playouts(&self, games: u64, seed: u64) -> (PlayoutStats, Duration);
    /// Plays a move given in notation, like [`AnyGame::play_text`], without writing it back.
    fn play_quiet(&mut self, mv: &str) -> Result<(), Error>;
    /// Takes back the last move played through this handle, like
    /// [`AnyGame::undo`] without writing it; `false` if there is none.
    fn take_back(&mut self) -> bool;
    /// How many moves were played through this handle.
    fn moves_played(&self) -> usize;
    /// How many fixed action ids the game has with these options (0: it declares none; see [`Encode`]).
    fn action_space(&self) -> usize;
    /// Appends the action id of each legal move to `out` (cleared first), in the order of [`AnyGame::legal_moves`].
    fn legal_actions(&self, out: &mut Vec<usize>) -> Result<(), Error>;
    /// Plays the legal move with action id `id`; on error nothing changes.
    fn play_action(&mut self, id: usize) -> Result<(), Error>;
    /// The legal move with action id `id`, in notation.
    fn action_move(&self, id: usize) -> Result<String, Error>;
    /// The action id of a legal move given in notation.
    fn move_action(&self, mv: &str) -> Result<usize, Error>;
    /// The shape of the observation tensor the game declares (empty: none).
    fn observation_shape(&self) -> Vec<usize>;
    /// Writes the observation of this position to `out` (cleared first), row-major.
    fn observe(&self, out: &mut Vec<f32>);
}

/// How big a game's own study (`tabula analyze`) should be, and of which game.
#[derive(Debug, Clone, Default)]
pub struct StudyRequest {
    /// Games (or boards) per measurement.
    pub games: u64,
    /// Threads.
    pub threads: usize,
    /// Seed for every random choice.
    pub seed: u64,
    /// The game's options, `KEY=VALUE` (a variant, a board size…).
    pub options: Vec<String>,
    /// Where the study keeps every game it plays, one JSON line each, and
    /// resumes from: a study stopped half-way plays only what is missing.
    pub records: Option<std::path::PathBuf>,
    /// Only these parts of the study (their names are the study's own; empty: all).
    pub parts: Vec<String>,
    /// `(i, n)`: play only the boards whose index is `i` modulo `n`, so that
    /// `n` processes (one per core, say) share a study's records folder;
    /// `(0, 1)` plays them all.
    pub shard: (u64, u64),
}

/// A study a game adds to `tabula analyze`: its report as Markdown and JSON.
pub type Study = fn(&StudyRequest) -> Result<(String, Value), Error>;

/// How to make a game of one registered type without naming it.
#[derive(Clone, Copy)]
pub struct GameEntry {
    info: fn() -> &'static GameInfo,
    create: fn(&Options) -> Result<Box<dyn AnyGame>, Error>,
    parse: fn(&str) -> Result<Box<dyn AnyGame>, Error>,
    study: Option<Study>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameEntry({})", self.info().slug)
    }
}

impl GameEntry {
    /// The entry of game type `G`: one line in the registry.
    pub const fn of<G: Evaluate + Encode>() -> GameEntry {
        GameEntry { info: G::info, create: create::<G>, parse: parse::<G>, study: None }
    }

    /// The same entry with a study of the game's own for `tabula analyze`.
    pub const fn with_study(self, study: Study) -> GameEntry {
        GameEntry { study: Some(study), ..self }
    }

    /// The game's own study, if it has one.
    pub fn study(&self) -> Option<Study> {
        self.study
    }

    /// The game's catalog entry.
    pub fn info(&self) -> &'static GameInfo {
        (self.info)()
    }

    /// The start position for these options (checked against the game's declared options).
    pub fn create(&self, options: &Options) -> Result<Box<dyn AnyGame>, Error> {
        options.validate(self.info())?;
        (self.create)(options)
    }

    /// A position from its text.
    pub fn from_text(&self, text: &str) -> Result<Box<dyn AnyGame>, Error> {
        (self.parse)(text)
    }
}

fn create<G: Evaluate + Encode>(options: &Options) -> Result<Box<dyn AnyGame>, Error> {
    Ok(Box::new(Erased { game: G::new(options)?, history: Vec::new() }))
}

fn parse<G: Evaluate + Encode>(text: &str) -> Result<Box<dyn AnyGame>, Error> {
    Ok(Box::new(Erased { game: G::from_text(text)?, history: Vec::new() }))
}

/// The one implementation of [`AnyGame`], for every game type.
#[derive(Clone)]
struct Erased<G: Game> {
    game: G,
    history: Vec<G::Move>,
}

impl<G: Evaluate + Encode> Erased<G> {
    fn legal(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        moves
    }

    /// The legal moves and their action ids.
    fn legal_with_ids(&self) -> Result<(Vec<G::Move>, Vec<usize>), Error> {
        let moves = self.legal();
        let mut ids = Vec::with_capacity(moves.len());
        self.game.action_ids(&moves, &mut ids)?;
        Ok((moves, ids))
    }

    /// The legal move with action id `id`.
    fn move_of(&self, id: usize) -> Result<G::Move, Error> {
        let space = self.game.action_space();
        if space == 0 {
            return Err(Error::BadMove(format!("{} has no fixed action ids", G::info().name)));
        }
        if id >= space {
            return Err(Error::BadMove(format!(
                "action {id} does not exist: {} has actions 0 to {}",
                G::info().name,
                space - 1
            )));
        }
        if self.game.outcome().is_some() {
            return Err(Error::IllegalMove(format!("the game is over; action {id} cannot be played")));
        }
        let (moves, ids) = self.legal_with_ids()?;
        ids.iter()
            .position(|&i| i == id)
            .map(|at| moves[at])
            .ok_or_else(|| Error::IllegalMove(format!("action {id} is not a legal move here")))
    }
}

impl<G: Evaluate + Encode> AnyGame for Erased<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn to_text(&self) -> String {
        self.game.to_text()
    }

    fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn outcome_reason(&self) -> String {
        self.game.outcome_reason()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal().into_iter().map(|m| self.game.format_move(m)).collect()
    }

    fn move_views(&self) -> Vec<(String, Value)> {
        self.legal().into_iter().map(|m| (self.game.format_move(m), self.game.move_view(m))).collect()
    }

    fn view(&self) -> Value {
        self.game.view()
    }

    fn drawing(&self) -> String {
        self.game.drawing()
    }

    fn match_move_limit(&self) -> u32 {
        self.game.match_move_limit()
    }

    fn play_text(&mut self, text: &str) -> Result<String, Error> {
        if self.game.outcome().is_some() {
            return Err(Error::IllegalMove(format!("the game is over; '{text}' cannot be played")));
        }
        let mv = self.game.parse_move(text)?;
        if !self.legal().contains(&mv) {
            return Err(Error::IllegalMove(format!("'{text}' is not a legal move here")));
        }
        let written = self.game.format_move(mv);
        self.game.play(mv);
        self.history.push(mv);
        Ok(written)
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.history.pop()?;
        self.game.undo(mv);
        Some(self.game.format_move(mv))
    }

    fn history(&self) -> Vec<String> {
        let mut pos = self.game.clone();
        for &mv in self.history.iter().rev() {
            pos.undo(mv);
        }
        self.history
            .iter()
            .map(|&mv| {
                let text = pos.format_move(mv);
                pos.play(mv);
                text
            })
            .collect()
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn choose(&self, spec: &PlayerSpec, seed: u64) -> Option<Decision> {
        self.new_player(spec, seed).choose(self).ok().flatten()
    }

    fn new_player(&self, spec: &PlayerSpec, seed: u64) -> Box<dyn AnyPlayer> {
        Box::new(TypedPlayer::<G>(Player::new(spec.clone(), seed)))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn solve_report(&self, verdict_only: bool, threads: usize) -> Option<Vec<(&'static str, String)>> {
        self.game.solve_report(verdict_only, threads)
    }

    fn solve_moves(
        &self,
        limit: Option<Duration>,
        cancel: Option<&Cancel>,
        memory: &mut SolverMemory,
    ) -> Option<Vec<(String, i32, String)>> {
        let values = self.game.solve_moves(limit, cancel, memory)?;
        Some(
            values
                .into_iter()
                .map(|(mv, score)| (self.game.format_move(mv), score, self.game.describe_score(score)))
                .collect(),
        )
    }

    fn solver_table_mib(&self) -> usize {
        self.game.solver_table_mib()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(&mut self.game.clone(), depth)
    }

    fn random_playouts(&self, games: u64, seed: u64) -> (PlayoutStats, Duration) {
        let mut rng = seeded_rng(seed);
        let mut stats = PlayoutStats::default();
        let mut moves = Vec::with_capacity(64);
        let start = Instant::now();
        for _ in 0..games {
            let mut pos = self.game.clone();
            let (outcome, length) = random_playout(&mut pos, &mut rng, 100_000, &mut moves);
            stats.record(outcome, length);
        }
        (stats, start.elapsed())
    }

    fn play_quiet(&mut self, text: &str) -> Result<(), Error> {
        if self.game.outcome().is_some() {
            return Err(Error::IllegalMove(format!("the game is over; '{text}' cannot be played")));
        }
        let mv = self.game.parse_move(text)?;
        if !self.legal().contains(&mv) {
            return Err(Error::IllegalMove(format!("'{text}' is not a legal move here")));
        }
        self.game.play(mv);
        self.history.push(mv);
        Ok(())
    }

    fn take_back(&mut self) -> bool {
        match self.history.pop() {
            Some(mv) => {
                self.game.undo(mv);
                true
            }
            None => false,
        }
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn action_space(&self) -> usize {
        self.game.action_space()
    }

    fn legal_actions(&self, out: &mut Vec<usize>) -> Result<(), Error> {
        out.clear();
        if self.game.action_space() == 0 {
            return Err(Error::BadMove(format!("{} has no fixed action ids", G::info().name)));
        }
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        self.game.action_ids(&moves, out)
    }

    fn play_action(&mut self, id: usize) -> Result<(), Error> {
        let mv = self.move_of(id)?;
        self.game.play(mv);
        self.history.push(mv);
        Ok(())
    }

    fn action_move(&self, id: usize) -> Result<String, Error> {
        self.move_of(id).map(|mv| self.game.format_move(mv))
    }

    fn move_action(&self, text: &str) -> Result<usize, Error> {
        let mv = self.game.parse_move(text)?;
        let (moves, ids) = self.legal_with_ids()?;
        moves
            .iter()
            .position(|&m| m == mv)
            .map(|at| ids[at])
            .ok_or_else(|| Error::IllegalMove(format!("'{text}' is not a legal move here")))
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }

    fn observe(&self, out: &mut Vec<f32>) {
        out.clear();
        self.game.observe(out);
    }
}

/// A computer player for one game, usable through [`AnyGame`] handles of that game.
pub trait AnyPlayer: Send {
    /// Picks a move for the side to move in `game` (`Ok(None)` when it is over).
    /// Fails if `game` is of another game, or an external engine misbehaves.
    fn choose(&mut self, game: &dyn AnyGame) -> Result<Option<Decision>, Error>;
    /// Fixes the player's random choices from here on (see [`Player::reseed`]).
    fn reseed(&mut self, seed: u64);
    /// Puts hard bounds on every later decision (see [`Player::set_bounds`]).
    fn set_bounds(&mut self, bounds: crate::Bounds);
    /// Thinks on the opponent's time (see [`Player::ponder`]); says whether
    /// it finished. Does nothing if `game` is of another game.
    fn ponder(&mut self, game: &dyn AnyGame) -> bool;
    /// The exact solver's memory it keeps, if it solves (see [`Player::solver_memory`]).
    fn solver_memory(&mut self) -> Option<&mut SolverMemory>;
}

struct TypedPlayer<G: Evaluate>(Player<G>);

impl<G: Evaluate> AnyPlayer for TypedPlayer<G> {
    fn choose(&mut self, game: &dyn AnyGame) -> Result<Option<Decision>, Error> {
        let typed = game.as_any().downcast_ref::<Erased<G>>().ok_or_else(|| {
            Error::BadPlayer(format!("this player plays {}, not {}", G::info().name, game.info().name))
        })?;
        Ok(self.0.choose(&typed.game)?.and_then(|r| decision(&typed.game, r)))
    }

    fn reseed(&mut self, seed: u64) {
        self.0.reseed(seed);
    }

    fn set_bounds(&mut self, bounds: crate::Bounds) {
        self.0.set_bounds(bounds);
    }

    fn ponder(&mut self, game: &dyn AnyGame) -> bool {
        game.as_any().downcast_ref::<Erased<G>>().is_some_and(|typed| self.0.ponder(&typed.game))
    }

    fn solver_memory(&mut self) -> Option<&mut SolverMemory> {
        self.0.solver_memory()
    }
}

/// A search result written in notation.
fn decision<G: Game>(game: &G, result: SearchResult<G::Move>) -> Option<Decision> {
    let best = result.best?;
    let mut pos = game.clone();
    let pv = result
        .pv
        .iter()
        .map(|&mv| {
            let text = pos.format_move(mv);
            pos.play(mv);
            text
        })
        .collect();
    Some(Decision {
        mv: game.format_move(best),
        score: result.score,
        depth: result.depth,
        pv,
        nodes: result.nodes,
        exact: result.exact,
        elapsed: result.elapsed,
    })
}
