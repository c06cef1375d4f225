//! The PostgreSQL store: every match in a database that several Tabula
//! servers share (`tabula serve --database postgres://…`).
//!
//! Each change is one statement, committed before it is answered: the
//! match's row is updated only if it is still at the version the server saw
//! (so of two moves for one match sent to two servers at once, exactly one is
//! played), the move or seat goes with it, and a notification on the channel
//! [`CHANNEL`] tells the other servers (PostgreSQL delivers it at the commit,
//! and never for a change that was not committed). What the servers tell
//! each other is in `postgres_live.rs`.
//!
//! The schema is versioned in the table `tabula_schema`; [`MIGRATIONS`] lists
//! each step, applied at start by the first server to get there (the others
//! wait on an advisory lock).

use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use serde_json::Value;
use tokio::sync::broadcast;
use tokio_postgres::{NoTls, Row};

use super::postgres_live::{self, Tasks};
use super::{
    columns, now_ms, Bus, Change, Edit, ListStatus, MatchRow, MoveRow, Notice, SeatRow, Store, StoreError, StoreResult,
    StoredMatch, Summary,
};

/// The channel on which servers announce their changes.
pub const CHANNEL: &str = "tabula";

/// Connections to the database one server keeps at most.
const POOL_SIZE: usize = 16;

/// The schema, one step per version: step `i` takes a database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: matches, their seats (online secrets, as SHA-256 hashes), moves and
    // analyses, as in the SQLite store; the servers sharing the database and
    // the live connections each holds.
    "CREATE TABLE matches (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,
        start       TEXT,
        players     TEXT NOT NULL,
        names       TEXT NOT NULL,
        online      BOOLEAN NOT NULL DEFAULT FALSE,
        clock       TEXT,
        created_at  BIGINT NOT NULL,
        updated_at  BIGINT NOT NULL,
        finished_at BIGINT,
        result      TEXT,
        imported    BOOLEAN NOT NULL DEFAULT FALSE,
        version     BIGINT NOT NULL DEFAULT 0,
        clock_state TEXT,
        deadline    BIGINT
    );
    CREATE TABLE seats (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        token_hash  BYTEA,
        invite_hash BYTEA,
        joined_at   BIGINT,
        PRIMARY KEY (match_id, seat)
    );
    CREATE TABLE moves (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        ply         INTEGER NOT NULL,
        move        TEXT NOT NULL,
        side        INTEGER NOT NULL,
        at          BIGINT NOT NULL,
        clock_ms    BIGINT,
        PRIMARY KEY (match_id, ply)
    );
    CREATE INDEX matches_finished ON matches(finished_at) WHERE finished_at IS NOT NULL;
    CREATE INDEX matches_updated ON matches(updated_at);
    CREATE INDEX matches_deadline ON matches(deadline) WHERE deadline IS NOT NULL;
    CREATE TABLE analysis (
        match_id    TEXT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        plies       INTEGER NOT NULL,
        data        TEXT NOT NULL
    );
    CREATE TABLE servers (
        id          TEXT PRIMARY KEY,
        seen_at     TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE presence (
        match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        server_id   TEXT NOT NULL,
        PRIMARY KEY (match_id, seat, server_id)
    );",
];

/// Any number, the same for every Tabula: the advisory lock that lets one server at a time migrate.
const MIGRATION_LOCK: i64 = 0x7ab0_1a00;

const MATCH_COLUMNS: &str = "id, game, options, start, players, names, online, clock, created_at, \
    updated_at, finished_at, result, imported, version, clock_state";

/// A change's update of the match row, only at the expected version (`$2`).
const UPDATE_ROW: &str = "WITH up AS (UPDATE matches SET version = $3, updated_at = $4, result = $5::TEXT, \
    finished_at = CASE WHEN $5::TEXT IS NULL THEN NULL ELSE COALESCE(finished_at, $4) END, \
    clock_state = $6, deadline = $7, names = $8 WHERE id = $1 AND version = $2 RETURNING id)";

/// Where the seats' columns start in a row read with [`SEATS_AND_MOVES`]:
/// after the [`MATCH_COLUMNS`], however many they are.
const SEATS: usize = columns_in(MATCH_COLUMNS);
/// Where the moves' columns start in that row.
const MOVES: usize = SEATS + 4;
/// What follows [`MATCH_COLUMNS`] to read a match, its seats and its moves
/// in one statement (so from one snapshot), the seats and moves as arrays,
/// one per column, in order.
const SEATS_AND_MOVES: &str =
    "s.seat, s.token_hash, s.invite_hash, s.joined_at, v.ply, v.move, v.side, v.at, v.clock_ms \
    FROM matches, \
    LATERAL (SELECT array_agg(seat ORDER BY seat) AS seat, array_agg(token_hash ORDER BY seat) AS token_hash, \
        array_agg(invite_hash ORDER BY seat) AS invite_hash, array_agg(joined_at ORDER BY seat) AS joined_at \
        FROM seats WHERE match_id = $1) s, \
    LATERAL (SELECT array_agg(ply ORDER BY ply) AS ply, array_agg(move ORDER BY ply) AS move, \
        array_agg(side ORDER BY ply) AS side, array_agg(at ORDER BY ply) AS at, \
        array_agg(clock_ms ORDER BY ply) AS clock_ms FROM moves WHERE match_id = $1) v \
    WHERE id = $1";

/// The number of columns in a comma-separated list of them.
const fn columns_in(list: &str) -> usize {
    let bytes = list.as_bytes();
    let (mut i, mut count) = (0, 1);
    while i < bytes.len() {
        count += (bytes[i] == b',') as usize;
        i += 1;
    }
    count
}

const _: () = assert!(SEATS == 15, "MATCH_COLUMNS has the fifteen columns match_row reads");

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        let detail = e.as_db_error().map(|d| d.message().to_string()).unwrap_or_else(|| e.to_string());
        StoreError::Failed(format!("the match store failed: {detail}"))
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        match e {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            e => StoreError::Failed(format!("the match store cannot be reached: {e}")),
        }
    }
}

/// The PostgreSQL store of one server: a pool of connections, this server's
/// id among those sharing the database, and the tasks that listen for the
/// others' changes and say that this server is alive.
pub struct PgStore {
    pool: Pool,
    server: String,
    place: String,
    notices: broadcast::Sender<Notice>,
    alone: bool,
    tasks: Option<Tasks>,
}

impl PgStore {
    /// Connects a server to the database at `url`
    /// (`postgres://user:password@host:port/dbname`), brings its schema up to
    /// date, and starts listening for the other servers' changes.
    pub async fn open(url: &str) -> StoreResult<PgStore> {
        Self::open_config(parse(url)?, true).await
    }

    /// Connects a command-line tool (`tabula record`, `tabula store copy`) to
    /// the database at `url`: the store, without taking part in what the
    /// servers tell each other.
    pub async fn open_for_tools(url: &str) -> StoreResult<PgStore> {
        Self::open_config(parse(url)?, false).await
    }

    /// Like [`PgStore::open`] (`server`) or [`PgStore::open_for_tools`], from a parsed configuration.
    pub async fn open_config(mut config: tokio_postgres::Config, server: bool) -> StoreResult<PgStore> {
        config.application_name("tabula");
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        config.keepalives_idle(Duration::from_secs(30));
        let place = describe(&config);
        let manager =
            Manager::from_config(config.clone(), NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(10)))
            .create_timeout(Some(Duration::from_secs(5)))
            .build()
            .map_err(|e| StoreError::failed(format!("cannot set up the connections to {place}: {e}")))?;
        let reach = |e: StoreError| StoreError::failed(format!("cannot open {place}: {e}"));
        migrate(&pool).await.map_err(reach)?;
        let id = crate::secret::new_id();
        let (notices, _) = broadcast::channel(4096);
        let (alone, tasks) = if server {
            let (alone, tasks) =
                postgres_live::start(&pool, config, id.clone(), notices.clone()).await.map_err(reach)?;
            (alone, Some(tasks))
        } else {
            (false, None)
        };
        Ok(PgStore { pool, server: id, place, notices, alone, tasks })
    }

    async fn client(&self) -> StoreResult<deadpool_postgres::Object> {
        Ok(self.pool.get().await?)
    }

    /// This server's id among those sharing the database.
    pub fn server_id(&self) -> &str {
        &self.server
    }

    fn payload(&self, id: &str, what: impl std::fmt::Display) -> String {
        format!("{} {id} {what}", self.server)
    }
}

fn parse(url: &str) -> StoreResult<tokio_postgres::Config> {
    tokio_postgres::Config::from_str(url)
        .map_err(|e| StoreError::failed(format!("'{}' is not a PostgreSQL address: {e}", redact(url))))
}

/// Whether a store's address names a PostgreSQL database rather than a data directory.
pub fn is_database_url(text: &str) -> bool {
    text.starts_with("postgres://") || text.starts_with("postgresql://")
}

/// The database, for messages: never the password.
fn describe(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        Some(tokio_postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("the PostgreSQL database '{}' at {host}:{port}", config.get_dbname().unwrap_or("postgres"))
}

/// A database address with its password taken out.
pub fn redact(url: &str) -> String {
    match url.split_once("://").and_then(|(scheme, rest)| Some((scheme, rest.split_once('@')?))) {
        Some((scheme, (credentials, host))) => {
            let user = credentials.split(':').next().unwrap_or("");
            format!("{scheme}://{user}@{host}")
        }
        None => url.to_string(),
    }
}

async fn migrate(pool: &Pool) -> StoreResult<()> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS tabula_schema (version INTEGER NOT NULL)").await?;
    let current = match tx.query_opt("SELECT version FROM tabula_schema", &[]).await? {
        Some(row) => row.get::<_, i32>(0) as usize,
        None => {
            tx.execute("INSERT INTO tabula_schema (version) VALUES (0)", &[]).await?;
            0
        }
    };
    if current > MIGRATIONS.len() {
        return Err(StoreError::failed(format!(
            "the database has schema version {current}, newer than this Tabula knows ({}): use a newer tabula",
            MIGRATIONS.len()
        )));
    }
    for (version, step) in MIGRATIONS.iter().enumerate().skip(current) {
        tx.batch_execute(step).await.map_err(|e| {
            StoreError::failed(format!("migration to schema version {} failed: {}", version + 1, StoreError::from(e)))
        })?;
    }
    tx.execute("UPDATE tabula_schema SET version = $1", &[&(MIGRATIONS.len() as i32)]).await?;
    tx.commit().await?;
    Ok(())
}

fn match_row(r: &Row) -> MatchRow {
    let maybe = |i: usize| r.get::<_, Option<String>>(i);
    MatchRow {
        id: r.get(0),
        game: r.get(1),
        options: columns::read_options(r.get(2)),
        start: r.get(3),
        players: columns::read_players(r.get(4)),
        names: columns::read_names(r.get(5)),
        online: r.get(6),
        clock: maybe(7).as_deref().and_then(columns::read_clock),
        created_at: r.get(8),
        updated_at: r.get(9),
        finished_at: r.get(10),
        result: maybe(11).as_deref().and_then(columns::read_result),
        imported: r.get(12),
        version: r.get::<_, i64>(13) as u64,
        clock_state: maybe(14).as_deref().and_then(columns::read_clock_state),
    }
}

#[async_trait]
impl Bus for PgStore {
    fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    async fn set_presence(&self, id: &str, seat: usize, here: bool) -> StoreResult<()> {
        let sql = if here {
            "WITH p AS (INSERT INTO presence (match_id, seat, server_id) SELECT $1, $2, $3 \
             WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1) ON CONFLICT DO NOTHING) \
             SELECT pg_notify('tabula', $4)"
        } else {
            "WITH p AS (DELETE FROM presence WHERE match_id = $1 AND seat = $2 AND server_id = $3) \
             SELECT pg_notify('tabula', $4)"
        };
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await?;
        client.execute(&statement, &[&id, &(seat as i32), &self.server, &self.payload(id, "p")]).await?;
        Ok(())
    }

    async fn presence_elsewhere(&self, id: &str) -> StoreResult<[bool; 2]> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!(
                "SELECT DISTINCT p.seat FROM presence p JOIN servers s ON s.id = p.server_id \
                 WHERE p.match_id = $1 AND p.server_id <> $2 AND s.seen_at > now() - interval '{}'",
                postgres_live::ALIVE_WITHIN
            ))
            .await?;
        let mut seats = [false; 2];
        for row in client.query(&statement, &[&id, &self.server]).await? {
            if let Some(s) = seats.get_mut(row.get::<_, i32>(0) as usize) {
                *s = true;
            }
        }
        Ok(seats)
    }
}

#[async_trait]
impl Store for PgStore {
    fn describe(&self) -> String {
        self.place.clone()
    }

    fn bus(&self) -> Option<&dyn Bus> {
        self.tasks.as_ref().map(|_| self as &dyn Bus)
    }

    fn opened_alone(&self) -> bool {
        self.alone
    }

    async fn schema_version(&self) -> StoreResult<usize> {
        let client = self.client().await?;
        Ok(client.query_one("SELECT version FROM tabula_schema", &[]).await?.get::<_, i32>(0) as usize)
    }

    async fn insert_all(&self, matches: &[StoredMatch]) -> StoreResult<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let insert_match = tx
            .prepare_cached(&format!(
                "INSERT INTO matches ({MATCH_COLUMNS}, deadline) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
            ))
            .await?;
        let insert_seat = tx
            .prepare_cached(
                "INSERT INTO seats (match_id, seat, token_hash, invite_hash, joined_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .await?;
        // All of a match's moves in one statement.
        let insert_moves = tx
            .prepare_cached(
                "INSERT INTO moves (match_id, ply, move, side, at, clock_ms) \
                 SELECT $1, * FROM UNNEST($2::INTEGER[], $3::TEXT[], $4::INTEGER[], $5::BIGINT[], $6::BIGINT[])",
            )
            .await?;
        for m in matches {
            let r = &m.row;
            tx.execute(
                &insert_match,
                &[
                    &r.id,
                    &r.game,
                    &columns::options(&r.options),
                    &r.start,
                    &columns::players(&r.players),
                    &columns::names(&r.names),
                    &r.online,
                    &r.clock.as_ref().map(columns::clock),
                    &r.created_at,
                    &r.updated_at,
                    &r.finished_at,
                    &r.result.as_ref().map(columns::result),
                    &r.imported,
                    &(r.version as i64),
                    &r.clock_state.as_ref().map(columns::clock_state),
                    &r.clock_state.and_then(|c| c.deadline()),
                ],
            )
            .await?;
            for s in &m.seats {
                tx.execute(&insert_seat, &[&r.id, &(s.seat as i32), &s.token_hash, &s.invite_hash, &s.joined_at])
                    .await?;
            }
            if !m.moves.is_empty() {
                let plies: Vec<i32> = m.moves.iter().map(|mv| mv.ply as i32).collect();
                let texts: Vec<&str> = m.moves.iter().map(|mv| mv.mv.as_str()).collect();
                let sides: Vec<i32> = m.moves.iter().map(|mv| mv.side as i32).collect();
                let ats: Vec<i64> = m.moves.iter().map(|mv| mv.at).collect();
                let clocks: Vec<Option<i64>> = m.moves.iter().map(|mv| mv.clock_ms).collect();
                tx.execute(&insert_moves, &[&r.id, &plies, &texts, &sides, &ats, &clocks]).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    async fn load(&self, id: &str) -> StoreResult<Option<StoredMatch>> {
        let client = self.client().await?;
        // One statement, so one snapshot: the row, its seats and its moves as
        // they stood at one moment. (Three statements could see a move
        // committed between them, and a copy made of a row without its last
        // move would then play that ply again.)
        let statement = client.prepare_cached(&format!("SELECT {MATCH_COLUMNS}, {SEATS_AND_MOVES}")).await?;
        let Some(r) = client.query_opt(&statement, &[&id]).await? else { return Ok(None) };
        let column = |i: usize| r.get::<_, Option<Vec<Option<i64>>>>(i).unwrap_or_default();
        let small = |i: usize| r.get::<_, Option<Vec<i32>>>(i).unwrap_or_default();
        let bytes = |i: usize| r.get::<_, Option<Vec<Option<Vec<u8>>>>>(i).unwrap_or_default();
        let (seat, token_hash, invite_hash, joined_at) =
            (small(SEATS), bytes(SEATS + 1), bytes(SEATS + 2), column(SEATS + 3));
        let seats = (seat.into_iter().zip(token_hash).zip(invite_hash).zip(joined_at))
            .map(|(((seat, token_hash), invite_hash), joined_at)| SeatRow {
                seat: seat as usize,
                token_hash,
                invite_hash,
                joined_at,
            })
            .collect();
        let (ply, text, side, at, clock_ms) = (
            small(MOVES),
            r.get::<_, Option<Vec<String>>>(MOVES + 1).unwrap_or_default(),
            small(MOVES + 2),
            column(MOVES + 3),
            column(MOVES + 4),
        );
        let moves = (ply.into_iter().zip(text).zip(side).zip(at).zip(clock_ms))
            .map(|((((ply, mv), side), at), clock_ms)| MoveRow {
                ply: ply as usize,
                mv,
                side: side as usize,
                at: at.unwrap_or_default(),
                clock_ms,
            })
            .collect();
        Ok(Some(StoredMatch { row: match_row(&r), seats, moves }))
    }

    async fn versions(&self, ids: &[String]) -> StoreResult<Vec<(String, u64)>> {
        let client = self.client().await?;
        let statement = client.prepare_cached("SELECT id, version FROM matches WHERE id = ANY($1)").await?;
        let rows = client.query(&statement, &[&ids]).await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get::<_, i64>(1) as u64)).collect())
    }

    async fn change(&self, id: &str, expected: u64, change: &Change) -> StoreResult<()> {
        let edit = match &change.edit {
            Edit::Nothing => "",
            Edit::Move(_) => {
                ", ed AS (INSERT INTO moves (match_id, ply, move, side, at, clock_ms) \
                 SELECT id, $10::INTEGER, $11::TEXT, $12::INTEGER, $13::BIGINT, $14::BIGINT FROM up)"
            }
            Edit::TruncateFrom(_) => {
                ", ed AS (DELETE FROM moves WHERE match_id = $1 AND ply >= $10::INTEGER AND EXISTS (SELECT 1 FROM up))"
            }
            Edit::Seat { .. } => {
                ", ed AS (UPDATE seats SET token_hash = $10::BYTEA, invite_hash = NULL, joined_at = $11::BIGINT \
                 WHERE match_id = $1 AND seat = $12::INTEGER AND EXISTS (SELECT 1 FROM up))"
            }
        };
        let sql = format!("{UPDATE_ROW}{edit} SELECT pg_notify('{CHANNEL}', $9) FROM up");
        let now = match &change.edit {
            Edit::Move(mv) => mv.at,
            _ => now_ms(),
        };
        let (expected, version) = (expected as i64, change.version as i64);
        let result = change.result.as_ref().map(columns::result);
        let clock = change.clock.as_ref().map(columns::clock_state);
        let deadline = change.clock.and_then(|c| c.deadline());
        let names = columns::names(&change.names);
        let payload = super::postgres_live::change_payload(&self.server, id, change);
        type Param<'p> = &'p (dyn tokio_postgres::types::ToSql + Sync);
        let mut params: Vec<Param<'_>> =
            vec![&id, &expected, &version, &now, &result, &clock, &deadline, &names, &payload];
        let (ply, side, seat);
        match &change.edit {
            Edit::Nothing => {}
            Edit::Move(mv) => {
                (ply, side) = (mv.ply as i32, mv.side as i32);
                params.extend::<[Param<'_>; 5]>([&ply, &mv.mv, &side, &mv.at, &mv.clock_ms]);
            }
            Edit::TruncateFrom(from) => {
                ply = *from as i32;
                params.push(&ply);
            }
            Edit::Seat { seat: s, token_hash, joined_at } => {
                seat = *s as i32;
                params.extend::<[Param<'_>; 3]>([token_hash, joined_at, &seat]);
            }
        }
        let client = self.client().await?;
        let statement = client.prepare_cached(&sql).await?;
        match client.query(&statement, &params).await?.len() {
            0 => Err(StoreError::Conflict),
            _ => Ok(()),
        }
    }

    async fn delete(&self, id: &str, expected: u64) -> StoreResult<bool> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(&format!(
                "WITH d AS (DELETE FROM matches WHERE id = $1 AND version = $2 RETURNING id) \
                 SELECT pg_notify('{CHANNEL}', $3) FROM d"
            ))
            .await?;
        let payload = self.payload(id, expected + 1);
        if !client.query(&statement, &[&id, &(expected as i64), &payload]).await?.is_empty() {
            return Ok(true);
        }
        let exists = client.query_opt("SELECT 1 FROM matches WHERE id = $1", &[&id]).await?.is_some();
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
        let (filter, order) = match status {
            ListStatus::Finished => ("finished_at IS NOT NULL AND finished_at < $2", "finished_at DESC"),
            ListStatus::Playing => (
                "finished_at IS NULL AND updated_at < $2 AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id)",
                "updated_at DESC",
            ),
        };
        let sql = format!(
            "SELECT {MATCH_COLUMNS}, (SELECT COUNT(*) FROM moves WHERE match_id = matches.id) FROM matches \
             WHERE {filter} AND ($1::TEXT IS NULL OR game = $1) ORDER BY {order}, id LIMIT $3"
        );
        let client = self.client().await?;
        let statement = client.prepare_cached(&sql).await?;
        let rows = client.query(&statement, &[&game, &before.unwrap_or(i64::MAX), &(limit as i64)]).await?;
        Ok(rows.iter().map(|r| Summary { row: match_row(r), plies: r.get::<_, i64>(15) as usize }).collect())
    }

    async fn clocks_due(&self, now: i64, limit: usize) -> StoreResult<Vec<String>> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id FROM matches WHERE deadline <= $1 AND finished_at IS NULL ORDER BY deadline LIMIT $2",
            )
            .await?;
        Ok(client.query(&statement, &[&now, &(limit as i64)]).await?.iter().map(|r| r.get(0)).collect())
    }

    async fn clocks_running(&self) -> StoreResult<Vec<String>> {
        let client = self.client().await?;
        let rows = client
            .query("SELECT id FROM matches WHERE online AND clock IS NOT NULL AND finished_at IS NULL", &[])
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn prune_abandoned(&self, rule: &crate::retention::Retention, now: i64) -> StoreResult<Vec<String>> {
        let day = 24 * 3600 * 1000_i64;
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        let mut ids = Vec::new();
        let mut rules = vec![(
            "DELETE FROM matches WHERE NOT imported AND finished_at IS NULL AND updated_at < $1 \
             AND NOT EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) RETURNING id",
            now - rule.empty_hours as i64 * 3600 * 1000,
        )];
        if rule.idle_days > 0 {
            rules.push((
                "DELETE FROM matches WHERE NOT imported AND finished_at IS NULL AND updated_at < $1 RETURNING id",
                now - rule.idle_days as i64 * day,
            ));
        }
        if rule.imported_days > 0 {
            rules.push((
                "DELETE FROM matches WHERE imported AND created_at < $1 RETURNING id",
                now - rule.imported_days as i64 * day,
            ));
        }
        for (sql, before) in rules {
            ids.extend(tx.query(sql, &[&before]).await?.iter().map(|r| r.get::<_, String>(0)));
        }
        tx.commit().await?;
        Ok(ids)
    }

    async fn analysis(&self, id: &str, plies: usize) -> StoreResult<Option<Value>> {
        let client = self.client().await?;
        let row = client
            .query_opt("SELECT data FROM analysis WHERE match_id = $1 AND plies = $2", &[&id, &(plies as i32)])
            .await?;
        Ok(row.and_then(|r| serde_json::from_str(r.get::<_, &str>(0)).ok()))
    }

    async fn kept_analysis(&self, id: &str) -> StoreResult<Option<(usize, Value)>> {
        let client = self.client().await?;
        let row = client.query_opt("SELECT plies, data FROM analysis WHERE match_id = $1", &[&id]).await?;
        Ok(row.and_then(|r| Some((r.get::<_, i32>(0) as usize, serde_json::from_str(r.get::<_, &str>(1)).ok()?))))
    }

    async fn save_analysis(&self, id: &str, plies: usize, data: &Value) -> StoreResult<()> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO analysis (match_id, plies, data) VALUES ($1, $2, $3) \
                 ON CONFLICT (match_id) DO UPDATE SET plies = EXCLUDED.plies, data = EXCLUDED.data",
                &[&id, &(plies as i32), &data.to_string()],
            )
            .await?;
        Ok(())
    }

    async fn count(&self) -> StoreResult<usize> {
        let client = self.client().await?;
        Ok(client.query_one("SELECT COUNT(*) FROM matches", &[]).await?.get::<_, i64>(0) as usize)
    }

    async fn ids(&self) -> StoreResult<Vec<String>> {
        let client = self.client().await?;
        let rows = client.query("SELECT id FROM matches ORDER BY created_at, id", &[]).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_address_is_written_without_its_password() {
        assert_eq!(
            redact("postgres://tabula:s3cret@db.example:5432/tabula"),
            "postgres://tabula@db.example:5432/tabula"
        );
        assert_eq!(redact("postgres://db.example/tabula"), "postgres://db.example/tabula");
        let config = tokio_postgres::Config::from_str("postgres://tabula:s3cret@db.example:6432/portal").unwrap();
        let place = describe(&config);
        assert_eq!(place, "the PostgreSQL database 'portal' at db.example:6432");
    }
}
