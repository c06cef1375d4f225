//! Warp & Weft: one shuttle on a grid of numbers, pushed along rows by Weft
//! and along columns by Warp; each lands on a cell, scores it and hands the
//! other player the line through it.

mod encoding;
mod eval;
mod game;
mod geometry;
mod info;
mod notation;
mod rules;
mod solver;
mod solver_endgame;
mod solver_lines;
mod solver_search;
mod solver_share;
mod solver_table;
mod start;
#[cfg(feature = "threads")]
pub mod study;
#[cfg(feature = "threads")]
mod study_report;
mod text;
mod view;

pub use geometry::{cell_name, parse_cell, MAX_SIZE};
pub use rules::{Axis, Variants, WarpWeft, WarpWeftMove};
pub use solver::{Exact, Known, Solver, MAX_SOLVABLE_SIZE};
pub use start::generate_grid;
