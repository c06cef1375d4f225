//! Leeward's move generator and search against the clock.
//!
//! ```text
//! cargo run --release -p tabula-games --example leeward_perft -- [BULK_DEPTH] [MADE_DEPTH] [SEARCH_SECONDS]
//! ```
//!
//! Prints perft from the start position for depths 1..=BULK_DEPTH (default 6)
//! counting the last ply without playing it, then again for MADE_DEPTH
//! (default 5) playing and taking back every leaf move, with leaves per second;
//! then the alpha–beta searcher's nodes per second with the full evaluation
//! on the start position and on a middle-game position (SEARCH_SECONDS each,
//! default 5), with the levels' default 16 MiB table and with a 1 MiB one
//! (which stays in the processor's cache: the difference is memory latency).

use std::time::{Duration, Instant};

use tabula_core::Game;
use tabula_games::leeward::{Leeward, LeewardMove};
use tabula_search::{perft, AlphaBeta, SearchLimits};

/// Perft that plays every move, the last ply included, and folds every
/// leaf's hash into a checksum so none of the work can be skipped.
fn perft_made(pos: &mut Leeward, depth: u32, buffers: &mut [Vec<LeewardMove>], checksum: &mut u64) -> u64 {
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.legal_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.play(mv);
        total += if depth == 1 {
            *checksum ^= pos.hash();
            1
        } else {
            perft_made(pos, depth - 1, rest, checksum)
        };
        pos.undo(mv);
    }
    total
}

/// This thread's processor time so far, where Linux tells it: on a busy
/// machine wall-clock rates undersell the code, so searches report both.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which ends with ')'): utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn rate(count: u64, elapsed: Duration) -> String {
    format!("{:.1} M/s", count as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6)
}

/// A middle-game position: sixteen plies from the start, each the legal
/// move at a fixed spread of places in the move list.
fn middle_game() -> Leeward {
    let mut pos = Leeward::start();
    let mut moves = Vec::new();
    for ply in 0..16 {
        moves.clear();
        pos.legal_moves(&mut moves);
        pos.play(moves[(ply * 37 + 11) % moves.len()]);
    }
    pos
}

fn search(name: &str, pos: &Leeward, seconds: f64, table_mib: usize) {
    let mut searcher = AlphaBeta::<Leeward>::new(table_mib);
    let limits = SearchLimits { depth: 100, time: Some(Duration::from_secs_f64(seconds)), min_depth: 0, nodes: None };
    let cpu_before = thread_cpu_time();
    let result = searcher.search(pos, limits);
    let cpu = thread_cpu_time().zip(cpu_before).map(|(after, before)| after.saturating_sub(before));
    let best = result.best.map(|m| pos.format_move(m)).unwrap_or_default();
    let per_cpu = cpu.map(|c| format!(", {} per processor second", rate(result.nodes, c))).unwrap_or_default();
    println!(
        "alpha-beta {name:<12} {table_mib:>3} MiB table  depth {:>2}  {:>11} nodes in {:>5.2} s  {:>9}{per_cpu}  best {best} score {}",
        result.depth,
        result.nodes,
        result.elapsed.as_secs_f64(),
        rate(result.nodes, result.elapsed),
        result.score
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: f64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (bulk_depth, made_depth, seconds) = (arg(0, 6.0) as u32, arg(1, 5.0) as u32, arg(2, 5.0));

    let start = Leeward::start();
    println!("perft from the start, last ply counted in bulk:");
    for depth in 1..=bulk_depth {
        let t = Instant::now();
        let n = perft(&mut start.clone(), depth);
        let elapsed = t.elapsed();
        println!("  depth {depth}: {n:>14} leaves  {:>8.3} s  {:>12}", elapsed.as_secs_f64(), rate(n, elapsed));
    }
    println!("perft from the start, every leaf move played:");
    for depth in (made_depth.max(1) - 1).max(1)..=made_depth {
        let mut buffers: Vec<Vec<LeewardMove>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        let mut checksum = 0;
        let t = Instant::now();
        let n = perft_made(&mut start.clone(), depth, &mut buffers, &mut checksum);
        let elapsed = t.elapsed();
        println!(
            "  depth {depth}: {n:>14} leaves  {:>8.3} s  {:>12}  (checksum {checksum:016x})",
            elapsed.as_secs_f64(),
            rate(n, elapsed)
        );
    }
    if seconds > 0.0 {
        for table_mib in [16, 1] {
            search("start", &start, seconds, table_mib);
            search("middle game", &middle_game(), seconds, table_mib);
        }
    }
}
