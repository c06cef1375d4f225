//! Speed of the Warp & Weft exact solver over several boards: the exact
//! margin eight moves into the game, and the win/loss verdict from the
//! opening. Medians of nodes and seconds.
//!
//! `cargo run --release -p tabula-games --example warp_weft_solver -- [boards] [from=1] [plies=8] [threads=1] [mib=256] [opening] [vmib=2048] [vplies=0]`
//! (`opening` also times the verdict from the first move, seconds a board;
//! `vplies=K` asks for it K moves in instead, a quicker yardstick when comparing ideas).

use std::time::Instant;

use rand_core::SeedableRng;
use tabula_core::{Evaluate, Game, Options, SeededRng};
use tabula_games::warp_weft::{Solver, WarpWeft};
use tabula_search::greedy_move;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let opening = args.iter().any(|a| a == "opening");
    let threads: usize = args.iter().find_map(|a| a.strip_prefix("threads=")).and_then(|v| v.parse().ok()).unwrap_or(1);
    let mib: usize = args.iter().find_map(|a| a.strip_prefix("mib=")).and_then(|v| v.parse().ok()).unwrap_or(256);
    let from: u64 = args.iter().find_map(|a| a.strip_prefix("from=")).and_then(|v| v.parse().ok()).unwrap_or(1);
    let verdict_mib: usize =
        args.iter().find_map(|a| a.strip_prefix("vmib=")).and_then(|v| v.parse().ok()).unwrap_or(2048);
    let plies: usize = args.iter().find_map(|a| a.strip_prefix("plies=")).and_then(|v| v.parse().ok()).unwrap_or(8);
    let verdict_plies: usize =
        args.iter().find_map(|a| a.strip_prefix("vplies=")).and_then(|v| v.parse().ok()).unwrap_or(0);
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    let (mut vtimes, mut vnodes) = (Vec::new(), Vec::new());
    for seed in from..from + boards {
        let start_pos = WarpWeft::new(&Options::from_pairs(&[format!("seed={seed}")]).unwrap()).unwrap();
        // The greedy game's positions, move by move.
        let mut line = Vec::new();
        let mut positions = vec![start_pos.clone()];
        let mut rng = SeededRng::seed_from_u64(seed);
        for _ in 0..plies.max(verdict_plies) {
            let mut pos = positions.last().unwrap().clone();
            if let Some((mv, _)) = greedy_move(&pos, 4, &mut rng) {
                line.push(pos.format_move(mv));
                pos.play(mv);
            }
            positions.push(pos);
        }
        let pos = positions[plies].clone();
        let verdict_pos = positions[verdict_plies].clone();
        if args.iter().any(|a| a == "moves") {
            println!("board {seed:>3}: moves {}", line.join(" "));
        }
        let clock = Instant::now();
        let mut solver = Solver::new(&pos, mib).unwrap();
        solver.set_threads(threads);
        let exact = solver.solve(&pos, 0, None).unwrap();
        let took = clock.elapsed().as_secs_f64();
        println!(
            "board {seed:>3}: {plies} moves in, margin {:+} for the mover, best {}, {} nodes, {:.3} s ({:.1} M nodes/s)",
            exact.margin,
            pos.format_move(exact.best.unwrap()),
            solver.nodes(),
            took,
            solver.nodes() as f64 / took / 1e6
        );
        times.push(took);
        nodes.push(solver.nodes() as f64);
        if opening {
            let clock = Instant::now();
            let mut solver = Solver::new(&verdict_pos, verdict_mib).unwrap();
            solver.set_threads(threads);
            // The mover wins iff its future margin beats the lead it concedes (komi included):
            // from the start, Weft with komi 4.5 needs at least 5.
            let wins = solver.at_least(&verdict_pos, (-verdict_pos.evaluate()).div_euclid(2) + 1, None).unwrap();
            let took = clock.elapsed().as_secs_f64();
            let winner = if wins == verdict_plies.is_multiple_of(2) { "Weft" } else { "Warp" };
            println!(
                "board {seed:>3}: verdict {verdict_plies} moves in: {winner} in {:.1} s, {} nodes",
                took,
                solver.nodes()
            );
            vtimes.push(took);
            vnodes.push(solver.nodes() as f64);
        }
    }
    println!("median over {boards} boards, {plies} moves in: {:.3} s, {:.0} nodes", median(times), median(nodes));
    if opening {
        println!("median verdict {verdict_plies} moves in: {:.1} s, {:.0} nodes", median(vtimes), median(vnodes));
    }
}
