//! How long matches nobody comes back to are kept: a public server would
//! otherwise grow without end from games begun and left, and from records
//! imported by anyone. Finished games played here are kept for good.

use std::time::Duration;

/// What is deleted, and after how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// A match in which no move was ever made goes after this many hours.
    pub empty_hours: u32,
    /// An unfinished match goes this many days after its last move (0: never).
    pub idle_days: u32,
    /// An imported record goes this many days after its import (0: never).
    pub imported_days: u32,
}

impl Default for Retention {
    fn default() -> Self {
        Retention { empty_hours: 24, idle_days: 30, imported_days: 90 }
    }
}

/// How often the store is swept.
pub const SWEEP_EVERY: Duration = Duration::from_secs(3600);
