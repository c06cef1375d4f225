//! The Tabula portal: the catalog, matches against people or the computer
//! (on one screen or online), game records and replays, and the web pages,
//! all served from one process. Every match is kept in a SQLite store in the
//! data directory.

mod analysis;
mod api;
mod assets;
pub mod clock;
mod error;
mod matches;
mod online;
pub mod records;
pub mod secret;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::Duration;

pub use api::router;
pub use matches::{Match, MatchStore};

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Serve web files from this folder instead of the copies built into the
    /// binary (for working on the pages without rebuilding).
    pub web_dir: Option<PathBuf>,
    /// Keep the matches in this folder (`None`: in memory only, gone when the process ends).
    pub data_dir: Option<PathBuf>,
}

/// The state every request handler shares.
pub struct AppState {
    /// Every match.
    pub matches: MatchStore,
    /// The server's configuration.
    pub config: Config,
    /// Analyses run one at a time, so they never starve the players.
    pub analysis_permit: tokio::sync::Semaphore,
    /// Exact solves for hints run one at a time, for the same reason.
    pub solve_permit: tokio::sync::Semaphore,
    /// The solver tables of the matches whose hints were asked for last,
    /// newest first: kept so that later positions of those games are
    /// answered at once, and few, since each may hold hundreds of MiB.
    pub solvers: Kept<tabula_core::SolverMemory>,
    /// The computer players of the matches that moved last, newest first, by
    /// match, seat and player: kept so that each move starts from what the
    /// last one learned (an alpha–beta table, a solved board), as in `tabula match`.
    pub players: Kept<Box<dyn tabula_search::AnyPlayer>>,
}

/// A few values kept by key, newest first; beyond `cap` the oldest goes.
/// A value is taken out while in use and kept again afterwards.
pub struct Kept<T> {
    items: std::sync::Mutex<std::collections::VecDeque<(String, T)>>,
    cap: usize,
}

impl<T> Kept<T> {
    /// An empty store of at most `cap` values.
    pub fn new(cap: usize) -> Self {
        Kept { items: std::sync::Mutex::new(std::collections::VecDeque::new()), cap }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::VecDeque<(String, T)>> {
        self.items.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes out the value kept under `key`, if any.
    pub fn take(&self, key: &str) -> Option<T> {
        let mut items = self.lock();
        let found = items.iter().position(|(k, _)| k == key)?;
        items.remove(found).map(|(_, value)| value)
    }

    /// Keeps `value` under `key` as the newest.
    pub fn keep(&self, key: String, value: T) {
        let mut items = self.lock();
        items.push_front((key, value));
        items.truncate(self.cap);
    }

    /// The keys kept, newest first.
    pub fn keys(&self) -> Vec<String> {
        self.lock().iter().map(|(k, _)| k.clone()).collect()
    }
}

/// How many matches keep their hint solver's table.
pub const KEPT_SOLVERS: usize = 2;

/// How many computer players are kept between moves (each may hold a table
/// of tens or hundreds of MiB).
pub const KEPT_PLAYERS: usize = 4;

/// Where matches are kept when no `--data` is given: `$TABULA_DATA`, else
/// `$XDG_DATA_HOME/tabula`, else `~/.local/share/tabula`, else `./tabula-data`.
pub fn default_data_dir() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var("TABULA_DATA") {
        return dir;
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return dir.join("tabula");
    }
    if let Some(home) = var("HOME") {
        return home.join(".local").join("share").join("tabula");
    }
    PathBuf::from("tabula-data")
}

/// Builds the shared state, opening the store; inside a Tokio runtime it also
/// starts the timekeeper that ends games on time.
pub fn try_app_state(config: Config) -> Result<Arc<AppState>, String> {
    let matches = match &config.data_dir {
        Some(dir) => MatchStore::open(dir).map_err(|e| e.to_string())?,
        None => MatchStore::new(),
    };
    let state = Arc::new(AppState {
        matches,
        config,
        analysis_permit: tokio::sync::Semaphore::new(1),
        solve_permit: tokio::sync::Semaphore::new(1),
        solvers: Kept::new(KEPT_SOLVERS),
        players: Kept::new(KEPT_PLAYERS),
    });
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(timekeeper(Arc::downgrade(&state)));
    }
    Ok(state)
}

/// Builds the shared state; panics if the store cannot be opened (use [`try_app_state`] to handle that).
pub fn app_state(config: Config) -> Arc<AppState> {
    try_app_state(config).unwrap_or_else(|e| panic!("{e}"))
}

/// Ends games whose clock ran out, ten times a second, while the state lives.
async fn timekeeper(state: Weak<AppState>) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    loop {
        tick.tick().await;
        let Some(state) = state.upgrade() else { return };
        state.matches.sweep_clocks();
    }
}

/// Serves the portal on `addr` until the process is stopped; `on_ready` is
/// told the address actually bound (useful with port 0).
pub async fn serve(addr: SocketAddr, config: Config, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let state = try_app_state(config).map_err(std::io::Error::other)?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    on_ready(listener.local_addr()?);
    let app = router(state);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
