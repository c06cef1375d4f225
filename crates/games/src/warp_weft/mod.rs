//! Warp & Weft: one shuttle on a grid of numbers, pushed along rows by Weft
//! and along columns by Warp; each lands on a cell, scores it and hands the
//! other player the line through it.

mod board;
mod encoding;
mod eval;
mod info;
mod notation;
mod rules;
mod solver;
mod solver_table;
pub mod study;
mod view;

pub use board::generate_grid;
pub use rules::{Axis, WarpWeft, WwMove};
pub use solver::{Exact, Solver, MAX_SOLVABLE_SIZE};
