//! The SQLite store: every match in one file under the data directory
//! (`tabula.db`), for one server. A change is committed before the server
//! answers that it was accepted, so nothing accepted is lost when the
//! process is killed: SQLite's write-ahead log survives `kill -9`.
//!
//! The schema is versioned with `PRAGMA user_version`; [`MIGRATIONS`] lists
//! each step, and opening a file applies the steps it has not seen yet.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::Value;

use super::{
    columns, now_ms, Change, Edit, ListStatus, MatchRow, MoveRow, SeatRow, Store, StoreError, StoreResult, StoredMatch,
    Summary,
};

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
    // 3: clocks as timestamps: each match's clock as of its last change, and
    // when the running side's time is out (what the timekeeper looks for).
    "ALTER TABLE matches ADD COLUMN clock_state TEXT;      -- JSON {\"remaining\", \"running\", \"since\"}
    ALTER TABLE matches ADD COLUMN deadline INTEGER;       -- Unix ms, while a clock runs
    CREATE INDEX matches_deadline ON matches(deadline) WHERE deadline IS NOT NULL;",
];

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Failed(format!("the match store failed: {e}"))
    }
}

/// The SQLite store: one connection, behind a lock.
pub struct SqliteStore {
    conn: Mutex<Connection>,
    path: Option<PathBuf>,
    /// The data directory's lock file, held while a server uses the store.
    lock: Mutex<Option<std::fs::File>>,
}

/// The file a running server holds locked in its data directory.
const LOCK_FILE: &str = "server.lock";

const MATCH_COLUMNS: &str = "id, game, options, start, players, names, online, clock, created_at, \
    updated_at, finished_at, result, imported, version, clock_state";

impl SqliteStore {
    /// Opens (creating if needed) the store in `dir`, bringing its schema up to date.
    pub fn open(dir: &Path) -> StoreResult<SqliteStore> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::failed(format!("cannot create the data directory {}: {e}", dir.display())))?;
        let path = dir.join(DB_FILE);
        let conn = Connection::open(&path)
            .map_err(|e| StoreError::failed(format!("cannot open the match store {}: {e}", path.display())))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: a commit is in the log before the call returns, so a killed
        // process loses nothing it committed; NORMAL syncs at checkpoints only.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        let db = SqliteStore { conn: Mutex::new(conn), path: Some(path), lock: Mutex::new(None) };
        db.setup()?;
        Ok(db)
    }

    /// Claims the data directory for one server: a second server on the same
    /// directory would keep its own copy of the live matches and the two
    /// would overwrite each other's moves. The operating system drops the
    /// claim when the process ends, however it ends (`kill -9` included).
    pub fn claim(&self) -> StoreResult<()> {
        let Some(dir) = self.path.as_deref().and_then(Path::parent) else { return Ok(()) };
        let lock_path = dir.join(LOCK_FILE);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| StoreError::failed(format!("cannot create the lock file {}: {e}", lock_path.display())))?;
        match file.try_lock() {
            Ok(()) => {
                *self.lock.lock().unwrap_or_else(|p| p.into_inner()) = Some(file);
                Ok(())
            }
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::failed(format!(
                "another Tabula server is using the data directory {}: stop it first, or give this one another directory with --data",
                dir.display()
            ))),
            Err(std::fs::TryLockError::Error(e)) => {
                Err(StoreError::failed(format!("cannot lock the data directory {}: {e}", dir.display())))
            }
        }
    }

    /// A store that lives in memory only (for tests and `--data` left out in code).
    pub fn open_in_memory() -> StoreResult<SqliteStore> {
        let db = SqliteStore { conn: Mutex::new(Connection::open_in_memory()?), path: None, lock: Mutex::new(None) };
        db.setup()?;
        Ok(db)
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn setup(&self) -> StoreResult<()> {
        self.conn().pragma_update(None, "foreign_keys", "ON")?;
        self.migrate(MIGRATIONS.len())
    }

    /// The file, if the store is on disk.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version of the file.
    pub fn version_of_schema(&self) -> StoreResult<usize> {
        Ok(self.conn().pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))? as usize)
    }

    /// Applies the migrations up to version `target`, each in its own transaction.
    pub fn migrate(&self, target: usize) -> StoreResult<()> {
        let current = self.version_of_schema()?;
        if current > MIGRATIONS.len() {
            return Err(StoreError::failed(format!(
                "the match store has schema version {current}, newer than this Tabula knows ({}): use a newer tabula",
                MIGRATIONS.len()
            )));
        }
        let mut conn = self.conn();
        for (version, step) in MIGRATIONS.iter().enumerate().take(target).skip(current) {
            let tx = conn.transaction()?;
            tx.execute_batch(step)
                .map_err(|e| StoreError::failed(format!("migration to schema version {} failed: {e}", version + 1)))?;
            tx.pragma_update(None, "user_version", (version + 1) as i64)?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Forgets local matches nobody moved in, created before `before` (Unix ms); returns how many.
    pub fn prune_empty(&self, before: i64) -> StoreResult<usize> {
        Ok(self.conn().execute(
            "DELETE FROM matches WHERE online = 0 AND imported = 0 AND finished_at IS NULL AND created_at < ?1 \
             AND NOT EXISTS (SELECT 1 FROM moves WHERE match_id = id)",
            [before],
        )?)
    }

    fn insert_now(&self, matches: &[StoredMatch]) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for m in matches {
            let r = &m.row;
            tx.execute(
                &format!(
                    "INSERT INTO matches ({MATCH_COLUMNS}, deadline) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"
                ),
                params![
                    r.id,
                    r.game,
                    columns::options(&r.options),
                    r.start,
                    columns::players(&r.players),
                    columns::names(&r.names),
                    r.online,
                    r.clock.as_ref().map(columns::clock),
                    r.created_at,
                    r.updated_at,
                    r.finished_at,
                    r.result.as_ref().map(columns::result),
                    r.imported,
                    r.version as i64,
                    r.clock_state.as_ref().map(columns::clock_state),
                    r.clock_state.and_then(|c| c.deadline()),
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

    fn change_now(&self, id: &str, expected: u64, change: &Change) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let now = match &change.edit {
            Edit::Move(mv) => mv.at,
            _ => now_ms(),
        };
        let changed = tx
            .prepare_cached(
                "UPDATE matches SET version = ?3, updated_at = ?4, result = ?5, \
                 finished_at = CASE WHEN ?5 IS NULL THEN NULL ELSE COALESCE(finished_at, ?4) END, \
                 clock_state = ?6, deadline = ?7, names = ?8 WHERE id = ?1 AND version = ?2",
            )?
            .execute(params![
                id,
                expected as i64,
                change.version as i64,
                now,
                change.result.as_ref().map(columns::result),
                change.clock.as_ref().map(columns::clock_state),
                change.clock.and_then(|c| c.deadline()),
                columns::names(&change.names),
            ])?;
        if changed == 0 {
            return Err(StoreError::Conflict);
        }
        match &change.edit {
            Edit::Nothing => {}
            Edit::Move(mv) => insert_move(&tx, id, mv)?,
            Edit::TruncateFrom(ply) => {
                tx.execute("DELETE FROM moves WHERE match_id = ?1 AND ply >= ?2", params![id, *ply as i64])?;
            }
            Edit::Seat { seat, token_hash, joined_at } => {
                tx.execute(
                    "UPDATE seats SET token_hash = ?3, invite_hash = NULL, joined_at = ?4 WHERE match_id = ?1 AND seat = ?2",
                    params![id, *seat as i64, token_hash, joined_at],
                )?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Everything stored about one match.
    pub fn load_now(&self, id: &str) -> StoreResult<Option<StoredMatch>> {
        let conn = self.conn();
        let row = conn
            .prepare_cached(&format!("SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?1"))?
            .query_row([id], match_row)
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let seats = conn
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
        let moves = conn
            .prepare_cached("SELECT ply, move, side, at, clock_ms FROM moves WHERE match_id = ?1 ORDER BY ply")?
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
        Ok(Some(StoredMatch { row, seats, moves }))
    }

    fn list_now(
        &self,
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
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(&sql)?;
        let rows = stmt
            .query_map(params![game, before.unwrap_or(i64::MAX), limit as i64], |r| {
                Ok(Summary { row: match_row(r)?, plies: r.get::<_, i64>(15)? as usize })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn prune_now(&self, rule: &crate::retention::Retention, now: i64) -> StoreResult<Vec<String>> {
        let day = 24 * 3600 * 1000_i64;
        let mut ids = Vec::new();
        let mut conn = self.conn();
        let tx = conn.transaction()?;
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

    fn strings(&self, sql: &str, params: impl rusqlite::Params) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(sql)?;
        let ids = stmt.query_map(params, |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }
}

#[async_trait]
impl Store for SqliteStore {
    fn describe(&self) -> String {
        match &self.path {
            Some(path) => format!("the SQLite store {}", path.display()),
            None => "the store in memory".into(),
        }
    }

    async fn schema_version(&self) -> StoreResult<usize> {
        self.version_of_schema()
    }

    async fn insert_all(&self, matches: &[StoredMatch]) -> StoreResult<()> {
        self.insert_now(matches)
    }

    async fn load(&self, id: &str) -> StoreResult<Option<StoredMatch>> {
        self.load_now(id)
    }

    async fn versions(&self, ids: &[String]) -> StoreResult<Vec<(String, u64)>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached("SELECT version FROM matches WHERE id = ?1")?;
        let mut out = Vec::new();
        for id in ids {
            if let Some(v) = stmt.query_row([id], |r| r.get::<_, i64>(0)).optional()? {
                out.push((id.clone(), v as u64));
            }
        }
        Ok(out)
    }

    async fn change(&self, id: &str, expected: u64, change: &Change) -> StoreResult<()> {
        self.change_now(id, expected, change)
    }

    async fn delete(&self, id: &str, expected: u64) -> StoreResult<bool> {
        let conn = self.conn();
        if conn.execute("DELETE FROM matches WHERE id = ?1 AND version = ?2", params![id, expected as i64])? > 0 {
            return Ok(true);
        }
        let exists = conn.query_row("SELECT 1 FROM matches WHERE id = ?1", [id], |_| Ok(())).optional()?.is_some();
        if exists {
            Err(StoreError::Conflict)
        } else {
            Ok(false)
        }
    }

    async fn list(
        &self,
        status: ListStatus,
        game: Option<&str>,
        limit: usize,
        before: Option<i64>,
    ) -> StoreResult<Vec<Summary>> {
        self.list_now(status, game, limit, before)
    }

    async fn clocks_due(&self, now: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.strings(
            "SELECT id FROM matches WHERE deadline IS NOT NULL AND deadline <= ?1 AND finished_at IS NULL \
             ORDER BY deadline LIMIT ?2",
            params![now, limit as i64],
        )
    }

    async fn clocks_running(&self) -> StoreResult<Vec<String>> {
        self.strings("SELECT id FROM matches WHERE online = 1 AND clock IS NOT NULL AND finished_at IS NULL", [])
    }

    async fn prune_abandoned(&self, rule: &crate::retention::Retention, now: i64) -> StoreResult<Vec<String>> {
        self.prune_now(rule, now)
    }

    async fn analysis(&self, id: &str, plies: usize) -> StoreResult<Option<Value>> {
        let data: Option<String> = self
            .conn()
            .query_row("SELECT data FROM analysis WHERE match_id = ?1 AND plies = ?2", params![id, plies as i64], |r| {
                r.get(0)
            })
            .optional()?;
        Ok(data.and_then(|d| serde_json::from_str(&d).ok()))
    }

    async fn kept_analysis(&self, id: &str) -> StoreResult<Option<(usize, Value)>> {
        let kept: Option<(i64, String)> = self
            .conn()
            .query_row("SELECT plies, data FROM analysis WHERE match_id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        Ok(kept.and_then(|(plies, d)| Some((plies as usize, serde_json::from_str(&d).ok()?))))
    }

    async fn save_analysis(&self, id: &str, plies: usize, data: &Value) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO analysis (match_id, plies, data) VALUES (?1, ?2, ?3) \
             ON CONFLICT(match_id) DO UPDATE SET plies = excluded.plies, data = excluded.data",
            params![id, plies as i64, data.to_string()],
        )?;
        Ok(())
    }

    async fn count(&self) -> StoreResult<usize> {
        Ok(self.conn().query_row("SELECT COUNT(*) FROM matches", [], |r| r.get::<_, i64>(0))? as usize)
    }

    async fn ids(&self) -> StoreResult<Vec<String>> {
        self.strings("SELECT id FROM matches ORDER BY created_at, id", [])
    }
}

fn insert_move(tx: &rusqlite::Transaction<'_>, id: &str, mv: &MoveRow) -> StoreResult<()> {
    tx.prepare_cached("INSERT INTO moves (match_id, ply, move, side, at, clock_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![id, mv.ply as i64, mv.mv, mv.side as i64, mv.at, mv.clock_ms])?;
    Ok(())
}

fn match_row(r: &Row<'_>) -> rusqlite::Result<MatchRow> {
    let text = |i: usize| -> rusqlite::Result<String> { r.get(i) };
    let maybe = |i: usize| -> rusqlite::Result<Option<String>> { r.get(i) };
    Ok(MatchRow {
        id: r.get(0)?,
        game: r.get(1)?,
        options: columns::read_options(&text(2)?),
        start: r.get(3)?,
        players: columns::read_players(&text(4)?),
        names: columns::read_names(&text(5)?),
        online: r.get(6)?,
        clock: maybe(7)?.as_deref().and_then(columns::read_clock),
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
        finished_at: r.get(10)?,
        result: maybe(11)?.as_deref().and_then(columns::read_result),
        imported: r.get(12)?,
        version: r.get::<_, i64>(13)? as u64,
        clock_state: maybe(14)?.as_deref().and_then(columns::read_clock_state),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_server_at_a_time_holds_the_data_directory() {
        let dir = temp_dir("claim");
        let first = SqliteStore::open(&dir).unwrap();
        first.claim().unwrap();
        let second = SqliteStore::open(&dir).unwrap();
        let err = second.claim().unwrap_err().to_string();
        assert!(err.contains("another Tabula server is using the data directory"), "{err}");
        // Reading the store (as `tabula record export` does) needs no claim.
        assert_eq!(second.load_now("nothing").unwrap(), None);
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
            let db = SqliteStore::open(&dir).unwrap();
            assert_eq!(db.version_of_schema().unwrap(), MIGRATIONS.len());
        }
        // A file made at schema version 1 (before the analysis table and the
        // clocks' timestamps) keeps its matches and gains the rest.
        let path = dir.join("v1");
        std::fs::create_dir_all(&path).unwrap();
        {
            let conn = Connection::open(path.join(DB_FILE)).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
            conn.execute(
                "INSERT INTO matches (id, game, options, players, names, online, clock, created_at, updated_at) \
                 VALUES ('old', 'warp-weft', '{}', '[\"human\",\"human\"]', '[null,null]', 1, \
                 '{\"initial\": 60000, \"increment\": 0}', 5, 5)",
                [],
            )
            .unwrap();
        }
        let db = SqliteStore::open(&path).unwrap();
        assert_eq!(db.version_of_schema().unwrap(), MIGRATIONS.len());
        let old = db.load_now("old").unwrap().unwrap();
        assert_eq!(old.row.clock.unwrap().initial_ms, 60_000);
        assert_eq!(old.row.clock_state, None, "an old store has no clock state yet");
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        rt.block_on(async {
            db.save_analysis("old", 0, &serde_json::json!({"evals": []})).await.unwrap();
            assert_eq!(db.analysis("old", 0).await.unwrap(), Some(serde_json::json!({"evals": []})));
            assert_eq!(db.clocks_running().await.unwrap(), ["old"]);
        });
        // A file from a newer Tabula is refused rather than damaged.
        db.conn().pragma_update(None, "user_version", 99).unwrap();
        drop(db);
        let err = SqliteStore::open(&path).err().unwrap();
        assert!(err.to_string().contains("newer"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn empty_local_matches_are_pruned_and_the_rest_kept() {
        let db = SqliteStore::open_in_memory().unwrap();
        let row = |id: &str| MatchRow {
            id: id.into(),
            game: "warp-weft".into(),
            options: Default::default(),
            start: None,
            players: ["human".into(), "level:easy".into()],
            names: [None, None],
            online: false,
            clock: None,
            clock_state: None,
            created_at: 1,
            updated_at: 1,
            finished_at: None,
            result: None,
            imported: false,
            version: 0,
        };
        db.insert_now(&[StoredMatch { row: row("empty"), seats: vec![], moves: vec![] }]).unwrap();
        db.insert_now(&[StoredMatch {
            row: row("played"),
            seats: vec![],
            moves: vec![MoveRow { ply: 0, mv: "c4".into(), side: 0, at: 1, clock_ms: None }],
        }])
        .unwrap();
        assert_eq!(db.prune_empty(10).unwrap(), 1);
        assert_eq!(db.strings("SELECT id FROM matches", []).unwrap(), ["played"]);
    }
}
