//! Warp & Weft's own study for `tabula analyze`: the design note's
//! questions measured with Tabula's players on boards drawn at random (board
//! numbers from the study's seed, nobody's choice), for whatever options the
//! study is given (the base game, a variant, 9 × 9, boards that are not
//! mirror-symmetric).
//!
//! Its parts, each a set of rows of games (or boards):
//! - `self-play`: equal players at depths 1, 2, 4 and 6, with the game's komi
//!   and with none (Weft's win rate, the first-move edge, game length, unused cells);
//! - `ladder`: depth 2 against greedy play, depth 4 against depth 2;
//! - `hard`: Hard against depth 4; `perfect`: Perfect against Hard;
//! - `pie`: equal players at depths 4 and 6 with the pie rule and no komi;
//! - `exact`: the solver's exact value of every first move (perfect play,
//!   the komi that makes it fair, and how the pie rule should be played).
//!
//! Every game or board is kept as a JSON line in the records folder, so a
//! stopped study resumes, and the report (`study_report.rs`) is made from the
//! records alone: of the parts asked for, and of any other part the folder holds.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use serde_json::{json, Value};
use tabula_core::{zobrist::splitmix64, Error, Game, Options, Outcome};
use tabula_search::{Player, PlayerSpec, StudyRequest};

use super::rules::{Axis, WarpWeft};
use super::solver::Solver;
use super::study_report::report;

/// Who plays a row's games.
#[derive(Debug, Clone, Copy)]
pub(super) enum Pairing {
    /// One player on both sides, one game a board.
    SelfPlay(&'static str),
    /// A against B, two games a board with sides swapped.
    Duel(&'static str, &'static str),
    /// No game: the solver values every first move.
    Exact,
}

/// One row of the study: its name (and records file), who plays, with
/// which options on top of the study's, and on what share of the boards.
#[derive(Debug, Clone, Copy)]
pub(super) struct Row {
    pub name: &'static str,
    pub part: &'static str,
    pub pairing: Pairing,
    /// Options the row sets over the study's (`komi=0`, `pie=true`).
    pub options: &'static [&'static str],
    /// The study's boards are divided by this (duels play two games a board).
    pub divisor: u64,
}

/// Every row, in the order the report lists them.
pub(super) const ROWS: &[Row] = &[
    Row { name: "self-d1", part: "self-play", pairing: Pairing::SelfPlay("ab:depth=1"), options: &[], divisor: 1 },
    Row { name: "self-d2", part: "self-play", pairing: Pairing::SelfPlay("ab:depth=2"), options: &[], divisor: 1 },
    Row { name: "self-d4", part: "self-play", pairing: Pairing::SelfPlay("ab:depth=4"), options: &[], divisor: 1 },
    Row { name: "self-d6", part: "self-play", pairing: Pairing::SelfPlay("ab:depth=6"), options: &[], divisor: 1 },
    Row {
        name: "self-d1-no-komi",
        part: "self-play",
        pairing: Pairing::SelfPlay("ab:depth=1"),
        options: &["komi=0"],
        divisor: 1,
    },
    Row {
        name: "self-d2-no-komi",
        part: "self-play",
        pairing: Pairing::SelfPlay("ab:depth=2"),
        options: &["komi=0"],
        divisor: 1,
    },
    Row {
        name: "self-d4-no-komi",
        part: "self-play",
        pairing: Pairing::SelfPlay("ab:depth=4"),
        options: &["komi=0"],
        divisor: 1,
    },
    Row {
        name: "self-d6-no-komi",
        part: "self-play",
        pairing: Pairing::SelfPlay("ab:depth=6"),
        options: &["komi=0"],
        divisor: 1,
    },
    Row {
        name: "d2-vs-greedy",
        part: "ladder",
        pairing: Pairing::Duel("ab:depth=2", "greedy"),
        options: &[],
        divisor: 2,
    },
    Row {
        name: "d4-vs-d2",
        part: "ladder",
        pairing: Pairing::Duel("ab:depth=4", "ab:depth=2"),
        options: &[],
        divisor: 2,
    },
    Row {
        name: "hard-vs-d4",
        part: "hard",
        pairing: Pairing::Duel("level:hard", "ab:depth=4"),
        options: &[],
        divisor: 6,
    },
    Row {
        name: "perfect-vs-hard",
        part: "perfect",
        pairing: Pairing::Duel("level:perfect", "level:hard"),
        options: &[],
        divisor: 6,
    },
    Row {
        name: "pie-d4",
        part: "pie",
        pairing: Pairing::SelfPlay("ab:depth=4"),
        options: &["pie=true", "komi=0"],
        divisor: 2,
    },
    Row {
        name: "pie-d6",
        part: "pie",
        pairing: Pairing::SelfPlay("ab:depth=6"),
        options: &["pie=true", "komi=0"],
        divisor: 2,
    },
    Row { name: "exact", part: "exact", pairing: Pairing::Exact, options: &["pie=false"], divisor: 3 },
];

/// The names of the study's parts, for `--parts`.
pub(super) const PARTS: &[&str] = &["self-play", "ladder", "hard", "perfect", "pie", "exact"];

/// The board number of the study's `i`-th board.
pub(super) fn board_number(seed: u64, i: u64) -> u64 {
    splitmix64(seed ^ splitmix64(i)) % 1_000_000_000
}

/// The start position of board `number` with the study's options and the row's.
fn start(study_options: &[String], row: &Row, number: u64) -> Result<WarpWeft, Error> {
    let mut options = Options::from_pairs(study_options)?;
    for pair in row.options {
        let (k, v) = pair.split_once('=').expect("rows set KEY=VALUE options");
        options.set(k, v);
    }
    options.set("seed", &number.to_string());
    WarpWeft::new(&options)
}

/// Plays one game from `pos`, Weft's player first: its record.
fn play(mut pos: WarpWeft, weft: &PlayerSpec, warp: &PlayerSpec, seed: u64) -> Result<Value, Error> {
    let mut players =
        [Player::<WarpWeft>::new(weft.clone(), seed), Player::<WarpWeft>::new(warp.clone(), seed ^ 0x5555)];
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        let seat = pos.side_to_move().index();
        let result =
            players[seat].choose(&pos)?.ok_or_else(|| Error::BadPlayer("no move in an unfinished game".into()))?;
        let mv = result.best.ok_or_else(|| Error::BadPlayer("a player chose no move".into()))?;
        moves.push(pos.format_move(mv));
        pos.play(mv);
    }
    let winner = match pos.outcome() {
        Some(Outcome::Win(side)) => Some(pos.axis_of(side).name().to_ascii_lowercase()),
        _ => None,
    };
    Ok(json!({
        "moves": moves,
        "length": moves.len(),
        "weft_points": pos.points(Axis::Weft),
        "warp_points": pos.points(Axis::Warp),
        "unused": (0..pos.cells()).filter(|&c| !pos.is_used(c)).count(),
        "winner": winner,
        "swapped": moves.iter().any(|m| m == "swap"),
    }))
}

/// The exact value, for Weft, of every first move of `pos` (its future
/// points minus Warp's with best play after it, no komi), by one solver on one thread.
fn exact_first_moves(pos: &WarpWeft) -> Result<Value, Error> {
    let clock = Instant::now();
    let mut solver =
        Solver::new(pos, 512).ok_or_else(|| Error::BadOption("boards above 7 × 7 are not solved".into()))?;
    let values = solver.move_values(pos, None).expect("a solve without a limit finishes");
    let margins: serde_json::Map<String, Value> =
        values.iter().map(|(mv, v)| (pos.format_move(*mv), json!(v))).collect();
    Ok(json!({
        "margin": values.first().map_or(0, |v| v.1),
        "best": values.first().map(|v| pos.format_move(v.0)),
        "first_moves": margins,
        "nodes": solver.nodes(),
        "seconds": (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
    }))
}

/// One game or board of a row still to do: board index and, in a duel, whether A plays Weft.
type Job = (u64, bool);

/// The records of one row: read from its file (if any), the jobs still
/// missing played and appended as they finish.
fn run_row(request: &StudyRequest, row: &Row, boards: u64) -> Result<Vec<Value>, Error> {
    let path = request.records.as_ref().map(|dir| dir.join(format!("{}.jsonl", row.name)));
    let mut records = path.as_deref().map(read_records).transpose()?.unwrap_or_default();
    let done: BTreeSet<Job> = records.iter().filter_map(job_of).collect();
    let sides: &[bool] = if matches!(row.pairing, Pairing::Duel(..)) { &[true, false] } else { &[true] };
    let (shard, shards) = request.shard;
    let jobs: Vec<Job> = (0..boards)
        .filter(|i| i % shards.max(1) == shard)
        .flat_map(|i| sides.iter().map(move |&a| (i, a)))
        .filter(|j| !done.contains(j))
        .collect();
    if jobs.is_empty() {
        return Ok(records);
    }
    eprintln!("  {}: {} to play ({} kept)", row.name, jobs.len(), records.len());
    let file = match &path {
        Some(p) => {
            std::fs::create_dir_all(p.parent().expect("a file in a folder"))
                .map_err(|e| Error::BadOption(format!("cannot create {}: {e}", p.display())))?;
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| Error::BadOption(format!("cannot write {}: {e}", p.display())))?;
            Some(Mutex::new(f))
        }
        None => None,
    };
    let specs = match row.pairing {
        Pairing::SelfPlay(p) => Some((spec(p)?, spec(p)?)),
        Pairing::Duel(a, b) => Some((spec(a)?, spec(b)?)),
        Pairing::Exact => None,
    };
    let fresh = jobs
        .into_par_iter()
        .map(|(i, a_weft)| -> Result<Value, Error> {
            let number = board_number(request.seed, i);
            let pos = start(&request.options, row, number)?;
            let mut record = match &specs {
                None => exact_first_moves(&pos)?,
                Some((a, b)) if a_weft => play(pos, a, b, i)?,
                Some((a, b)) => play(pos, b, a, i)?,
            };
            record["row"] = json!(row.name);
            record["board"] = json!(i);
            record["seed"] = json!(number);
            if let Pairing::Duel(a, b) = row.pairing {
                record["a"] = json!(a);
                record["b"] = json!(b);
                record["a_weft"] = json!(a_weft);
            }
            if let Some(f) = &file {
                // One write of the whole line, so that the shards' processes
                // appending to one file never interleave their lines.
                let line = format!("{record}\n");
                let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
                f.write_all(line.as_bytes()).map_err(|e| Error::BadOption(format!("cannot write a record: {e}")))?;
            }
            Ok(record)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    records.extend(fresh);
    Ok(records)
}

/// The job a record finished.
fn job_of(record: &Value) -> Option<Job> {
    Some((record["board"].as_u64()?, record["a_weft"].as_bool().unwrap_or(true)))
}

/// A row's records file, line by line (none yet: an empty row).
fn read_records(path: &Path) -> Result<Vec<Value>, Error> {
    let Ok(text) = std::fs::read_to_string(path) else { return Ok(Vec::new()) };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map_err(|e| Error::BadOption(format!("{} line {}: not a record: {e}", path.display(), i + 1)))
        })
        .collect()
}

fn spec(text: &str) -> Result<PlayerSpec, Error> {
    PlayerSpec::parse(text, WarpWeft::info())
}

/// The study as `tabula analyze` runs it: `games` boards for each
/// self-play row, and the share each row's divisor says for the others.
pub fn run(request: &StudyRequest) -> Result<(String, Value), Error> {
    if let Some(part) = request.parts.iter().find(|p| !PARTS.contains(&p.as_str())) {
        return Err(Error::BadOption(format!(
            "Warp & Weft's study has no part '{part}'; its parts are: {}",
            PARTS.join(", ")
        )));
    }
    let probe = WarpWeft::new(&Options::from_pairs(&request.options)?)?;
    let solvable = probe.size() <= super::MAX_SOLVABLE_SIZE;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(request.threads.max(1))
        .build()
        .map_err(|e| Error::BadOption(format!("cannot start threads: {e}")))?;
    pool.install(|| {
        let mut rows = Vec::new();
        for row in ROWS {
            let wanted = request.parts.is_empty() || request.parts.iter().any(|p| p == row.part);
            // Perfect and the exact values need the solver; 9 × 9 is beyond it.
            let needs_solver = matches!(row.pairing, Pairing::Exact) || row.part == "perfect";
            let records = if wanted && (solvable || !needs_solver) {
                run_row(request, row, (request.games / row.divisor).max(1))?
            } else {
                // A part not asked for this time is still reported from what it kept.
                let kept = request.records.as_ref().map(|dir| dir.join(format!("{}.jsonl", row.name)));
                kept.as_deref().map(read_records).transpose()?.unwrap_or_default()
            };
            if !records.is_empty() {
                rows.push((*row, records));
            }
        }
        Ok(report(request, &probe, &rows))
    })
}
