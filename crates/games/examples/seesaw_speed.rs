//! Random Seesaw games on one thread: playouts and complete turns per second
//! on the base-4 and base-5 boards (the speed asked for: 10 million turns a
//! second on base 4, 7 million on base 5), or on the bases named after the
//! seconds.
//!
//! `cargo run --release -p tabula-games --example seesaw_speed [seconds] [base…]`
//!
//! With `games=N` in place of the seconds it plays exactly N games a board
//! from a fixed seed, the same work every run: what an instruction count
//! (`valgrind --tool=cachegrind --branch-sim=yes`) compares between builds.

use std::time::{Duration, Instant};

use tabula_core::{seeded_rng, Outcome};
use tabula_games::seesaw::Seesaw;
use tabula_search::random_playout;

/// Games longer than this are cut off (and counted apart).
const CAP: usize = 10_000;

fn main() {
    let first = std::env::args().nth(1).unwrap_or_default();
    let fixed: Option<u64> = first.strip_prefix("games=").and_then(|n| n.parse().ok());
    let seconds: f64 = first.parse().unwrap_or(3.0);
    let mut bases: Vec<usize> = std::env::args().skip(2).filter_map(|s| s.parse().ok()).collect();
    if bases.is_empty() {
        bases = vec![4, 5];
    }
    match fixed {
        Some(n) => println!("one thread, uniform random turns, games cut at {CAP} turns, {n} games per board"),
        None => println!("one thread, uniform random turns, games cut at {CAP} turns, {seconds} s per board"),
    }
    for base in bases {
        let start = Seesaw::with_base(base).unwrap();
        let mut rng = seeded_rng(base as u64);
        let mut moves = Vec::with_capacity(256);
        let (mut games, mut turns, mut capped, mut wins, mut draws) = (0u64, 0u64, 0u64, [0u64; 2], 0u64);
        let began = Instant::now();
        let budget = Duration::from_secs_f64(seconds);
        let batch = fixed.unwrap_or(64);
        while games == 0 || fixed.is_none() && began.elapsed() < budget {
            for _ in 0..batch {
                let mut pos = start.clone();
                let (outcome, length) = random_playout(&mut pos, &mut rng, CAP, &mut moves);
                games += 1;
                turns += length as u64;
                match outcome {
                    Some(Outcome::Win(side)) => wins[side.index()] += 1,
                    Some(Outcome::Draw) => draws += 1,
                    None => capped += 1,
                }
            }
        }
        let elapsed = began.elapsed().as_secs_f64();
        println!(
            "base {base}: {:>9.0} playouts/s  {:>6.2} M turns/s  ({games} games, {:.1} turns a game; South {} North {} drawn {draws} cut {capped})",
            games as f64 / elapsed,
            turns as f64 / elapsed / 1e6,
            turns as f64 / games as f64,
            wins[0],
            wins[1],
        );
    }
}
