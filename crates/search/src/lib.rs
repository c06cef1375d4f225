//! Game-independent players and tools, written once against
//! [`tabula_core::Game`]: random and greedy players, alpha–beta search,
//! perft and random playouts, the player-spec language of the command line,
//! and the type-erased [`AnyGame`] handle through which the server and the
//! command line drive any registered game.

mod alphabeta;
mod any_game;
mod envelope;
mod greedy;
mod lazy_smp;
mod match_runner;
mod mcts;
mod move_picker;
mod paired;
mod perft;
mod player;
mod playout;
mod random;
mod slices;
mod stats;
pub mod tt;
mod ugi_client;

pub use alphabeta::{AlphaBeta, SearchLimits, SearchResult};
pub use any_game::{AnyGame, AnyPlayer, Decision, GameEntry, Study, StudyRequest};
pub use envelope::{Bounds, Envelope, Progress, Reporter};
pub use greedy::greedy_move;
pub use match_runner::{merge_records, play_random_opening, GameRecord, MatchSetup};
pub use mcts::{Mcts, MctsLimits};
pub use paired::Paired;
pub use perft::perft;
pub use player::{choose_move, parse_duration, Player, PlayerSpec, SOLVER_THREADS};
pub use playout::{random_playout, PlayoutStats};
pub use random::random_move;
pub use slices::{Slice, Slices};
pub use stats::{elo_from_score, mean_interval, wilson, GameResult, Summary};
