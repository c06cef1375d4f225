//! The evaluation graph of a match: the engine looks at every position of the
//! game for a moment, and the moves after which the mover's outlook fell the
//! most are marked as mistakes. Game-independent: it only uses `AnyGame`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tabula_core::{PROVEN, WIN_SCORE};
use tabula_search::{AnyGame, Bounds, PlayerSpec};

/// How long the whole analysis should take, spread over the positions.
const BUDGET_MS: u64 = 2_500;
/// The least and most time for one position.
const MIN_PLY_MS: u64 = 15;
const MAX_PLY_MS: u64 = 120;
/// The longest game analysed (later moves are left out).
pub const MAX_PLIES: usize = 600;
/// A fall in the mover's outlook (on the −1…1 scale) that counts as a mistake.
const MISTAKE_DROP: f64 = 0.25;

/// The table of the analysing engine, in MiB.
pub const TABLE_MIB: usize = 16;

/// The engine used for `plies` positions.
pub fn engine_spec(plies: usize) -> String {
    let per_ply = (BUDGET_MS / plies.max(1) as u64).clamp(MIN_PLY_MS, MAX_PLY_MS);
    format!("ab:time={per_ply}ms,hash={TABLE_MIB}")
}

/// Evaluates each position of a game: `start` is its first position, `moves`
/// the moves in notation. Scores are from the first seat's point of view.
/// Setting `cancel` stops it (with an error) when nobody waits for it any more.
pub fn analyse(start: Box<dyn AnyGame>, moves: &[String], cancel: &Arc<AtomicBool>) -> Result<Value, String> {
    let moves = &moves[..moves.len().min(MAX_PLIES)];
    let info = start.info();
    let spec_text = engine_spec(moves.len() + 1);
    let spec = PlayerSpec::parse(&spec_text, info).map_err(|e| e.to_string())?;
    let mut player = start.new_player(&spec, 0x7AB_u64);
    player.set_bounds(Bounds::within(Duration::from_millis(MAX_PLY_MS)).cancelled_by(Arc::clone(cancel)));
    let mut game = start;
    let mut evals: Vec<(i64, bool)> = Vec::with_capacity(moves.len() + 1);
    let mut sides = Vec::with_capacity(moves.len());
    for i in 0..=moves.len() {
        if cancel.load(Ordering::Relaxed) {
            return Err("the analysis was cancelled: nobody waits for it any more".into());
        }
        let first_view = |score: i64, mover: usize| if mover == 0 { score } else { -score };
        let mover = game.side_to_move().index();
        let eval = match game.outcome() {
            Some(outcome) => {
                let score = match outcome.winner() {
                    Some(w) if w.index() == 0 => WIN_SCORE as i64,
                    Some(_) => -(WIN_SCORE as i64),
                    None => 0,
                };
                (score, true)
            }
            None => match player.choose(game.as_ref()).map_err(|e| e.to_string())? {
                Some(d) => (first_view(d.score as i64, mover), d.score.abs() >= PROVEN),
                None => (0, false),
            },
        };
        evals.push(eval);
        if i < moves.len() {
            sides.push(mover);
            game.play_text(&moves[i])
                .map_err(|e| format!("move {} ('{}') cannot be replayed: {e}", i + 1, moves[i]))?;
        }
    }
    Ok(summarise(&evals, &sides, moves, &spec_text))
}

/// Turns raw scores into the graph (−1…1, first seat up) and picks the mistakes.
pub fn summarise(evals: &[(i64, bool)], sides: &[usize], moves: &[String], engine: &str) -> Value {
    // The scale of "a lot" differs per game: take it from the game itself.
    let mut sizes: Vec<f64> =
        evals.iter().filter(|(s, proven)| !proven && *s != 0).map(|(s, _)| (*s as f64).abs()).collect();
    sizes.sort_by(f64::total_cmp);
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(1.0);
    let scale = (2.0 * median).max(1.0);
    let graph: Vec<f64> = evals
        .iter()
        .map(|&(s, proven)| if proven { (s.signum()) as f64 } else { (s as f64 / scale).tanh() })
        .map(|g| (g * 1000.0).round() / 1000.0)
        .collect();
    let mut drops: Vec<(usize, f64)> = sides
        .iter()
        .enumerate()
        .map(|(i, &mover)| {
            let (before, after) = (graph[i], graph[i + 1]);
            (i, if mover == 0 { before - after } else { after - before })
        })
        .filter(|&(_, d)| d >= MISTAKE_DROP)
        .collect();
    drops.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    drops.truncate((moves.len() / 8).max(2));
    drops.sort_by_key(|&(i, _)| i);
    let mistakes: Vec<Value> = drops
        .iter()
        .map(|&(i, d)| json!({ "ply": i, "move": moves[i], "side": sides[i], "drop": (d * 1000.0).round() / 1000.0 }))
        .collect();
    json!({
        "plies": moves.len(),
        "engine": engine,
        "scale": scale,
        "evals": evals.iter().map(|&(s, proven)| json!({ "score": s, "proven": proven })).collect::<Vec<_>>(),
        "graph": graph,
        "mistakes": mistakes,
    })
}

/// How long an analysis of `plies` moves may take, at most.
pub fn max_duration(plies: usize) -> Duration {
    Duration::from_millis(MAX_PLY_MS * (plies.min(MAX_PLIES) as u64 + 1) + 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_biggest_falls_of_the_movers_outlook_are_mistakes() {
        let moves: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        // First seat moves at plies 0 and 2, second at 1 and 3.
        // The first seat throws away 40 points, then the second seat throws away the game.
        let evals = [(0, false), (-40, false), (-39, false), (-38, false), (WIN_SCORE as i64, true)];
        let v = summarise(&evals, &[0, 1, 0, 1], &moves, "test");
        let graph: Vec<f64> = v["graph"].as_array().unwrap().iter().map(|g| g.as_f64().unwrap()).collect();
        assert_eq!(graph.len(), 5);
        assert_eq!(graph[4], 1.0);
        assert!(graph[1] < -0.4);
        let marked: Vec<u64> = v["mistakes"].as_array().unwrap().iter().map(|m| m["ply"].as_u64().unwrap()).collect();
        assert_eq!(marked, [0, 3], "the two falls are marked, the small wobbles are not");
        assert_eq!(v["mistakes"][1]["side"], 1);
    }
}
