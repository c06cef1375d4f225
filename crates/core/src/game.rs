use std::fmt::Debug;
use std::hash::Hash;

use crate::{Error, GameInfo, Options, Outcome, Side};

/// The rules of one game: its positions, moves, notation and position text.
///
/// A value of the type is a position. Moves are small `Copy` values that carry
/// whatever [`Game::undo`] needs, so that search can walk the game tree by
/// playing and taking back moves without allocating.
pub trait Game: Clone + Send + Sync + 'static {
    /// One move (or one step of a multi-step turn) in this game.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// Names, options and levels, for the catalog and the command line.
    fn info() -> &'static GameInfo;

    /// The start position for the given options (already validated against
    /// [`Game::info`] by the caller, but a game still rejects impossible values).
    fn new(options: &Options) -> Result<Self, Error>;

    /// The seat whose turn it is (meaningless once the game is over).
    fn side_to_move(&self) -> Side;

    /// Appends every legal move to `out` (which the caller has cleared).
    /// Empty exactly when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move that [`Game::legal_moves`] produced for this position.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A Zobrist-style hash of everything that decides the rest of the game.
    fn hash(&self) -> u64;

    /// Reads a move in this game's notation. It checks the shape and, where
    /// the text names one, that the move is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// Writes a move in this game's notation, as one word: never empty and
    /// without spaces, since records, the UGI protocol and move lists separate
    /// moves by whitespace.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The position as one line of text that [`Game::from_text`] reads back exactly.
    fn to_text(&self) -> String;

    /// Reads a position text written by [`Game::to_text`] (or by hand).
    fn from_text(text: &str) -> Result<Self, Error>;

    /// How many legal moves there are. Games may answer faster than by listing them.
    fn move_count(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// The legal move `choose(n)` of the `n` that [`Game::legal_moves`]
    /// lists, in its order, or `None` when there is none (`choose` is then
    /// not called). Random playouts need one move a turn, and a game may
    /// find it without listing the others; the default lists them into
    /// `scratch`, the caller's buffer.
    #[inline]
    fn pick_move(&self, scratch: &mut Vec<Self::Move>, choose: impl FnOnce(usize) -> usize) -> Option<Self::Move> {
        scratch.clear();
        self.legal_moves(scratch);
        if scratch.is_empty() {
            None
        } else {
            Some(scratch[choose(scratch.len())])
        }
    }

    /// A random playout: plays the move [`Game::pick_move`] picks with
    /// `choose` until the game ends or `max_moves` have been played, and
    /// returns the result (`None` if capped) and the number of moves. A game
    /// may play its playouts faster than move by move through this trait
    /// (one dispatch for the whole playout, say) but must pick the same moves.
    #[inline]
    fn play_out(
        &mut self,
        max_moves: usize,
        scratch: &mut Vec<Self::Move>,
        mut choose: impl FnMut(usize) -> usize,
    ) -> (Option<Outcome>, usize) {
        let mut played = 0;
        let outcome = loop {
            if played >= max_moves {
                break None;
            }
            let Some(mv) = self.pick_move(scratch, &mut choose) else {
                break self.outcome();
            };
            self.play(mv);
            played += 1;
        };
        (outcome, played)
    }

    /// Why the game ended, in a sentence for the result banner (empty while it goes on).
    fn outcome_reason(&self) -> String {
        String::new()
    }

    /// The game's own fields for screens and `tabula show --json`
    /// (for example the grid and scores); an object.
    fn view(&self) -> serde_json::Value {
        serde_json::Value::Object(Default::default())
    }

    /// What the screen should know about one legal move before it is played
    /// (previews, hints); `null` when there is nothing to say.
    fn move_view(&self, _mv: Self::Move) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// How many moves a self-play game may last before a match stops it and
    /// counts a draw (games whose rules never end a game by themselves need one).
    fn match_move_limit(&self) -> u32 {
        1000
    }

    /// A plain-text drawing of the position for the terminal.
    fn drawing(&self) -> String {
        self.to_text()
    }
}

/// What a game's exact solver keeps between calls (typically its table),
/// owned by the player that calls it.
pub type SolverMemory = Option<Box<dyn std::any::Any + Send>>;

/// The move an exact solver chose for the side to move, and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved<M> {
    /// The move to play.
    pub mv: M,
    /// Its value for the mover on the [`Evaluate::terminal_score`] scale.
    pub score: i32,
    /// Whether `score` is the move's exact value. A solver that settled for
    /// the result (see [`Evaluate::solve_best`]) reports a value that says
    /// who wins, exactly, but by a margin that is only a proven bound.
    pub exact: bool,
    /// Positions the solver visited for this decision, so that a player can
    /// report its work like a search's (0 from a solver that does not count).
    pub nodes: u64,
}

/// A flag that whoever asked for a computation sets to stop it early (the
/// person left, the game moved on, someone else needs the core).
pub type Cancel = std::sync::Arc<std::sync::atomic::AtomicBool>;

/// The score of a won game. Scores beyond ±[`PROVEN`] mean a proven result.
pub const WIN_SCORE: i32 = 1_000_000;
/// Any score at least this large (in absolute value) is a proven win or loss.
pub const PROVEN: i32 = 500_000;

/// The index below `len` that 64 random bits choose uniformly (the default
/// [`Evaluate::playout_choice`]).
#[inline]
pub fn uniform_choice(len: usize, random: u64) -> usize {
    (((random >> 32) * len as u64) >> 32) as usize
}

/// What an engine believes about a position it cannot search to the end.
pub trait Evaluate: Game {
    /// A score from the point of view of the side to move: positive is good
    /// for it. Must stay well inside ±100,000 (search reserves larger values
    /// for proven wins and losses).
    fn evaluate(&self) -> i32;

    /// A plain evaluation for baseline opponents, such as material only
    /// (`ab:…,plain=1`), to measure what the full evaluation is worth. The
    /// default is the full evaluation.
    fn evaluate_plain(&self) -> i32 {
        self.evaluate()
    }

    /// Whether alpha–beta keeps the history of cut-offs apart for each side:
    /// where the same move is another piece's move for each side, one side's
    /// good moves say little about the other's; where the sides share good
    /// moves, one shared history learns them twice as fast. Off unless a
    /// game measured that it searches fewer positions with it.
    const HISTORY_BY_MOVER: bool = false;

    /// A hint for move ordering: moves with larger hints are searched first
    /// (captures, big gains). The default knows nothing.
    #[inline]
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// The moves a quiescence search should still look at when the search
    /// has reached its depth (typically captures). The default: none, so the
    /// evaluation is taken as it stands.
    #[inline]
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>) {}

    /// Whether the side to move faces a threat that ends the game on the
    /// opponent's next move unless it answers it now (a check, in chess
    /// terms). A search that extends such positions (`ab:…,extend=1`) does
    /// not stop at its horizon there, where the evaluation would take a lost
    /// position for a quiet one. The default: never.
    #[inline]
    fn threatened(&self) -> bool {
        false
    }

    /// Which of `moves` (the legal moves, non-empty) a Monte-Carlo playout
    /// plays here, given 64 random bits. The default picks uniformly; a game
    /// may prefer captures or promotions to make playouts more telling.
    #[inline]
    fn playout_choice(&self, moves: &[Self::Move], random: u64) -> usize {
        uniform_choice(moves.len(), random)
    }

    /// The move a Monte-Carlo playout plays here, or `None` when the game
    /// is over (`random`, 64 random bits, is then not drawn): the legal
    /// moves listed into `scratch` and [`Evaluate::playout_choice`] asked. A
    /// game whose playouts stay uniform may answer with [`Game::pick_move`]
    /// and [`uniform_choice`] instead: the same move, without listing them all.
    #[inline]
    fn playout_move(&self, scratch: &mut Vec<Self::Move>, random: impl FnOnce() -> u64) -> Option<Self::Move> {
        scratch.clear();
        self.legal_moves(scratch);
        if scratch.is_empty() {
            None
        } else {
            Some(scratch[self.playout_choice(scratch, random())])
        }
    }

    /// For games small enough to solve: the exact value of every legal move
    /// with perfect play afterwards (on the [`Evaluate::terminal_score`]
    /// scale, best first), or `None` if the game has no solver, the position
    /// is too big, or `limit` ran out or `cancel` was set first. `memory`
    /// keeps the solver's table between calls.
    fn solve_moves(
        &self,
        _limit: Option<std::time::Duration>,
        _cancel: Option<&Cancel>,
        _memory: &mut SolverMemory,
    ) -> Option<Vec<(Self::Move, i32)>> {
        None
    }

    /// For games small enough to solve: one best move and its exact value
    /// (on the same scale as [`Evaluate::solve_moves`]), which a player needs
    /// and which can cost far less than valuing every move. Once `settle`
    /// has passed, a game whose scores are finer than win, draw and loss (a
    /// margin of points) may answer with a move proven to keep the result,
    /// valued at a bound instead of waiting for the exact value (see
    /// [`Solved::exact`]); the result itself is always exact. The default
    /// takes the first of `solve_moves`.
    fn solve_best(
        &self,
        limit: Option<std::time::Duration>,
        _settle: Option<std::time::Duration>,
        cancel: Option<&Cancel>,
        memory: &mut SolverMemory,
    ) -> Option<Solved<Self::Move>> {
        let (mv, score) = self.solve_moves(limit, cancel, memory)?.first().copied()?;
        Some(Solved { mv, score, exact: true, nodes: 0 })
    }

    /// The memory in MiB the exact solver's table takes (0 without a solver),
    /// so that a server can budget for it before it solves.
    fn solver_table_mib(&self) -> usize {
        0
    }

    /// The exact solver's report for `tabula solve`, as `key value` pairs
    /// (first the values, then `nodes` and `time`), or `None` when the game
    /// has no solver or the position is too big. With `verdict_only`, only
    /// the cheaper win/loss answer.
    fn solve_report(&self, _verdict_only: bool, _threads: usize) -> Option<Vec<(&'static str, String)>> {
        None
    }

    /// A score in words for people, e.g. "wins by 3.5" (from the mover's view).
    fn describe_score(&self, score: i32) -> String {
        if score >= PROVEN {
            "wins".into()
        } else if score <= -PROVEN {
            "loses".into()
        } else {
            format!("{score:+}")
        }
    }

    /// The score of a finished game from the point of view of the side to
    /// move, `ply` moves below the root of a search. The default prefers
    /// quick wins and slow losses; a game whose margin of victory matters
    /// may add it (keeping within ±100,000 of ±[`WIN_SCORE`]).
    fn terminal_score(&self, outcome: Outcome, ply: u32) -> i32 {
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win(side) if side == self.side_to_move() => WIN_SCORE - ply as i32,
            Outcome::Win(_) => -WIN_SCORE + ply as i32,
        }
    }
}
