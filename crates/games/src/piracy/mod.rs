//! Piracy: Captain Cook against the pirate Silver, two ships on an 8 × 8
//! sea around an island. A ship always sails one square a move, turning at
//! most 45° (90° in a harbour corner); every square of the enemy beside it
//! after its move is a hit, seven hits or a run onto land sink it, and the
//! survivor must still sail seven more moves to win.

mod encoding;
mod eval;
mod game;
mod geometry;
mod info;
mod notation;
mod rules;
mod start;
mod text;
mod view;

pub use eval::{horizon, survivor_safe, DECIDED, HORIZON_CAP};
pub use geometry::{parse_square, square_name, HARBOURS, HEADINGS, ISLAND_CORNERS};
pub use notation::{parse_turn, turn_name};
pub use rules::{Fate, Piracy, PiracyMove, Ship, FULL_CIRCLE, HITS_TO_SINK, MAX_MOVES, MOVES_OWED, SHIP_NAMES};
pub use start::START_SHIPS;
