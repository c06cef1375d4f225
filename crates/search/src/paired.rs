//! Two matches played from the same openings (the same `--seed` and
//! `--random-moves`), compared game for game: what a change to player A
//! gained against the same opponent. Each pair of games that shares an
//! opening (indices 2k and 2k + 1, sides swapped) is one sample, so the
//! openings' own spread cancels out and the interval is much narrower than
//! the two matches' intervals side by side.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::match_runner::GameRecord;
use crate::stats::mean_interval;

/// What a match scored against a baseline played from the same openings.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Paired {
    /// Pairs of games found complete in both matches (the samples).
    pub pairs: u64,
    /// Games in both matches left out because their pair is not complete in both.
    pub left_out: u64,
    /// A's score per game in the baseline, over the compared games (0..1).
    pub baseline_score: f64,
    /// A's score per game in this match, over the same games.
    pub score: f64,
    /// This match's score less the baseline's, per game (−1..1).
    pub difference: f64,
    /// Half the width of the difference's 95 % interval.
    pub difference_ci95: f64,
    /// Compared games whose result differs between the two matches.
    pub changed: u64,
}

impl Paired {
    /// Compares `records` with `baseline` on the pairs both hold whole.
    /// Fails where a game of the same number was played from another start
    /// or with A in the other seat (the matches do not share openings), or
    /// where no pair is complete in both.
    pub fn of(baseline: &[GameRecord], records: &[GameRecord]) -> Result<Paired, String> {
        let (before, after) = (by_index(baseline), by_index(records));
        let mut samples = Vec::new();
        let (mut left_out, mut changed) = (0, 0);
        let (mut before_total, mut after_total) = (0.0, 0.0);
        for (&index, old) in &before {
            let Some(new) = after.get(&index) else { continue };
            if old.a_seat != new.a_seat || old.start != new.start {
                return Err(format!(
                    "game {index} was not played from the same start in both matches (A in seat {} and {}, start {:?} and {:?}): compare matches of the same --seed, --random-moves and options",
                    old.a_seat, new.a_seat, old.start, new.start
                ));
            }
            let partner = index ^ 1;
            if !(before.contains_key(&partner) && after.contains_key(&partner)) {
                left_out += 1;
                continue;
            }
            if index % 2 == 1 {
                continue; // counted with its partner, which comes first
            }
            let (mut b, mut a) = (0.0, 0.0);
            for i in [index, partner] {
                b += before[&i].a_score;
                a += after[&i].a_score;
                changed += u64::from(before[&i].a_score != after[&i].a_score);
            }
            before_total += b;
            after_total += a;
            samples.push((a - b) / 2.0);
        }
        if samples.is_empty() {
            return Err(
                "the two matches hold no pair of games (numbers 2k and 2k + 1) in common: nothing to compare".into()
            );
        }
        let (difference, difference_ci95) = mean_interval(&samples);
        let games = 2.0 * samples.len() as f64;
        Ok(Paired {
            pairs: samples.len() as u64,
            left_out,
            baseline_score: before_total / games,
            score: after_total / games,
            difference,
            difference_ci95,
            changed,
        })
    }

    /// The comparison as two lines for people.
    pub fn report(&self) -> String {
        format!(
            "against the baseline, on the {} games of {} pairs both hold{}:\n\
             A's score {:.1} % there, {:.1} % here: {:+.1} ± {:.1} points (95 %, a pair of games a sample); {} games ended otherwise\n",
            2 * self.pairs,
            self.pairs,
            if self.left_out > 0 { format!(" ({} more left out, their pair incomplete)", self.left_out) } else { String::new() },
            100.0 * self.baseline_score,
            100.0 * self.score,
            100.0 * self.difference,
            100.0 * self.difference_ci95,
            self.changed,
        )
    }
}

/// The records by their game numbers.
fn by_index(records: &[GameRecord]) -> BTreeMap<u64, &GameRecord> {
    records.iter().map(|r| (r.index, r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u64, a_score: f64) -> GameRecord {
        GameRecord {
            index,
            a_seat: (index % 2) as usize,
            winner_seat: None,
            a_score,
            length: 10,
            adjudicated: false,
            start: vec![],
            moves: vec![],
            players: ["a".into(), "b".into()],
        }
    }

    #[test]
    fn pairs_are_the_samples_and_incomplete_pairs_are_left_out() {
        // Pairs 0 and 1 in both; game 4 in both but 5 only in the baseline.
        let baseline = [game(0, 0.5), game(1, 0.5), game(2, 1.0), game(3, 0.0), game(4, 0.5), game(5, 0.5)];
        let records = [game(0, 1.0), game(1, 1.0), game(2, 1.0), game(3, 0.5), game(4, 0.0)];
        let p = Paired::of(&baseline, &records).unwrap();
        assert_eq!((p.pairs, p.left_out, p.changed), (2, 1, 3));
        assert_eq!(p.baseline_score, 0.5);
        assert_eq!(p.score, 0.875);
        // Samples +0.5 and +0.25: mean 0.375, sample variance 0.03125.
        assert_eq!(p.difference, 0.375);
        assert!((p.difference_ci95 - 1.959_964 * (0.03125f64 / 2.0).sqrt()).abs() < 1e-6, "{}", p.difference_ci95);
        assert_eq!(
            p.report(),
            "against the baseline, on the 4 games of 2 pairs both hold (1 more left out, their pair incomplete):\n\
             A's score 50.0 % there, 87.5 % here: +37.5 ± 24.5 points (95 %, a pair of games a sample); 3 games ended otherwise\n"
        );
    }

    #[test]
    fn matches_from_other_openings_or_without_a_common_pair_are_refused() {
        let mut swapped = game(1, 0.5);
        swapped.a_seat = 0;
        let err = Paired::of(&[game(0, 0.5), game(1, 0.5)], &[game(0, 0.5), swapped]).unwrap_err();
        assert!(err.contains("game 1 was not played from the same start"), "{err}");
        let mut other_start = game(0, 0.5);
        other_start.start = vec!["seed=7".into()];
        assert!(Paired::of(&[game(0, 0.5), game(1, 0.5)], &[other_start, game(1, 0.5)]).is_err());
        let err = Paired::of(&[game(0, 0.5), game(1, 0.5)], &[game(2, 0.5), game(3, 0.5)]).unwrap_err();
        assert!(err.contains("no pair of games"), "{err}");
    }
}
