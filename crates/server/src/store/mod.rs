//! The match store: every match with its seats and moves, behind one trait
//! ([`Store`]) with two backends. [`sqlite::SqliteStore`] keeps one file in
//! the data directory, for one server; [`postgres::PgStore`] keeps them in a
//! PostgreSQL database that several servers share, and tells each of them of
//! the others' changes ([`Bus`]).
//!
//! Both give the same guarantees: every change is committed before the
//! server answers that it was accepted, a change is made only to the match
//! as the server saw it (the match's version is the arbiter: a change made
//! for an older version is refused with [`StoreError::Conflict`] and
//! changes nothing), and a batch of new matches is stored whole or not at all.

mod columns;
pub mod postgres;
mod postgres_live;
pub mod sqlite;

use std::fmt;

use async_trait::async_trait;
use serde_json::Value;

pub use postgres::PgStore;
pub use sqlite::{SqliteStore, DB_FILE};
pub use tabula_play::clock::ClockState;

/// Something went wrong in the store; nothing was changed.
#[derive(Debug, Clone, PartialEq)]
pub enum StoreError {
    /// The store failed: a full disk, a damaged file, a database out of reach…
    Failed(String),
    /// The match is no longer at the version the change was made for
    /// (another server changed it first, or deleted it).
    Conflict,
}

impl StoreError {
    /// A failure, in a sentence.
    pub fn failed(message: impl Into<String>) -> Self {
        StoreError::Failed(message.into())
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Failed(message) => f.write_str(message),
            StoreError::Conflict => f.write_str("the match changed meanwhile: nothing was written"),
        }
    }
}

impl std::error::Error for StoreError {}

/// A result of the store.
pub type StoreResult<T> = Result<T, StoreError>;

pub use tabula_play::stored::{ClockSettings, MatchRow, MoveRow, SeatRow, StoredMatch};
pub use tabula_play::{now_ms, StoredResult};

/// A line of the list of matches.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub row: MatchRow,
    /// How many moves were played.
    pub plies: usize,
}

/// Which matches to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStatus {
    /// Matches that are over, newest first.
    Finished,
    /// Matches that go on and have at least one move, most recently played first.
    Playing,
}

/// One change to a stored match: its state after the change, and the one
/// edit to its moves or seats that goes with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The match's version after the change (one more than before).
    pub version: u64,
    /// How the match stands after the change (`None`: it goes on).
    pub result: Option<StoredResult>,
    /// The clock after the change, if the match has one.
    pub clock: Option<ClockState>,
    /// The players' names after the change.
    pub names: [Option<String>; 2],
    /// What else changes.
    pub edit: Edit,
}

/// The part of a [`Change`] beyond the match's own row.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Nothing else (a result, a restarted clock).
    Nothing,
    /// A move is added at its ply.
    Move(MoveRow),
    /// The moves from this ply on are taken back.
    TruncateFrom(usize),
    /// A person takes a free seat: its token replaces the invitation.
    Seat { seat: usize, token_hash: Vec<u8>, joined_at: i64 },
}

/// What a server is told about the other servers' changes (see [`Bus`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A match changed (or was deleted) and is now at this version; when
    /// the change was one move of a match that goes on, the move itself, so
    /// that a server holding the match one version behind follows it
    /// without reading the store.
    Changed { id: String, version: u64, moved: Option<Moved> },
    /// Who is connected to a match changed on another server.
    Presence { id: String },
    /// Notices may have been missed (the connection to the database was
    /// lost, or this server fell behind): every match it keeps must be
    /// compared with the store.
    Resync,
}

/// A move another server played and committed, as its notice carries it:
/// what a server needs to bring its copy of the match to the same state a
/// reload from the store would give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    /// The ply of the move (the number of moves before it).
    pub ply: usize,
    /// The move, in notation.
    pub mv: String,
    /// When it was played (Unix ms).
    pub at: i64,
    /// The match's clock after it, if it has one.
    pub clock: Option<ClockState>,
}

/// The part of a store that servers share: what the other servers changed,
/// and who is connected to a match through another server.
#[async_trait]
pub trait Bus: Send + Sync {
    /// A stream of notices about the other servers' changes.
    fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Notice>;

    /// Says that this server has (or no longer has) a live connection for
    /// `seat` of match `id`, and tells the other servers.
    async fn set_presence(&self, id: &str, seat: usize, here: bool) -> StoreResult<()>;

    /// The seats of match `id` that have a live connection through another
    /// server that is still running.
    async fn presence_elsewhere(&self, id: &str) -> StoreResult<[bool; 2]>;
}

/// A match store (see the module's documentation for what every backend guarantees).
#[async_trait]
pub trait Store: Send + Sync {
    /// Where the matches are kept, for people (no password).
    fn describe(&self) -> String;

    /// What servers sharing this store tell each other, if several may.
    fn bus(&self) -> Option<&dyn Bus> {
        None
    }

    /// Whether no other server was using the store when this one opened it:
    /// the portal itself was down, so running clocks start again rather than
    /// charge the players for the time it was away.
    fn opened_alone(&self) -> bool {
        true
    }

    /// The schema version the store is at.
    async fn schema_version(&self) -> StoreResult<usize>;

    /// Stores new matches with their seats and moves: all of them, or none.
    async fn insert_all(&self, matches: &[StoredMatch]) -> StoreResult<()>;

    /// Everything stored about one match.
    async fn load(&self, id: &str) -> StoreResult<Option<StoredMatch>>;

    /// The current versions of those of these matches that exist.
    async fn versions(&self, ids: &[String]) -> StoreResult<Vec<(String, u64)>>;

    /// Makes `change` to match `id` if it is still at version `expected`;
    /// otherwise refuses with [`StoreError::Conflict`] and changes nothing.
    async fn change(&self, id: &str, expected: u64, change: &Change) -> StoreResult<()>;

    /// Deletes a match at version `expected` with its moves, seats and
    /// analysis; `Ok(false)` if there is no such match, a conflict if it
    /// moved on.
    async fn delete(&self, id: &str, expected: u64) -> StoreResult<bool>;

    /// Lists matches: finished ones newest first, or ongoing ones most
    /// recently played first. `before` continues a list (a timestamp from the
    /// previous page's last line).
    async fn list(
        &self,
        status: ListStatus,
        game: Option<&str>,
        limit: usize,
        before: Option<i64>,
    ) -> StoreResult<Vec<Summary>>;

    /// Unfinished matches whose running clock is out at `now` (Unix ms), soonest first, at most `limit`.
    async fn clocks_due(&self, now: i64, limit: usize) -> StoreResult<Vec<String>>;

    /// The ids of online matches with clocks that are not over.
    async fn clocks_running(&self) -> StoreResult<Vec<String>>;

    /// Deletes the matches nobody will come back to, as `rule` says, as of
    /// `now` (Unix ms); returns their ids. Finished games that were played
    /// here are kept: they are the portal's history.
    async fn prune_abandoned(&self, rule: &crate::retention::Retention, now: i64) -> StoreResult<Vec<String>>;

    /// A stored analysis of the match's first `plies` moves.
    async fn analysis(&self, id: &str, plies: usize) -> StoreResult<Option<Value>>;

    /// The analysis kept for a match, whatever its length: how many moves it covers, and it.
    async fn kept_analysis(&self, id: &str) -> StoreResult<Option<(usize, Value)>>;

    /// Keeps an analysis.
    async fn save_analysis(&self, id: &str, plies: usize, data: &Value) -> StoreResult<()>;

    /// How many matches the store holds.
    async fn count(&self) -> StoreResult<usize>;

    /// The ids of every stored match, oldest first.
    async fn ids(&self) -> StoreResult<Vec<String>>;
}

/// What [`copy_all`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    /// Matches written into the target.
    pub copied: usize,
    /// Matches the target held already (from an earlier copy), left as they are.
    pub skipped: usize,
}

/// Copies every match of `from` (with its moves, seats, clock and analysis)
/// into `to`, in batches of `batch`, each whole or not at all. Matches `to`
/// holds already are left as they are, so a copy that stopped half-way can
/// be run again.
pub async fn copy_all(from: &dyn Store, to: &dyn Store, batch: usize) -> StoreResult<Copied> {
    let mut done = Copied { copied: 0, skipped: 0 };
    for chunk in from.ids().await?.chunks(batch.max(1)) {
        let present: std::collections::HashSet<String> =
            to.versions(chunk).await?.into_iter().map(|(id, _)| id).collect();
        let mut matches = Vec::with_capacity(chunk.len());
        for id in chunk.iter().filter(|id| !present.contains(*id)) {
            if let Some(m) = from.load(id).await? {
                matches.push(m);
            }
        }
        to.insert_all(&matches).await?;
        for m in &matches {
            if let Some((plies, data)) = from.kept_analysis(&m.row.id).await? {
                to.save_analysis(&m.row.id, plies, &data).await?;
            }
        }
        done.copied += matches.len();
        done.skipped += present.len();
    }
    Ok(done)
}
