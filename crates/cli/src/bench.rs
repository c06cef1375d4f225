//! `tabula bench`: how fast each game's rules and the generic engines run.

use std::time::{Duration, Instant};

use tabula_core::Options;
use tabula_games::{find, registry};
use tabula_search::{AnyGame, GameEntry, PlayerSpec};

/// Benchmarks one game or all of them, spending about `seconds` on each figure.
pub fn run(only: Option<&str>, seconds: f64) -> Result<(), String> {
    let entries: Vec<&GameEntry> = match only {
        Some(slug) => vec![find(slug).map_err(|e| e.to_string())?],
        None => registry().iter().collect(),
    };
    let budget = Duration::from_secs_f64(seconds.clamp(0.1, 600.0));
    for entry in entries {
        let game = entry.create(&Options::new()).map_err(|e| e.to_string())?;
        println!("{} (default options)", entry.info().name);
        playouts(game.as_ref(), budget);
        perft(game.as_ref(), budget);
        let depth = alphabeta(game.as_ref(), budget)?;
        mcts(game.as_ref(), budget)?;
        threads(game.as_ref(), depth)?;
        time_limit(game.as_ref())?;
        levels(game.as_ref())?;
        exact_solve(game.as_ref());
    }
    Ok(())
}

fn playouts(game: &dyn AnyGame, budget: Duration) {
    let mut batch = 1000;
    let (mut games, mut moves, mut spent) = (0u64, 0u64, Duration::ZERO);
    let mut seed = 1;
    while spent < budget {
        let (stats, took) = game.random_playouts(batch, seed);
        games += stats.games;
        moves += stats.moves;
        spent += took;
        seed += 1;
        if took < budget / 20 {
            batch *= 2;
        }
    }
    let secs = spent.as_secs_f64();
    println!(
        "  random playouts, 1 thread   {:>12.0} games/s   ({:.0} moves/s, {:.1} moves a game)",
        games as f64 / secs,
        moves as f64 / secs,
        moves as f64 / games as f64
    );
}

fn perft(game: &dyn AnyGame, budget: Duration) {
    let mut depth = 1;
    loop {
        let start = Instant::now();
        let count = game.perft(depth);
        let took = start.elapsed();
        if took * 8 > budget || depth >= 30 || count == 0 {
            println!(
                "  perft {depth}, 1 thread         {:>12.0} leaves/s  ({count} leaves in {:.3} s)",
                count as f64 / took.as_secs_f64().max(1e-9),
                took.as_secs_f64()
            );
            return;
        }
        depth += 1;
    }
}

/// Fixed-depth searches from the start, deeper until one takes a sixth of
/// the budget; returns the depth measured.
fn alphabeta(game: &dyn AnyGame, budget: Duration) -> Result<u32, String> {
    let mut depth = 1;
    loop {
        let spec = PlayerSpec::parse(&format!("ab:depth={depth},hash=64"), game.info()).map_err(|e| e.to_string())?;
        let decision = game.choose(&spec, 1).ok_or("the start position is already over")?;
        let took = decision.elapsed;
        if took * 6 > budget || decision.exact || depth >= 60 {
            println!(
                "  alpha-beta depth {depth}, 1 thread {:>10.0} nodes/s   ({} nodes in {:.3} s, best {}, score {})",
                decision.nodes as f64 / took.as_secs_f64().max(1e-9),
                decision.nodes,
                took.as_secs_f64(),
                decision.mv,
                decision.score
            );
            return Ok(depth);
        }
        depth += 1;
    }
}

fn mcts(game: &dyn AnyGame, budget: Duration) -> Result<(), String> {
    let ms = (budget.as_millis() / 2).max(50);
    let spec = PlayerSpec::parse(&format!("mcts:time={ms}ms"), game.info()).map_err(|e| e.to_string())?;
    let decision = game.choose(&spec, 1).ok_or("the start position is already over")?;
    println!(
        "  MCTS, 1 thread              {:>12.0} iterations/s ({} in {:.3} s, best {})",
        decision.nodes as f64 / decision.elapsed.as_secs_f64().max(1e-9),
        decision.nodes,
        decision.elapsed.as_secs_f64(),
        decision.mv
    );
    Ok(())
}

/// The same fixed-depth search on one and on two threads.
fn threads(game: &dyn AnyGame, depth: u32) -> Result<(), String> {
    let mut times = Vec::new();
    for threads in [1, 2] {
        let spec = PlayerSpec::parse(&format!("ab:depth={},hash=64,threads={threads}", depth + 1), game.info())
            .map_err(|e| e.to_string())?;
        let d = game.choose(&spec, 1).ok_or("the start position is already over")?;
        times.push((d.elapsed.as_secs_f64(), d.nodes));
    }
    println!(
        "  alpha-beta depth {}: 1 thread {:.3} s, 2 threads {:.3} s: {:.2}× faster ({:.0} → {:.0} nodes/s)",
        depth + 1,
        times[0].0,
        times[1].0,
        times[0].0 / times[1].0.max(1e-9),
        times[0].1 as f64 / times[0].0.max(1e-9),
        times[1].1 as f64 / times[1].0.max(1e-9),
    );
    Ok(())
}

/// How closely a time limit is kept: searches from the start and a few
/// positions into the game with 50 ms and 200 ms limits; prints the worst overshoot.
fn time_limit(game: &dyn AnyGame) -> Result<(), String> {
    let mut worst = 0.0f64;
    let mut position = game.clone_box();
    for step in 0..4 {
        for ms in [50u64, 200] {
            let spec = PlayerSpec::parse(&format!("ab:time={ms}ms,hash=16"), game.info()).map_err(|e| e.to_string())?;
            let Some(d) = position.choose(&spec, step) else { break };
            if !d.exact {
                worst = worst.max(d.elapsed.as_secs_f64() * 1000.0 - ms as f64);
            }
        }
        let legal = position.legal_moves();
        let Some(mv) = legal.first() else { break };
        position.play_text(mv).map_err(|e| e.to_string())?;
    }
    println!("  time limit (50 and 200 ms)  worst overshoot {worst:+.1} ms");
    Ok(())
}

/// What each computer level does with its time from the start: its move, the
/// depth its search finished (alpha–beta) or its iterations (MCTS), and how
/// long it took.
fn levels(game: &dyn AnyGame) -> Result<(), String> {
    for level in game.info().levels {
        let spec = PlayerSpec::parse(level.player, game.info()).map_err(|e| e.to_string())?;
        let d = game.choose(&spec, 1).ok_or("the start position is already over")?;
        let work = match spec {
            PlayerSpec::Mcts(_) => format!("{} iterations", d.nodes),
            _ if d.exact => "exact".to_string(),
            _ => format!("depth {}, {} nodes", d.depth, d.nodes),
        };
        println!(
            "  level {:<8} {:>6.3} s  {work}, plays {}   ({})",
            level.key,
            d.elapsed.as_secs_f64(),
            d.mv,
            level.player
        );
    }
    Ok(())
}

/// For games with an exact solver: how long it takes from the start on two
/// threads, the verdict alone and the exact value (the work behind a
/// perfect player's first move). Games without one print nothing.
fn exact_solve(game: &dyn AnyGame) {
    for (verdict_only, what) in [(true, "verdict"), (false, "exact value")] {
        let Some(report) = game.solve_report(verdict_only, 2) else { return };
        let field = |key: &str| report.iter().find(|(k, _)| *k == key).map_or("?", |(_, v)| v.as_str()).to_string();
        let value = if verdict_only { field("verdict") } else { format!("margin {}", field("margin")) };
        println!(
            "  solve from the start, 2 threads, {what:<11} {:>7} s  ({value}, {} nodes)",
            field("time"),
            field("nodes")
        );
    }
}
