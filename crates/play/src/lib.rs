//! A match as a play page plays it, independent of where it runs: who holds
//! each seat, the position with its history, taking moves back, and the view
//! a page draws. The server keeps these tables in its store and adds the
//! online part (seat tokens, clocks, live connections); the browser's engine
//! (`crates/wasm`) plays them on the player's own machine. Both give a page
//! the same view, built here, so a page cannot tell them apart.

pub mod analysis;
pub mod clock;
pub mod options;
pub mod positions;
pub mod records;
pub mod seat;
pub mod stored;
pub mod table;
pub mod views;

pub use options::option_texts;
pub use seat::Seat;
pub use table::{now_ms, start_game, NoSuchPly, StoredResult, Table};
