//! Online matches: seat tokens, invitations, clocks, live updates over a
//! WebSocket; records, replays and analyses; and matches kept across restarts.
//! The tests of what the store keeps run against every backend (SQLite, and
//! PostgreSQL when `TABULA_TEST_POSTGRES` is set: see `support/backends.rs`).

#[path = "support/backends.rs"]
mod backends;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use backends::{backends, Backend};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tabula_server::{app_state, open_app_state, router, AppState, Config};
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

struct Client {
    state: Arc<AppState>,
}

impl Client {
    fn new() -> Self {
        Client { state: app_state(Config::default()) }
    }

    /// A server keeping its matches in `backend`.
    async fn on(backend: &Backend) -> Self {
        Client { state: open_app_state(backend.config()).await.expect("the server opens its store") }
    }

    async fn send(&self, method: &str, uri: &str, token: Option<&str>, body: Option<String>) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri).header("content-type", "application/json");
        if let Some(t) = token {
            request = request.header("authorization", format!("Bearer {t}"));
        }
        let response = router(self.state.clone())
            .oneshot(request.body(Body::from(body.unwrap_or_default())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()));
        (status, value)
    }

    async fn get(&self, uri: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.send("GET", uri, token, None).await
    }

    async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.send("POST", uri, token, Some(body.to_string())).await
    }

    /// An online Warp & Weft match on board 42: Ann holds seat 0, Bo (joined) seat 1.
    async fn online_match(&self, clock: Option<Value>) -> (String, String, String) {
        let mut online = json!({ "seat": 0, "name": "Ann" });
        if let Some(c) = clock {
            online["clock"] = c;
        }
        let (status, view) = self
            .post("/api/matches", None, json!({ "game": "warp-weft", "options": { "seed": 42 }, "online": online }))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        let id = view["id"].as_str().unwrap().to_string();
        let creds = &view["credentials"];
        let ann = creds["token"].as_str().unwrap().to_string();
        let invite = creds["invite"].as_str().unwrap().to_string();
        let (status, joined) =
            self.post(&format!("/api/matches/{id}/join"), None, json!({ "invite": invite, "name": "Bo" })).await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["credentials"]["seat"], 1);
        (id, ann, joined["credentials"]["token"].as_str().unwrap().to_string())
    }
}

fn first_move(view: &Value) -> String {
    view["moves"][0]["move"].as_str().unwrap().to_string()
}

fn history(view: &Value) -> Vec<String> {
    view["history"].as_array().unwrap().iter().map(|h| h["move"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn only_the_seat_token_moves_its_side_and_every_other_request_gets_403() {
    let c = Client::new();
    let (status, view) = c
        .post(
            "/api/matches",
            None,
            json!({ "game": "warp-weft", "options": { "seed": 42 }, "online": { "seat": 0, "name": "Ann" } }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = view["id"].as_str().unwrap().to_string();
    let ann = view["credentials"]["token"].as_str().unwrap().to_string();
    let invite = view["credentials"]["invite"].as_str().unwrap().to_string();
    for secret in [&ann, &invite] {
        assert_eq!(secret.len(), 32, "128-bit tokens in hex");
        assert!(secret.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    assert_ne!(ann, invite);
    assert_eq!(view["online"]["seat"], 0);
    assert_eq!(view["online"]["joined"], json!([true, false]));
    assert_eq!(view["can_move"], true);
    let moves = format!("/api/matches/{id}/moves");
    let mv = first_move(&view);

    // A spectator sees the game but may not move.
    let (_, seen) = c.get(&format!("/api/matches/{id}"), None).await;
    assert_eq!(seen["can_move"], false);
    assert_eq!(seen["online"]["seat"], Value::Null);
    assert!(seen.get("credentials").is_none() && !seen.to_string().contains(&ann), "no secret in the view");

    // Joining: a wrong invitation is refused; the right one gives seat 1 once.
    let wrong = "0123456789abcdef0123456789abcdef";
    let (status, _) = c.post(&format!("/api/matches/{id}/join"), None, json!({ "invite": wrong })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = c.post(&format!("/api/matches/{id}/join"), None, json!({ "invite": "short" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, joined) =
        c.post(&format!("/api/matches/{id}/join"), None, json!({ "invite": invite, "name": "<b>Bo</b>" })).await;
    assert_eq!(status, StatusCode::OK);
    let bo = joined["credentials"]["token"].as_str().unwrap().to_string();
    assert_eq!(joined["names"], json!(["Ann", "<b>Bo</b>"]), "names are kept as typed; pages escape them");
    let (status, again) = c.post(&format!("/api/matches/{id}/join"), None, json!({ "invite": invite })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");

    // Every way of moving someone else's side is refused with 403 and changes nothing.
    let before = c.get(&format!("/api/matches/{id}"), None).await.1;
    let body = json!({ "move": mv }).to_string();
    for token in [None, Some(wrong), Some("not a token"), Some(bo.as_str())] {
        let (status, reply) = c.send("POST", &moves, token, Some(body.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{token:?}: {reply}");
        assert_eq!(reply["error"], "forbidden");
    }
    let (status, _) = c.get(&format!("/api/matches/{id}"), Some(wrong)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = c.send("POST", &format!("/api/matches/{id}/resign"), None, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let after = c.get(&format!("/api/matches/{id}"), None).await.1;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["position"], before["position"]);

    // The right token moves; then it is Bo's turn, and Ann's token may not move for Bo.
    let (status, view) = c.send("POST", &moves, Some(&ann), Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["can_move"], false);
    let reply = first_move(&view);
    let (status, _) = c.post(&moves, Some(&ann), json!({ "move": reply })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, view) = c.post(&moves, Some(&bo), json!({ "move": reply })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["history"].as_array().unwrap().len(), 2);

    // No engine help while the game goes on.
    let (status, _) = c.get(&format!("/api/matches/{id}/analysis"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // No takebacks or computer moves online; a resignation ends it.
    let (status, _) = c.send("POST", &format!("/api/matches/{id}/undo"), Some(&ann), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = c.send("POST", &format!("/api/matches/{id}/computer-move"), None, None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, view) = c.send("POST", &format!("/api/matches/{id}/resign"), Some(&bo), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["result"]["winner"], 0);
    assert_eq!(view["result"]["reason"], "<b>Bo</b> resigned.");
    let (status, _) = c.post(&moves, Some(&ann), json!({ "move": first_move(&after) })).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = c.get(&format!("/api/matches/{id}/analysis"), None).await;
    assert_eq!(status, StatusCode::OK, "once it is over, the engine may look");
}

#[tokio::test]
async fn pages_of_other_sites_cannot_change_anything() {
    let c = Client::new();
    let request = |origin: &str| {
        Request::builder()
            .method("POST")
            .uri("/api/matches")
            .header("host", "127.0.0.1:8080")
            .header("origin", origin)
            .header("content-type", "application/json")
            .body(Body::from(json!({ "game": "warp-weft" }).to_string()))
            .unwrap()
    };
    let response = router(c.state.clone()).oneshot(request("http://evil.example")).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = router(c.state.clone()).oneshot(request("http://127.0.0.1:8080")).await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert_eq!(response.headers()["referrer-policy"], "no-referrer");
}

#[tokio::test]
async fn a_move_sent_twice_is_played_once() {
    for backend in backends("twice").await {
        let name = backend.name();
        let c = Client::on(&backend).await;
        let (id, ann, _) = c.online_match(None).await;
        let view = c.get(&format!("/api/matches/{id}"), Some(&ann)).await.1;
        let mv = first_move(&view);
        let moves = format!("/api/matches/{id}/moves");
        let (status, _) = c.post(&moves, Some(&ann), json!({ "move": mv, "ply": 0 })).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        let (status, reply) = c.post(&moves, Some(&ann), json!({ "move": mv, "ply": 0 })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}: {reply}");
        assert_eq!(history(&c.get(&format!("/api/matches/{id}"), None).await.1).len(), 1, "{name}");
    }
}

#[tokio::test]
async fn unsafe_players_and_oversized_or_odd_names_are_refused() {
    let c = Client::new();
    for (body, kind) in [
        (json!({ "game": "warp-weft", "players": ["human", "ugi:cmd=touch /tmp/x"] }), "bad_player"),
        (json!({ "game": "warp-weft", "players": ["human", "ab:threads=8"] }), "bad_player"),
        (json!({ "game": "warp-weft", "players": ["human", "ab:depth=4,hash=1024"] }), "bad_player"),
        (json!({ "game": "warp-weft", "players": ["human", "greedy:margin=2147483647"] }), "bad_player"),
        (json!({ "game": "warp-weft", "online": { "name": "x".repeat(41) } }), "bad_request"),
        (json!({ "game": "warp-weft", "online": { "name": "a\u{7}b" } }), "bad_request"),
        (json!({ "game": "warp-weft", "players": ["human", "level:easy"], "online": {} }), "bad_request"),
        (json!({ "game": "warp-weft", "online": { "clock": { "initial": 0 } } }), "bad_request"),
        (json!({ "game": "warp-weft", "online": { "seat": 2 } }), "bad_request"),
    ] {
        let (status, reply) = c.post("/api/matches", None, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {reply}");
        assert_eq!(reply["error"], kind, "{body}: {reply}");
    }
    for players in [json!(["level:hard", "ab:depth=4"]), json!(["human", "ab:depth=40"]), json!(["solver", "human"])] {
        let (status, _) = c.post("/api/matches", None, json!({ "game": "warp-weft", "players": players })).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "{players}: levels, deep searches and the solver fit: each move is stopped at the time bound"
        );
    }
}

#[tokio::test]
async fn the_server_ends_the_game_when_a_clock_runs_out() {
    for backend in backends("flag").await {
        let name = backend.name();
        let c = Client::on(&backend).await;
        let (id, ann, _) = c.online_match(Some(json!({ "initial": 1, "increment": 0 }))).await;
        let view = c.get(&format!("/api/matches/{id}"), Some(&ann)).await.1;
        assert_eq!(view["online"]["clock"]["running"], 0, "{name}: the clock starts once both seats are taken");
        assert!(view["online"]["clock"]["remaining"][0].as_i64().unwrap() <= 1000, "{name}");
        tokio::time::sleep(Duration::from_millis(1400)).await;
        let view = c.get(&format!("/api/matches/{id}"), None).await.1;
        assert_eq!(view["result"]["winner"], 1, "{name}: {view}");
        assert_eq!(view["result"]["reason"], "Ann ran out of time.", "{name}");
        assert_eq!(view["online"]["clock"]["running"], Value::Null, "{name}");
        let (status, _) = c.post(&format!("/api/matches/{id}/moves"), Some(&ann), json!({ "move": "a1" })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}");
    }
}

#[tokio::test]
async fn records_are_exported_imported_and_broken_ones_refused_whole() {
    let c = Client::new();
    // A whole 5 × 5 game between two people on one screen.
    let (_, view) = c
        .post("/api/matches", None, json!({ "game": "warp-weft", "options": { "seed": 7, "size": 5 }, "players": ["human", "human"], "names": ["Ann", null] }))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let mut view = view;
    while view["result"].is_null() {
        let mv = first_move(&view);
        view = c.post(&format!("/api/matches/{id}/moves"), None, json!({ "move": mv })).await.1;
    }
    let plies = history(&view).len();
    let (status, record) = c.get(&format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    let record = record.as_str().unwrap().to_string();
    assert!(record.starts_with("[Game \"warp-weft\"]\n"), "{record}");
    assert!(record.contains("[First \"Ann\"]\n[Second \"?\"]"), "{record}");

    // The finished list shows it; replay views and the analysis cover every position.
    let (_, list) = c.get("/api/matches?status=finished", None).await;
    assert_eq!(list["matches"][0]["id"], id.as_str());
    assert_eq!(list["matches"][0]["plies"], plies);
    let (_, start) = c.get(&format!("/api/matches/{id}/at/0"), None).await;
    assert!(history(&start).is_empty());
    assert_eq!(start["can_move"], false);
    assert_eq!(start["replay"], json!({ "ply": 0, "plies": plies, "online": false }));
    let (_, end) = c.get(&format!("/api/matches/{id}/at/{plies}"), None).await;
    assert_eq!(end["result"], view["result"]);
    let (status, _) = c.get(&format!("/api/matches/{id}/at/{}", plies + 1), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, analysis) = c.get(&format!("/api/matches/{id}/analysis"), None).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    assert_eq!(analysis["graph"].as_array().unwrap().len(), plies + 1);
    assert!(analysis["graph"].as_array().unwrap().iter().all(|g| g.as_f64().unwrap().abs() <= 1.0));
    let last = analysis["graph"][plies].as_f64().unwrap();
    assert_eq!(last, if view["result"]["winner"] == 0 { 1.0 } else { -1.0 });

    // Broken records: a 400 with the line, and nothing is imported.
    let count = |list: &Value| list["matches"].as_array().unwrap().len();
    let broken = record.replace("[Result", "[Result \"*\"]\n[Result");
    let (status, reply) = c.send("POST", "/api/records", None, Some(format!("{record}\n{broken}"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert_eq!(reply["error"], "bad_record");
    assert!(reply["line"].as_u64().unwrap() > 10, "the line in the second record: {reply}");
    assert!(reply["message"].as_str().unwrap().contains("given twice"), "{reply}");
    assert_eq!(
        count(&c.get("/api/matches?status=finished", None).await.1),
        1,
        "the good first record was not imported either"
    );

    // A good record comes back as a finished match whose record is the same text.
    let (status, reply) = c.send("POST", "/api/records", None, Some(record.clone())).await;
    assert_eq!(status, StatusCode::CREATED, "{reply}");
    let new_id = reply["imported"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(reply["imported"][0]["plies"], plies);
    let (_, again) = c.get(&format!("/api/matches/{new_id}/record"), None).await;
    assert_eq!(again.as_str().unwrap(), record);
    assert_eq!(count(&c.get("/api/matches?status=finished", None).await.1), 2);
    let (status, _) = c.get("/api/matches?status=sideways", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn matches_go_on_after_the_server_restarts() {
    for backend in backends("restart").await {
        restart_on(&backend).await;
    }
}

async fn restart_on(backend: &Backend) {
    let name = backend.name();
    let (id, ann, bo, local, played);
    {
        let c = Client::on(backend).await;
        (id, ann, bo) = c.online_match(Some(json!({ "initial": 300, "increment": 3 }))).await;
        let view = c.get(&format!("/api/matches/{id}"), None).await.1;
        let view =
            c.post(&format!("/api/matches/{id}/moves"), Some(&ann), json!({ "move": first_move(&view) })).await.1;
        played = history(&view);
        let (_, l) =
            c.post("/api/matches", None, json!({ "game": "warp-weft", "players": ["human", "level:easy"] })).await;
        local = l["id"].as_str().unwrap().to_string();
        c.post(&format!("/api/matches/{local}/moves"), None, json!({ "move": first_move(&l) })).await;
        let (status, _) = c.send("POST", &format!("/api/matches/{local}/computer-move"), None, None).await;
        assert_eq!(status, StatusCode::OK, "{name}");
    }
    let c = Client::on(backend).await;
    let view = c.get(&format!("/api/matches/{id}"), Some(&bo)).await.1;
    assert_eq!(history(&view), played, "{name}");
    assert_eq!(view["names"], json!(["Ann", "Bo"]), "{name}");
    assert_eq!(view["online"]["seat"], 1, "{name}");
    assert_eq!(view["online"]["clock"]["running"], 1, "{name}: Bo's clock runs again");
    let (status, _) =
        c.post(&format!("/api/matches/{id}/moves"), Some(&ann), json!({ "move": first_move(&view) })).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{name}: the tokens still hold their seats");
    let (status, view) =
        c.post(&format!("/api/matches/{id}/moves"), Some(&bo), json!({ "move": first_move(&view) })).await;
    assert_eq!(status, StatusCode::OK, "{name}: {view}");
    let (_, l) = c.get(&format!("/api/matches/{local}"), None).await;
    assert_eq!(history(&l).len(), 2, "{name}");
    assert_eq!(l["players"], json!(["human", "level:easy"]), "{name}");
    let (status, _) = c.send("POST", &format!("/api/matches/{local}/undo"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{name}");
    drop(c);
    let c = Client::on(backend).await;
    let undone = history(&c.get(&format!("/api/matches/{local}"), None).await.1);
    assert!(undone.is_empty(), "{name}: the undo was kept too");
}

/// A server on a free loopback port, in this process, keeping its matches in `backend`.
async fn serve(backend: &Backend) -> (SocketAddr, Arc<AppState>) {
    let state = open_app_state(backend.config()).await.expect("the server opens its store");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = router(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (addr, state)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/live")).await.unwrap();
    ws.send(Message::text(json!({ "type": "hello", "token": token }).to_string())).await.unwrap();
    ws
}

/// The next message of a given type.
async fn next_of(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let msg =
            tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a message in time").unwrap().unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == kind {
                return v;
            }
        }
    }
}

/// Views until one satisfies `pred`.
async fn view_where(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next_of(ws, "view").await;
        if pred(&v["view"]) {
            return v["view"].clone();
        }
    }
}

#[tokio::test]
async fn moves_reach_the_other_player_and_spectators_live() {
    for backend in backends("live").await {
        live_on(&backend).await;
    }
}

async fn live_on(backend: &Backend) {
    let (addr, state) = serve(backend).await;
    let c = Client { state };
    let (id, ann, bo) = c.online_match(None).await;
    let mut a = connect(addr, &id, Some(&ann)).await;
    let first = next_of(&mut a, "view").await["view"].clone();
    assert_eq!(first["online"]["seat"], 0);
    assert_eq!(first["can_move"], true);
    let mut b = connect(addr, &id, Some(&bo)).await;
    let mut watcher = connect(addr, &id, None).await;
    next_of(&mut b, "view").await;
    next_of(&mut watcher, "view").await;
    // Ann sees Bo arrive.
    view_where(&mut a, |v| v["online"]["connected"] == json!([true, true])).await;

    // Ann moves over her socket; Bo and the watcher see it.
    a.send(Message::text(json!({ "type": "move", "move": first_move(&first), "ply": 0 }).to_string())).await.unwrap();
    let seen = view_where(&mut b, |v| v["history"].as_array().unwrap().len() == 1).await;
    assert_eq!(seen["can_move"], true);
    assert_eq!(seen["online"]["seat"], 1);
    let watched = view_where(&mut watcher, |v| v["history"].as_array().unwrap().len() == 1).await;
    assert_eq!(watched["can_move"], false);

    // A move out of turn or from a spectator is refused on the socket, and nothing changes.
    a.send(Message::text(json!({ "type": "move", "move": first_move(&seen) }).to_string())).await.unwrap();
    assert_eq!(next_of(&mut a, "error").await["error"], "forbidden");
    watcher.send(Message::text(json!({ "type": "move", "move": first_move(&seen) }).to_string())).await.unwrap();
    assert_eq!(next_of(&mut watcher, "error").await["error"], "forbidden");
    watcher.send(Message::text("{\"type\": \"ping\"}")).await.unwrap();
    next_of(&mut watcher, "pong").await;

    // Bo moves over HTTP; Ann sees it on her socket.
    let (status, _) =
        c.post(&format!("/api/matches/{id}/moves"), Some(&bo), json!({ "move": first_move(&seen) })).await;
    assert_eq!(status, StatusCode::OK);
    view_where(&mut a, |v| v["history"].as_array().unwrap().len() == 2 && v["can_move"] == true).await;

    // Bo goes away: Ann is told; he comes back: she is told again.
    drop(b);
    view_where(&mut a, |v| v["online"]["connected"] == json!([true, false])).await;
    let mut b = connect(addr, &id, Some(&bo)).await;
    assert_eq!(next_of(&mut b, "view").await["view"]["history"].as_array().unwrap().len(), 2);
    view_where(&mut a, |v| v["online"]["connected"] == json!([true, true])).await;

    // A wrong token is refused.
    let mut intruder = connect(addr, &id, Some("0123456789abcdef0123456789abcdef")).await;
    assert_eq!(next_of(&mut intruder, "error").await["error"], "forbidden");
}
