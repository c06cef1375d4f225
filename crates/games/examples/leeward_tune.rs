//! Tunes Leeward's evaluation weights on self-play games (Texel's method).
//!
//!     cargo run --release -p tabula-games --example leeward_tune -- [--passes N] [--freeze I,J…] FILE…
//!
//! Each FILE holds `tabula match leeward … --out FILE` records. Tuning
//! starts from the weights the levels play with; `--freeze` names weights
//! to leave alone by their numbers in the report (26 is the calm-0 share,
//! which with the scale fixes how large scores are). Games whose
//! index is a multiple of ten are held out: the error on them is reported
//! before and after, so a set of weights that only learned its own games
//! shows. Prints the new weights as Rust for `crates/games/src/leeward/weights.rs`.

use std::process::ExitCode;

use tabula_games::leeward::tune::{describe, error, fit_scale, samples_of, tune, Sample, TuneSettings};
use tabula_games::leeward::weights::PLAYED;
use tabula_search::GameRecord;

struct Args {
    files: Vec<String>,
    passes: usize,
    frozen: Vec<usize>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { files: Vec::new(), passes: 200, frozen: Vec::new() };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--passes" => args.passes = value()?.parse().map_err(|_| "--passes takes a number")?,
            "--freeze" => {
                args.frozen = value()?
                    .split(',')
                    .map(|i| i.trim().parse().map_err(|_| format!("--freeze takes weight numbers, not '{i}'")))
                    .collect::<Result<_, _>>()?
            }
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => args.files.push(a),
        }
    }
    if args.files.is_empty() {
        return Err("name at least one file of match records".into());
    }
    Ok(args)
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let (mut train, mut held_out): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
    let mut games = 0;
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let record: GameRecord =
                serde_json::from_str(line).map_err(|e| format!("{file}:{}: not a match record: {e}", n + 1))?;
            let samples = samples_of(&record).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
            games += 1;
            if games % 10 == 0 {
                held_out.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    println!("{games} games: {} positions to tune on, {} held out", train.len(), held_out.len());
    let k = fit_scale(&train, &PLAYED);
    println!("scale k = {k:.6}");
    let before = (error(&train, &PLAYED, k), error(&held_out, &PLAYED, k));
    println!("error before: {:.6} (held out {:.6})", before.0, before.1);
    let settings = TuneSettings { frozen: args.frozen.clone(), passes: args.passes };
    let tuned = tune(&train, PLAYED, k, &settings, |p, _| {
        println!("pass {:>3}: error {:.6}, {} weights moved", p.pass, p.error, p.changed);
    });
    let after = (error(&train, &tuned, k), error(&held_out, &tuned, k));
    println!("error after: {:.6} (held out {:.6})", after.0, after.1);
    print!("{}", describe(&PLAYED, &tuned));
    println!("{}", tuned.to_rust());
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("leeward_tune: {e}");
            ExitCode::FAILURE
        }
    }
}
