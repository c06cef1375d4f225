//! Texel tuning of Leeward's evaluation: the weights that best foretell how
//! self-play games ended.
//!
//! Each quiet position of a set of finished games (the side to move has no
//! capture and no landfall, so the static evaluation is what a search would
//! see there) is labelled with the game's result for the side to move: 1,
//! ½ or 0. A weight set's error is the mean squared difference between
//! those labels and `1 / (1 + e^(−k·score))`, the evaluation turned into an
//! expected result. [`tune`] changes one weight at a time while the error
//! falls. The command-line front is `examples/leeward_tune.rs`.

use rayon::prelude::*;
use tabula_core::{Error, Evaluate, Game, Options, Outcome};
use tabula_search::GameRecord;

use super::eval::evaluate_with;
use super::rules::Leeward;
use super::weights::{Weights, COUNT, NAMES};

/// Plies at the start of each game left out (the random opening and the moves just after it).
pub const SKIPPED_PLIES: usize = 4;

/// One labelled position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position, the side to move to play.
    pub position: Leeward,
    /// How the game ended for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
}

/// Whether the side to move has neither a capture nor a landfall.
fn is_quiet(pos: &Leeward, scratch: &mut Vec<<Leeward as Game>::Move>) -> bool {
    scratch.clear();
    pos.noisy_moves(scratch);
    scratch.is_empty()
}

/// The quiet positions of one finished game (a `tabula match` record),
/// each labelled with the result; an unfinished or stopped game gives none.
pub fn samples_of(record: &GameRecord) -> Result<Vec<Sample>, Error> {
    if record.adjudicated {
        return Ok(Vec::new());
    }
    let mut pos = Leeward::new(&Options::from_pairs(&record.start)?)?;
    let mut positions = Vec::with_capacity(record.moves.len());
    for (ply, text) in record.moves.iter().enumerate() {
        if ply >= SKIPPED_PLIES && pos.outcome().is_none() {
            positions.push(pos.clone());
        }
        let mv = pos.parse_move(text)?;
        pos.play(mv);
    }
    let Some(outcome) = pos.outcome() else { return Ok(Vec::new()) };
    let mut scratch = Vec::new();
    Ok(positions
        .into_iter()
        .filter(|p| is_quiet(p, &mut scratch))
        .map(|position| {
            let result = match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(side) if side == position.side_to_move() => 1.0,
                Outcome::Win(_) => 0.0,
            };
            Sample { position, result }
        })
        .collect())
}

/// The expected result of a score `s` at scale `k`.
#[inline]
fn expected(score: i32, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score as f64).exp())
}

/// The mean squared error of `weights` at scale `k` over `samples`.
pub fn error(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .par_iter()
        .map(|s| {
            let e = s.result - expected(evaluate_with(&s.position, weights), k);
            e * e
        })
        .sum();
    sum / samples.len() as f64
}

/// The scale `k` at which `weights` foretell `samples` best (a golden-section
/// search between 10⁻⁵ and 10⁻¹ on a log scale).
pub fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let f = |log_k: f64| error(samples, weights, 10f64.powf(log_k));
    let (mut a, mut b) = (-5.0f64, -1.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - phi * (b - a), a + phi * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > 1e-4 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = f(d);
        }
    }
    10f64.powf((a + b) / 2.0)
}

/// Which weights the tuner may change and how far one step goes at first.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Weights left as they are (by index).
    pub frozen: Vec<usize>,
    /// Passes over every weight at most.
    pub passes: usize,
}

/// One pass's outcome, for a progress report.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Passes so far.
    pub pass: usize,
    /// The error after this pass.
    pub error: f64,
    /// Weights changed in this pass.
    pub changed: usize,
}

/// Texel's local search: every weight in turn is moved up or down by its
/// step while that lowers the error at scale `k`; a pass that changes
/// nothing halves every step, and the search ends when steps reach 1 and
/// a pass changes nothing, or after `settings.passes` passes.
pub fn tune(
    samples: &[Sample],
    start: Weights,
    k: f64,
    settings: &TuneSettings,
    mut report: impl FnMut(&Progress, &Weights),
) -> Weights {
    let mut best = start;
    let mut best_error = error(samples, &best, k);
    let mut steps: [i32; COUNT] = start.0.map(|w| (w.abs() / 8).clamp(4, 64));
    for pass in 1..=settings.passes {
        let mut changed = 0;
        for i in (0..COUNT).filter(|i| !settings.frozen.contains(i)) {
            for direction in [1, -1] {
                let mut trial = best;
                trial.0[i] += direction * steps[i];
                let e = error(samples, &trial, k);
                if e < best_error {
                    best = trial;
                    best_error = e;
                    changed += 1;
                    break;
                }
            }
        }
        report(&Progress { pass, error: best_error, changed }, &best);
        if changed == 0 {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            steps = steps.map(|s| (s / 2).max(1));
        }
    }
    best
}

/// The weights and their names side by side, changed ones marked, for a report.
pub fn describe(before: &Weights, after: &Weights) -> String {
    let mut out = String::new();
    for (i, (name, (old, new))) in NAMES.iter().zip(before.0.iter().zip(&after.0)).enumerate() {
        let mark = if old == new { "" } else { "  *" };
        out.push_str(&format!("{i:>2} {name:>32} {old:>6} -> {new:>6}{mark}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use tabula_core::{seeded_rng, Side};
    use tabula_search::random_move;

    use super::super::weights::{at, PLAYED};
    use super::*;

    /// A random game from the start to its end, as a match record with
    /// player A on seat `a_seat`.
    fn random_record(seed: u64, a_seat: usize) -> (GameRecord, Vec<Leeward>) {
        let mut rng = seeded_rng(seed);
        let mut pos = Leeward::start();
        let (mut moves, mut seen) = (Vec::new(), Vec::new());
        while pos.outcome().is_none() {
            seen.push(pos.clone());
            let mv = random_move(&pos, &mut rng).expect("a game going on has a move");
            moves.push(pos.format_move(mv));
            pos.play(mv);
        }
        let winner_seat = match pos.outcome() {
            Some(Outcome::Win(side)) => Some(side.index()),
            _ => None,
        };
        let a_score = match winner_seat {
            None => 0.5,
            Some(seat) if seat == a_seat => 1.0,
            Some(_) => 0.0,
        };
        let record = GameRecord {
            index: seed,
            a_seat,
            winner_seat,
            a_score,
            length: moves.len() as u32,
            adjudicated: false,
            start: Vec::new(),
            moves,
            players: ["random".into(), "random".into()],
        };
        (record, seen)
    }

    #[test]
    fn each_quiet_position_after_the_opening_is_labelled_for_its_mover() {
        let mut decided = 0;
        for seed in 0..20 {
            let (record, seen) = random_record(seed, (seed % 2) as usize);
            let samples = samples_of(&record).unwrap();
            let mut scratch = Vec::new();
            let quiet: Vec<&Leeward> = seen.iter().skip(SKIPPED_PLIES).filter(|p| is_quiet(p, &mut scratch)).collect();
            assert_eq!(samples.len(), quiet.len(), "seed {seed}");
            for (sample, pos) in samples.iter().zip(quiet) {
                assert_eq!(sample.position.hash(), pos.hash());
                let want = match record.winner_seat {
                    None => 0.5,
                    Some(seat) if seat == pos.side_to_move().index() => 1.0,
                    Some(_) => 0.0,
                };
                assert_eq!(sample.result, want, "seed {seed}");
            }
            decided += record.winner_seat.is_some() as u32;
        }
        assert!(decided > 0, "some random games end in a win");
        // Ink's and Paper's positions alike: a win is 1 for the winner's moves and 0 for the loser's.
        let (record, _) = (0..40).map(|s| random_record(s, 0)).find(|(r, _)| r.winner_seat.is_some()).unwrap();
        let samples = samples_of(&record).unwrap();
        let winner = if record.winner_seat == Some(0) { Side::First } else { Side::Second };
        assert!(samples.iter().all(|s| (s.result == 1.0) == (s.position.side_to_move() == winner)));
    }

    #[test]
    fn a_stopped_game_or_a_bad_move_gives_no_samples() {
        let (mut record, _) = random_record(3, 0);
        record.adjudicated = true;
        assert!(samples_of(&record).unwrap().is_empty());
        record.adjudicated = false;
        record.moves.truncate(10);
        assert!(samples_of(&record).unwrap().is_empty(), "an unfinished game has no result");
        record.moves[5] = "a1a1/N".into();
        assert!(samples_of(&record).is_err());
    }

    #[test]
    fn the_tuner_finds_its_way_back_to_a_weight_it_was_pushed_off() {
        // Label positions by what the hand-made weights expect, then start
        // the Sail's worth 200 too high: tuning only that weight brings it back.
        let mut samples = Vec::new();
        for seed in 0..30 {
            samples.extend(samples_of(&random_record(seed, 0).0).unwrap());
        }
        let k = 0.004;
        for s in &mut samples {
            s.result = expected(evaluate_with(&s.position, &PLAYED), k);
        }
        let mut start = PLAYED;
        start.0[at::MEN] += 200;
        let frozen = (0..COUNT).filter(|&i| i != at::MEN).collect();
        let tuned = tune(&samples, start, k, &TuneSettings { frozen, passes: 100 }, |_, _| {});
        assert!(error(&samples, &tuned, k) < error(&samples, &start, k));
        assert!((tuned.0[at::MEN] - PLAYED.0[at::MEN]).abs() <= 8, "{}", tuned.0[at::MEN]);
        assert_eq!(tuned.0[at::MEN + 1..], PLAYED.0[at::MEN + 1..], "frozen weights stay");
    }
}
