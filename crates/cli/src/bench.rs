//! `tabula bench`: how fast each game's rules and the generic engines run,
//! each figure printed beside the one last committed in `docs/bench/`
//! (see [`crate::bench_record`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use tabula_core::Options;
use tabula_games::{find, registry};
use tabula_search::{AnyGame, GameEntry, PlayerSpec};

use crate::bench_record::{self, variant_key, Baseline, Figure};

/// What `tabula bench` measures, on which game and options.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: every game, with its default options).
    pub game: Option<String>,
    /// A game option, KEY=VALUE; repeatable (needs a game), e.g. `--option base=5`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Seconds to spend on each measurement.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    /// Only these measurements, comma-separated: playouts, perft, alphabeta,
    /// mcts, threads, time-limit, levels, solve.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub only: Vec<String>,
    /// Where the committed figures are (`<game>.json`), to print beside the new ones.
    #[arg(long, default_value = "docs/bench", value_name = "DIR")]
    pub baseline: PathBuf,
    /// Measure playouts and perft this many times and keep the median, with
    /// the range printed beside it: on a shared or virtual machine one
    /// measurement can be off by a tenth, more than many changes gain.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=50))]
    pub rounds: u32,
    /// Write the new figures into the baseline file (to commit them).
    #[arg(long)]
    pub record: bool,
}

/// The measurements `--only` can name, in the order they run.
const MEASUREMENTS: [&str; 8] = ["playouts", "perft", "alphabeta", "mcts", "threads", "time-limit", "levels", "solve"];

/// Prints each figure with the committed one beside it and keeps it for `--record`.
struct Report {
    baseline: Baseline,
    figures: Vec<Figure>,
}

impl Report {
    fn line(&mut self, text: String, figure: Figure) {
        println!("{text}{}", self.baseline.compare(&figure));
        self.figures.push(figure);
    }
}

/// Benchmarks one game or all of them, spending about `seconds` on each figure.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if let Some(unknown) = args.only.iter().find(|name| !MEASUREMENTS.contains(&name.as_str())) {
        return Err(format!("--only: no measurement '{unknown}' (there are {})", MEASUREMENTS.join(", ")));
    }
    let entries: Vec<&GameEntry> = match args.game.as_deref() {
        Some(slug) => vec![find(slug).map_err(|e| e.to_string())?],
        None if !args.options.is_empty() => return Err("--option needs a game".into()),
        None => registry().iter().collect(),
    };
    let options = Options::from_pairs(&args.options).map_err(|e| e.to_string())?;
    let budget = Duration::from_secs_f64(args.seconds.clamp(0.1, 600.0));
    let wanted = |name: &str| args.only.is_empty() || args.only.iter().any(|o| o == name);
    for entry in entries {
        options.validate(entry.info()).map_err(|e| e.to_string())?;
        let game = entry.create(&options).map_err(|e| e.to_string())?;
        let slug = entry.info().slug;
        let variant = variant_key(&options);
        let baseline = Baseline::read(&args.baseline, slug, &variant)?;
        let mut report = Report { baseline, figures: Vec::new() };
        println!("{} ({})", entry.info().name, if variant.is_empty() { "default options" } else { &variant });
        let game = game.as_ref();
        if wanted("playouts") {
            playouts(&mut report, game, budget, args.rounds);
        }
        if wanted("perft") {
            perft(&mut report, game, budget, args.rounds);
        }
        if wanted("alphabeta") || wanted("threads") {
            let depth = alphabeta(&mut report, game, budget)?;
            if wanted("threads") {
                threads(&mut report, game, depth)?;
            }
        }
        if wanted("mcts") {
            mcts(&mut report, game, budget)?;
        }
        if wanted("time-limit") {
            time_limit(&mut report, game)?;
        }
        if wanted("levels") {
            levels(&mut report, game)?;
        }
        if wanted("solve") {
            exact_solve(&mut report, game);
        }
        if args.record {
            let command = record_command(slug, args);
            let file = bench_record::record(&args.baseline, slug, &variant, &command, &report.figures)?;
            println!("  recorded in {}", file.display());
        }
    }
    Ok(())
}

/// The command line that reproduces a recorded run (for the file).
fn record_command(slug: &str, args: &BenchArgs) -> String {
    let mut command = format!("tabula bench {slug}");
    for option in &args.options {
        command += &format!(" --option {option}");
    }
    if args.seconds != 2.0 {
        command += &format!(" --seconds {}", args.seconds);
    }
    if !args.only.is_empty() {
        command += &format!(" --only {}", args.only.join(","));
    }
    if args.rounds != 1 {
        command += &format!(" --rounds {}", args.rounds);
    }
    command
}

/// The median of `rounds` measurements, and how far they spread: `""` for
/// one round, else `  (5 rounds: 296,112-320,845)`.
fn median_of(rounds: u32, mut measure: impl FnMut() -> f64) -> (f64, String) {
    let mut values: Vec<f64> = (0..rounds).map(|_| measure()).collect();
    values.sort_by(f64::total_cmp);
    let median = values[values.len() / 2];
    let spread = if rounds == 1 {
        String::new()
    } else {
        format!(
            "  ({rounds} rounds: {}-{})",
            bench_record::number(values[0]),
            bench_record::number(values[values.len() - 1])
        )
    };
    (median, spread)
}

fn playouts(report: &mut Report, game: &dyn AnyGame, budget: Duration, rounds: u32) {
    let (mut games, mut moves) = (0u64, 0u64);
    let mut seed = 1;
    let (rate, spread) = median_of(rounds, || {
        let mut batch = 1000;
        let (mut round_games, mut spent) = (0u64, Duration::ZERO);
        while spent < budget {
            let (stats, took) = game.random_playouts(batch, seed);
            round_games += stats.games;
            games += stats.games;
            moves += stats.moves;
            spent += took;
            seed += 1;
            if took < budget / 20 {
                batch *= 2;
            }
        }
        round_games as f64 / spent.as_secs_f64()
    });
    let per_game = moves as f64 / games as f64;
    report.line(
        format!(
            "  random playouts, 1 thread   {rate:>12.0} games/s   ({:.0} moves/s, {per_game:.1} moves a game){spread}",
            rate * per_game
        ),
        Figure::rate("random playouts, 1 thread, games/s", rate),
    );
}

fn perft(report: &mut Report, game: &dyn AnyGame, budget: Duration, rounds: u32) {
    let mut depth = 1;
    loop {
        let start = Instant::now();
        let count = game.perft(depth);
        let took = start.elapsed();
        if took * 8 > budget || depth >= 30 || count == 0 {
            // The first run found the depth; the rounds are timed afresh.
            let mut first = Some(took);
            let (rate, spread) = median_of(rounds, || {
                let took = first.take().unwrap_or_else(|| {
                    let start = Instant::now();
                    game.perft(depth);
                    start.elapsed()
                });
                count as f64 / took.as_secs_f64().max(1e-9)
            });
            report.line(
                format!(
                    "  perft {depth}, 1 thread         {rate:>12.0} leaves/s  ({count} leaves in {:.3} s){spread}",
                    count as f64 / rate
                ),
                Figure::rate(format!("perft {depth}, 1 thread, leaves/s"), rate),
            );
            return;
        }
        depth += 1;
    }
}

/// Fixed-depth searches from the start, deeper until one takes a sixth of
/// the budget; returns the depth measured.
fn alphabeta(report: &mut Report, game: &dyn AnyGame, budget: Duration) -> Result<u32, String> {
    let mut depth = 1;
    loop {
        let spec = PlayerSpec::parse(&format!("ab:depth={depth},hash=64"), game.info()).map_err(|e| e.to_string())?;
        let decision = game.choose(&spec, 1).ok_or("the start position is already over")?;
        let took = decision.elapsed;
        if took * 6 > budget || decision.exact || depth >= 60 {
            let rate = decision.nodes as f64 / took.as_secs_f64().max(1e-9);
            report.line(
                format!(
                    "  alpha-beta depth {depth}, 1 thread {rate:>10.0} nodes/s   ({} nodes in {:.3} s, best {}, score {})",
                    decision.nodes,
                    took.as_secs_f64(),
                    decision.mv,
                    decision.score
                ),
                Figure::rate(format!("alpha-beta depth {depth}, 1 thread, nodes/s"), rate),
            );
            return Ok(depth);
        }
        depth += 1;
    }
}

fn mcts(report: &mut Report, game: &dyn AnyGame, budget: Duration) -> Result<(), String> {
    let ms = (budget.as_millis() / 2).max(50);
    let spec = PlayerSpec::parse(&format!("mcts:time={ms}ms"), game.info()).map_err(|e| e.to_string())?;
    let decision = game.choose(&spec, 1).ok_or("the start position is already over")?;
    let rate = decision.nodes as f64 / decision.elapsed.as_secs_f64().max(1e-9);
    report.line(
        format!(
            "  MCTS, 1 thread              {rate:>12.0} iterations/s ({} in {:.3} s, best {})",
            decision.nodes,
            decision.elapsed.as_secs_f64(),
            decision.mv
        ),
        Figure::rate("MCTS, 1 thread, iterations/s", rate),
    );
    Ok(())
}

/// The same fixed-depth search on one and on two threads.
fn threads(report: &mut Report, game: &dyn AnyGame, depth: u32) -> Result<(), String> {
    let mut times = Vec::new();
    for threads in [1, 2] {
        let spec = PlayerSpec::parse(&format!("ab:depth={},hash=64,threads={threads}", depth + 1), game.info())
            .map_err(|e| e.to_string())?;
        let d = game.choose(&spec, 1).ok_or("the start position is already over")?;
        times.push((d.elapsed.as_secs_f64(), d.nodes));
    }
    let gain = times[0].0 / times[1].0.max(1e-9);
    report.line(
        format!(
            "  alpha-beta depth {}: 1 thread {:.3} s, 2 threads {:.3} s: {gain:.2}× faster ({:.0} → {:.0} nodes/s)",
            depth + 1,
            times[0].0,
            times[1].0,
            times[0].1 as f64 / times[0].0.max(1e-9),
            times[1].1 as f64 / times[1].0.max(1e-9),
        ),
        Figure::rate(format!("alpha-beta depth {}, 2 threads against 1, ×", depth + 1), gain),
    );
    Ok(())
}

/// How closely a time limit is kept: searches from the start and a few
/// positions into the game with 50 ms and 200 ms limits; prints the worst overshoot.
fn time_limit(report: &mut Report, game: &dyn AnyGame) -> Result<(), String> {
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
    report.line(
        format!("  time limit (50 and 200 ms)  worst overshoot {worst:+.1} ms"),
        Figure::time("time limit, worst overshoot, ms", worst),
    );
    Ok(())
}

/// What each computer level does with its time from the start: its move, the
/// depth its search finished (alpha–beta) or its iterations (MCTS), and how
/// long it took.
fn levels(report: &mut Report, game: &dyn AnyGame) -> Result<(), String> {
    for level in game.info().levels {
        let spec = PlayerSpec::parse(level.player, game.info()).map_err(|e| e.to_string())?;
        let d = game.choose(&spec, 1).ok_or("the start position is already over")?;
        let work = match spec {
            PlayerSpec::Mcts(_) => format!("{} iterations", d.nodes),
            _ if d.exact => "exact".to_string(),
            _ => format!("depth {}, {} nodes", d.depth, d.nodes),
        };
        report.line(
            format!(
                "  level {:<8} {:>6.3} s  {work}, plays {}   ({})",
                level.key,
                d.elapsed.as_secs_f64(),
                d.mv,
                level.player
            ),
            Figure::time(format!("level {}, s", level.key), d.elapsed.as_secs_f64()),
        );
    }
    Ok(())
}

/// For games with an exact solver: how long it takes from the start on two
/// threads, the verdict alone and the exact value (the work behind a
/// perfect player's first move). Games without one print nothing.
fn exact_solve(report: &mut Report, game: &dyn AnyGame) {
    for (verdict_only, what) in [(true, "verdict"), (false, "exact value")] {
        let Some(solved) = game.solve_report(verdict_only, 2) else { return };
        let field = |key: &str| solved.iter().find(|(k, _)| *k == key).map_or("?", |(_, v)| v.as_str()).to_string();
        let value = if verdict_only { field("verdict") } else { format!("margin {}", field("margin")) };
        let time = field("time");
        let line =
            format!("  solve from the start, 2 threads, {what:<11} {time:>7} s  ({value}, {} nodes)", field("nodes"));
        match time.parse::<f64>() {
            Ok(seconds) => {
                report.line(line, Figure::time(format!("solve from the start, 2 threads, {what}, s"), seconds))
            }
            Err(_) => println!("{line}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::median_of;

    #[test]
    fn the_median_of_rounds_is_the_middle_value_and_the_range_spans_them_all() {
        let mut values = [3000.0, 1000.0, 2000.0, 5000.0, 4000.0].into_iter();
        assert_eq!(median_of(5, || values.next().unwrap()), (3000.0, "  (5 rounds: 1,000-5,000)".to_string()));
        assert_eq!(median_of(1, || 7.5), (7.5, String::new()));
        let mut even = [1.0, 4.0].into_iter();
        assert_eq!(median_of(2, || even.next().unwrap()).0, 4.0, "of two, the higher");
    }
}
