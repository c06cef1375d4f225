//! Per-client limits on the requests that write new things to the store
//! (new matches, imported records), so that no one visitor can fill it.
//! The client is the peer address of the connection; behind a reverse proxy
//! on this machine (`--behind-proxy`), the address that proxy appended to
//! `X-Forwarded-For`, which only the proxy can write.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Method, Request, Response};
use axum::response::IntoResponse;
use governor::middleware::NoOpMiddleware;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

use crate::error::ApiError;

/// How many writes of one kind a client may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Writes allowed at once, after a quiet spell.
    pub burst: u32,
    /// Writes allowed per minute, on average, after the burst.
    pub per_minute: u32,
}

/// Who a request comes from, for counting its writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientKey {
    /// Whether a reverse proxy on this machine passes the client's address in `X-Forwarded-For`.
    pub behind_proxy: bool,
}

impl KeyExtractor for ClientKey {
    type Key = IpAddr;

    fn extract<T>(&self, request: &Request<T>) -> Result<IpAddr, GovernorError> {
        // In-process callers (tests) have no peer: they count as one client.
        let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>() else {
            return Ok(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        };
        let mut client = peer.ip();
        if self.behind_proxy && client.is_loopback() {
            let forwarded =
                request.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back();
            if let Some(ip) = forwarded.and_then(|v| v.rsplit(',').next()).and_then(|ip| ip.trim().parse().ok()) {
                client = ip;
            }
        }
        Ok(network_of(client))
    }
}

/// An IPv6 client is counted by its /64 network, which one household or
/// server is usually given whole; an IPv4 client by its address.
fn network_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

/// The limiter of one kind of write.
pub type Limiter = Arc<GovernorConfig<ClientKey, NoOpMiddleware>>;

/// A limiter for POST requests: `rate` per client.
pub fn limiter(rate: Rate, key: ClientKey) -> Limiter {
    let period = Duration::from_millis(60_000 / u64::from(rate.per_minute.max(1)));
    Arc::new(
        GovernorConfigBuilder::default()
            .key_extractor(key)
            .period(period)
            .burst_size(rate.burst.max(1))
            .methods(vec![Method::POST])
            .finish()
            .expect("a period and burst above zero make a valid limiter"),
    )
}

/// The layer that applies `limiter` to a route, answering 429 in JSON.
pub fn layer(limiter: &Limiter, what: &'static str) -> GovernorLayer<ClientKey, NoOpMiddleware, Body> {
    GovernorLayer::new(Arc::clone(limiter)).error_handler(move |error| refusal(error, what))
}

fn refusal(error: GovernorError, what: &str) -> Response<Body> {
    match error {
        GovernorError::TooManyRequests { wait_time, .. } => {
            let wait = wait_time.max(1);
            let mut response =
                ApiError::rate_limited(format!("too many {what} from your address; try again in {wait} s"))
                    .into_response();
            if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            response
        }
        _ => ApiError::bad_request("the request's client address could not be read").into_response(),
    }
}

/// Forgets clients that have been quiet long enough, so the limiters' memory stays small.
pub fn forget_quiet_clients(limiters: &[&Limiter]) {
    for limiter in limiters {
        limiter.limiter().retain_recent();
        limiter.limiter().shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(peer: Option<&str>, forwarded: &[&str]) -> Request<()> {
        let mut builder = Request::builder();
        for f in forwarded {
            builder = builder.header("x-forwarded-for", *f);
        }
        let mut request = builder.body(()).unwrap();
        if let Some(peer) = peer {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer.parse().unwrap()));
        }
        request
    }

    #[test]
    fn the_client_is_the_peer_and_a_forwarded_address_counts_only_behind_a_local_proxy() {
        let direct = ClientKey { behind_proxy: false };
        let proxied = ClientKey { behind_proxy: true };
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(direct.extract(&request(Some("203.0.113.7:5000"), &["198.51.100.1"])).unwrap(), ip("203.0.113.7"));
        assert_eq!(direct.extract(&request(Some("127.0.0.1:5000"), &["198.51.100.1"])).unwrap(), ip("127.0.0.1"));
        assert_eq!(
            proxied.extract(&request(Some("127.0.0.1:5000"), &["6.6.6.6, 198.51.100.1"])).unwrap(),
            ip("198.51.100.1")
        );
        assert_eq!(
            proxied.extract(&request(Some("203.0.113.7:5000"), &["198.51.100.1"])).unwrap(),
            ip("203.0.113.7"),
            "a forwarded address from a peer that is not the local proxy is a lie"
        );
        assert_eq!(proxied.extract(&request(Some("127.0.0.1:5000"), &["garbage"])).unwrap(), ip("127.0.0.1"));
        assert_eq!(direct.extract(&request(Some("[2001:db8:1:2:3:4:5:6]:80"), &[])).unwrap(), ip("2001:db8:1:2::"));
        assert_eq!(direct.extract(&request(None, &[])).unwrap(), ip("0.0.0.0"));
    }
}
