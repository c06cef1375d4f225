//! The Tabula portal: the catalog, matches against people or the computer
//! (on one screen or online), game records and replays, and the web pages,
//! all served from one process. Every match is kept in a store: SQLite in the
//! data directory for one server, or a PostgreSQL database that several
//! servers share (each taking any request for any match, live connections
//! told of the others' changes).

mod api;
mod assets;
pub mod compute;
mod error;
mod fingerprint;
pub mod hosts;
pub mod listener;
mod matches;
mod offline;
mod online;
mod page;
pub mod rate_limit;
pub mod retention;
pub mod secret;
pub mod site;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::Duration;

pub use api::router;
pub use compute::{ComputePool, Kept, PoolSize};
pub use hosts::AllowedHosts;
pub use listener::ConnectionLimits;
pub use matches::{Match, MatchStore};
pub use rate_limit::Rate;
pub use retention::Retention;
pub use tabula_play::{analysis, clock, positions, records, views};
pub use tabula_search::Envelope;

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Serve web files from this folder instead of the copies built into the
    /// binary (for working on the pages without rebuilding).
    pub web_dir: Option<PathBuf>,
    /// Keep the matches in this folder (`None`: in memory only, gone when the process ends).
    pub data_dir: Option<PathBuf>,
    /// Keep the matches in this PostgreSQL database instead
    /// (`postgres://user:password@host:port/dbname`), which other servers may share.
    pub database: Option<String>,
    /// The address the server is bound to (set by [`serve`]): answered to besides the loopback names.
    pub bound: Option<SocketAddr>,
    /// Public addresses the server is reached under, such as
    /// `https://tabula.example` behind a TLS proxy: their hosts are answered
    /// to, and their pages may make changes.
    pub public_urls: Vec<String>,
    /// Whether a reverse proxy on this machine passes each client's address
    /// in `X-Forwarded-For` (used only for requests from loopback).
    pub behind_proxy: bool,
    /// What visitors may ask of the server.
    pub limits: Limits,
}

/// Everything a visitor's requests are bounded by; each has a command-line flag.
#[derive(Debug, Clone)]
pub struct Limits {
    /// What one computer player may use (refused beyond it; every move stops at its time).
    pub envelope: Envelope,
    /// Cores, queue and memory for all computations together.
    pub pool: PoolSize,
    /// Open connections and the times a client has to send a request.
    pub connections: ConnectionLimits,
    /// New matches per client (`None`: unlimited, for load tests).
    pub new_matches: Option<Rate>,
    /// Record imports per client (`None`: unlimited).
    pub imports: Option<Rate>,
    /// When abandoned matches are deleted.
    pub retention: Retention,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            envelope: Envelope::PUBLIC,
            pool: PoolSize::default(),
            connections: ConnectionLimits::default(),
            new_matches: Some(Rate { burst: 60, per_minute: 30 }),
            imports: Some(Rate { burst: 10, per_minute: 6 }),
            retention: Retention::default(),
        }
    }
}

/// The state every request handler shares.
pub struct AppState {
    /// Every match.
    pub matches: MatchStore,
    /// The server's configuration.
    pub config: Config,
    /// The names the server answers to and the origins that may change things.
    pub hosts: AllowedHosts,
    /// The cores and memory every computation shares.
    pub compute: ComputePool,
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
    /// The keys of the kept players thinking on a person's time right now
    /// (taken out of `players` until they stop).
    pub pondering: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Per-client limits on new matches and on imports.
    pub limiters: (rate_limit::Limiter, rate_limit::Limiter),
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

/// Builds the shared state with a store in memory (for tests: nothing is
/// kept); inside a Tokio runtime it also starts the timekeeper that ends
/// games on time. A store on disk or in PostgreSQL is opened with [`open_app_state`].
pub fn try_app_state(config: Config) -> Result<Arc<AppState>, String> {
    if config.database.is_some() || config.data_dir.is_some() {
        return Err("a store on disk or in PostgreSQL is opened with open_app_state".into());
    }
    let state = new_state(MatchStore::new(), config)?;
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        start_tasks(&state, &runtime);
    }
    Ok(state)
}

/// Builds the shared state with the store `config` names (a PostgreSQL
/// database, else the SQLite file of the data directory, claimed for this
/// server, else memory), sweeps it, and starts the background tasks: the
/// timekeeper, the housekeeper, and with a shared store the relay of the
/// other servers' notices.
pub async fn open_app_state(config: Config) -> Result<Arc<AppState>, String> {
    let store: Box<dyn store::Store> = match (&config.database, &config.data_dir) {
        (Some(url), _) => Box::new(store::PgStore::open(url).await.map_err(|e| e.to_string())?),
        (None, Some(dir)) => {
            let sqlite = store::SqliteStore::open(dir).map_err(|e| e.to_string())?;
            sqlite.claim().map_err(|e| e.to_string())?;
            sqlite.prune_empty(store::now_ms() - 24 * 3600 * 1000).map_err(|e| e.to_string())?;
            Box::new(sqlite)
        }
        (None, None) => Box::new(store::SqliteStore::open_in_memory().map_err(|e| e.to_string())?),
    };
    let matches = MatchStore::open(store).await.map_err(|e| e.to_string())?;
    if config.data_dir.is_some() || config.database.is_some() {
        matches.prune(&config.limits.retention).await.map_err(|e| e.to_string())?;
    }
    let state = new_state(matches, config)?;
    start_tasks(&state, &tokio::runtime::Handle::current());
    Ok(state)
}

fn new_state(matches: MatchStore, config: Config) -> Result<Arc<AppState>, String> {
    let hosts = AllowedHosts::new(config.bound, &config.public_urls)?;
    let key = rate_limit::ClientKey { behind_proxy: config.behind_proxy };
    let unlimited = Rate { burst: u32::MAX / 2, per_minute: 60_000 };
    let limiters = (
        rate_limit::limiter(config.limits.new_matches.unwrap_or(unlimited), key),
        rate_limit::limiter(config.limits.imports.unwrap_or(unlimited), key),
    );
    Ok(Arc::new(AppState {
        matches,
        hosts,
        compute: ComputePool::new(config.limits.pool),
        config,
        analysis_permit: tokio::sync::Semaphore::new(1),
        solve_permit: tokio::sync::Semaphore::new(1),
        solvers: Kept::new(KEPT_SOLVERS),
        players: Kept::new(KEPT_PLAYERS),
        pondering: Default::default(),
        limiters,
    }))
}

fn start_tasks(state: &Arc<AppState>, runtime: &tokio::runtime::Handle) {
    runtime.spawn(timekeeper(Arc::downgrade(state)));
    runtime.spawn(housekeeper(Arc::downgrade(state)));
    if let Some(bus) = state.matches.store().bus() {
        runtime.spawn(relay(Arc::downgrade(state), bus.subscribe()));
    }
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
        state.matches.sweep_clocks().await;
    }
}

/// Passes the other servers' notices to the matches, each on a task of its
/// own (a match being read again never holds up the others); when notices
/// were dropped because this server fell behind, every match is compared
/// with the store.
async fn relay(state: Weak<AppState>, mut notices: tokio::sync::broadcast::Receiver<store::Notice>) {
    use tokio::sync::broadcast::error::RecvError;
    loop {
        let notice = match notices.recv().await {
            Ok(notice) => notice,
            Err(RecvError::Lagged(_)) => store::Notice::Resync,
            Err(RecvError::Closed) => return,
        };
        let Some(state) = state.upgrade() else { return };
        if state.matches.concerns(&notice) {
            tokio::spawn(async move { state.matches.on_notice(notice).await });
        }
    }
}

/// Once an hour, deletes abandoned matches (see [`Retention`]) and forgets
/// clients the rate limits no longer need to remember, while the state lives.
async fn housekeeper(state: Weak<AppState>) {
    // The store was swept when it was opened: the first sweep is an hour on.
    let mut tick =
        tokio::time::interval_at(tokio::time::Instant::now() + retention::SWEEP_EVERY, retention::SWEEP_EVERY);
    loop {
        tick.tick().await;
        let Some(state) = state.upgrade() else { return };
        let rule = state.config.limits.retention;
        let _ = state.matches.prune(&rule).await;
        rate_limit::forget_quiet_clients(&[&state.limiters.0, &state.limiters.1]);
    }
}

/// Serves the portal on `addr` until the process is stopped; `on_ready` is
/// told the address actually bound (useful with port 0).
pub async fn serve(addr: SocketAddr, mut config: Config, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    config.bound = Some(bound);
    let connections = config.limits.connections;
    let state = open_app_state(config).await.map_err(std::io::Error::other)?;
    on_ready(bound);
    let app = router(state);
    listener::run(listener, app, connections, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    Ok(())
}
