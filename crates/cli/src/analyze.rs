//! `tabula analyze`: the balance report a game designer wants, from self-play
//! at each of the game's levels: first-player win rate, draws, game lengths,
//! and how much each level gains over the one below.

use std::path::PathBuf;

use clap::Args;
use serde_json::{json, Value};
use tabula_core::Options;
use tabula_games::find;
use tabula_search::{wilson, GameRecord, MatchSetup, Summary};

/// The arguments of `tabula analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game.
    pub game: String,
    /// Games per measurement.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub games: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players to study instead of the game's levels, weakest first (repeatable).
    #[arg(long = "player")]
    pub players: Vec<String>,
    /// Write report.md, chart.svg and report.json into this folder.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the JSON report instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// A game option, KEY=VALUE; repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Stop a game after this many moves and count it a draw (default: the game's own limit, 1000 for most).
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Random moves at the start of each pair of games (none that lets the other side win at once).
    #[arg(long, default_value_t = 0)]
    pub random_moves: u32,
    /// Skip the game's own study (such as Warp & Weft's design-note table).
    #[arg(long)]
    pub no_study: bool,
    /// Run only the game's own study.
    #[arg(long)]
    pub study_only: bool,
    /// Keep every game of the game's own study in this folder (JSON lines),
    /// and resume from what is there.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Only these parts of the game's own study, comma-separated (the study names them).
    #[arg(long, value_delimiter = ',')]
    pub parts: Vec<String>,
    /// Play only the study's boards i, i+n, i+2n… (i/n), so that n processes
    /// share its `--records` folder; run once more without it when all have
    /// finished, to write the report of every board.
    #[arg(long, value_parser = crate::match_cmd::parse_shard, default_value = "0/1")]
    pub shard: (u64, u64),
}

fn percentile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Runs the study and prints (and writes) the report.
pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    let entry = find(&args.game).map_err(|e| e.to_string())?;
    let info = entry.info();
    let players: Vec<(String, String)> = if args.players.is_empty() {
        info.levels.iter().map(|l| (l.name.to_string(), format!("level:{}", l.key))).collect()
    } else {
        args.players.iter().map(|p| (p.clone(), p.clone())).collect()
    };
    let options = Options::from_pairs(&args.options).map_err(|e| e.to_string())?;
    let play = |a: &str, b: &str, seed: u64| -> Result<Vec<GameRecord>, String> {
        let setup = MatchSetup {
            entry,
            options: options.clone(),
            a: a.to_string(),
            b: b.to_string(),
            games: args.games,
            seed,
            max_moves: args.max_moves,
            random_moves: args.random_moves,
            shard: (0, 1),
        };
        setup.validate().map_err(|e| e.to_string())?;
        eprintln!("  playing {a} vs {b} ({} games)…", args.games);
        setup.run(args.threads, &[], |_| {}).map_err(|e| e.to_string())
    };

    let study = match entry.study() {
        Some(study) if !args.no_study => {
            eprintln!("  running {}'s own study…", info.name);
            let request = tabula_search::StudyRequest {
                games: args.games,
                threads: args.threads,
                seed: args.seed,
                options: args.options.clone(),
                records: args.records.clone(),
                parts: args.parts.clone(),
                shard: args.shard,
            };
            Some(study(&request).map_err(|e| e.to_string())?)
        }
        _ => None,
    };
    if args.study_only {
        let (markdown, report) = study.ok_or_else(|| format!("{} has no study of its own", info.name))?;
        if let Some(dir) = &args.out {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            std::fs::write(dir.join("study.md"), &markdown).map_err(|e| e.to_string())?;
            std::fs::write(dir.join("study.json"), serde_json::to_string_pretty(&report).expect("reports serialise"))
                .map_err(|e| e.to_string())?;
        }
        if args.json {
            println!("{report}");
        } else {
            print!("{markdown}");
        }
        return Ok(());
    }
    let mut self_play = Vec::new();
    for (i, (name, spec)) in players.iter().enumerate() {
        let records = play(spec, spec, args.seed + i as u64)?;
        let results: Vec<_> = records.iter().map(GameRecord::result).collect();
        let s = Summary::of(&results);
        let mut lengths: Vec<u32> = records.iter().map(|r| r.length).collect();
        lengths.sort_unstable();
        let first_wins = records.iter().filter(|r| r.winner_seat == Some(0)).count() as u64;
        self_play.push(json!({
            "player": name, "spec": spec, "games": s.games,
            "first_player_win_rate": s.first_player_win_rate,
            "first_player_win_rate_ci95": wilson(first_wins, s.games),
            "draw_rate": s.draw_rate, "decisive_rate": 1.0 - s.draw_rate, "adjudicated": s.adjudicated,
            "mean_length": s.mean_length,
            "length": {"min": percentile(&lengths, 0.0), "p25": percentile(&lengths, 0.25), "median": percentile(&lengths, 0.5),
                       "p75": percentile(&lengths, 0.75), "max": percentile(&lengths, 1.0)},
            "lengths": lengths,
        }));
    }
    let mut ladder = Vec::new();
    for pair in players.windows(2) {
        let (lower, upper) = (&pair[0], &pair[1]);
        let records = play(&upper.1, &lower.1, args.seed + 1000 + ladder.len() as u64)?;
        let s = Summary::of(&records.iter().map(GameRecord::result).collect::<Vec<_>>());
        ladder.push(json!({
            "stronger": upper.0, "weaker": lower.0, "games": s.games, "score": s.a_score,
            "score_ci95": s.a_score_ci95, "elo": s.elo, "elo_error": s.elo_error,
            "wins": s.a_wins, "draws": s.draws, "losses": s.b_wins,
        }));
    }
    let report = json!({
        "game": info.slug, "name": info.name, "sides": info.sides, "options": args.options,
        "games_per_measurement": args.games, "seed": args.seed,
        "self_play": self_play, "ladder": ladder,
    });
    let mut report = report;
    let mut markdown = markdown(&report);
    if let Some((study_md, study_json)) = study {
        markdown.push('\n');
        markdown.push_str(&study_md);
        report["study"] = study_json;
    }
    let svg = chart(&report);
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let write = |name: &str, text: &str| {
            std::fs::write(dir.join(name), text).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))
        };
        write("report.md", &markdown)?;
        write("chart.svg", &svg)?;
        write("report.json", &serde_json::to_string_pretty(&report).expect("reports serialise"))?;
        eprintln!("wrote report.md, chart.svg and report.json to {}", dir.display());
    }
    if args.json {
        println!("{report}");
    } else {
        print!("{markdown}");
    }
    Ok(())
}

fn pct(v: &Value) -> String {
    format!("{:.1} %", 100.0 * v.as_f64().unwrap_or(0.0))
}

fn markdown(r: &Value) -> String {
    let sides = &r["sides"];
    let mut md = format!(
        "# {} — balance report\n\n{} games per measurement, seed {}{}.\n\n![chart](chart.svg)\n\n## Self-play at each strength\n\n\
         | player | {} (first) wins | 95 % CI | draws | mean length | median (p25–p75) | shortest–longest |\n|---|---|---|---|---|---|---|\n",
        r["name"].as_str().unwrap_or(""),
        r["games_per_measurement"],
        r["seed"],
        if r["options"].as_array().is_some_and(|o| !o.is_empty()) { format!(", options {}", r["options"]) } else { String::new() },
        sides[0].as_str().unwrap_or("first player"),
    );
    for s in r["self_play"].as_array().into_iter().flatten() {
        let ci = &s["first_player_win_rate_ci95"];
        md.push_str(&format!(
            "| {} | {} | {}–{} | {} | {:.1} | {} ({}–{}) | {}–{} |\n",
            s["player"].as_str().unwrap_or(""),
            pct(&s["first_player_win_rate"]),
            pct(&ci[0]),
            pct(&ci[1]),
            pct(&s["draw_rate"]),
            s["mean_length"].as_f64().unwrap_or(0.0),
            s["length"]["median"],
            s["length"]["p25"],
            s["length"]["p75"],
            s["length"]["min"],
            s["length"]["max"],
        ));
    }
    md.push_str("\n## How much strength pays\n\n| pairing | stronger's score | 95 % CI | Elo difference | W–D–L |\n|---|---|---|---|---|\n");
    for l in r["ladder"].as_array().into_iter().flatten() {
        let elo = match (l["elo"].as_f64(), l["elo_error"].as_f64()) {
            (Some(e), Some(err)) => format!("{e:+.0} ± {err:.0}"),
            (Some(e), None) => format!("{e:+.0}"),
            _ => "unbounded".into(),
        };
        md.push_str(&format!(
            "| {} vs {} | {} | {}–{} | {elo} | {}–{}–{} |\n",
            l["stronger"].as_str().unwrap_or(""),
            l["weaker"].as_str().unwrap_or(""),
            pct(&l["score"]),
            pct(&l["score_ci95"][0]),
            pct(&l["score_ci95"][1]),
            l["wins"],
            l["draws"],
            l["losses"],
        ));
    }
    md
}

/// Two bar charts with 95 % whiskers: the first player's win rate per
/// strength, and each pairing's score for the stronger player.
fn chart(r: &Value) -> String {
    let rows: Vec<(String, f64, f64, f64)> = r["self_play"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let ci = &s["first_player_win_rate_ci95"];
            (
                s["player"].as_str().unwrap_or("").to_string(),
                s["first_player_win_rate"].as_f64().unwrap_or(0.0),
                ci[0].as_f64().unwrap_or(0.0),
                ci[1].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    let ladder: Vec<(String, f64, f64, f64)> = r["ladder"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            (
                format!("{} vs {}", l["stronger"].as_str().unwrap_or(""), l["weaker"].as_str().unwrap_or("")),
                l["score"].as_f64().unwrap_or(0.0),
                l["score_ci95"][0].as_f64().unwrap_or(0.0),
                l["score_ci95"][1].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    let panel = |title: &str, x0: f64, data: &[(String, f64, f64, f64)], colour: &str| -> String {
        let (w, h, top, left) = (340.0, 220.0, 40.0, 40.0);
        let mut s =
            format!("<text x=\"{}\" y=\"22\" font-size=\"14\" font-weight=\"600\">{}</text>", x0 + left, escape(title));
        for (i, tick) in [0.0, 0.25, 0.5, 0.75, 1.0].iter().enumerate() {
            let y = top + h - tick * h;
            let dash = if i == 2 { " stroke-dasharray=\"4 3\"" } else { "" };
            s.push_str(&format!(
                "<line x1=\"{}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#bbb\"{dash}/><text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\">{:.0}%</text>",
                x0 + left,
                x0 + left + w,
                x0 + left - 4.0,
                y + 3.0,
                tick * 100.0
            ));
        }
        let slot = w / data.len().max(1) as f64;
        for (i, (label, v, lo, hi)) in data.iter().enumerate() {
            let x = x0 + left + slot * i as f64 + slot * 0.2;
            let bw = slot * 0.6;
            s.push_str(&format!(
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bw:.1}\" height=\"{:.1}\" fill=\"{colour}\"/>\
                 <line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#222\" stroke-width=\"1.5\"/>\
                 <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>\
                 <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{:.0}%</text>",
                top + h - v * h,
                v * h,
                top + h - hi * h,
                top + h - lo * h,
                top + h + 14.0,
                escape(label),
                top + h - v * h - 4.0 - (hi - v) * h,
                v * 100.0,
                cx = x + bw / 2.0
            ));
        }
        s
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 820 290\" font-family=\"system-ui, sans-serif\">\
         <rect width=\"820\" height=\"290\" fill=\"white\"/>{}{}</svg>\n",
        panel("First player's win rate in self-play", 0.0, &rows, "#c0392b"),
        panel("Stronger player's score", 410.0, &ladder, "#2c6fbb"),
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
