//! Which names the server answers to, and which pages may change things.
//! A browser tricked by DNS rebinding sends the attacker's host name in
//! `Host`, so only known names are served: the loopback names, the address
//! the server is bound to, and the public addresses it was given. A page
//! that changes something (a POST, a WebSocket) must come from exactly one
//! of those origins.

use std::net::SocketAddr;

use axum::http::{header, HeaderMap, Method};

/// The names (with ports) this server answers to, and the origins whose pages may change things.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedHosts {
    /// The bound address as `host:port`, lower case, served over plain HTTP.
    bound: Vec<String>,
    /// Public addresses: the `Host` a proxy passes on (`host[:port]`) and
    /// the page origin (`scheme://host[:port]`), lower case.
    public: Vec<(String, String)>,
}

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The `Host` header names a host this server is not.
    Host(String),
    /// The request changes something and its `Origin` is not one of this server's.
    Origin(String),
}

impl AllowedHosts {
    /// Loopback names on any port: what a server answers to before it knows its address.
    pub fn loopback() -> Self {
        AllowedHosts::default()
    }

    /// What a server bound to `bound` answers to: loopback names, the bound
    /// address itself (unless it is the any-address), and `public_urls`
    /// (such as `https://tabula.example`), each also as an allowed origin.
    pub fn new(bound: Option<SocketAddr>, public_urls: &[String]) -> Result<Self, String> {
        let mut allowed = AllowedHosts::default();
        if let Some(addr) = bound.filter(|a| !a.ip().is_unspecified() && !a.ip().is_loopback()) {
            allowed.bound.push(addr.to_string().to_ascii_lowercase());
        }
        for url in public_urls {
            let lower = url.trim().trim_end_matches('/').to_ascii_lowercase();
            let (scheme, authority) = lower
                .split_once("://")
                .filter(|(s, a)| {
                    matches!(*s, "http" | "https") && !a.is_empty() && !a.contains(['/', '?', '#', '@', ' '])
                })
                .ok_or_else(|| {
                    format!("'{url}' is not a public address like https://tabula.example or http://host:8080")
                })?;
            allowed.public.push((authority.to_string(), format!("{scheme}://{authority}")));
        }
        Ok(allowed)
    }

    /// Whether a `Host` header value names this server.
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        self.plain_http(&host) || self.public.iter().any(|(h, _)| *h == host)
    }

    /// Whether `host` (lower case) is served directly over plain HTTP: a loopback name or the bound address.
    fn plain_http(&self, host: &str) -> bool {
        is_loopback_name(host) || self.bound.iter().any(|h| h == host)
    }

    /// Checks a request's `Host`, and for a change (anything but GET and
    /// HEAD, or a WebSocket) its `Origin`. A request without `Host` or
    /// `Origin` comes from a program, not a page, and is let through.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), Refusal> {
        let host = match single(headers, header::HOST) {
            Ok(None) => None,
            Ok(Some(h)) if self.host_allowed(h) => Some(h.to_ascii_lowercase()),
            Ok(Some(h)) => return Err(Refusal::Host(printable(h))),
            Err(why) => return Err(Refusal::Host(why)),
        };
        let changes = *method != Method::GET && *method != Method::HEAD;
        if !(changes || headers.contains_key(header::UPGRADE)) {
            return Ok(());
        }
        let origin = match single(headers, header::ORIGIN) {
            Ok(None) => return Ok(()),
            Ok(Some(o)) => o.to_ascii_lowercase(),
            Err(why) => return Err(Refusal::Origin(why)),
        };
        let same_as_host = host.as_deref().is_some_and(|h| self.plain_http(h) && origin == format!("http://{h}"));
        if same_as_host || self.public.iter().any(|(_, o)| *o == origin) {
            Ok(())
        } else {
            Err(Refusal::Origin(printable(&origin)))
        }
    }
}

/// A header given at most once, as UTF-8 text.
fn single(headers: &HeaderMap, name: header::HeaderName) -> Result<Option<&str>, String> {
    let mut values = headers.get_all(&name).iter();
    let Some(first) = values.next() else { return Ok(None) };
    if values.next().is_some() {
        return Err(format!("more than one {name} header"));
    }
    first.to_str().map(Some).map_err(|_| format!("a {name} header that is not plain text"))
}

/// `localhost`, `127.x.x.x` or `[::1]`, with or without a port.
fn is_loopback_name(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(':') && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    if name == "localhost" || name == "[::1]" {
        return true;
    }
    name.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
}

/// Text from a header, cut short and without control characters, for a message.
fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&str, &[u8])]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_bytes(value).unwrap(),
            );
        }
        map
    }

    #[test]
    fn loopback_names_and_the_bound_address_are_served_others_are_not() {
        let allowed = AllowedHosts::new(Some("192.168.1.5:8080".parse().unwrap()), &[]).unwrap();
        for host in ["localhost:8080", "LOCALHOST:1", "127.0.0.1:8080", "127.1.2.3", "[::1]:8080", "192.168.1.5:8080"] {
            assert!(allowed.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "192.168.1.5:8081",
            "localhost.evil.example",
            "127.0.0.1.evil.example:80",
            "[::2]:8080",
        ] {
            assert!(!allowed.host_allowed(host), "{host}");
        }
    }

    #[test]
    fn a_rebinding_attack_with_a_matching_origin_is_refused() {
        let allowed = AllowedHosts::new(Some("0.0.0.0:8080".parse().unwrap()), &[]).unwrap();
        let h = headers(&[("host", b"evil.example:8080"), ("origin", b"http://evil.example:8080")]);
        assert_eq!(allowed.check(&Method::POST, &h), Err(Refusal::Host("evil.example:8080".into())));
        assert!(allowed.check(&Method::GET, &h).is_err(), "reading is refused too");
    }

    #[test]
    fn origins_are_compared_exactly() {
        let allowed = AllowedHosts::loopback();
        let check =
            |origin: &[u8]| allowed.check(&Method::POST, &headers(&[("host", b"localhost:8080"), ("origin", origin)]));
        assert_eq!(check(b"http://localhost:8080"), Ok(()));
        for origin in [
            &b"https://localhost:8080"[..],
            b"http://localhost:8081",
            b"http://localhost:8080.evil",
            b"null",
            b"http://127.0.0.1:8080",
        ] {
            assert!(matches!(check(origin), Err(Refusal::Origin(_))), "{}", String::from_utf8_lossy(origin));
        }
        assert!(
            matches!(check(b"http://localhost:8080\xff"), Err(Refusal::Origin(_))),
            "not UTF-8 is refused, not ignored"
        );
        let two = headers(&[
            ("host", b"localhost:8080"),
            ("origin", b"http://localhost:8080"),
            ("origin", b"http://evil.example"),
        ]);
        assert!(matches!(allowed.check(&Method::POST, &two), Err(Refusal::Origin(_))), "a second Origin is refused");
        let two_hosts = headers(&[("host", b"localhost:8080"), ("host", b"evil.example")]);
        assert!(matches!(allowed.check(&Method::GET, &two_hosts), Err(Refusal::Host(_))));
    }

    #[test]
    fn programs_without_host_or_origin_and_plain_reads_pass() {
        let allowed = AllowedHosts::loopback();
        assert_eq!(allowed.check(&Method::POST, &HeaderMap::new()), Ok(()));
        assert_eq!(allowed.check(&Method::POST, &headers(&[("host", b"localhost:8080")])), Ok(()));
        let cross_read = headers(&[("host", b"localhost:8080"), ("origin", b"http://evil.example")]);
        assert_eq!(allowed.check(&Method::GET, &cross_read), Ok(()), "a GET changes nothing");
        let cross_socket =
            headers(&[("host", b"localhost:8080"), ("origin", b"http://evil.example"), ("upgrade", b"websocket")]);
        assert!(allowed.check(&Method::GET, &cross_socket).is_err(), "a WebSocket from another site is refused");
    }

    #[test]
    fn a_public_address_behind_a_tls_proxy_is_served_under_its_own_origin() {
        let allowed =
            AllowedHosts::new(Some("127.0.0.1:8080".parse().unwrap()), &["https://Tabula.Example/".into()]).unwrap();
        let check =
            |host: &[u8], origin: &[u8]| allowed.check(&Method::POST, &headers(&[("host", host), ("origin", origin)]));
        assert_eq!(check(b"tabula.example", b"https://tabula.example"), Ok(()));
        assert!(check(b"tabula.example", b"http://tabula.example").is_err(), "the other scheme is another origin");
        assert!(check(b"other.example", b"https://tabula.example").is_err());
        assert!(AllowedHosts::new(None, &["tabula.example".into()]).is_err(), "a public address needs its scheme");
        assert!(AllowedHosts::new(None, &["https://tabula.example/path".into()]).is_err());
    }
}
