//! A match as a store keeps it: its row, its seats and its moves. The
//! server's stores (SQLite, PostgreSQL) read and write these; records are
//! written from them and read into them, wherever the match was played.

use std::collections::BTreeMap;

use crate::clock::ClockState;
use crate::StoredResult;

/// A clock's settings, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSettings {
    /// Time each side starts with.
    pub initial_ms: i64,
    /// Time added after each of a side's moves.
    pub increment_ms: i64,
}

/// A match as stored (without its moves and seats).
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRow {
    pub id: String,
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub start: Option<String>,
    pub players: [String; 2],
    pub names: [Option<String>; 2],
    pub online: bool,
    pub clock: Option<ClockSettings>,
    /// The clock as of the last change, for matches with a clock (`None` in
    /// stores written before clocks were kept as timestamps).
    pub clock_state: Option<ClockState>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub result: Option<StoredResult>,
    pub imported: bool,
    pub version: u64,
}

/// One stored move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    /// Its index in the match (0 for the first move).
    pub ply: usize,
    /// The move in the game's notation.
    pub mv: String,
    /// The seat that played it.
    pub side: usize,
    /// When it was accepted (Unix ms).
    pub at: i64,
    /// The mover's clock after the move, if the match has clocks.
    pub clock_ms: Option<i64>,
}

/// The secrets of one seat of an online match (hashes only).
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRow {
    pub seat: usize,
    /// SHA-256 of the seat token, once the seat is held.
    pub token_hash: Option<Vec<u8>>,
    /// SHA-256 of the invitation code, while the seat is free.
    pub invite_hash: Option<Vec<u8>>,
    pub joined_at: Option<i64>,
}

/// Everything stored about a match.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredMatch {
    pub row: MatchRow,
    pub seats: Vec<SeatRow>,
    pub moves: Vec<MoveRow>,
}
