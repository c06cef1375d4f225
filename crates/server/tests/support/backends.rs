//! The stores a test runs against: SQLite (a file in a new temporary
//! folder) always, and PostgreSQL when `TABULA_TEST_POSTGRES` names a server
//! (`postgres://user@host:port/db`; `scripts/test` starts one and sets it),
//! with a new database for each test, dropped when the test ends.
//!
//! A variable that is set but names a server that cannot be reached fails
//! the test; so does a run in CI (`CI` set) without it, so that the
//! PostgreSQL tests never pass by not running.
#![allow(dead_code)]

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

use tabula_server::store::{PgStore, SqliteStore, Store};
use tabula_server::Config;

/// The variable that names the PostgreSQL server of the tests.
pub const POSTGRES_VAR: &str = "TABULA_TEST_POSTGRES";

/// Where one test keeps its matches.
pub enum Backend {
    /// An SQLite data directory.
    Sqlite(PathBuf),
    /// A PostgreSQL database of the test's own.
    Postgres(TestDatabase),
}

impl Backend {
    /// The backend's name, for assertion messages.
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite(_) => "SQLite",
            Backend::Postgres(_) => "PostgreSQL",
        }
    }

    /// A server configuration that keeps its matches here.
    pub fn config(&self) -> Config {
        match self {
            Backend::Sqlite(dir) => Config { data_dir: Some(dir.clone()), ..Config::default() },
            Backend::Postgres(db) => Config { database: Some(db.url.clone()), ..Config::default() },
        }
    }

    /// The store, opened anew (as a server would open it).
    pub async fn open(&self) -> Box<dyn Store> {
        match self {
            Backend::Sqlite(dir) => Box::new(SqliteStore::open(dir).expect("the SQLite store opens")),
            Backend::Postgres(db) => Box::new(PgStore::open(&db.url).await.expect("the PostgreSQL store opens")),
        }
    }

    /// Whether several servers can share this store.
    pub fn shared(&self) -> bool {
        matches!(self, Backend::Postgres(_))
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        if let Backend::Sqlite(dir) = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn unique(name: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let clean: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).take(30).collect();
    format!("{clean}_{}_{n}_{}", std::process::id(), nanos % 1_000_000_000)
}

/// Every backend a test runs against, each new and empty.
pub async fn backends(name: &str) -> Vec<Backend> {
    let dir = std::env::temp_dir().join(format!("tabula-test-{}", unique(name)));
    let mut all = vec![Backend::Sqlite(dir)];
    if let Some(db) = postgres(name).await {
        all.push(Backend::Postgres(db));
    }
    all
}

/// A new PostgreSQL database for this test, if the tests have a PostgreSQL server.
pub async fn postgres(name: &str) -> Option<TestDatabase> {
    let Some(base) = std::env::var(POSTGRES_VAR).ok().filter(|v| !v.is_empty()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{POSTGRES_VAR} is not set in CI: scripts/test starts a PostgreSQL for the tests and sets it"
        );
        eprintln!("{name}: {POSTGRES_VAR} is not set; the PostgreSQL store is not tested (scripts/test sets it)");
        return None;
    };
    let config = tokio_postgres::Config::from_str(&base)
        .unwrap_or_else(|e| panic!("{POSTGRES_VAR}={base} is not a PostgreSQL address: {e}"));
    let (client, connection) = config
        .connect(tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("{POSTGRES_VAR}={base}: the PostgreSQL server cannot be reached: {e}"));
    tokio::spawn(connection);
    let db = format!("tabula_t_{}", unique(name)).to_lowercase();
    client.batch_execute(&format!("CREATE DATABASE {db}")).await.expect("a database for the test");
    Some(TestDatabase { url: with_dbname(&base, &db), name: db, base })
}

/// `url` with its database name replaced.
pub fn with_dbname(url: &str, db: &str) -> String {
    let (head, query) = url.split_once('?').map_or((url, None), |(h, q)| (h, Some(q)));
    let scheme_end = head.find("://").map_or(0, |i| i + 3);
    let host_end = head[scheme_end..].find('/').map_or(head.len(), |i| scheme_end + i);
    let mut out = format!("{}/{db}", &head[..host_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// A database made for one test; dropped (with whatever connections are still open) when it goes.
pub struct TestDatabase {
    /// Its address.
    pub url: String,
    name: String,
    base: String,
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let (base, name) = (self.base.clone(), self.name.clone());
        // Drop runs outside any runtime the test may still be in.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
            runtime.block_on(async {
                let (client, connection) = tokio_postgres::connect(&base, tokio_postgres::NoTls).await.ok()?;
                tokio::spawn(connection);
                client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok()
            })
        })
        .join();
    }
}
