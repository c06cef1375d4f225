//! Leeward: two sides on a 7 × 7 board share one wind. Sails run before it,
//! Oars pull against it and Kites slip across it; the Lamp walks where it
//! likes but never captures. Each move ends by turning the wind, and the
//! wind left is the one the opponent must move in. Take the enemy Lamp or
//! walk your own onto the enemy's home square to win.

mod encoding;
mod eval;
mod game;
mod geometry;
mod info;
mod notation;
mod rules;
mod start;
mod text;
#[cfg(feature = "threads")]
pub mod tune;
mod view;
pub mod weights;

pub use eval::{evaluate_with, VALUE};
pub use geometry::{parse_square, square, square_name, Kind, Turn, Wind, INK_HOME, PAPER_HOME, SQUARES};
pub use rules::{home, side_name, Ending, Leeward, LeewardMove, CALM_LIMIT};
