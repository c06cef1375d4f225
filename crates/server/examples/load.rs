//! Load benchmark (and fault test) for online play, on loopback only.
//!
//! Starts a Tabula server as a child process (this same program with
//! `--serve`) on a fresh data directory (or, with `--database postgres://…`,
//! a fresh database made on that PostgreSQL server and dropped at the end;
//! with `--servers N`, N servers on it, the tables spread over them as a
//! load balancer would), then runs `--matches` tables at once
//! (default 200). Each table plays online matches back to back: two WebSocket
//! clients, one per seat, each playing random legal moves when it may move,
//! until `--seconds` have passed (default 20). It reports moves per second,
//! the latency from a move sent to the opponent seeing it (p50/p99), and then
//! compares every stored record with what the clients played: no move may be
//! lost or doubled.
//!
//! With `--computers N`, N more tables each play local matches of a person
//! against the computer (`--computer level:medium` by default) over plain
//! HTTP: a random move, then the computer's, whose answer time (p50/p99) and
//! "busy" replies from the compute pool are reported.
//!
//! The benchmark's server lifts the per-client limit on new matches (every
//! table comes from the same address); everything else is as in production.
//!
//! With `--fault`, a server is killed (SIGKILL) halfway through: with one
//! server, it is restarted on the same store and port; with several, the
//! first is not, and its clients go on through the others. The clients
//! reconnect and play on, and every stored game must be intact.
//!
//! ```text
//! cargo run --release -p tabula-server --example load -- --matches 200 --seconds 20
//! cargo run --release -p tabula-server --example load -- --matches 200 --seconds 20 --fault
//! cargo run --release -p tabula-server --example load -- --database postgres://postgres@127.0.0.1:5432/postgres --servers 2 --fault
//! ```

#[path = "../tests/support/http.rs"]
mod http;

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// The bounds: a run never exceeds these, whatever it is asked.
const MAX_MATCHES: usize = 1000;
const MAX_SECONDS: u64 = 600;

struct Args {
    matches: usize,
    seconds: u64,
    game: String,
    fault: bool,
    keep: Option<PathBuf>,
    think_ms: u64,
    computers: usize,
    computer: String,
    database: Option<String>,
    servers: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        matches: 200,
        seconds: 20,
        game: "warp-weft".into(),
        fault: false,
        keep: None,
        think_ms: 0,
        computers: 0,
        computer: "level:medium".into(),
        database: None,
        servers: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--matches" => a.matches = value("--matches")?.parse().map_err(|_| "--matches is a number")?,
            "--seconds" => a.seconds = value("--seconds")?.parse().map_err(|_| "--seconds is a number")?,
            "--game" => a.game = value("--game")?,
            "--keep" => a.keep = Some(PathBuf::from(value("--keep")?)),
            "--computers" => a.computers = value("--computers")?.parse().map_err(|_| "--computers is a number")?,
            "--computer" => a.computer = value("--computer")?,
            "--think" => a.think_ms = value("--think")?.parse().map_err(|_| "--think is milliseconds")?,
            "--fault" => a.fault = true,
            "--database" => a.database = Some(value("--database")?),
            "--servers" => a.servers = value("--servers")?.parse().map_err(|_| "--servers is a number")?,
            "--help" | "-h" => {
                println!("load [--matches N] [--seconds S] [--think MS] [--game SLUG] [--computers N] [--computer SPEC] [--database postgres://…] [--servers N] [--fault] [--keep DATA_DIR]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    a.matches = a.matches.clamp(1, MAX_MATCHES);
    a.computers = a.computers.min(MAX_MATCHES);
    a.seconds = a.seconds.clamp(1, MAX_SECONDS);
    a.think_ms = a.think_ms.min(10_000);
    a.servers = a.servers.clamp(1, 8);
    if a.servers > 1 && a.database.is_none() {
        return Err("several servers share a PostgreSQL database: give --database postgres://…".into());
    }
    Ok(a)
}

/* ---------- The server, as a child process ---------- */

/// Where the servers keep the matches: a data directory, or a PostgreSQL database.
fn store_config(place: &str) -> (Option<PathBuf>, Option<String>) {
    if tabula_server::store::postgres::is_database_url(place) {
        (None, Some(place.to_string()))
    } else {
        (Some(place.into()), None)
    }
}

fn serve_child(place: &str, port: u16) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (data_dir, database) = store_config(place);
    runtime
        .block_on(tabula_server::serve(
            SocketAddr::from(([127, 0, 0, 1], port)),
            tabula_server::Config {
                data_dir,
                database,
                limits: tabula_server::Limits { new_matches: None, ..Default::default() },
                ..Default::default()
            },
            |addr| println!("LISTENING {addr}"),
        ))
        .unwrap();
}

fn start_server(place: &str, port: u16) -> (Child, SocketAddr) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--serve", place, &port.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the benchmark can start its server");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next().expect("the server announces itself").unwrap();
        if let Some((_, addr)) = line.split_once("LISTENING ") {
            break addr.trim().parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines.by_ref() {});
    (child, addr)
}

/* ---------- The players ---------- */

struct Ctx {
    /// The servers; a table plays through one of them, and the next when it stops answering.
    addrs: Vec<SocketAddr>,
    game: String,
    /// Each player thinks a random time up to this before moving.
    think_ms: u64,
    /// No new moves or matches once set.
    stopping: AtomicBool,
    /// Give up waiting for replies once set.
    stopped: AtomicBool,
    latencies: Mutex<Vec<u32>>,
    moves: AtomicU64,
    errors: AtomicU64,
    reconnects: AtomicU64,
    /// When the server came back after the kill.
    restarted_at: Mutex<Option<Instant>>,
    /// The computer's answer times (µs) and its "busy" replies.
    computer_latencies: Mutex<Vec<u32>>,
    computer_busy: AtomicU64,
    computer_errors: AtomicU64,
}

/// What the clients of one match did.
struct GameLog {
    /// When the match was made.
    created: Instant,
    /// The move sent for each ply: (move, which client, when).
    sent: Vec<(String, usize, Instant)>,
    /// The longest history either client saw.
    seen: Vec<String>,
    /// Whether the game ended.
    over: bool,
}

struct Played {
    id: String,
    log: Arc<Mutex<GameLog>>,
}

fn random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

async fn new_match(ctx: &Ctx, addr: SocketAddr) -> std::io::Result<(String, [String; 2])> {
    let body = json!({ "game": ctx.game, "options": {}, "online": { "seat": 0, "name": "load" } });
    let v = http::post(addr, "/api/matches", None, &body).await?.json();
    let id = v["id"].as_str().ok_or_else(|| std::io::Error::other(format!("no match: {v}")))?.to_string();
    let first = v["credentials"]["token"].as_str().unwrap_or_default().to_string();
    let invite = v["credentials"]["invite"].as_str().unwrap_or_default();
    let joined =
        http::post(addr, &format!("/api/matches/{id}/join"), None, &json!({ "invite": invite, "name": "load" }))
            .await?
            .json();
    let second = joined["credentials"]["token"]
        .as_str()
        .ok_or_else(|| std::io::Error::other(format!("no seat: {joined}")))?
        .to_string();
    Ok((id, [first, second]))
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr, id: &str, token: &str) -> Option<Socket> {
    let url = format!("ws://{addr}/api/matches/{id}/live");
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(16 * 1024);
    let connecting = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let (mut ws, _) = tokio::time::timeout(Duration::from_secs(5), connecting).await.ok()?.ok()?;
    ws.send(Message::text(json!({ "type": "hello", "token": token }).to_string())).await.ok()?;
    Some(ws)
}

/// One seat's client: plays a random legal move whenever it may, until the
/// game ends or the run stops; through server `home`, and through the next
/// one whenever a connection fails.
async fn client(
    ctx: Arc<Ctx>,
    id: String,
    token: String,
    me: usize,
    log: Arc<Mutex<GameLog>>,
    mut rng: u64,
    home: usize,
) {
    let mut seen_here = 0usize;
    let mut first_connection = true;
    let mut server = home;
    'connection: loop {
        if ctx.stopped.load(Ordering::Relaxed) {
            return;
        }
        let Some(mut ws) = connect(ctx.addrs[server], &id, &token).await else {
            server = (server + 1) % ctx.addrs.len();
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let reconnected = !first_connection;
        if reconnected {
            ctx.reconnects.fetch_add(1, Ordering::Relaxed);
        }
        first_connection = false;
        let mut fresh = true;
        loop {
            let next = tokio::time::timeout(Duration::from_millis(500), ws.next()).await;
            let msg = match next {
                Err(_) => {
                    let l = log.lock().unwrap();
                    let waiting = l.sent.len() > l.seen.len();
                    if ctx.stopped.load(Ordering::Relaxed)
                        || (ctx.stopping.load(Ordering::Relaxed) && !waiting)
                        || l.over
                    {
                        return;
                    }
                    continue;
                }
                Ok(Some(Ok(Message::Text(t)))) => t,
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_)) | None) => {
                    server = (server + 1) % ctx.addrs.len();
                    continue 'connection;
                }
            };
            let Ok(v) = serde_json::from_str::<Value>(msg.as_str()) else { continue };
            if v["type"] == "error" {
                ctx.errors.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            if v["type"] != "view" {
                continue;
            }
            let view = &v["view"];
            let history: Vec<String> = view["history"]
                .as_array()
                .map(|h| h.iter().filter_map(|x| x["move"].as_str().map(str::to_string)).collect())
                .unwrap_or_default();
            let now = Instant::now();
            let to_send = {
                let mut l = log.lock().unwrap();
                if fresh && reconnected && l.sent.len() > history.len() && l.sent.last().is_some_and(|s| s.1 == me) {
                    // A move sent to a server that died before storing it: it was never accepted.
                    l.sent.truncate(history.len());
                }
                fresh = false;
                for ply in seen_here..history.len() {
                    if let Some((_, sender, at)) = l.sent.get(ply) {
                        if *sender != me {
                            ctx.latencies.lock().unwrap().push(now.duration_since(*at).as_micros() as u32);
                        }
                    }
                }
                seen_here = seen_here.max(history.len());
                if history.len() > l.seen.len() {
                    ctx.moves.fetch_add((history.len() - l.seen.len()) as u64, Ordering::Relaxed);
                    l.seen = history.clone();
                }
                if !view["result"].is_null() {
                    l.over = true;
                    return;
                }
                if ctx.stopping.load(Ordering::Relaxed) {
                    if l.sent.len() <= l.seen.len() {
                        return;
                    }
                    continue;
                }
                let moves = view["moves"].as_array().map(Vec::as_slice).unwrap_or(&[]);
                if view["can_move"] == true && l.sent.len() == history.len() && !moves.is_empty() {
                    let mv =
                        moves[random(&mut rng) as usize % moves.len()]["move"].as_str().unwrap_or_default().to_string();
                    l.sent.push((mv.clone(), me, Instant::now()));
                    Some((mv, history.len()))
                } else {
                    None
                }
            };
            if let Some((mv, ply)) = to_send {
                if ctx.think_ms > 0 {
                    tokio::time::sleep(Duration::from_millis(random(&mut rng) % (ctx.think_ms + 1))).await;
                    // The latency counts from the moment the move leaves, not from when it was chosen.
                    if let Some(entry) = log.lock().unwrap().sent.get_mut(ply) {
                        entry.2 = Instant::now();
                    }
                }
                let out = json!({ "type": "move", "move": mv, "ply": ply }).to_string();
                if ws.send(Message::text(out)).await.is_err() {
                    server = (server + 1) % ctx.addrs.len();
                    continue 'connection;
                }
            }
        }
    }
}

/// One table: matches back to back until the run stops.
async fn table(ctx: Arc<Ctx>, index: u64) -> Vec<Played> {
    let mut played = Vec::new();
    let mut rng = 0x2545_F491_4F6C_DD1D ^ (index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut home = index as usize % ctx.addrs.len();
    while !ctx.stopping.load(Ordering::Relaxed) {
        let (id, tokens) = match new_match(&ctx, ctx.addrs[home]).await {
            Ok(m) => m,
            Err(_) => {
                home = (home + 1) % ctx.addrs.len();
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let log =
            Arc::new(Mutex::new(GameLog { created: Instant::now(), sent: Vec::new(), seen: Vec::new(), over: false }));
        let [t0, t1] = tokens;
        // The two players of a table are on different servers when there are several.
        let a = client(ctx.clone(), id.clone(), t0, 0, log.clone(), random(&mut rng), home);
        let b = client(ctx.clone(), id.clone(), t1, 1, log.clone(), random(&mut rng), (home + 1) % ctx.addrs.len());
        tokio::join!(a, b);
        played.push(Played { id, log });
    }
    played
}

/// CPU seconds (user + system) a process has used so far, from /proc (Linux).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Plays local matches of a person (random moves) against the computer until the run ends.
async fn computer_table(ctx: Arc<Ctx>, computer: String, seed: u64) {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while !ctx.stopping.load(Ordering::Relaxed) {
        let body = json!({ "game": ctx.game, "players": ["human", computer] });
        let addr = ctx.addrs[seed as usize % ctx.addrs.len()];
        let Ok(reply) = http::post(addr, "/api/matches", None, &body).await else { return };
        let mut view = reply.json();
        let Some(id) = view["id"].as_str().map(str::to_string) else {
            ctx.computer_errors.fetch_add(1, Ordering::Relaxed);
            return;
        };
        while view["result"].is_null() && !ctx.stopping.load(Ordering::Relaxed) {
            let reply = if view["computer_to_move"] == true {
                let asked = Instant::now();
                let reply = http::post(addr, &format!("/api/matches/{id}/computer-move"), None, &json!({})).await;
                if let Ok(r) = &reply {
                    match r.status {
                        200 => ctx.computer_latencies.lock().unwrap().push(asked.elapsed().as_micros() as u32),
                        503 => {
                            ctx.computer_busy.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            continue;
                        }
                        _ => {}
                    }
                }
                reply
            } else {
                let moves = view["moves"].as_array().cloned().unwrap_or_default();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[random(&mut rng) as usize % moves.len()]["move"].clone();
                http::post(addr, &format!("/api/matches/{id}/moves"), None, &json!({ "move": mv })).await
            };
            match reply {
                Ok(r) if r.status == 200 => view = r.json(),
                _ => {
                    ctx.computer_errors.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
        }
    }
}

/// Makes the database `name` on the PostgreSQL server of `url`; returns its address and name.
async fn fresh_database(url: &str, name: &str) -> Result<(String, String), String> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.map_err(|e| e.to_string())?;
    let (head, _) = url.split_once('?').unwrap_or((url, ""));
    let cut = head.find("://").map_or(0, |i| i + 3);
    let host_end = head[cut..].find('/').map_or(head.len(), |i| cut + i);
    Ok((format!("{}/{name}", &head[..host_end]), name.to_string()))
}

async fn drop_database(url: &str, name: &str) -> Result<(), String> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.map_err(|e| e.to_string())
}

fn redact(url: &str) -> String {
    tabula_server::store::postgres::redact(url)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("--serve") {
        serve_child(&argv[2], argv[3].parse().unwrap());
        return;
    }
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = args
        .keep
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("tabula-load-{}-{nanos}", std::process::id())));
    let database = args.database.as_ref().map(|url| {
        let name = format!("tabula_load_{}_{}", std::process::id(), nanos % 1_000_000);
        runtime.block_on(fresh_database(url, &name)).unwrap_or_else(|e| {
            eprintln!("error: cannot make a database for the run on {}: {e}", redact(url));
            std::process::exit(2);
        })
    });
    let place = match &database {
        Some((url, _)) => url.clone(),
        None => dir.to_string_lossy().into_owned(),
    };
    let mut servers: Vec<(Child, SocketAddr)> = (0..args.servers).map(|_| start_server(&place, 0)).collect();
    let addrs: Vec<SocketAddr> = servers.iter().map(|(_, a)| *a).collect();
    let addr = *addrs.last().unwrap();
    println!(
        "Tabula load: {} online matches at once, 2 WebSocket clients each, {} s{}, {} at {addrs:?}, matches in {}",
        args.matches,
        args.seconds,
        if args.fault { ", killing a server halfway" } else { "" },
        if args.servers == 1 { "server".to_string() } else { format!("{} servers", args.servers) },
        match &database {
            Some((url, _)) => redact(url),
            None => dir.display().to_string(),
        }
    );
    let ctx = Arc::new(Ctx {
        addrs: addrs.clone(),
        game: args.game.clone(),
        think_ms: args.think_ms,
        stopping: AtomicBool::new(false),
        stopped: AtomicBool::new(false),
        latencies: Mutex::new(Vec::new()),
        moves: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        reconnects: AtomicU64::new(0),
        restarted_at: Mutex::new(None),
        computer_latencies: Mutex::new(Vec::new()),
        computer_busy: AtomicU64::new(0),
        computer_errors: AtomicU64::new(0),
    });

    let start = Instant::now();
    let (games, elapsed, kill_report, cpu) = runtime.block_on(async {
        let tables: Vec<_> = (0..args.matches as u64).map(|i| tokio::spawn(table(ctx.clone(), i))).collect();
        let computer_tables: Vec<_> = (0..args.computers as u64)
            .map(|i| tokio::spawn(computer_table(ctx.clone(), args.computer.clone(), i)))
            .collect();
        let mut kill_report = None;
        if args.fault {
            tokio::time::sleep(Duration::from_secs(args.seconds) / 2).await;
            let before = ctx.moves.load(Ordering::Relaxed);
            let (victim, victim_addr) = &mut servers[0];
            victim.kill().unwrap();
            victim.wait().unwrap();
            let killed_at = Instant::now();
            if args.servers == 1 {
                let (again, new_addr) = start_server(&place, victim_addr.port());
                assert_eq!(new_addr, *victim_addr, "the server comes back on the same port");
                servers[0].0 = again;
            } else {
                // The others take its players over; it stays down.
                servers.remove(0);
            }
            *ctx.restarted_at.lock().unwrap() = Some(Instant::now());
            kill_report = Some((before, killed_at.elapsed()));
            tokio::time::sleep(Duration::from_secs(args.seconds) - Duration::from_secs(args.seconds) / 2).await;
        } else {
            tokio::time::sleep(Duration::from_secs(args.seconds)).await;
        }
        ctx.stopping.store(true, Ordering::Relaxed);
        let elapsed = start.elapsed();
        let server_cpu = servers.iter().map(|(child, _)| cpu_seconds(&child.id().to_string())).sum::<Option<f64>>();
        let cpu = (server_cpu, cpu_seconds("self"));
        let stop = ctx.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(10)).await;
            stop.stopped.store(true, Ordering::Relaxed);
        });
        let mut games = Vec::new();
        for t in tables {
            games.extend(t.await.unwrap());
        }
        for t in computer_tables {
            t.await.unwrap();
        }
        (games, elapsed, kill_report, cpu)
    });

    // Compare every stored record with what the clients played.
    let (mut lost, mut doubled, mut unreadable, mut checked, mut finished, mut continued) =
        (0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    let mut ids = HashSet::new();
    runtime.block_on(async {
        for g in &games {
            ids.insert(g.id.clone());
            let (sent, seen, over, created) = {
                let l = g.log.lock().unwrap();
                (l.sent.clone(), l.seen.clone(), l.over, l.created)
            };
            let record = match http::get(addr, &format!("/api/matches/{}/record", g.id), None).await {
                Ok(r) if r.status == 200 => r.body,
                _ => {
                    unreadable += 1;
                    continue;
                }
            };
            let stored = match tabula_server::records::read(&record) {
                Ok(mut recs) => recs.remove(0).moves,
                Err(e) => {
                    eprintln!("{}: the stored record does not read back: {e}", g.id);
                    unreadable += 1;
                    continue;
                }
            };
            checked += 1;
            if over {
                finished += 1;
            }
            // Lost: a move a client saw accepted that the store does not have.
            lost += seen.iter().enumerate().filter(|(i, mv)| stored.get(*i) != Some(*mv)).count();
            // Doubled (or invented): a stored move that no client sent for that ply.
            doubled += stored.iter().enumerate().filter(|(i, mv)| sent.get(*i).map(|s| &s.0) != Some(*mv)).count();
            // A game that was under way at the kill and got moves after the restart went on.
            if let Some(back) = *ctx.restarted_at.lock().unwrap() {
                if created < back && sent.iter().any(|(_, _, at)| *at > back) && stored.len() == sent.len() {
                    continued += 1;
                }
            }
        }
    });
    for (server, _) in &mut servers {
        let _ = server.kill();
        let _ = server.wait();
    }
    if let (Some((_, name)), Some(base)) = (&database, &args.database) {
        if args.keep.is_none() {
            if let Err(e) = runtime.block_on(drop_database(base, name)) {
                eprintln!("could not drop the run's database {name}: {e}");
            }
        }
    }

    let mut lat = ctx.latencies.lock().unwrap().clone();
    lat.sort_unstable();
    let moves = ctx.moves.load(Ordering::Relaxed);
    println!();
    println!(
        "matches played      {} ({} finished, {} cut off by the end of the run)",
        games.len(),
        finished,
        games.len() - finished
    );
    println!(
        "moves               {moves} in {:.1} s: {:.0} moves/s",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency, move sent → opponent sees it: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len()
    );
    println!("refused messages    {}", ctx.errors.load(Ordering::Relaxed));
    if args.computers > 0 {
        let mut clat = ctx.computer_latencies.lock().unwrap().clone();
        clat.sort_unstable();
        println!(
            "computer moves      {} ({}) at {} tables: answered in p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; {} busy, {} other errors",
            clat.len(),
            args.computer,
            args.computers,
            percentile(&clat, 0.5),
            percentile(&clat, 0.99),
            percentile(&clat, 1.0),
            ctx.computer_busy.load(Ordering::Relaxed),
            ctx.computer_errors.load(Ordering::Relaxed)
        );
    }
    if let (Some(server_cpu), Some(client_cpu)) = cpu {
        println!(
            "CPU                 server {server_cpu:.1} s{}, clients {client_cpu:.1} s",
            if kill_report.is_some() && args.servers == 1 { " (since the restart)" } else { "" }
        );
    }
    if let Some((before, down)) = kill_report {
        if args.servers == 1 {
            println!(
                "fault               server killed (SIGKILL) after {before} moves, back in {:.0} ms; {} reconnections; {} games went on after the restart",
                down.as_secs_f64() * 1000.0,
                ctx.reconnects.load(Ordering::Relaxed),
                continued
            );
        } else {
            println!(
                "fault               server 1 of {} killed (SIGKILL) after {before} moves and left down; {} reconnections; {} games went on through the others",
                args.servers,
                ctx.reconnects.load(Ordering::Relaxed),
                continued
            );
        }
    }
    println!("records checked     {checked} of {} ({} unreadable)", ids.len(), unreadable);
    println!("moves lost          {lost}");
    println!("moves doubled       {doubled}");
    if args.keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    if lost + doubled + unreadable > 0 {
        std::process::exit(1);
    }
}
