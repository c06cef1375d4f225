//! The commands that look at one position.

use serde_json::{json, Value};
use std::time::Duration;
use tabula_games::registry;
use tabula_search::{Bounds, PlayerSpec, Progress, Reporter, Slices};

use crate::game_args::GameArgs;

/// Lists the games with their options and levels.
pub fn games() -> Result<(), String> {
    for entry in registry() {
        let info = entry.info();
        println!("{}  —  {}", info.slug, info.name);
        println!("    {}", info.tagline);
        println!("    sides: {} (moves first), {}", info.sides[0], info.sides[1]);
        for o in info.options {
            println!("    --option {}={:<8} {}", o.key, o.default, o.help);
        }
        let levels: Vec<String> = info.levels.iter().map(|l| format!("level:{}", l.key)).collect();
        println!("    levels: {}", levels.join(", "));
    }
    Ok(())
}

/// Prints the position text and drawing, or one JSON object.
pub fn show(args: &GameArgs, as_json: bool) -> Result<(), String> {
    let game = args.build()?;
    let info = game.info();
    if as_json {
        let mut out = json!({
            "game": info.slug,
            "position": game.to_text(),
            "side_to_move": info.sides[game.side_to_move().index()],
            "side_to_move_index": game.side_to_move().index(),
            "legal_moves": game.legal_moves(),
            "result": game.outcome().map(|o| json!({
                "winner": o.winner().map(|s| info.sides[s.index()]),
                "reason": game.outcome_reason(),
            })),
        });
        if let (Value::Object(out), Value::Object(own)) = (&mut out, game.view()) {
            for (k, v) in own {
                out.entry(k).or_insert(v);
            }
        }
        println!("{out}");
    } else {
        println!("{}", game.to_text());
        println!();
        print!("{}", game.drawing());
        match game.outcome() {
            Some(_) => println!("Game over: {}", game.outcome_reason()),
            None => {
                println!("{} to move; legal: {}", info.sides[game.side_to_move().index()], game.legal_moves().join(" "))
            }
        }
    }
    Ok(())
}

/// Prints `depth d count` for each depth.
pub fn perft(args: &GameArgs, depth: u32) -> Result<(), String> {
    let game = args.build()?;
    for d in 1..=depth {
        println!("depth {d} {}", game.perft(d));
    }
    Ok(())
}

/// Prints the legal moves, optionally with the position after each.
pub fn moves(args: &GameArgs, after: bool) -> Result<(), String> {
    let game = args.build()?;
    for mv in game.legal_moves() {
        if after {
            let mut next = game.clone_box();
            next.play_text(&mv).map_err(|e| e.to_string())?;
            println!("{mv}\t{}", next.to_text());
        } else {
            println!("{mv}");
        }
    }
    Ok(())
}

/// Asks a computer player for its move and prints what it found.
/// Each `info` line is what the search had found so far (after an
/// iteration, or with `slice_ms` after a slice: the decision is then thought
/// in slices, see [`Slices`], as in a browser).
pub fn think(args: &GameArgs, player: &str, slice_ms: Option<u64>) -> Result<(), String> {
    let game = args.build()?;
    let spec = PlayerSpec::parse(player, game.info()).map_err(|e| e.to_string())?;
    let mut chooser = game.new_player(&spec, 1);
    let decision = match slice_ms {
        None => {
            chooser.set_bounds(Bounds::default().reporting_to(Reporter::new(print_info)));
            chooser.choose(game.as_ref())
        }
        Some(ms) => Slices::new(&spec, Duration::from_secs(10)).finish(
            chooser.as_mut(),
            game.as_ref(),
            Duration::from_millis(ms),
            print_info,
        ),
    }
    .map_err(|e| e.to_string())?
    .ok_or("the game is over: there is no move to choose")?;
    println!("bestmove {}", decision.mv);
    println!("score {}", decision.score);
    println!("depth {}", decision.depth);
    println!("exact {}", decision.exact);
    println!("nodes {}", decision.nodes);
    println!("time {:.3}", decision.elapsed.as_secs_f64());
    println!("pv {}", decision.pv.join(" "));
    Ok(())
}

/// One `info` line: what a search has found so far.
fn print_info(p: &Progress) {
    let best = p.best.as_deref().unwrap_or("-");
    let counted = if p.playouts { "playouts" } else { "nodes" };
    println!(
        "info depth {} {counted} {} time {} best {best} score {}",
        p.depth,
        p.nodes,
        p.elapsed.as_millis(),
        p.score
    );
}

/// Prints the game's exact-solver report.
pub fn solve(args: &GameArgs, verdict_only: bool, as_json: bool, threads: usize) -> Result<(), String> {
    let game = args.build()?;
    let report = game.solve_report(verdict_only, threads).ok_or_else(|| {
        format!("{} has no exact solver for this position (too big, or not a solvable game)", game.info().name)
    })?;
    if as_json {
        let object: serde_json::Map<String, Value> = report
            .into_iter()
            .map(|(k, v)| {
                let value = v
                    .parse::<i64>()
                    .map(Value::from)
                    .or_else(|_| v.parse::<f64>().map(Value::from))
                    .unwrap_or(Value::String(v));
                (k.to_string(), value)
            })
            .collect();
        println!("{}", Value::Object(object));
    } else {
        for (k, v) in report {
            println!("{k} {v}");
        }
    }
    Ok(())
}
