//! Several servers on one PostgreSQL database (needs `TABULA_TEST_POSTGRES`;
//! see `support/backends.rs`): a move made through one reaches the live
//! connections of the other; moves for one match sent through both at once
//! are played once per version, the others refused with 409; a server that
//! lost its connection to the database catches up; a clock that runs out
//! ends the game once, for everyone.

#[path = "support/backends.rs"]
mod backends;
#[path = "support/http.rs"]
mod http;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tabula_server::{open_app_state, router, AppState, Config};
use tokio_tungstenite::tungstenite::Message;

/// Two servers on a new database of their own, each on a free loopback port.
async fn two_servers(name: &str) -> Option<(backends::TestDatabase, [(SocketAddr, Arc<AppState>); 2])> {
    let db = backends::postgres(name).await?;
    let mut servers = Vec::new();
    for _ in 0..2 {
        let config = Config { database: Some(db.url.clone()), ..Config::default() };
        let state = open_app_state(config).await.expect("the server opens the database");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = router(state.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        servers.push((addr, state));
    }
    let [a, b] = <[_; 2]>::try_from(servers).ok().unwrap();
    Some((db, [a, b]))
}

/// An online Warp & Weft match made on `addr` (5 × 5, board 42): its id and the two seats' tokens.
async fn online_match(addr: SocketAddr, clock: Option<Value>) -> (String, [String; 2]) {
    let mut online = json!({ "seat": 0, "name": "Ann" });
    if let Some(c) = clock {
        online["clock"] = c;
    }
    let body = json!({ "game": "warp-weft", "options": { "seed": 42, "size": 5 }, "online": online });
    let made = http::post(addr, "/api/matches", None, &body).await.unwrap().json();
    let id = made["id"].as_str().unwrap().to_string();
    let invite = made["credentials"]["invite"].as_str().unwrap();
    let joined = http::post(addr, &format!("/api/matches/{id}/join"), None, &json!({ "invite": invite, "name": "Bo" }))
        .await
        .unwrap()
        .json();
    let tokens = [
        made["credentials"]["token"].as_str().unwrap().into(),
        joined["credentials"]["token"].as_str().unwrap().into(),
    ];
    (id, tokens)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/live")).await.unwrap();
    ws.send(Message::text(json!({ "type": "hello", "token": token }).to_string())).await.unwrap();
    ws
}

/// Views until one satisfies `pred` (10 s at most).
async fn view_where(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("the view comes in time")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "view" && pred(&v["view"]) {
                return v["view"].clone();
            }
        }
    }
}

fn plies(view: &Value) -> usize {
    view["history"].as_array().map_or(0, Vec::len)
}

fn first_move(view: &Value) -> String {
    view["moves"][0]["move"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_through_one_server_reaches_the_players_and_watchers_of_the_other() {
    let Some((_db, [(a, _), (b, _)])) = two_servers("across").await else { return };
    let (id, [ann, bo]) = online_match(a, None).await;
    // Ann plays through server A, Bo and a watcher through server B.
    let mut ann_ws = connect(a, &id, Some(&ann)).await;
    let first = view_where(&mut ann_ws, |_| true).await;
    let mut bo_ws = connect(b, &id, Some(&bo)).await;
    let mut watcher = connect(b, &id, None).await;
    view_where(&mut watcher, |_| true).await;
    // Each player sees the other connected, though to the other server.
    view_where(&mut ann_ws, |v| v["online"]["connected"] == json!([true, true])).await;
    view_where(&mut bo_ws, |v| v["online"]["connected"] == json!([true, true])).await;

    ann_ws
        .send(Message::text(json!({ "type": "move", "move": first_move(&first), "ply": 0 }).to_string()))
        .await
        .unwrap();
    let seen = view_where(&mut bo_ws, |v| plies(v) == 1).await;
    assert_eq!(seen["can_move"], true, "Bo, on server B, may answer Ann's move made on server A");
    assert_eq!(view_where(&mut watcher, |v| plies(v) == 1).await["can_move"], false);

    // Bo answers over HTTP through B; Ann sees it on A.
    let reply =
        http::post(b, &format!("/api/matches/{id}/moves"), Some(&bo), &json!({ "move": first_move(&seen), "ply": 1 }))
            .await
            .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.body);
    let back = view_where(&mut ann_ws, |v| plies(v) == 2).await;
    assert_eq!(back["can_move"], true);
    // Either server answers for the match, as it stands.
    for addr in [a, b] {
        let view = http::get(addr, &format!("/api/matches/{id}"), Some(&ann)).await.unwrap().json();
        assert_eq!(plies(&view), 2);
        assert_eq!(view["can_move"], true);
    }

    // Bo leaves server B: Ann, on A, is told; he comes back through A itself.
    drop(bo_ws);
    view_where(&mut ann_ws, |v| v["online"]["connected"] == json!([true, false])).await;
    let mut bo_again = connect(a, &id, Some(&bo)).await;
    assert_eq!(plies(&view_where(&mut bo_again, |_| true).await), 2);
    view_where(&mut watcher, |v| v["online"]["connected"] == json!([true, true])).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_for_one_match_sent_through_both_servers_at_once_are_played_once_per_version() {
    let Some((_db, [(a, _), (b, _)])) = two_servers("races").await else { return };
    let (id, tokens) = online_match(a, None).await;
    let mut played = Vec::new();
    let (mut oks, mut conflicts) = (0, 0);
    loop {
        let view = http::get(a, &format!("/api/matches/{id}"), None).await.unwrap().json();
        if !view["result"].is_null() {
            break;
        }
        let ply = plies(&view);
        assert_eq!(ply, played.len(), "the match is at the moves answered 200");
        let mover = &tokens[view["side_to_move"].as_u64().unwrap() as usize];
        let moves: Vec<String> =
            view["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
        // Eight clients send a move for this ply at once, four through each server.
        let sends = (0..8).map(|i| {
            let (addr, mv, token, id) = ([a, b][i % 2], moves[i % moves.len()].clone(), mover.clone(), id.clone());
            tokio::spawn(async move {
                let body = json!({ "move": mv, "ply": ply });
                let reply = http::post(addr, &format!("/api/matches/{id}/moves"), Some(&token), &body).await.unwrap();
                (reply.status, mv, reply.json())
            })
        });
        let mut won = Vec::new();
        for send in sends.collect::<Vec<_>>() {
            let (status, mv, reply) = send.await.unwrap();
            match status {
                200 => won.push(mv),
                409 => {
                    assert_eq!(reply["error"], "conflict", "{reply}");
                    conflicts += 1;
                }
                other => panic!("a move for ply {ply} got {other}: {reply}"),
            }
        }
        assert_eq!(won.len(), 1, "ply {ply}: exactly one move is played ({won:?})");
        oks += 1;
        played.extend(won);
    }
    assert_eq!(conflicts, 7 * oks);
    // The record holds each played move once, and both servers agree.
    for addr in [a, b] {
        let record = http::get(addr, &format!("/api/matches/{id}/record"), None).await.unwrap().body;
        assert_eq!(tabula_server::records::read(&record).unwrap()[0].moves, played);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_lost_the_database_catches_up_from_the_versions() {
    let Some((db, [(a, _), (b, _)])) = two_servers("catch-up").await else { return };
    let (id, [ann, bo]) = online_match(a, None).await;
    let mut watcher = connect(b, &id, None).await;
    view_where(&mut watcher, |_| true).await;
    // The database drops every listening connection (as a restart of it would).
    let (admin, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let cut = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
               WHERE datname = current_database() AND query LIKE 'LISTEN%'";
    assert_eq!(admin.query(cut, &[]).await.unwrap().len(), 2, "each server listens on one connection");
    // Moves made on A meanwhile are not lost to B's watcher: B catches up once it listens again.
    let mut view = http::get(a, &format!("/api/matches/{id}"), None).await.unwrap().json();
    for (ply, token) in [(0, &ann), (1, &bo), (2, &ann)] {
        let body = json!({ "move": first_move(&view), "ply": ply });
        let reply = http::post(a, &format!("/api/matches/{id}/moves"), Some(token), &body).await.unwrap();
        assert_eq!(reply.status, 200, "{}", reply.body);
        view = reply.json();
    }
    let seen = view_where(&mut watcher, |v| plies(v) == 3).await;
    assert_eq!(seen["history"], view["history"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_ends_the_game_once_for_the_watchers_of_every_server() {
    let Some((db, [(a, _), (b, _)])) = two_servers("clock").await else { return };
    let (id, [ann, bo]) = online_match(a, Some(json!({ "initial": 1, "increment": 0 }))).await;
    let mut on_a = connect(a, &id, Some(&bo)).await;
    let mut on_b = connect(b, &id, Some(&ann)).await;
    view_where(&mut on_b, |v| v["online"]["clock"]["running"] == 0).await;
    // Both servers' timekeepers see the clock run out; one of them ends the game.
    for ws in [&mut on_a, &mut on_b] {
        let over = view_where(ws, |v| !v["result"].is_null()).await;
        assert_eq!(over["result"]["reason"], "Ann ran out of time.");
        assert_eq!(over["online"]["clock"]["running"], Value::Null);
    }
    let store = tabula_server::store::PgStore::open_for_tools(&db.url).await.unwrap();
    let stored = tabula_server::store::Store::load(&store, &id).await.unwrap().unwrap();
    assert_eq!(stored.row.result.unwrap().winner, Some(1));
    assert_eq!(stored.row.version, 2, "made, joined, ended once");
}
