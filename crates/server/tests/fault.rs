//! The fault test: players play online matches against a real server process,
//! which is killed (`kill -9`) in the middle of it; restarted on the same data
//! directory, it must still have every move it accepted — no move lost, none
//! doubled — and every game must go on.
//!
//! The server process is this test binary itself, run again with
//! `TABULA_FAULT_CHILD_DIR` set (see `serve_child`).

#[path = "support/http.rs"]
mod http;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tabula_server::{Config, Limits};

const CHILD_ENV: &str = "TABULA_FAULT_CHILD_DIR";

/// Serves the portal on a free port when run as the child process; does nothing otherwise.
#[test]
fn serve_child() {
    let Some(dir) = std::env::var_os(CHILD_ENV) else { return };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime
        .block_on(tabula_server::serve(
            "127.0.0.1:0".parse().unwrap(),
            // Eight players create matches back to back: no per-client limit on new matches here.
            Config {
                data_dir: Some(dir.into()),
                limits: Limits { new_matches: None, ..Limits::default() },
                ..Config::default()
            },
            |addr| println!("LISTENING {addr}"),
        ))
        .unwrap();
}

fn start_server(dir: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["serve_child", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next().expect("the server announces itself").unwrap();
        // The test harness may print "test serve_child ... " first, on the same line.
        if let Some((_, addr)) = line.split_once("LISTENING ") {
            break addr.trim().parse().unwrap();
        }
    };
    // Keep reading its output so it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines.by_ref() {});
    (child, addr)
}

/// What one player pair knows about a match it played.
#[derive(Debug, Clone)]
struct Played {
    id: String,
    tokens: [String; 2],
    /// Moves the server answered 200 to.
    acked: Vec<String>,
    /// A move sent with no answer (the server died): it may or may not be stored.
    in_flight: Option<String>,
}

fn random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

async fn new_match(addr: SocketAddr) -> std::io::Result<(Played, Value)> {
    let reply = http::post(
        addr,
        "/api/matches",
        None,
        &json!({ "game": "warp-weft", "options": { "size": 7 }, "online": { "seat": 0 } }),
    )
    .await?;
    let v = reply.json();
    let id = v["id"].as_str().ok_or_else(|| std::io::Error::other(reply.body.clone()))?.to_string();
    let first = v["credentials"]["token"].as_str().unwrap().to_string();
    let invite = v["credentials"]["invite"].as_str().unwrap().to_string();
    let joined = http::post(addr, &format!("/api/matches/{id}/join"), None, &json!({ "invite": invite })).await?.json();
    let second = joined["credentials"]["token"].as_str().unwrap().to_string();
    Ok((Played { id, tokens: [first, second], acked: Vec::new(), in_flight: None }, joined))
}

/// Plays games back to back with random legal moves until the server stops answering.
async fn play_until_the_server_dies(addr: SocketAddr, seed: u64, games: &mut Vec<Played>) {
    let mut rng = seed | 1;
    let until = Instant::now() + Duration::from_secs(20);
    while Instant::now() < until {
        let Ok((played, mut view)) = new_match(addr).await else { return };
        games.push(played);
        let game = games.last_mut().unwrap();
        while view["result"].is_null() && Instant::now() < until {
            let moves = view["moves"].as_array().unwrap();
            let mv = moves[random(&mut rng) as usize % moves.len()]["move"].as_str().unwrap().to_string();
            let mover = view["side_to_move"].as_u64().unwrap() as usize;
            game.in_flight = Some(mv.clone());
            let body = json!({ "move": mv, "ply": game.acked.len() });
            match http::post(addr, &format!("/api/matches/{}/moves", game.id), Some(&game.tokens[mover]), &body).await {
                Ok(reply) if reply.status == 200 => {
                    game.acked.push(mv);
                    game.in_flight = None;
                    view = reply.json();
                }
                Ok(reply) => panic!("move refused: {} {}", reply.status, reply.body),
                Err(_) => return,
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_game_the_server_comes_back_with_every_accepted_move() {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let dir = std::env::temp_dir().join(format!("tabula-fault-{}-{nanos}", std::process::id()));
    let (mut server, addr) = start_server(&dir);

    let players: Vec<_> = (0..8u64)
        .map(|i| {
            tokio::spawn(async move {
                let mut games = Vec::new();
                play_until_the_server_dies(addr, 0x9E37_79B9 * (i + 1), &mut games).await;
                games
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(700)).await;
    server.kill().unwrap(); // SIGKILL: no chance to tidy up
    server.wait().unwrap();
    let mut games: Vec<Played> = Vec::new();
    for p in players {
        games.extend(p.await.unwrap());
    }
    let moves: usize = games.iter().map(|g| g.acked.len()).sum();
    assert!(moves > 50, "the players made progress before the kill ({moves} moves)");
    assert!(games.iter().any(|g| g.in_flight.is_some()), "some moves were in flight when the server died");

    let (mut server, addr) = start_server(&dir);
    let mut continued = 0;
    for g in &games {
        let view = http::get(addr, &format!("/api/matches/{}", g.id), None).await.unwrap().json();
        let stored: Vec<String> =
            view["history"].as_array().unwrap().iter().map(|h| h["move"].as_str().unwrap().to_string()).collect();
        // Every accepted move is there, in order, once; at most the move in flight was added.
        assert!(stored.starts_with(&g.acked), "{}: stored {stored:?}, accepted {:?}", g.id, g.acked);
        assert!(stored.len() <= g.acked.len() + 1, "{}: stored {stored:?}, accepted {:?}", g.id, g.acked);
        if stored.len() == g.acked.len() + 1 {
            assert_eq!(stored.last(), g.in_flight.as_ref());
        }
        // The stored record reads back to the same moves.
        let record = http::get(addr, &format!("/api/matches/{}/record", g.id), None).await.unwrap().body;
        let read = tabula_server::records::read(&record).unwrap();
        assert_eq!(read[0].moves, stored);
        // And the game goes on.
        if view["result"].is_null() {
            let mover = view["side_to_move"].as_u64().unwrap() as usize;
            let mv = view["moves"][0]["move"].as_str().unwrap();
            let body = json!({ "move": mv, "ply": stored.len() });
            let reply =
                http::post(addr, &format!("/api/matches/{}/moves", g.id), Some(&g.tokens[mover]), &body).await.unwrap();
            assert_eq!(reply.status, 200, "{}", reply.body);
            continued += 1;
        }
    }
    assert!(continued > 0, "some games were still going on");
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
