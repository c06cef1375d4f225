//! The server as a hostile visitor meets it: numbers that overflow, players
//! that would think for ever, floods of computations, connections that never
//! finish, other sites' pages and host names, errors that must stay JSON,
//! moves sent twice, and floods of new matches. Each test failed on the
//! server before it was hardened.

#[path = "support/http.rs"]
mod http;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tabula_server::{app_state, router, AppState, Config, Envelope, Limits, PoolSize, Rate};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

/// A server in this process, reached without a network.
struct Client {
    state: Arc<AppState>,
}

impl Client {
    fn with(limits: Limits) -> Self {
        Client { state: app_state(Config { limits, ..Config::default() }) }
    }

    fn new() -> Self {
        Client::with(Limits::default())
    }

    async fn raw(&self, request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Value) {
        let response = router(self.state.clone()).oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()));
        (status, headers, value)
    }

    async fn send(&self, method: &str, uri: &str, headers: &[(&str, &str)], body: &str) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let (status, _, value) = self.raw(request.body(Body::from(body.to_string())).unwrap()).await;
        (status, value)
    }

    async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        self.send("POST", uri, &[("content-type", "application/json")], &body.to_string()).await
    }

    async fn new_match(&self, body: Value) -> String {
        let (status, view) = self.post("/api/matches", body).await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        view["id"].as_str().unwrap().to_string()
    }

    async fn computer_move(&self, id: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/matches/{id}/computer-move"), json!({})).await
    }
}

fn limits_with_time(max_time: Duration) -> Limits {
    Limits { envelope: Envelope { max_time, ..Envelope::PUBLIC }, ..Limits::default() }
}

// 1. Numbers in player specs.

#[tokio::test]
async fn a_number_too_big_for_a_setting_is_refused_with_its_range() {
    let c = Client::new();
    for (spec, says) in [
        ("greedy:margin=2147483647", "from 0 to 1000000"),
        ("greedy:margin=-1", "from 0 to 1000000"),
        ("ab:depth=4294967296", "from 1 to 120"),
        ("ab:depth=0", "from 1 to 120"),
        ("ab:nodes=99999999999999999999", "whole number from 1 to"),
        ("ab:contempt=-2147483648", "from -100000 to 100000"),
        ("ab:time=0ms", "from 1ms to 24 hours"),
        ("ab:solve=2", "from 0 to 1"),
        ("mcts:c=1e308", "from 0 to 100"),
    ] {
        let (status, reply) = c.post("/api/matches", json!({ "game": "leeward", "players": ["human", spec] })).await;
        assert_eq!((status, reply["error"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_player")), "{spec}: {reply}");
        assert!(reply["message"].as_str().unwrap().contains(says), "{spec}: {reply}");
    }
}

// 2. The envelope: every computer move ends within the bound, whatever the spec says.

#[tokio::test]
async fn a_deep_search_a_minimum_depth_and_an_exact_solve_all_stop_at_the_bound() {
    let c = Client::with(limits_with_time(Duration::from_millis(300)));
    for (game, spec, stopped_early) in [
        ("leeward", "ab:depth=30", "depth"),
        ("leeward", "ab:time=1m,min_depth=30", "depth"),
        ("piracy", "level:hard", "none"),
        ("warp-weft", "ab:depth=1,solve=1", "exact"),
        ("warp-weft", "solver", "exact"),
    ] {
        let id = c.new_match(json!({ "game": game, "players": [spec, spec] })).await;
        let (status, view) = c.computer_move(&id).await;
        assert_eq!(status, StatusCode::OK, "{spec}: {view}");
        let decision = &view["last_decision"];
        match stopped_early {
            // A search to depth 30 on Leeward's opening cannot finish in 0.3 s.
            "depth" => assert!(decision["depth"].as_u64().unwrap() < 30, "{spec}: {decision}"),
            // Nor can an exact solve of a fresh 7 × 7 Warp & Weft board.
            "exact" => assert_eq!(decision["exact"], false, "{spec}: {decision}"),
            _ => assert!(decision["move"].is_string(), "{spec}: {decision}"),
        }
    }
}

#[tokio::test]
async fn players_outside_the_envelope_are_refused_and_the_refusal_names_it() {
    let c = Client::new();
    for spec in ["ab:threads=3", "ab:hash=512", "mcts:iters=5000000", "ugi:cmd=/bin/cat"] {
        let (status, reply) = c.post("/api/matches", json!({ "game": "seesaw", "players": ["human", spec] })).await;
        assert_eq!((status, reply["error"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_player")), "{spec}: {reply}");
        assert!(
            reply["message"].as_str().unwrap().contains("at most 10 s a move, 2 threads, a 256 MiB table"),
            "{reply}"
        );
    }
}

// 3. One pool for every computation, cancelled when nobody waits.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_compute_pool_answers_busy_in_json() {
    let pool = PoolSize { slots: 1, queue: 0, queue_wait: Duration::from_secs(1), memory_mib: 1024 };
    let c = Arc::new(Client::with(Limits { pool, ..limits_with_time(Duration::from_secs(3)) }));
    let slow = c.new_match(json!({ "game": "leeward", "players": ["ab:depth=40", "human"] })).await;
    let quick = c.new_match(json!({ "game": "leeward", "players": ["random", "human"] })).await;
    let thinking = {
        let c = Arc::clone(&c);
        tokio::spawn(async move { c.computer_move(&slow).await })
    };
    while c.state.compute.threads_free() > 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, reply) = c.computer_move(&quick).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("busy")), "{reply}");
    assert_eq!(thinking.await.unwrap().0, StatusCode::OK, "the first search still ends, at its bound");
    assert_eq!(c.computer_move(&quick).await.0, StatusCode::OK, "and then there is room again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_nobody_waits_for_is_cancelled() {
    // The bound is a minute: only cancelling frees the pool within seconds.
    let c = Client::with(limits_with_time(Duration::from_secs(60)));
    let cores = c.state.compute.size().slots;
    let id = c.new_match(json!({ "game": "leeward", "players": ["ab:depth=60", "human"] })).await;
    let request = Request::post(format!("/api/matches/{id}/computer-move")).body(Body::empty()).unwrap();
    let gave_up = tokio::time::timeout(Duration::from_millis(300), router(c.state.clone()).oneshot(request)).await;
    assert!(gave_up.is_err(), "the client gave up before the computer answered");
    let waited = Instant::now();
    while c.state.compute.threads_free() < cores {
        assert!(waited.elapsed() < Duration::from_secs(20), "the abandoned search kept its thread");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_for_a_position_taken_back_is_cancelled() {
    let c = Arc::new(Client::with(limits_with_time(Duration::from_secs(60))));
    let id = c.new_match(json!({ "game": "warp-weft", "players": ["human", "ab:depth=60"] })).await;
    let (status, _) = c.post(&format!("/api/matches/{id}/moves"), json!({ "move": "f4" })).await;
    assert_eq!(status, StatusCode::OK);
    let thinking = {
        let (c, id) = (Arc::clone(&c), id.clone());
        tokio::spawn(async move { c.computer_move(&id).await })
    };
    while c.state.compute.threads_free() == c.state.compute.size().slots {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, _) = c.post(&format!("/api/matches/{id}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, reply) =
        tokio::time::timeout(Duration::from_secs(20), thinking).await.expect("cancelled, not left to run").unwrap();
    assert_eq!(status, StatusCode::CONFLICT, "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("changed while the computer was thinking"), "{reply}");
}

/// The key under which the server keeps the Perfect player of match `id`'s second seat.
fn perfect_key(id: &str) -> String {
    let info = tabula_games::find("warp-weft").unwrap().info();
    format!("{id}/1/{}", tabula_search::PlayerSpec::parse("level:perfect", info).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solver_thinks_on_the_persons_time_and_keeps_what_it_learned() {
    let c = Client::new();
    let id = c
        .new_match(json!({ "game": "warp-weft", "options": { "size": 5 }, "players": ["human", "level:perfect"] }))
        .await;
    // A 5 × 5 board is solved in a moment, while the person looks at it.
    let waited = Instant::now();
    while !c.state.pondering.lock().unwrap().is_empty() {
        assert!(waited.elapsed() < Duration::from_secs(20), "the pondering never ended");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(c.state.players.keys(), vec![perfect_key(&id)], "the solved player is kept for its move");
    let (status, _) = c.post(&format!("/api/matches/{id}/moves"), json!({ "move": "b3" })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, view) = c.computer_move(&id).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["history"].as_array().map(Vec::len), Some(2), "{view}");
    assert_eq!(view["last_decision"]["exact"], json!(true), "{view}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thinking_on_a_persons_time_makes_way_for_a_move_someone_waits_for() {
    // Long bounds: only stepping aside frees the threads within the queue wait.
    let pool = PoolSize { slots: 2, queue: 2, queue_wait: Duration::from_secs(2), memory_mib: 1024 };
    let c = Client::with(Limits { pool, ..limits_with_time(Duration::from_secs(60)) });
    // The opening of a 7 × 7 board takes far longer than the queue wait to solve.
    let pondering = c.new_match(json!({ "game": "warp-weft", "players": ["human", "level:perfect"] })).await;
    assert_eq!(c.state.compute.threads_free(), 0, "the solver thinks on both threads");
    let quick = c.new_match(json!({ "game": "leeward", "players": ["random", "human"] })).await;
    let (status, reply) = c.computer_move(&quick).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    // The solver stepped aside and is kept; once the person moves, it plays.
    let waited = Instant::now();
    while !c.state.pondering.lock().unwrap().is_empty() {
        assert!(waited.elapsed() < Duration::from_secs(20), "the pondering never stopped");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(c.state.players.keys().contains(&perfect_key(&pondering)));
}

// 5. Host names and origins.

#[tokio::test]
async fn dns_rebinding_and_foreign_origins_are_refused() {
    let c = Client::new();
    let body = r#"{"game": "warp-weft"}"#;
    let json = ("content-type", "application/json");
    let (status, reply) = c
        .send(
            "POST",
            "/api/matches",
            &[json, ("host", "evil.example:8080"), ("origin", "http://evil.example:8080")],
            body,
        )
        .await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::MISDIRECTED_REQUEST, Some("wrong_host")), "{reply}");
    let (status, _) = c.send("GET", "/api/games", &[("host", "evil.example:8080")], "").await;
    assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "reading is refused too");
    for origin in ["https://localhost:8080", "http://localhost:9999", "null"] {
        let (status, reply) =
            c.send("POST", "/api/matches", &[json, ("host", "localhost:8080"), ("origin", origin)], body).await;
        assert_eq!((status, reply["error"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden")), "{origin}: {reply}");
    }
    let mut two =
        Request::post("/api/matches").header("host", "localhost:8080").header("content-type", "application/json");
    two = two.header("origin", "http://localhost:8080").header("origin", "http://evil.example");
    assert_eq!(c.raw(two.body(Body::from(body)).unwrap()).await.0, StatusCode::FORBIDDEN, "a second Origin");
    let odd = Request::post("/api/matches")
        .header("host", "localhost:8080")
        .header("origin", axum::http::HeaderValue::from_bytes(b"http://localhost:8080\xff").unwrap())
        .body(Body::from(body))
        .unwrap();
    assert_eq!(c.raw(odd).await.0, StatusCode::FORBIDDEN, "an Origin that is not UTF-8");
    let (status, _) = c
        .send("POST", "/api/matches", &[json, ("host", "localhost:8080"), ("origin", "http://localhost:8080")], body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "the server's own page");
}

// 6. Every error of the API is JSON.

#[tokio::test]
async fn errors_made_by_the_framework_are_json_too() {
    let c = Client::new();
    let big = format!(r#"{{"game": "warp-weft", "position": "{}"}}"#, "x".repeat(70 * 1024));
    let (status, reply) = c.send("POST", "/api/matches", &[("content-type", "application/json")], &big).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")), "{reply}");
    let (status, reply) = c.send("DELETE", "/api/matches", &[], "").await;
    assert_eq!(
        (status, reply["error"].as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, Some("method_not_allowed")),
        "{reply}"
    );
    assert!(reply["message"].as_str().unwrap().contains("DELETE"), "{reply}");
    let id = c.new_match(json!({ "game": "warp-weft" })).await;
    let (status, reply) = c.send("GET", &format!("/api/matches/{id}/live"), &[], "").await;
    assert_eq!(
        (status.is_client_error(), reply["error"].is_string(), reply["message"].is_string()),
        (true, true, true),
        "{reply}"
    );
    let (status, page) = c.send("GET", "/no-such-page", &[], "").await;
    assert_eq!((status, page.is_string()), (StatusCode::NOT_FOUND, true), "pages stay pages");
}

// 7. A move sent twice online.

#[tokio::test]
async fn a_move_sent_twice_online_is_a_stale_move_not_a_move_out_of_turn() {
    let c = Client::new();
    let (status, view) = c
        .post("/api/matches", json!({ "game": "warp-weft", "options": { "seed": 42 }, "online": { "seat": 0 } }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = view["id"].as_str().unwrap();
    let ann = view["credentials"]["token"].as_str().unwrap().to_string();
    let invite = view["credentials"]["invite"].as_str().unwrap();
    let (_, joined) = c.post(&format!("/api/matches/{id}/join"), json!({ "invite": invite })).await;
    assert!(joined["credentials"]["token"].is_string());
    let auth = format!("Bearer {ann}");
    let headers = [("content-type", "application/json"), ("authorization", auth.as_str())];
    let body = json!({ "move": "f4", "ply": 0 }).to_string();
    let uri = format!("/api/matches/{id}/moves");
    assert_eq!(c.send("POST", &uri, &headers, &body).await.0, StatusCode::OK);
    let (status, reply) = c.send("POST", &uri, &headers, &body).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::CONFLICT, Some("conflict")), "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("moved on"), "{reply}");
}

// 8. Floods of writes.

#[tokio::test]
async fn new_matches_and_imports_are_limited_per_client() {
    let c = Client::with(Limits {
        new_matches: Some(Rate { burst: 3, per_minute: 1 }),
        imports: Some(Rate { burst: 1, per_minute: 1 }),
        ..Limits::default()
    });
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(c.new_match(json!({ "game": "seesaw" })).await);
    }
    let request = Request::post("/api/matches").header("content-type", "application/json");
    let (status, headers, reply) = c.raw(request.body(Body::from(r#"{"game": "seesaw"}"#)).unwrap()).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")), "{reply}");
    assert!(headers.contains_key("retry-after"));
    let (status, _) = c.send("GET", "/api/matches", &[], "").await;
    assert_eq!(status, StatusCode::OK, "reading is not limited");
    let id = &ids[0];
    let (_, record) = c.send("GET", &format!("/api/matches/{id}/record"), &[], "").await;
    let record = record.as_str().unwrap().to_string();
    assert_eq!(c.send("POST", "/api/records", &[], &record).await.0, StatusCode::CREATED);
    let (status, reply) = c.send("POST", "/api/records", &[], &record).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")), "{reply}");
}

// 4. Connections that never finish.

async fn serve(limits: Limits) -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let config = Config { limits, ..Config::default() };
        tabula_server::serve("127.0.0.1:0".parse().unwrap(), config, |addr| {
            let _ = tx.send(addr);
        })
        .await
        .unwrap();
    });
    rx.await.unwrap()
}

fn quick_connections(max_connections: usize) -> Limits {
    let connections = tabula_server::ConnectionLimits {
        max_connections,
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
    };
    Limits { connections, ..Limits::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_headers_and_bodies_are_cut_off() {
    let addr = serve(quick_connections(64)).await;
    let mut half_head = TcpStream::connect(addr).await.unwrap();
    half_head.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n").await.unwrap();
    let mut half_body = TcpStream::connect(addr).await.unwrap();
    half_body
        .write_all(b"POST /api/matches HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"game\"")
        .await
        .unwrap();
    for (what, stream) in [("headers", &mut half_head), ("body", &mut half_body)] {
        let mut reply = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut reply)).await;
        assert!(read.is_ok(), "a connection with a half-sent {what} is closed by the server");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_cannot_keep_others_out() {
    let addr = serve(quick_connections(4)).await;
    let mut idle = Vec::new();
    for _ in 0..8 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    let reply = http::get(addr, "/api/games", None).await.unwrap();
    assert_eq!(reply.status, 200, "served once the idle ones were timed out");
}
