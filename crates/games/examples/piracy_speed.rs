//! How fast Piracy's rules run: random playouts and perft.
//!
//! ```text
//! cargo run --release -p tabula-games --example piracy_speed -- [SECONDS] [PERFT_DEPTH]
//! ```
//!
//! Prints random playouts a second on one thread (whole games from the
//! start, through the generic `random_playout` the engines use), then perft
//! from the start for depths 1..=PERFT_DEPTH (default 12) with the last ply
//! counted in bulk, then the deepest depth again with every leaf move
//! played and taken back, with leaves a second.

use std::time::{Duration, Instant};

use tabula_core::{seeded_rng, Game, Outcome, Side};
use tabula_games::piracy::{Piracy, PiracyMove};
use tabula_search::{perft, random_playout};

/// Perft that plays every move, the last ply included, and folds every
/// leaf's bow squares into a checksum so none of the work can be skipped.
fn perft_made(pos: &mut Piracy, depth: u32, buffers: &mut [Vec<PiracyMove>], checksum: &mut u64) -> u64 {
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.legal_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.play(mv);
        total += if depth == 1 {
            *checksum = checksum.rotate_left(5)
                ^ (pos.ship(Side::First).bow() as u64)
                ^ ((pos.ship(Side::Second).bow() as u64) << 8);
            1
        } else {
            perft_made(pos, depth - 1, rest, checksum)
        };
        pos.undo(mv);
    }
    total
}

fn rate(count: u64, elapsed: Duration) -> String {
    format!("{:.2} M/s", count as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(3.0);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let start = Piracy::start(4);

    let mut rng = seeded_rng(7);
    let mut buffer = Vec::with_capacity(8);
    let (mut games, mut moves, mut wins, mut draws) = (0u64, 0u64, [0u64; 2], 0u64);
    let budget = Duration::from_secs_f64(seconds);
    let t = Instant::now();
    while t.elapsed() < budget {
        for _ in 0..10_000 {
            let mut pos = start;
            let (outcome, length) = random_playout(&mut pos, &mut rng, 10_000, &mut buffer);
            games += 1;
            moves += length as u64;
            match outcome {
                Some(Outcome::Win(side)) => wins[side.index()] += 1,
                _ => draws += 1,
            }
        }
    }
    let elapsed = t.elapsed();
    println!(
        "random playouts, 1 thread: {games} games in {:.2} s = {} games ({} moves, {:.1} moves a game; Cook {:.1}% Silver {:.1}% draws {:.1}%)",
        elapsed.as_secs_f64(),
        rate(games, elapsed),
        rate(moves, elapsed),
        moves as f64 / games as f64,
        100.0 * wins[0] as f64 / games as f64,
        100.0 * wins[1] as f64 / games as f64,
        100.0 * draws as f64 / games as f64,
    );

    println!("perft from the start (island d4), last ply counted in bulk:");
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&mut start.clone(), d);
        let elapsed = t.elapsed();
        println!("  depth {d:>2}: {n:>14} leaves  {:>8.3} s  {:>12}", elapsed.as_secs_f64(), rate(n, elapsed));
    }
    let mut buffers: Vec<Vec<PiracyMove>> = (0..depth).map(|_| Vec::with_capacity(8)).collect();
    let mut checksum = 0;
    let t = Instant::now();
    let n = perft_made(&mut start.clone(), depth, &mut buffers, &mut checksum);
    let elapsed = t.elapsed();
    println!(
        "perft {depth} with every leaf move played: {n} leaves  {:.3} s  {}  (checksum {checksum:016x})",
        elapsed.as_secs_f64(),
        rate(n, elapsed)
    );
}
