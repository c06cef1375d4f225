//! `tabula match`: two players, many games, and the statistics.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::Mutex;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tabula_core::Options;
use tabula_games::find;
use tabula_search::{merge_records, GameRecord, MatchSetup, Paired, Summary};

/// The arguments of `tabula match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game (not needed with --merge).
    pub game: Option<String>,
    /// Player A: random, greedy[:margin=N], ab:depth=N|time=1s, mcts:iters=N|time=1s, level:NAME, ugi:cmd=…
    #[arg(long, default_value = "random")]
    pub a: String,
    /// Player B.
    #[arg(long, default_value = "random")]
    pub b: String,
    /// Games in all; each start is played twice with sides swapped.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub games: u64,
    /// Seed for every random choice: the same seed replays the same match.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Run one slice of the match, e.g. 2/8 (the third of eight).
    #[arg(long, value_parser = parse_shard, default_value = "0/1")]
    pub shard: (u64, u64),
    /// Append one JSON line per game here (a run resumes from what the file holds).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Merge the JSON-lines files of shards instead of playing.
    #[arg(long, num_args = 1..)]
    pub merge: Vec<PathBuf>,
    /// With --merge: compare A's results game for game with these records of a
    /// match from the same openings (the same --seed and --random-moves), e.g.
    /// before a change to A: each pair of games sharing an opening is one sample.
    #[arg(long, num_args = 1.., requires = "merge", value_name = "FILE")]
    pub against: Vec<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// A game option, KEY=VALUE; repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Stop a game after this many moves and count it a draw (default: the game's own limit, 1000 for most).
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Random moves at the start of each pair of games (varies the openings of games without boards; never a move that lets the other side win at once).
    #[arg(long, default_value_t = 0)]
    pub random_moves: u32,
}

pub(crate) fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let (i, n) = text.split_once('/').ok_or("a shard looks like i/n, e.g. 0/4")?;
    let i: u64 = i.trim().parse().map_err(|_| format!("'{i}' is not a number"))?;
    let n: u64 = n.trim().parse().map_err(|_| format!("'{n}' is not a number"))?;
    if n == 0 || i >= n {
        return Err(format!("shard {i}/{n} does not exist: use i/n with i < n"));
    }
    Ok((i, n))
}

/// Runs or merges a match and prints its summary.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    if !args.merge.is_empty() {
        return merge(&args.merge, &args.against, args.json);
    }
    let slug = args
        .game
        .as_deref()
        .ok_or("name the game to play, e.g. `tabula match warp-weft --a level:easy --b level:medium`")?;
    let entry = find(slug).map_err(|e| e.to_string())?;
    let setup = MatchSetup {
        entry,
        options: Options::from_pairs(&args.options).map_err(|e| e.to_string())?,
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        seed: args.seed,
        max_moves: args.max_moves,
        random_moves: args.random_moves,
        shard: args.shard,
    };
    setup.validate().map_err(|e| e.to_string())?;
    let earlier = match &args.out {
        Some(path) if path.exists() => read_records(path)?,
        _ => Vec::new(),
    };
    if let Some(r) = earlier.iter().find(|r| r.players != [args.a.clone(), args.b.clone()]) {
        return Err(format!(
            "{} holds games of {} vs {}, not of this match",
            args.out.as_ref().unwrap().display(),
            r.players[0],
            r.players[1]
        ));
    }
    let done: Vec<u64> = earlier.iter().map(|r| r.index).collect();
    let total = setup.indices().len() as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, {eta} left]")
            .expect("a valid template"),
    );
    let out = match &args.out {
        Some(path) => Some(Mutex::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let tally = Mutex::new(earlier.iter().map(GameRecord::result).collect::<Vec<_>>());
    bar.set_position(done.iter().filter(|i| setup.indices().contains(i)).count() as u64);
    let records = setup
        .run(args.threads, &done, |record| {
            if let Some(out) = &out {
                let mut file = out.lock().unwrap_or_else(|p| p.into_inner());
                let _ = writeln!(file, "{}", serde_json::to_string(record).expect("records serialise"));
            }
            let mut results = tally.lock().unwrap_or_else(|p| p.into_inner());
            results.push(record.result());
            let s = Summary::of(&results);
            bar.set_message(format!("A {}–{}–{} ({:.1} %)", s.a_wins, s.draws, s.b_wins, 100.0 * s.a_score));
            bar.inc(1);
        })
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let mut all: Vec<GameRecord> = earlier;
    all.extend(records);
    print_summary(&all, &args.a, &args.b, args.json);
    Ok(())
}

fn read_records(path: &PathBuf) -> Result<Vec<GameRecord>, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut records = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let record: GameRecord = serde_json::from_str(&line)
            .map_err(|e| format!("{} line {}: not a game record: {e}", path.display(), n + 1))?;
        records.push(record);
    }
    Ok(records)
}

/// The records of one match, from the files of its shards (every file must
/// hold the same two players; a game in two files counts once).
fn read_match(paths: &[PathBuf]) -> Result<Vec<GameRecord>, String> {
    let mut all: Vec<GameRecord> = Vec::new();
    for path in paths {
        for record in read_records(path)? {
            if let Some(first) = all.first() {
                if first.players != record.players {
                    return Err(format!(
                        "{} holds a different match ({} vs {})",
                        path.display(),
                        record.players[0],
                        record.players[1]
                    ));
                }
            }
            all.push(record);
        }
    }
    let all = merge_records(all).map_err(|e| e.to_string())?;
    if all.is_empty() {
        return Err("the files hold no games".into());
    }
    Ok(all)
}

/// Prints the summary of the merged files, and with `against` their
/// comparison game for game with that baseline's records.
fn merge(paths: &[PathBuf], against: &[PathBuf], json: bool) -> Result<(), String> {
    let all = read_match(paths)?;
    let (a, b) = (&all[0].players[0], &all[0].players[1]);
    if against.is_empty() {
        print_summary(&all, a, b, json);
        return Ok(());
    }
    let baseline = read_match(against)?;
    let paired = Paired::of(&baseline, &all)?;
    if json {
        println!("{}", serde_json::json!({ "summary": summary_of(&all), "against": paired }));
    } else {
        print_summary(&all, a, b, false);
        println!("baseline: A = {}, B = {}", baseline[0].players[0], baseline[0].players[1]);
        print!("{}", paired.report());
    }
    Ok(())
}

/// The statistics of a match's records.
fn summary_of(records: &[GameRecord]) -> Summary {
    Summary::of(&records.iter().map(GameRecord::result).collect::<Vec<_>>())
}

fn print_summary(records: &[GameRecord], a: &str, b: &str, json: bool) {
    let summary = summary_of(records);
    if json {
        println!("{}", serde_json::to_string(&summary).expect("summaries serialise"));
    } else {
        print!("{}", summary.report(a, b));
    }
}
