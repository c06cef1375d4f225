//! The games of Tabula, one module each, and the registry that names them.
//!
//! Each game's folder reads top-down: `rules` (the position and its moves),
//! `board` (how a start position is made), `notation` (move and position
//! text), `eval` (what the computer believes) and `view` (what the screen needs).

pub mod leeward;
pub mod piracy;
pub mod registry;
pub mod seesaw;
pub mod warp_weft;

pub use registry::{find, registry};
