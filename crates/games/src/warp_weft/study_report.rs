//! The figures of Warp & Weft's study (`study.rs`), worked out from its
//! records alone, each with its 95 % interval: as JSON, and as a Markdown
//! table a designer can read.

use serde_json::{json, Value};
use tabula_search::{mean_interval, wilson, GameResult, StudyRequest, Summary};

use super::rules::WarpWeft;
use super::study::{Pairing, Row};
use super::text::format_half_points;

/// A share with its interval, as JSON.
fn share(successes: u64, n: u64) -> Value {
    json!({"share": if n == 0 { 0.0 } else { successes as f64 / n as f64 }, "of": n, "ci95": wilson(successes, n)})
}

/// A mean with half its interval's width, as JSON.
fn mean(values: &[f64]) -> Value {
    let (mean, half) = mean_interval(values);
    json!({"mean": mean, "ci95_half": half, "of": values.len()})
}

fn numbers(records: &[Value], f: impl Fn(&Value) -> Option<f64>) -> Vec<f64> {
    records.iter().filter_map(f).collect()
}

/// Weft's win rate, the margin, length and unused cells of a self-play row.
fn self_play(records: &[Value], pie: bool) -> Value {
    let n = records.len() as u64;
    let count = |f: &dyn Fn(&Value) -> bool| records.iter().filter(|r| f(r)).count() as u64;
    let weft_wins = count(&|r| r["winner"] == "weft");
    let draws = count(&|r| r["winner"].is_null());
    let mut out = json!({
        "games": n,
        "weft_wins": share(weft_wins, n),
        "draws": share(draws, n),
        "margin": mean(&numbers(records, |r| Some(r["weft_points"].as_f64()? - r["warp_points"].as_f64()?))),
        "length": mean(&numbers(records, |r| r["length"].as_f64())),
        "unused": mean(&numbers(records, |r| r["unused"].as_f64())),
    });
    if pie {
        // The player who opens holds Weft unless Warp swapped.
        let opener_wins = count(&|r| {
            let swapped = r["swapped"].as_bool().unwrap_or(false);
            (r["winner"] == "weft" && !swapped) || (r["winner"] == "warp" && swapped)
        });
        out["swaps"] = share(count(&|r| r["swapped"] == true), n);
        out["opener_score"] = json!((opener_wins as f64 + draws as f64 / 2.0) / n.max(1) as f64);
        out["opener_wins"] = share(opener_wins, n);
    }
    out
}

/// A's score in a duel, with its interval and Elo.
fn duel(records: &[Value]) -> Value {
    let results: Vec<GameResult> = records
        .iter()
        .map(|r| {
            let a_axis = if r["a_weft"] == true { "weft" } else { "warp" };
            GameResult {
                a_score: if r["winner"].is_null() {
                    0.5
                } else if r["winner"] == a_axis {
                    1.0
                } else {
                    0.0
                },
                winner_seat: r["winner"].as_str().map(|w| usize::from(w == "warp")),
                length: r["length"].as_u64().unwrap_or(0) as u32,
                adjudicated: false,
            }
        })
        .collect();
    let s = Summary::of(&results);
    json!({
        "games": s.games, "wins": s.a_wins, "draws": s.draws, "losses": s.b_wins,
        "score": s.a_score, "ci95": s.a_score_ci95, "elo": s.elo, "elo_error": s.elo_error,
        "length": mean(&numbers(records, |r| r["length"].as_f64())),
    })
}

/// Perfect play from each board's first move, with komi `komi2` (half points).
fn exact(records: &[Value], komi2: i32) -> Value {
    let margins: Vec<i64> = records.iter().filter_map(|r| r["margin"].as_i64()).collect();
    let n = margins.len() as u64;
    // Weft wins when twice its margin beats the komi's half points.
    let weft_wins_at = |k2: i64| margins.iter().filter(|&&m| 2 * m > k2).count() as u64;
    let draws_at = |k2: i64| margins.iter().filter(|&&m| 2 * m == k2).count() as u64;
    let (lo, hi) = (margins.iter().copied().min().unwrap_or(0), margins.iter().copied().max().unwrap_or(0));
    // The half-point komi that brings Weft's share closest to one half (the smaller on a tie).
    let fair2 = (2 * lo - 1..=2 * hi + 1)
        .filter(|k| k % 2 != 0)
        .min_by_key(|&k| ((weft_wins_at(k) as i64 * 2 - n as i64).abs(), k.abs()))
        .unwrap_or(9);
    let mut sorted = margins.clone();
    sorted.sort_unstable();
    // The pie rule with no komi: Warp swaps after a first move worth more than
    // nothing to Weft, and Weft's best opening is the one closest to even.
    let firsts: Vec<Vec<i64>> = records
        .iter()
        .map(|r| {
            r["first_moves"].as_object().map(|m| m.values().filter_map(Value::as_i64).collect()).unwrap_or_default()
        })
        .collect();
    let moves = firsts.iter().map(Vec::len).sum::<usize>() as u64;
    let count = |f: &dyn Fn(i64) -> bool| firsts.iter().flatten().filter(|&&v| f(v)).count() as u64;
    let closest: Vec<i64> = firsts.iter().filter_map(|vs| vs.iter().map(|v| v.abs()).min()).collect();
    let best_swapped = firsts.iter().filter(|vs| vs.iter().max().is_some_and(|&b| b > 0)).count() as u64;
    json!({
        "boards": n,
        "komi": komi2 as f64 / 2.0,
        "weft_wins": share(weft_wins_at(komi2 as i64), n),
        "draws": share(draws_at(komi2 as i64), n),
        "edge": mean(&margins.iter().map(|&m| m as f64).collect::<Vec<_>>()),
        "median_edge": if sorted.is_empty() { 0.0 } else { (sorted[(sorted.len() - 1) / 2] + sorted[sorted.len() / 2]) as f64 / 2.0 },
        "min_edge": lo, "max_edge": hi,
        "fair_komi": fair2 as f64 / 2.0,
        "weft_wins_at_fair_komi": share(weft_wins_at(fair2), n),
        "pie": {
            "first_moves": moves,
            "swap": share(count(&|v| v > 0), moves),
            "even": share(count(&|v| v == 0), moves),
            "best_move_swapped": share(best_swapped, n),
            "opener_holds_a_draw": share(closest.iter().filter(|&&c| c == 0).count() as u64, n),
            "opener_loses_by": mean(&closest.iter().map(|&c| c as f64).collect::<Vec<_>>()),
        },
        "seconds": mean(&numbers(records, |r| r["seconds"].as_f64())),
    })
}

fn pct(v: &Value) -> String {
    let ci = &v["ci95"];
    format!(
        "{:.1} % ({:.1}–{:.1} %)",
        100.0 * v["share"].as_f64().unwrap_or(0.0),
        100.0 * ci[0].as_f64().unwrap_or(0.0),
        100.0 * ci[1].as_f64().unwrap_or(1.0)
    )
}

fn plus_minus(v: &Value) -> String {
    format!("{:+.2} ± {:.2}", v["mean"].as_f64().unwrap_or(0.0), v["ci95_half"].as_f64().unwrap_or(0.0))
}

fn plain(v: &Value) -> String {
    format!("{:.1} ± {:.1}", v["mean"].as_f64().unwrap_or(0.0), v["ci95_half"].as_f64().unwrap_or(0.0))
}

/// The report of every row that has records: Markdown and JSON.
pub(super) fn report(request: &StudyRequest, pos: &WarpWeft, rows: &[(Row, Vec<Value>)]) -> (String, Value) {
    let komi = format_half_points(pos.komi2());
    let options = if request.options.is_empty() { "the base game".to_string() } else { request.options.join(" ") };
    let mut md = format!(
        "## Warp & Weft's study: {options}\n\n\
         Boards drawn from seed {seed} ({n} × {n}); 95 % intervals in brackets or after ±. \
         Depth-N players are alpha–beta to N plies, Hard and Perfect the levels as they ship.\n\n\
         | row | what | figure |\n|---|---|---|\n",
        seed = request.seed,
        n = pos.size(),
    );
    let mut json_rows = serde_json::Map::new();
    for (row, records) in rows {
        let (value, lines) = match row.pairing {
            Pairing::SelfPlay(player) => {
                let pie = row.options.contains(&"pie=true");
                let v = self_play(records, pie);
                let komi_here = if row.options.contains(&"komi=0") { "0".to_string() } else { komi.clone() };
                let mut lines = vec![
                    format!("Weft wins, komi {komi_here}, {player} both sides | {}", pct(&v["weft_wins"])),
                    format!("Weft's points minus Warp's | {}", plus_minus(&v["margin"])),
                    format!("moves a game | {}", plain(&v["length"])),
                    format!("cells left unused | {}", plain(&v["unused"])),
                ];
                if v["draws"]["share"].as_f64().unwrap_or(0.0) > 0.0 {
                    lines.push(format!("draws | {}", pct(&v["draws"])));
                }
                if pie {
                    lines.push(format!("Warp swaps | {}", pct(&v["swaps"])));
                    lines.push(format!("the opener wins | {}", pct(&v["opener_wins"])));
                }
                (v, lines)
            }
            Pairing::Duel(a, b) => {
                let v = duel(records);
                let ci = &v["ci95"];
                let lines = vec![format!(
                    "{a} against {b}: {} W {} D {} L | {:.1} % ({:.1}–{:.1} %)",
                    v["wins"],
                    v["draws"],
                    v["losses"],
                    100.0 * v["score"].as_f64().unwrap_or(0.0),
                    100.0 * ci[0].as_f64().unwrap_or(0.0),
                    100.0 * ci[1].as_f64().unwrap_or(1.0)
                )];
                (v, lines)
            }
            Pairing::Exact => {
                let v = exact(records, pos.komi2());
                let p = &v["pie"];
                let lines = vec![
                    format!("perfect play: Weft wins with komi {komi} | {}", pct(&v["weft_wins"])),
                    format!(
                        "perfect play: Weft's edge in points | {} (median {:+.1}, {:+} to {:+})",
                        plus_minus(&v["edge"]),
                        v["median_edge"],
                        v["min_edge"],
                        v["max_edge"]
                    ),
                    format!(
                        "the half-point komi that makes perfect play fairest | {} (Weft wins {})",
                        v["fair_komi"],
                        pct(&v["weft_wins_at_fair_komi"])
                    ),
                    format!("pie rule, no komi: first moves Warp should swap | {}", pct(&p["swap"])),
                    format!("pie rule, no komi: the best first move is swapped | {}", pct(&p["best_move_swapped"])),
                    format!("pie rule, no komi: the opener can hold a draw | {}", pct(&p["opener_holds_a_draw"])),
                    format!("pie rule, no komi: the opener's best loses by | {}", plain(&p["opener_loses_by"])),
                    format!("seconds a board (one thread, every first move) | {}", plain(&v["seconds"])),
                ];
                (v, lines)
            }
        };
        let count = value.get("games").or_else(|| value.get("boards")).cloned().unwrap_or(Value::Null);
        for line in lines {
            md.push_str(&format!("| {} | {line} |\n", row.name));
        }
        let mut value = value;
        value["records"] = json!(format!("{}.jsonl", row.name));
        value["count"] = count;
        json_rows.insert(row.name.to_string(), value);
    }
    let json = json!({
        "options": request.options, "seed": request.seed, "boards": request.games,
        "komi": pos.komi2() as f64 / 2.0, "rows": json_rows,
    });
    (md, json)
}
