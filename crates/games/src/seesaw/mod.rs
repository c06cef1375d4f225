//! Seesaw (Alek Erickson and Michael Amundsen, 2021), played exactly as
//! Ludii plays it, on hexagonal boards of hexagons with 3 to 8 cells a side
//! (19 to 169 cells; 4, with 37, is the default).
//!
//! # The rules, as this module implements them
//!
//! South moves first from the bottom corner, North from the top; each starts
//! with one disc standing on a tile of its colour. A stack is one player's
//! pile of discs; a tile is a promotion cell and never moves. "Empty" means
//! "without a stack" (a bare tile is empty), except for deploying.
//!
//! On a turn the player does one of:
//! - **Deploy**: put a new tile and a one-disc stack on a cell with neither
//!   stack nor tile, next to one of its tiles (a tile counts even when an
//!   enemy stack stands on it).
//! - **Step**: move one stack of k discs 1 to k steps through empty cells.
//!   Odd stacks use the three forward directions (up for South, down for
//!   North), even stacks the three backward ones; the direction may change
//!   from step to step.
//! - **Capture**, which is compulsory whenever any stack can make one. A
//!   one-disc stack takes an enemy stack next to it. A stack of k ≥ 2 takes
//!   an enemy stack next to some empty cell it can reach in 1 to k−1 steps in
//!   any direction (its own cell does not count). It jumps onto the enemy,
//!   whose discs leave the board; the steps used are the shortest way there
//!   through empty cells, the jump included. With steps left the same stack
//!   must capture again if it can (with the steps left as its range),
//!   otherwise it may step on (1 to the steps left, by its parity) or pass.
//!
//! At the end of the turn the stack that moved grows by one disc if it stands
//! on an opponent's tile while odd, or on its own tile while even. A turn
//! that ends with a pass never grows (Ludii's behaviour), nor does a deploy.
//!
//! Taking the opponent's last stack wins (after the capturer finishes its
//! turn). A player with no legal turn passes; when neither player can move,
//! the game is drawn (Ludii ends it as a draw after both pass).

mod encoding;
mod eval;
mod game;
mod geometry;
mod info;
mod notation;
mod pick;
mod rules;
mod select;
mod start;
mod text;
mod view;

pub use geometry::{layout, Layout, DIRECTIONS, MAX_BASE, MIN_BASE};
pub use notation::side_name;
pub use rules::{ChainEnd, ChainPath, Seesaw, SeesawMove, Stack, TurnKind, MAX_STACK, NORTH, SOUTH};
