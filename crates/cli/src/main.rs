//! `tabula`: serve the portal, and study games from the command line.

mod analyze;
mod bench;
mod bench_record;
mod commands;
mod game_args;
mod match_cmd;
mod record_cmd;
mod serve_cmd;
mod site_cmd;
mod solve_study;
mod store_cmd;
mod ugi;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::game_args::GameArgs;

/// Tabula plays and studies two-player abstract board games.
///
/// With no command it serves the portal in the browser. Every command that
/// makes a game takes the game's options as `--option KEY=VALUE` (repeatable)
/// and a start as `--seed N`, `--position TEXT` and `--moves "m1 m2 …"`.
#[derive(Parser)]
#[command(name = "tabula", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the portal (the default): the catalog, rules pages and play pages.
    Serve(serve_cmd::ServeArgs),
    /// Game records: list stored matches, export them, import records.
    Record {
        #[command(subcommand)]
        command: record_cmd::RecordCommand,
    },
    /// Stores: copy a portal's matches from a data directory to PostgreSQL (or back).
    Store {
        #[command(subcommand)]
        command: store_cmd::StoreCommand,
    },
    /// List the games Tabula knows, with their options and levels.
    Games,
    /// Print a position: its text and a drawing, or everything as JSON.
    Show {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences of each length up to a depth (perft).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest length to count.
        #[arg(long)]
        depth: u32,
    },
    /// List the legal moves, one per line.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Follow each move by a tab and the position text after it.
        #[arg(long)]
        after: bool,
    },
    /// Ask a computer player for its move in a position.
    Think {
        #[command(flatten)]
        game: GameArgs,
        /// The player: random, greedy[:margin=N], ab:depth=N,time=1s, level:NAME.
        #[arg(long, default_value = "ab:time=1s")]
        player: String,
        /// Think in slices of this many milliseconds, as the browser's engine
        /// worker does (it answers the page between two), at most 10 s in all;
        /// prints each slice's progress.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=10_000))]
        slice: Option<u64>,
    },
    /// Play two computer players against each other and report the statistics.
    ///
    /// Each start is played twice with sides swapped. Example:
    /// `tabula match warp-weft --a level:medium --b level:easy --games 200 --threads 2`
    Match(match_cmd::MatchArgs),
    /// Self-play study of a game's balance at each level: first-player win
    /// rate, draws, game lengths, and how much strength pays (Markdown, SVG, JSON).
    Analyze(analyze::AnalyzeArgs),
    /// Speak the UGI engine protocol on standard input/output, so other
    /// programs can play against Tabula's engines.
    Ugi {
        /// The game.
        game: String,
        /// A game option, KEY=VALUE; repeatable.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// Solve a position exactly (for games that have an exact solver, such as
    /// Warp & Weft up to 7 × 7): prints `key value` lines, e.g. margin, best,
    /// verdict, nodes, time.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Only the win/loss verdict for the current komi (cheaper).
        #[arg(long)]
        verdict: bool,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        /// Solve the start position of each of these boards, e.g. 1..50 (a
        /// perfect-play study); with --out, resumable and splittable by --shard.
        #[arg(long, value_name = "A..B", value_parser = solve_study::parse_boards)]
        boards: Option<(u64, u64)>,
        /// With --boards: solve only the boards of shard i of n, e.g. 0/2.
        #[arg(long, default_value = "0/1")]
        shard: String,
        /// With --boards: append one JSON line per board to this file (boards in it are skipped).
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Summarise a --boards results file (prints it, and writes
        /// perfect-play.md, .json and .svg beside the file).
        #[arg(long, value_name = "FILE")]
        summarize: Option<std::path::PathBuf>,
        /// Threads for the solver (the root's moves are shared out).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// With --summarize: the compensation (komi) the second player gets
        /// (default: the one the boards were solved with, as the file records it).
        #[arg(long)]
        compensation: Option<f64>,
    },
    /// Measure speed: random playouts, perft, alpha–beta and MCTS per second,
    /// and the gain from 2 threads, each beside the figure committed in
    /// docs/bench/<game>.json. Example: `tabula bench seesaw --option base=5 --only playouts`
    Bench(bench::BenchArgs),
    /// Write the whole portal as static files into DIR (pages, scripts, the browser's
    /// engine), to serve from any static file server: every local game is played in
    /// the browser there; online play needs `tabula serve`.
    Site(site_cmd::SiteArgs),
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or_else(|| Command::Serve(serve_cmd::ServeArgs::default())) {
        Command::Serve(args) => serve_cmd::serve(args),
        Command::Record { command } => record_cmd::run(command),
        Command::Store { command } => store_cmd::run(command),
        Command::Games => commands::games(),
        Command::Show { game, json } => commands::show(&game, json),
        Command::Perft { game, depth } => commands::perft(&game, depth),
        Command::Moves { game, after } => commands::moves(&game, after),
        Command::Think { game, player, slice } => commands::think(&game, &player, slice),
        Command::Match(args) => match_cmd::run(&args),
        Command::Solve { game, verdict, json, boards, shard, out, summarize, compensation, threads } => {
            match (summarize, boards) {
                (Some(file), _) => solve_study::summarize(&file, compensation),
                (None, Some(range)) => solve_study::solve_boards(
                    &game.game,
                    &game.options,
                    range,
                    &shard,
                    out.as_deref(),
                    verdict,
                    threads,
                ),
                (None, None) => commands::solve(&game, verdict, json, threads),
            }
        }
        Command::Analyze(args) => analyze::run(&args),
        Command::Ugi { game, options } => ugi::run(&game, &options),
        Command::Bench(args) => bench::run(&args),
        Command::Site(args) => site_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `tabula moves … | head` closes the pipe early: end quietly, as Unix tools do, instead of panicking.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.payload().downcast_ref::<String>().map(String::as_str).unwrap_or("");
        if text.contains("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}
