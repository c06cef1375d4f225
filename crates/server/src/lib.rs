//! The Tabula portal: the catalog, matches against people or the computer,
//! and the web pages, all served from one process.

mod api;
mod assets;
mod error;
mod matches;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use api::router;
pub use matches::MatchStore;

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Serve web files from this folder instead of the copies built into the
    /// binary (for working on the pages without rebuilding).
    pub web_dir: Option<PathBuf>,
}

/// The state every request handler shares.
pub struct AppState {
    /// The matches in play.
    pub matches: MatchStore,
    /// The server's configuration.
    pub config: Config,
}

/// Builds the shared state.
pub fn app_state(config: Config) -> Arc<AppState> {
    Arc::new(AppState { matches: MatchStore::new(), config })
}

/// Serves the portal on `addr` until the process is stopped; `on_ready` is
/// told the address actually bound (useful with port 0).
pub async fn serve(addr: SocketAddr, config: Config, on_ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    on_ready(listener.local_addr()?);
    let app = router(app_state(config));
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
