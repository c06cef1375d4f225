//! The vocabulary every Tabula game and tool shares.
//!
//! A game implements [`Game`] (rules, notation, position text) and [`Evaluate`]
//! (what an engine may believe about a position it cannot search to the end).
//! Everything else in Tabula — search, matches, the server, the command line —
//! is written against these traits and never names a particular game.

pub mod cpu;
mod encode;
mod error;
mod fields;
mod game;
mod info;
mod options;
mod rng;
mod side;
pub mod time;
pub mod zobrist;

pub use encode::Encode;
pub use error::Error;
pub use fields::Fields;
pub use game::{uniform_choice, Cancel, Evaluate, Game, Solved, SolverMemory, PROVEN, WIN_SCORE};
pub use info::{GameInfo, LevelInfo, OptionSpec};
pub use options::Options;
pub use rng::{seeded_rng, uniform_below, SeededRng};
pub use side::{Outcome, Side};
