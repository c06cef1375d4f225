//! The games of Tabula, one module each, and the registry that names them.
//!
//! Every game's folder has the same shape, one job a file, so that the same
//! question is answered in the same place for every game:
//!
//! | file          | job                                                                 |
//! |---------------|---------------------------------------------------------------------|
//! | `mod.rs`      | the rules in words, and what the game exports                       |
//! | `info.rs`     | catalog entry, options and computer levels (`GameInfo`)             |
//! | `geometry.rs` | squares or cells, directions, lookup tables, and square names (written and read) |
//! | `start.rs`    | start positions, and the position a set of options asks for        |
//! | `rules.rs`    | the position type, the move type, Zobrist keys, and what move generation asks |
//! | `game.rs`     | `impl Game`: legal moves, play, undo, outcome, hash; forwards to the files below |
//! | `notation.rs` | moves written and read (`parse_move`, `format_move`)                |
//! | `text.rs`     | the position text (`to_text`, `from_text`) and `check()`            |
//! | `eval.rs`     | `impl Evaluate`: what the computer believes                         |
//! | `view.rs`     | what a screen needs: the view, move views, drawing, outcome sentence |
//!
//! A game may add files for jobs only it has (Warp & Weft's exact solver:
//! `solver.rs`, `solver_table.rs`, `study.rs`). Seats are
//! [`tabula_core::Side`] everywhere; a game's own names for them (Ink and
//! Paper, Cook and Silver, South and North, Weft and Warp) are words on top.

pub mod leeward;
pub mod piracy;
pub mod registry;
pub mod seesaw;
pub mod warp_weft;

pub use registry::{find, registry};
