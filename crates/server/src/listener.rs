//! Accepting connections with bounds a stranger cannot stretch: at most so
//! many open at once, request headers (and the wait for the next request on
//! a kept-alive connection) within a time limit, and each connection told
//! its peer address for the per-client limits.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;
use tower_http::timeout::TimeoutBody;

/// How connections are bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections open at once; beyond it new ones wait to be accepted.
    pub max_connections: usize,
    /// The time a client has to send a request's headers, and the most a
    /// kept-alive connection may sit idle between requests.
    pub header_timeout: Duration,
    /// The time a client has to send a request's body.
    pub body_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
        }
    }
}

/// How long open connections get to finish when the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` until `shutdown` completes, then lets open
/// connections finish their requests for a few seconds.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(_) => {
                    // Out of descriptors or the like: let a little time pass rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = per_connection(app.clone(), peer, limits.body_timeout);
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).max_buf_size(64 * 1024);
            let connection = builder.serve_connection(TokioIo::new(stream), service).with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = stopping(&mut stop) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(SHUTDOWN_GRACE, connection).await;
                }
            }
        });
    }
    let _ = stop_tx.send(true);
    // Wait for the connections to close (each gives up after the grace time).
    let _ = tokio::time::timeout(
        SHUTDOWN_GRACE + Duration::from_secs(1),
        open.acquire_many(limits.max_connections.max(1) as u32),
    )
    .await;
}

/// Completes once the server is stopping.
async fn stopping(stop: &mut watch::Receiver<bool>) {
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// The app as one connection serves it: each request knows the peer, and a
/// request body must arrive in time.
fn per_connection(
    app: Router,
    peer: SocketAddr,
    body_timeout: Duration,
) -> TowerToHyperService<
    impl tower::Service<
            hyper::Request<Incoming>,
            Response = axum::response::Response,
            Error = Infallible,
            Future = impl Send,
        > + Clone,
> {
    let service = app.map_request(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.map(|body| axum::body::Body::new(TimeoutBody::new(body_timeout, body)))
    });
    TowerToHyperService::new(service)
}
