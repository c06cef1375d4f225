//! The SQLite store: every match with its seats and moves, in one file under
//! the data directory (`tabula.db`). A move is written (and committed) before
//! the server answers that it was accepted, so nothing accepted is lost when
//! the process is killed: SQLite's write-ahead log survives `kill -9`.
//!
//! The schema is versioned with `PRAGMA user_version`; [`MIGRATIONS`] lists
//! each step, and opening a file applies the steps it has not seen yet.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::{json, Value};

/// The name of the database file inside the data directory.
pub const DB_FILE: &str = "tabula.db";

/// The schema, one step per version: step `i` takes a file from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: matches, their seats (online secrets, stored as SHA-256 hashes) and moves.
    "CREATE TABLE matches (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,             -- JSON object of option texts
        start       TEXT,                      -- start position text, if not the options' start
        players     TEXT NOT NULL,             -- JSON: [\"human\", \"level:medium\"]
        names       TEXT NOT NULL,             -- JSON: [name or null, name or null]
        online      INTEGER NOT NULL DEFAULT 0,
        clock       TEXT,                      -- JSON {\"initial\": ms, \"increment\": ms}
        created_at  INTEGER NOT NULL,          -- Unix milliseconds
        updated_at  INTEGER NOT NULL,
        finished_at INTEGER,
        result      TEXT,                      -- JSON {\"winner\", \"reason\", \"by_rules\"}
        imported    INTEGER NOT NULL DEFAULT 0,
        version     INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seats (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        token_hash  BLOB,
        invite_hash BLOB,
        joined_at   INTEGER,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE moves (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        ply         INTEGER NOT NULL,
        move        TEXT NOT NULL,
        side        INTEGER NOT NULL,
        at          INTEGER NOT NULL,
        clock_ms    INTEGER,                   -- the mover's time left after the move
        PRIMARY KEY (match_id, ply)
    ) WITHOUT ROWID;
    CREATE INDEX matches_finished ON matches(finished_at) WHERE finished_at IS NOT NULL;
    CREATE INDEX matches_updated ON matches(updated_at);",
    // 2: the engine's evaluation of each position of a match, kept once computed.
    "CREATE TABLE analysis (
        match_id    TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        plies       INTEGER NOT NULL,
        data        TEXT NOT NULL
    ) WITHOUT ROWID;",
];

/// Something went wrong in the store (a full disk, a damaged file…).
#[derive(Debug, Clone, PartialEq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(format!("the match store failed: {e}"))
    }
}

/// A result of the store.
pub type StoreResult<T> = Result<T, StoreError>;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredResult {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in a sentence.
    pub reason: String,
    /// Whether the rules ended it (otherwise: time, resignation, or a record said so).
    pub by_rules: bool,
}

impl StoredResult {
    fn to_json(&self) -> String {
        json!({ "winner": self.winner, "reason": self.reason, "by_rules": self.by_rules }).to_string()
    }

    fn from_json(text: &str) -> Option<StoredResult> {
        let v: Value = serde_json::from_str(text).ok()?;
        Some(StoredResult {
            winner: v["winner"].as_u64().map(|w| w as usize),
            reason: v["reason"].as_str().unwrap_or("").to_string(),
            by_rules: v["by_rules"].as_bool().unwrap_or(true),
        })
    }
}

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

/// The store: one SQLite connection.
pub struct Db {
    conn: Connection,
    path: Option<PathBuf>,
    /// The data directory's lock file, held while a server uses the store.
    lock: Option<std::fs::File>,
}

/// The file a running server holds locked in its data directory.
const LOCK_FILE: &str = "server.lock";

const MATCH_COLUMNS: &str = "id, game, options, start, players, names, online, clock, created_at, \
    updated_at, finished_at, result, imported, version";

impl Db {
    /// Opens (creating if needed) the store in `dir`, bringing its schema up to date.
    pub fn open(dir: &Path) -> StoreResult<Db> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError(format!("cannot create the data directory {}: {e}", dir.display())))?;
        let path = dir.join(DB_FILE);
        let conn = Connection::open(&path)
            .map_err(|e| StoreError(format!("cannot open the match store {}: {e}", path.display())))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: a commit is in the log before the call returns, so a killed
        // process loses nothing it committed; NORMAL syncs at checkpoints only.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        let mut db = Db { conn, path: Some(path), lock: None };
        db.setup()?;
        Ok(db)
    }

    /// Claims the data directory for one server: a second server on the same
    /// directory would keep its own copy of the live matches and the two
    /// would overwrite each other's moves. The operating system drops the
    /// claim when the process ends, however it ends (`kill -9` included).
    pub fn claim(&mut self) -> StoreResult<()> {
        let Some(dir) = self.path.as_deref().and_then(Path::parent) else { return Ok(()) };
        let lock_path = dir.join(LOCK_FILE);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| StoreError(format!("cannot create the lock file {}: {e}", lock_path.display())))?;
        match file.try_lock() {
            Ok(()) => {
                self.lock = Some(file);
                Ok(())
            }
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError(format!(
                "another Tabula server is using the data directory {}: stop it first, or give this one another directory with --data",
                dir.display()
            ))),
            Err(std::fs::TryLockError::Error(e)) => {
                Err(StoreError(format!("cannot lock the data directory {}: {e}", dir.display())))
            }
        }
    }

    /// A store that lives in memory only (for tests and `--data` left out in code).
    pub fn open_in_memory() -> StoreResult<Db> {
        let mut db = Db { conn: Connection::open_in_memory()?, path: None, lock: None };
        db.setup()?;
        Ok(db)
    }

    fn setup(&mut self) -> StoreResult<()> {
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        self.migrate(MIGRATIONS.len())
    }

    /// The file, if the store is on disk.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version of the file.
    pub fn schema_version(&self) -> StoreResult<usize> {
        Ok(self.conn.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))? as usize)
    }

    /// Applies the migrations up to version `target`, each in its own transaction.
    pub fn migrate(&mut self, target: usize) -> StoreResult<()> {
        let current = self.schema_version()?;
        if current > MIGRATIONS.len() {
            return Err(StoreError(format!(
                "the match store has schema version {current}, newer than this Tabula knows ({}): use a newer tabula",
                MIGRATIONS.len()
            )));
        }
        for (version, step) in MIGRATIONS.iter().enumerate().take(target).skip(current) {
            let tx = self.conn.transaction()?;
            tx.execute_batch(step)
                .map_err(|e| StoreError(format!("migration to schema version {} failed: {e}", version + 1)))?;
            tx.pragma_update(None, "user_version", (version + 1) as i64)?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Stores a new match with its seats and moves, in one transaction.
    pub fn insert(&mut self, m: &StoredMatch) -> StoreResult<()> {
        self.insert_all(std::slice::from_ref(m))
    }

    /// Stores several new matches: all of them, or none.
    pub fn insert_all(&mut self, matches: &[StoredMatch]) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        for m in matches {
            let r = &m.row;
            tx.execute(
                &format!("INSERT INTO matches ({MATCH_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"),
                params![
                    r.id,
                    r.game,
                    serde_json::to_string(&r.options).unwrap_or_else(|_| "{}".into()),
                    r.start,
                    json!(r.players).to_string(),
                    json!(r.names).to_string(),
                    r.online,
                    r.clock.map(|c| json!({"initial": c.initial_ms, "increment": c.increment_ms}).to_string()),
                    r.created_at,
                    r.updated_at,
                    r.finished_at,
                    r.result.as_ref().map(StoredResult::to_json),
                    r.imported,
                    r.version as i64,
                ],
            )?;
            for s in &m.seats {
                tx.execute(
                    "INSERT INTO seats (match_id, seat, token_hash, invite_hash, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![r.id, s.seat as i64, s.token_hash, s.invite_hash, s.joined_at],
                )?;
            }
            for mv in &m.moves {
                insert_move(&tx, &r.id, mv)?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Records an accepted move, the match's new version and (if it changed) its result.
    pub fn add_move(&mut self, id: &str, mv: &MoveRow, version: u64, result: Option<&StoredResult>) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        insert_move(&tx, id, mv)?;
        update_state(&tx, id, version, result, mv.at)?;
        tx.commit()?;
        Ok(())
    }

    /// Forgets the moves from `ply` on (an undo), with the match's new version and result.
    pub fn truncate(&mut self, id: &str, ply: usize, version: u64, result: Option<&StoredResult>) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM moves WHERE match_id = ?1 AND ply >= ?2", params![id, ply as i64])?;
        update_state(&tx, id, version, result, now_ms())?;
        tx.commit()?;
        Ok(())
    }

    /// Sets the result (time, resignation) without a move.
    pub fn set_result(&mut self, id: &str, version: u64, result: Option<&StoredResult>) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        update_state(&tx, id, version, result, now_ms())?;
        tx.commit()?;
        Ok(())
    }

    /// A person takes a free seat of an online match: its token replaces the invitation.
    pub fn claim_seat(
        &mut self,
        id: &str,
        seat: usize,
        token_hash: &[u8],
        name: Option<&str>,
        version: u64,
    ) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        let now = now_ms();
        tx.execute(
            "UPDATE seats SET token_hash = ?3, invite_hash = NULL, joined_at = ?4 WHERE match_id = ?1 AND seat = ?2",
            params![id, seat as i64, token_hash, now],
        )?;
        tx.execute(
            "UPDATE matches SET names = json_set(names, ?2, ?3), version = ?4, updated_at = ?5 WHERE id = ?1",
            params![id, format!("$[{seat}]"), name, version as i64, now],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Everything stored about one match.
    pub fn load(&mut self, id: &str) -> StoreResult<Option<StoredMatch>> {
        let row = self
            .conn
            .query_row(&format!("SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?1"), [id], match_row)
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let seats = self
            .conn
            .prepare_cached(
                "SELECT seat, token_hash, invite_hash, joined_at FROM seats WHERE match_id = ?1 ORDER BY seat",
            )?
            .query_map([id], |r| {
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    token_hash: r.get(1)?,
                    invite_hash: r.get(2)?,
                    joined_at: r.get(3)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let moves = self.moves(id)?;
        Ok(Some(StoredMatch { row, seats, moves }))
    }

    /// The moves of a match, in order.
    pub fn moves(&mut self, id: &str) -> StoreResult<Vec<MoveRow>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT ply, move, side, at, clock_ms FROM moves WHERE match_id = ?1 ORDER BY ply")?;
        let moves = stmt
            .query_map([id], |r| {
                Ok(MoveRow {
                    ply: r.get::<_, i64>(0)? as usize,
                    mv: r.get(1)?,
                    side: r.get::<_, i64>(2)? as usize,
                    at: r.get(3)?,
                    clock_ms: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(moves)
    }

    /// Lists matches: finished ones newest first, or ongoing ones most recently played first.
    /// `before` continues a list (a timestamp from the previous page's last line).
    pub fn list(
        &mut self,
        status: ListStatus,
        game: Option<&str>,
        limit: usize,
        before: Option<i64>,
    ) -> StoreResult<Vec<Summary>> {
        let (filter, order) = match status {
            ListStatus::Finished => ("finished_at IS NOT NULL AND finished_at < ?2", "finished_at DESC"),
            ListStatus::Playing => (
                "finished_at IS NULL AND updated_at < ?2 AND EXISTS (SELECT 1 FROM moves WHERE match_id = id)",
                "updated_at DESC",
            ),
        };
        let sql = format!(
            "SELECT {MATCH_COLUMNS}, (SELECT COUNT(*) FROM moves WHERE match_id = id) FROM matches \
             WHERE {filter} AND (?1 IS NULL OR game = ?1) ORDER BY {order}, id LIMIT ?3"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt
            .query_map(params![game, before.unwrap_or(i64::MAX), limit as i64], |r| {
                Ok(Summary { row: match_row(r)?, plies: r.get::<_, i64>(14)? as usize })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// The ids of online matches with clocks that are not over (their clocks must run again after a restart).
    pub fn clocked_ids(&mut self) -> StoreResult<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id FROM matches WHERE online = 1 AND clock IS NOT NULL AND finished_at IS NULL")?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    /// Forgets local matches nobody moved in, created before `before` (Unix ms); returns how many.
    pub fn prune_empty(&mut self, before: i64) -> StoreResult<usize> {
        Ok(self.conn.execute(
            "DELETE FROM matches WHERE online = 0 AND imported = 0 AND finished_at IS NULL AND created_at < ?1 \
             AND NOT EXISTS (SELECT 1 FROM moves WHERE match_id = id)",
            [before],
        )?)
    }

    /// Deletes the matches nobody will come back to, as `rule` says, as of
    /// `now` (Unix ms); returns their ids. Finished games that were played
    /// here are kept: they are the portal's history.
    pub fn prune_abandoned(&mut self, rule: &crate::retention::Retention, now: i64) -> StoreResult<Vec<String>> {
        let day = 24 * 3600 * 1000_i64;
        let mut ids = Vec::new();
        let tx = self.conn.transaction()?;
        {
            let mut delete = |sql: &str, before: i64| -> rusqlite::Result<()> {
                let mut statement = tx.prepare(sql)?;
                let rows = statement.query_map([before], |r| r.get::<_, String>(0))?;
                for id in rows {
                    ids.push(id?);
                }
                Ok(())
            };
            delete(
                "DELETE FROM matches WHERE imported = 0 AND finished_at IS NULL AND updated_at < ?1 \
                 AND NOT EXISTS (SELECT 1 FROM moves WHERE match_id = id) RETURNING id",
                now - rule.empty_hours as i64 * 3600 * 1000,
            )?;
            if rule.idle_days > 0 {
                delete(
                    "DELETE FROM matches WHERE imported = 0 AND finished_at IS NULL AND updated_at < ?1 RETURNING id",
                    now - rule.idle_days as i64 * day,
                )?;
            }
            if rule.imported_days > 0 {
                delete(
                    "DELETE FROM matches WHERE imported = 1 AND created_at < ?1 RETURNING id",
                    now - rule.imported_days as i64 * day,
                )?;
            }
        }
        tx.commit()?;
        Ok(ids)
    }

    /// Deletes one match with its moves, seats and analysis; says whether it was there.
    pub fn delete(&mut self, id: &str) -> StoreResult<bool> {
        Ok(self.conn.execute("DELETE FROM matches WHERE id = ?1", [id])? > 0)
    }

    /// A stored analysis of the match's first `plies` moves.
    pub fn analysis(&mut self, id: &str, plies: usize) -> StoreResult<Option<Value>> {
        let data: Option<String> = self
            .conn
            .query_row("SELECT data FROM analysis WHERE match_id = ?1 AND plies = ?2", params![id, plies as i64], |r| {
                r.get(0)
            })
            .optional()?;
        Ok(data.and_then(|d| serde_json::from_str(&d).ok()))
    }

    /// Keeps an analysis.
    pub fn save_analysis(&mut self, id: &str, plies: usize, data: &Value) -> StoreResult<()> {
        self.conn.execute(
            "INSERT INTO analysis (match_id, plies, data) VALUES (?1, ?2, ?3) \
             ON CONFLICT(match_id) DO UPDATE SET plies = excluded.plies, data = excluded.data",
            params![id, plies as i64, data.to_string()],
        )?;
        Ok(())
    }

    /// How many matches the store holds.
    pub fn count(&mut self) -> StoreResult<usize> {
        Ok(self.conn.query_row("SELECT COUNT(*) FROM matches", [], |r| r.get::<_, i64>(0))? as usize)
    }

    /// The ids of every stored match, oldest first.
    pub fn ids(&mut self) -> StoreResult<Vec<String>> {
        let mut stmt = self.conn.prepare("SELECT id FROM matches ORDER BY created_at, id")?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }
}

fn insert_move(tx: &rusqlite::Transaction<'_>, id: &str, mv: &MoveRow) -> StoreResult<()> {
    tx.prepare_cached("INSERT INTO moves (match_id, ply, move, side, at, clock_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![id, mv.ply as i64, mv.mv, mv.side as i64, mv.at, mv.clock_ms])?;
    Ok(())
}

fn update_state(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    version: u64,
    result: Option<&StoredResult>,
    now: i64,
) -> StoreResult<()> {
    let changed = tx
        .prepare_cached(
            "UPDATE matches SET version = ?2, updated_at = ?3, result = ?4, \
             finished_at = CASE WHEN ?4 IS NULL THEN NULL ELSE COALESCE(finished_at, ?3) END WHERE id = ?1",
        )?
        .execute(params![id, version as i64, now, result.map(StoredResult::to_json)])?;
    if changed == 0 {
        return Err(StoreError(format!("the match store has no match '{id}'")));
    }
    Ok(())
}

fn match_row(r: &Row<'_>) -> rusqlite::Result<MatchRow> {
    let json_col = |i: usize| -> rusqlite::Result<Value> {
        let text: String = r.get(i)?;
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    };
    let options = json_col(2)?
        .as_object()
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
        .unwrap_or_default();
    let players = json_col(4)?;
    let names = json_col(5)?;
    let text_at = |v: &Value, i: usize| v.get(i).and_then(Value::as_str).map(str::to_string);
    let clock: Option<String> = r.get(7)?;
    let clock = clock.and_then(|c| serde_json::from_str::<Value>(&c).ok()).and_then(|c| {
        Some(ClockSettings { initial_ms: c["initial"].as_i64()?, increment_ms: c["increment"].as_i64().unwrap_or(0) })
    });
    let result: Option<String> = r.get(11)?;
    Ok(MatchRow {
        id: r.get(0)?,
        game: r.get(1)?,
        options,
        start: r.get(3)?,
        players: [
            text_at(&players, 0).unwrap_or_else(|| "human".into()),
            text_at(&players, 1).unwrap_or_else(|| "human".into()),
        ],
        names: [text_at(&names, 0), text_at(&names, 1)],
        online: r.get(6)?,
        clock,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
        finished_at: r.get(10)?,
        result: result.as_deref().and_then(StoredResult::from_json),
        imported: r.get(12)?,
        version: r.get::<_, i64>(13)? as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> MatchRow {
        MatchRow {
            id: id.into(),
            game: "warp-weft".into(),
            options: BTreeMap::from([("seed".to_string(), "42".to_string())]),
            start: None,
            players: ["human".into(), "level:easy".into()],
            names: [Some("Ann".into()), None],
            online: false,
            clock: None,
            created_at: 1,
            updated_at: 1,
            finished_at: None,
            result: None,
            imported: false,
            version: 0,
        }
    }

    #[test]
    fn one_server_at_a_time_holds_the_data_directory() {
        let dir = temp_dir("claim");
        let mut first = Db::open(&dir).unwrap();
        first.claim().unwrap();
        let mut second = Db::open(&dir).unwrap();
        let err = second.claim().unwrap_err().to_string();
        assert!(err.contains("another Tabula server is using the data directory"), "{err}");
        // Reading the store (as `tabula record export` does) needs no claim.
        assert_eq!(second.clocked_ids().unwrap(), Vec::<String>::new());
        drop(first);
        second.claim().expect("the claim is free once the first server is gone");
        std::fs::remove_dir_all(&dir).ok();
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tabula-store-{name}-{}-{}", std::process::id(), now_ms()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_new_store_has_the_latest_schema_and_an_old_one_is_upgraded() {
        let dir = temp_dir("migrate");
        {
            let db = Db::open(&dir).unwrap();
            assert_eq!(db.schema_version().unwrap(), MIGRATIONS.len());
        }
        // A file made at schema version 1 (before the analysis table) keeps its matches and gains the table.
        let path = dir.join("v1");
        std::fs::create_dir_all(&path).unwrap();
        {
            let conn = Connection::open(path.join(DB_FILE)).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            conn.execute(
                "INSERT INTO matches (id, game, options, players, names, created_at, updated_at) \
                 VALUES ('old', 'warp-weft', '{}', '[\"human\",\"human\"]', '[null,null]', 5, 5)",
                [],
            )
            .unwrap();
        }
        let mut db = Db::open(&path).unwrap();
        assert_eq!(db.schema_version().unwrap(), MIGRATIONS.len());
        assert!(db.load("old").unwrap().is_some());
        db.save_analysis("old", 0, &json!({"evals": []})).unwrap();
        assert_eq!(db.analysis("old", 0).unwrap(), Some(json!({"evals": []})));
        // A file from a newer Tabula is refused rather than damaged.
        db.conn.pragma_update(None, "user_version", 99).unwrap();
        drop(db);
        let err = Db::open(&path).err().unwrap();
        assert!(err.0.contains("newer"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn moves_results_and_seats_are_kept_across_reopening() {
        let dir = temp_dir("reopen");
        {
            let mut db = Db::open(&dir).unwrap();
            let mut m = StoredMatch { row: row("m1"), seats: vec![], moves: vec![] };
            m.row.online = true;
            m.row.clock = Some(ClockSettings { initial_ms: 300_000, increment_ms: 3000 });
            m.seats = vec![
                SeatRow { seat: 0, token_hash: Some(vec![1; 32]), invite_hash: None, joined_at: Some(1) },
                SeatRow { seat: 1, token_hash: None, invite_hash: Some(vec![2; 32]), joined_at: None },
            ];
            db.insert(&m).unwrap();
            db.add_move("m1", &MoveRow { ply: 0, mv: "c4".into(), side: 0, at: 2, clock_ms: Some(299_000) }, 1, None)
                .unwrap();
            db.claim_seat("m1", 1, &[3; 32], Some("Bo \"B\""), 2).unwrap();
            db.add_move("m1", &MoveRow { ply: 1, mv: "c1".into(), side: 1, at: 3, clock_ms: None }, 3, None).unwrap();
            let result = StoredResult { winner: Some(1), reason: "Ann resigned.".into(), by_rules: false };
            db.set_result("m1", 4, Some(&result)).unwrap();
            // A duplicate ply is refused and changes nothing.
            assert!(db
                .add_move("m1", &MoveRow { ply: 1, mv: "x".into(), side: 1, at: 4, clock_ms: None }, 9, None)
                .is_err());
        }
        let mut db = Db::open(&dir).unwrap();
        let m = db.load("m1").unwrap().unwrap();
        assert_eq!(m.moves.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(), ["c4", "c1"]);
        assert_eq!(m.moves[0].clock_ms, Some(299_000));
        assert_eq!(m.row.names, [Some("Ann".into()), Some("Bo \"B\"".into())]);
        assert_eq!(m.row.version, 4);
        assert_eq!(m.row.result.as_ref().unwrap().winner, Some(1));
        assert!(m.row.finished_at.is_some());
        assert_eq!(m.seats[1].token_hash, Some(vec![3; 32]));
        assert_eq!(m.seats[1].invite_hash, None);
        assert_eq!(m.row.clock.unwrap().increment_ms, 3000);
        assert_eq!(db.list(ListStatus::Finished, None, 10, None).unwrap().len(), 1);
        assert_eq!(db.list(ListStatus::Finished, Some("leeward"), 10, None).unwrap().len(), 0);
        db.truncate("m1", 1, 5, None).unwrap();
        let m = db.load("m1").unwrap().unwrap();
        assert_eq!(m.moves.len(), 1);
        assert!(m.row.finished_at.is_none() && m.row.result.is_none());
        assert_eq!(db.list(ListStatus::Playing, None, 10, None).unwrap()[0].plies, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn empty_local_matches_are_pruned_and_the_rest_kept() {
        let mut db = Db::open_in_memory().unwrap();
        db.insert(&StoredMatch { row: row("empty"), seats: vec![], moves: vec![] }).unwrap();
        db.insert(&StoredMatch {
            row: row("played"),
            seats: vec![],
            moves: vec![MoveRow { ply: 0, mv: "c4".into(), side: 0, at: 1, clock_ms: None }],
        })
        .unwrap();
        assert_eq!(db.prune_empty(10).unwrap(), 1);
        assert_eq!(db.ids().unwrap(), ["played"]);
    }
}
