//! The design note's table, measured with Tabula's own players on Tabula's
//! board generator: Weft's win rate with and without komi at several
//! depths, how much deeper search pays, the first-move edge in points, and
//! how many cells are left unused at the end. Printed beside the note's figures.

use rayon::prelude::*;
use serde_json::{json, Value};
use tabula_core::{zobrist::splitmix64, Error, Game, Options, Outcome, Side};
use tabula_search::{GameResult, Player, PlayerSpec, StudyRequest, Summary};

use super::rules::{Axis, WarpWeft};

/// How big a study to run.
#[derive(Debug, Clone, Copy)]
pub struct StudySize {
    /// Boards per self-play row (the note used 300).
    pub games: u64,
    /// Boards for the Hard-vs-depth-4 row, two games each (the note used 80 games).
    pub hard_games: u64,
    /// Threads.
    pub threads: usize,
    /// Seed for the boards.
    pub seed: u64,
}

/// One finished game: final points (komi excluded), who won, cells left.
struct Played {
    weft_points: i32,
    warp_points: i32,
    winner: Option<Axis>,
    unused: u32,
}

fn board(seed: u64, i: u64, komi: &str) -> Result<WarpWeft, Error> {
    let number = splitmix64(seed ^ splitmix64(i)) % 1_000_000_000;
    WarpWeft::new(&Options::from_pairs(&[format!("seed={number}"), format!("komi={komi}")])?)
}

fn play(mut pos: WarpWeft, weft: &PlayerSpec, warp: &PlayerSpec, seed: u64) -> Result<Played, Error> {
    let mut players =
        [Player::<WarpWeft>::new(weft.clone(), seed), Player::<WarpWeft>::new(warp.clone(), seed ^ 0x5555)];
    while pos.outcome().is_none() {
        let seat = pos.side_to_move().index();
        let result =
            players[seat].choose(&pos)?.ok_or_else(|| Error::BadPlayer("no move in an unfinished game".into()))?;
        pos.play(result.best.expect("a move"));
    }
    let unused = (0..pos.cells()).filter(|&c| !pos.is_used(c)).count() as u32;
    let winner = match pos.outcome() {
        Some(Outcome::Win(side)) => Some(pos.axis_of(side)),
        _ => None,
    };
    Ok(Played { weft_points: pos.points(Axis::Weft), warp_points: pos.points(Axis::Warp), winner, unused })
}

fn spec(text: &str) -> Result<PlayerSpec, Error> {
    PlayerSpec::parse(text, WarpWeft::info())
}

/// Self-play of one player on `games` boards.
fn self_play(size: &StudySize, player: &str, komi: &str) -> Result<Vec<Played>, Error> {
    let p = spec(player)?;
    (0..size.games).into_par_iter().map(|i| play(board(size.seed, i, komi)?, &p, &p, i)).collect()
}

/// A against B on `boards` boards, each twice with sides swapped.
fn duel(size: &StudySize, a: &str, b: &str, boards: u64) -> Result<Summary, Error> {
    let (pa, pb) = (spec(a)?, spec(b)?);
    let results: Vec<GameResult> = (0..boards)
        .into_par_iter()
        .map(|i| -> Result<Vec<GameResult>, Error> {
            let mut out = Vec::new();
            for a_is_weft in [true, false] {
                let pos = board(size.seed ^ 0xD0E1, i, "4.5")?;
                let g = if a_is_weft { play(pos, &pa, &pb, i)? } else { play(pos, &pb, &pa, i)? };
                let a_axis = if a_is_weft { Axis::Weft } else { Axis::Warp };
                out.push(GameResult {
                    a_score: match g.winner {
                        Some(w) if w == a_axis => 1.0,
                        Some(_) => 0.0,
                        None => 0.5,
                    },
                    winner_seat: g
                        .winner
                        .map(|w| if w == Axis::Weft { Side::First.index() } else { Side::Second.index() }),
                    length: 0,
                    adjudicated: false,
                });
            }
            Ok(out)
        })
        .collect::<Result<Vec<_>, Error>>()?
        .into_iter()
        .flatten()
        .collect();
    Ok(Summary::of(&results))
}

fn rate(games: &[Played]) -> (f64, [f64; 2]) {
    let wins = games.iter().filter(|g| g.winner == Some(Axis::Weft)).count() as f64;
    let n = games.len().max(1) as f64;
    let p = wins / n;
    let half = 1.959_964 * (p * (1.0 - p) / n).sqrt();
    (p, [(p - half).max(0.0), (p + half).min(1.0)])
}

fn mean_ci(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.clone().count().max(1) as f64;
    let mean = values.clone().sum::<f64>() / n;
    let var = values.map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.959_964 * (var / n).sqrt())
}

/// Runs every row of the design note's table; returns the JSON report.
pub fn design_note(size: &StudySize) -> Result<Value, Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(size.threads.max(1))
        .build()
        .map_err(|e| Error::BadOption(format!("cannot start threads: {e}")))?;
    pool.install(|| {
        let mut rows = Vec::new();
        let mut no_komi_rates = Vec::new();
        for depth in [1, 2, 4, 6] {
            let player = format!("ab:depth={depth}");
            let free = self_play(size, &player, "0")?;
            let komi = self_play(size, &player, "4.5")?;
            let (p0, ci0) = rate(&free);
            let (p, ci) = rate(&komi);
            let (edge, edge_ci) = mean_ci(free.iter().map(|g| (g.weft_points - g.warp_points) as f64));
            let (unused, unused_ci) = mean_ci(komi.iter().map(|g| g.unused as f64));
            no_komi_rates.push(p0);
            rows.push(json!({
                "depth": depth, "games": size.games,
                "weft_win_rate_no_komi": p0, "weft_win_rate_no_komi_ci95": ci0,
                "weft_win_rate_komi": p, "weft_win_rate_komi_ci95": ci,
                "first_move_edge": edge, "first_move_edge_ci95": edge_ci,
                "unused_cells": unused, "unused_cells_ci95": unused_ci,
            }));
        }
        let summary_json =
            |s: &Summary| json!({"games": s.games, "score": s.a_score, "score_ci95": s.a_score_ci95, "elo": s.elo});
        let d2_greedy = duel(size, "ab:depth=2", "greedy", size.games / 2)?;
        let d4_d2 = duel(size, "ab:depth=4", "ab:depth=2", size.games / 2)?;
        let hard_d4 = duel(size, "level:hard", "ab:depth=4", size.hard_games)?;
        Ok(json!({
            "self_play": rows,
            "depth2_vs_greedy": summary_json(&d2_greedy),
            "depth4_vs_depth2": summary_json(&d4_d2),
            "hard_vs_depth4": summary_json(&hard_d4),
        }))
    })
}

fn pct(v: &Value) -> String {
    format!("{:.0} %", 100.0 * v.as_f64().unwrap_or(0.0))
}

fn pct_ci(v: &Value, ci: &Value) -> String {
    format!("{} ({:.0}–{:.0} %)", pct(v), 100.0 * ci[0].as_f64().unwrap_or(0.0), 100.0 * ci[1].as_f64().unwrap_or(0.0))
}

/// The table as Markdown, the note's figures beside Tabula's.
pub fn design_note_markdown(report: &Value) -> String {
    let rows = report["self_play"].as_array().cloned().unwrap_or_default();
    let row = |d: i64| rows.iter().find(|r| r["depth"] == d).cloned().unwrap_or(Value::Null);
    let duel = |k: &str| pct_ci(&report[k]["score"], &report[k]["score_ci95"]);
    let mut md = String::from(
        "## The design note's table, measured by Tabula\n\n\
         Computer against computer on random 7 × 7 boards from Tabula's generator; 95 % intervals in brackets.\n\n\
         | measurement | the note | Tabula |\n|---|---|---|\n",
    );
    let no_komi: Vec<String> =
        [1, 2, 4, 6].iter().map(|&d| format!("d{d} {}", pct(&row(d)["weft_win_rate_no_komi"]))).collect();
    md.push_str(&format!("| Weft win rate, no komi, equal players | 64–86 % | {} |\n", no_komi.join(", ")));
    for (d, note) in [(1, "46 %"), (2, "55 %"), (4, "53 %"), (6, "50 %")] {
        let r = row(d);
        md.push_str(&format!(
            "| Weft win rate, komi 4.5, depth {d} ({} games) | {note} | {} |\n",
            r["games"],
            pct_ci(&r["weft_win_rate_komi"], &r["weft_win_rate_komi_ci95"])
        ));
    }
    md.push_str(&format!(
        "| depth 2 vs greedy | 80 % | {} of {} games |\n",
        duel("depth2_vs_greedy"),
        report["depth2_vs_greedy"]["games"]
    ));
    md.push_str(&format!(
        "| depth 4 vs depth 2 | 63 % | {} of {} games |\n",
        duel("depth4_vs_depth2"),
        report["depth4_vs_depth2"]["games"]
    ));
    md.push_str(&format!(
        "| Hard vs depth 4 | 81 % of 80 games | {} of {} games |\n",
        duel("hard_vs_depth4"),
        report["hard_vs_depth4"]["games"]
    ));
    for (d, note) in [(2, "+5.2"), (4, "+4.4"), (6, "+3.6")] {
        let r = row(d);
        md.push_str(&format!(
            "| first-move edge in points, depth {d} | {note} | {:+.1} (± {:.1}) |\n",
            r["first_move_edge"].as_f64().unwrap_or(0.0),
            r["first_move_edge_ci95"].as_f64().unwrap_or(0.0)
        ));
    }
    let r4 = row(4);
    md.push_str(&format!(
        "| unused cells at the end (depth 4, komi 4.5) | about 20 of 48 | {:.1} (± {:.1}) |\n",
        r4["unused_cells"].as_f64().unwrap_or(0.0),
        r4["unused_cells_ci95"].as_f64().unwrap_or(0.0)
    ));
    md.push_str(
        "\nWhere the figures differ: the note's boards came from its own generator and its players \
         from its own code, so only the shape of each answer carries over. Tabula's depth-N player \
         is an exact alpha–beta to N plies scoring the points taken so far (komi included) and \
         playing for the margin once the end is in sight, which makes equal players deterministic \
         on a board: the spread comes from the boards alone.\n",
    );
    md
}

/// The study as `tabula analyze` runs it: `games` boards per self-play row,
/// half as many (two games each) per duel, a quarter for Hard.
pub fn run(request: &StudyRequest) -> Result<(String, Value), Error> {
    let size = StudySize {
        games: request.games,
        hard_games: (request.games / 4).max(1),
        threads: request.threads,
        seed: request.seed,
    };
    let report = design_note(&size)?;
    Ok((design_note_markdown(&report), report))
}
