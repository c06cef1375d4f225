//! `tabula solve GAME --boards A..B`: the exact value of the start position
//! on many boards, written as JSON lines that a later run resumes and that
//! shards (`--shard i/n`) split between machines; and `--summarize FILE`: the
//! perfect-play study of those values (mean, median, spread, a histogram as
//! an SVG chart, the share of boards the first player wins with the game's
//! compensation, and the half-point compensation closest to an even game).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Map, Value};
use tabula_core::Options;
use tabula_games::find;

use crate::match_cmd::parse_shard;

/// A range of board numbers, `A..B` (both included) or a single `N`.
pub fn parse_boards(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("boards are a range of board numbers such as 1..50 (both included), not '{text}'");
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a.trim().parse::<u64>().map_err(|_| bad())?, b.trim().parse::<u64>().map_err(|_| bad())?),
        None => {
            let n = text.trim().parse::<u64>().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a > b {
        return Err(format!("the range {a}..{b} is empty: write the smaller board number first"));
    }
    Ok((a, b))
}

/// Reads a solver report value as a number when it is one.
fn as_value(text: String) -> Value {
    text.parse::<i64>()
        .map(Value::from)
        .or_else(|_| text.parse::<f64>().map(Value::from))
        .unwrap_or(Value::String(text))
}

/// The board numbers already in `out` (a run that stopped is resumed).
fn done_boards(out: &Path) -> Result<BTreeSet<u64>, String> {
    let Ok(text) = std::fs::read_to_string(out) else { return Ok(BTreeSet::new()) };
    let mut done = BTreeSet::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: Value = serde_json::from_str(line)
            .map_err(|e| format!("{} line {}: not a JSON object: {e}", out.display(), i + 1))?;
        let seed = value["seed"]
            .as_u64()
            .ok_or_else(|| format!("{} line {}: no board number (seed)", out.display(), i + 1))?;
        done.insert(seed);
    }
    Ok(done)
}

/// Solves the start position of every board of `boards` in this shard, appending a JSON line per board to `out`.
pub fn solve_boards(
    game: &str,
    options: &[String],
    boards: (u64, u64),
    shard: &str,
    out: Option<&Path>,
    verdict_only: bool,
    threads: usize,
) -> Result<(), String> {
    let entry = find(game).map_err(|e| e.to_string())?;
    let info = entry.info();
    if !info.options.iter().any(|o| o.key == "seed") {
        return Err(format!("{} has no board numbers (no option 'seed') to go through", info.name));
    }
    let (index, count) = parse_shard(shard)?;
    let done = match out {
        Some(path) => done_boards(path)?,
        None => BTreeSet::new(),
    };
    let todo: Vec<u64> =
        (boards.0..=boards.1).filter(|s| (s - boards.0) % count == index && !done.contains(s)).collect();
    let mut file = match out {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => None,
    };
    if !done.is_empty() {
        eprintln!(
            "{} boards already solved in {}; {} to go",
            done.len(),
            out.map(Path::display).expect("done comes from a file"),
            todo.len()
        );
    }
    let bar = ProgressBar::new(todo.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} boards  {msg}  [{elapsed_precise}, {eta} left]")
            .expect("the template is valid"),
    );
    for seed in todo {
        bar.set_message(format!("solving board {seed}…"));
        let mut opts = Options::from_pairs(options).map_err(|e| e.to_string())?;
        opts.set("seed", &seed.to_string());
        let game = entry.create(&opts).map_err(|e| e.to_string())?;
        let clock = Instant::now();
        let report = game.solve_report(verdict_only, threads).ok_or_else(|| {
            format!("{} has no exact solver for board {seed} (too big, or not a solvable game)", info.name)
        })?;
        let mut line = Map::new();
        line.insert("seed".into(), json!(seed));
        if !options.is_empty() {
            line.insert("options".into(), json!(options));
        }
        for (k, v) in report {
            line.insert(k.into(), as_value(v));
        }
        let text = Value::Object(line).to_string();
        match file.as_mut() {
            Some(f) => writeln!(f, "{text}").map_err(|e| format!("cannot write the results: {e}"))?,
            None => bar.println(text),
        }
        bar.inc(1);
        bar.set_message(format!("board {seed} took {:.0} s", clock.elapsed().as_secs_f64()));
    }
    bar.finish();
    Ok(())
}

/// The compensation the boards of a results file were solved with: one
/// value shared by every line that records it, `None` if no line does.
fn recorded_compensation(path: &Path) -> Result<Option<f64>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut found: Option<f64> = None;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Some(k) = serde_json::from_str::<Value>(line).ok().and_then(|v| v["compensation"].as_f64()) else {
            continue;
        };
        match found {
            Some(f) if f != k => {
                return Err(format!(
                    "{} mixes boards solved with compensation {f} and {k}: say which to use with --compensation",
                    path.display()
                ))
            }
            _ => found = Some(k),
        }
    }
    Ok(found)
}

/// The exact margins of a results file, by board.
fn read_margins(path: &Path) -> Result<Vec<(u64, i64, f64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line)
            .map_err(|e| format!("{} line {}: not a JSON object: {e}", path.display(), i + 1))?;
        let seed =
            v["seed"].as_u64().ok_or_else(|| format!("{} line {}: no board number (seed)", path.display(), i + 1))?;
        let margin = v["margin"].as_i64().ok_or_else(|| {
            format!("{} line {}: no exact margin (solved with --verdict only?)", path.display(), i + 1)
        })?;
        rows.push((seed, margin, v["time"].as_f64().unwrap_or(0.0)));
    }
    rows.sort_by_key(|r| r.0);
    rows.dedup_by_key(|r| r.0);
    if rows.is_empty() {
        return Err(format!("{} holds no solved boards yet", path.display()));
    }
    Ok(rows)
}

/// Summarises a results file: prints the study and writes `perfect-play.md`,
/// `perfect-play.json` and `perfect-play.svg` next to it.
/// The compensation is `compensation` if given, else the one the file records.
pub fn summarize(path: &Path, compensation: Option<f64>) -> Result<(), String> {
    let rows = read_margins(path)?;
    let compensation = match compensation {
        Some(k) => k,
        None => recorded_compensation(path)?.ok_or_else(|| {
            format!(
                "{} does not say which compensation (komi) its boards were solved with: give --compensation",
                path.display()
            )
        })?,
    };
    let margins: Vec<i64> = rows.iter().map(|r| r.1).collect();
    let n = margins.len() as f64;
    let mean = margins.iter().sum::<i64>() as f64 / n;
    let mut sorted = margins.clone();
    sorted.sort();
    let median = if sorted.len() % 2 == 1 {
        sorted[sorted.len() / 2] as f64
    } else {
        (sorted[sorted.len() / 2 - 1] + sorted[sorted.len() / 2]) as f64 / 2.0
    };
    let sd = (margins.iter().map(|&m| (m as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
    let wins_with = |k: f64| margins.iter().filter(|&&m| m as f64 > k).count();
    let first_wins = wins_with(compensation);
    // The half-point compensation that brings the first player's share closest to one half.
    let (lo, hi) = (*sorted.first().expect("rows is not empty"), *sorted.last().expect("rows is not empty"));
    let fairest = (2 * lo - 1..=2 * hi + 1)
        .filter(|k| k % 2 != 0)
        .map(|k| k as f64 / 2.0)
        .min_by(|a, b| {
            let da = (wins_with(*a) as f64 / n - 0.5).abs();
            let db = (wins_with(*b) as f64 / n - 0.5).abs();
            da.partial_cmp(&db).expect("shares are numbers").then(a.abs().partial_cmp(&b.abs()).expect("numbers"))
        })
        .expect("the range holds a half point");
    let seconds: Vec<f64> = rows.iter().map(|r| r.2).collect();
    let mut sorted_secs = seconds.clone();
    sorted_secs.sort_by(|a, b| a.partial_cmp(b).expect("times are numbers"));
    let median_secs = sorted_secs[sorted_secs.len() / 2];

    let report = json!({
        "boards": rows.len(),
        "seeds": rows.iter().map(|r| r.0).collect::<Vec<_>>(),
        "margins": margins,
        "mean": mean,
        "median": median,
        "sd": sd,
        "min": lo,
        "max": hi,
        "compensation": compensation,
        "first_wins_with_compensation": first_wins,
        "first_share_with_compensation": first_wins as f64 / n,
        "fairest_compensation": fairest,
        "first_share_with_fairest": wins_with(fairest) as f64 / n,
        "median_solve_seconds": median_secs,
    });
    let svg = histogram_svg(&margins, compensation);
    let markdown = format!(
        "## Perfect play from the first move\n\n\
         Exact values of the start position on {boards} boards (numbers {first}–{last}), from `{file}`: \
         the first player's points minus the second's with best play from both sides, no compensation.\n\n\
         ![histogram](perfect-play.svg)\n\n\
         | measure | value |\n|---|---|\n\
         | boards solved | {boards} |\n\
         | mean margin | {mean:+.2} |\n\
         | median margin | {median:+.1} |\n\
         | spread (standard deviation) | {sd:.2} |\n\
         | smallest – largest | {} – {} |\n\
         | first player wins with {compensation} compensation | {share:.0} % ({first_wins} of {boards}) |\n\
         | fairest half-point compensation | {fairest} (first player wins {fair_share:.0} %) |\n\
         | median solve time | {median_secs:.0} s |\n",
        signed(lo),
        signed(hi),
        boards = rows.len(),
        first = rows.first().expect("rows is not empty").0,
        last = rows.last().expect("rows is not empty").0,
        file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default(),
        share = 100.0 * first_wins as f64 / n,
        fair_share = 100.0 * wins_with(fairest) as f64 / n,
    );
    let dir: PathBuf = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let write = |name: &str, text: &str| {
        let target = dir.join(name);
        std::fs::write(&target, text).map_err(|e| format!("cannot write {}: {e}", target.display()))
    };
    write("perfect-play.md", &markdown)?;
    write("perfect-play.json", &serde_json::to_string_pretty(&report).expect("reports serialise"))?;
    write("perfect-play.svg", &svg)?;
    println!("{markdown}");
    eprintln!("wrote perfect-play.md, perfect-play.json and perfect-play.svg in {}", dir.display());
    Ok(())
}

/// A bar chart of how many boards have each margin, with the compensation marked.
fn histogram_svg(margins: &[i64], compensation: f64) -> String {
    let lo = *margins.iter().min().expect("margins is not empty");
    let hi = *margins.iter().max().expect("margins is not empty");
    let (lo, hi) = (lo.min(compensation.floor() as i64), hi.max(compensation.ceil() as i64));
    let bins = (hi - lo + 1) as usize;
    let mut counts = vec![0usize; bins];
    for &m in margins {
        counts[(m - lo) as usize] += 1;
    }
    let top = *counts.iter().max().expect("bins is not empty") as f64;
    let (w, h, left, bottom, right, top_pad) = (640.0, 320.0, 24.0, 40.0, 16.0, 64.0);
    let bar_w = (w - left - right) / bins as f64;
    let y = |c: f64| h - bottom - (h - bottom - top_pad) * c / top.max(1.0);
    let x = |m: f64| left + (m - lo as f64) * bar_w;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"system-ui, sans-serif\" font-size=\"12\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fbf8f1\"/>\n\
         <text x=\"{left}\" y=\"18\" fill=\"#3b3a36\" font-weight=\"600\">Boards by exact first-move margin ({} boards)</text>\n",
        margins.len()
    );
    for (i, &c) in counts.iter().enumerate() {
        let m = lo + i as i64;
        if c > 0 {
            svg.push_str(&format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"><title>margin {}: {c} boards</title></rect>\n",
                x(m as f64) + 1.0,
                y(c as f64),
                bar_w - 2.0,
                h - bottom - y(c as f64),
                if m as f64 > compensation { "#b8382c" } else { "#2c5d9e" },
                signed(m)
            ));
            svg.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#3b3a36\">{c}</text>\n",
                x(m as f64) + bar_w / 2.0,
                y(c as f64) - 4.0
            ));
        }
        if bins <= 30 || m % 2 == 0 {
            svg.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"#6b6860\">{}</text>\n",
                x(m as f64) + bar_w / 2.0,
                h - bottom + 16.0,
                signed(m)
            ));
        }
    }
    let kx = x(compensation) + bar_w / 2.0;
    let base = h - bottom;
    svg.push_str(&format!(
        "<line x1=\"{left}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#9a968c\"/>\n\
         <line x1=\"{kx:.1}\" y1=\"{}\" x2=\"{kx:.1}\" y2=\"{base}\" stroke=\"#3b3a36\" stroke-dasharray=\"4 3\"/>\n\
         <text x=\"{left}\" y=\"38\" fill=\"#3b3a36\">dashed line: compensation {compensation}; red bars: boards the first player wins with it, blue: the second</text>\n\
         <text x=\"{left}\" y=\"{}\" fill=\"#6b6860\">first player's margin with perfect play, no compensation</text>\n</svg>\n",
        w - right,
        top_pad - 6.0,
        h - 6.0,
    ));
    svg
}

/// A margin with its sign, as a chart labels it: "+3", "−1" (a true minus
/// sign, like the rules pages), and plain "0".
fn signed(m: i64) -> String {
    match m {
        0 => "0".to_string(),
        m if m < 0 => format!("\u{2212}{}", -m),
        m => format!("+{m}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_labels_zero_without_a_sign() {
        let svg = histogram_svg(&[-1, 0, 0, 3], 2.5);
        assert!(svg.contains(">\u{2212}1</text>") && svg.contains(">0</text>") && svg.contains(">+3</text>"), "{svg}");
        assert!(!svg.contains("+0"), "zero has no sign: {svg}");
        assert!(svg.contains("<title>margin 0: 2 boards</title>"), "{svg}");
    }
}
