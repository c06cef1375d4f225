//! Match statistics as engine testers report them: score with a 95 %
//! confidence interval, the Elo difference with its error margin, the
//! first player's win rate and game lengths.

use serde::Serialize;

/// 1.96: the two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// A match's totals from A's point of view.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Wins of A.
    pub a_wins: u64,
    /// Draws (including games stopped at the move limit).
    pub draws: u64,
    /// Wins of B.
    pub b_wins: u64,
    /// A's score per game, 0..1 (a draw counts a half).
    pub a_score: f64,
    /// The 95 % confidence interval of A's score.
    pub a_score_ci95: [f64; 2],
    /// The Elo difference A − B implied by the score (null if A won or lost everything).
    pub elo: Option<f64>,
    /// Half the width of the Elo difference's 95 % interval (null when unbounded).
    pub elo_error: Option<f64>,
    /// The share of all games won by the seat that moved first.
    pub first_player_win_rate: f64,
    /// The share of decisive games won by the seat that moved first.
    pub first_player_decisive_share: Option<f64>,
    /// The share of draws.
    pub draw_rate: f64,
    /// Mean game length in moves.
    pub mean_length: f64,
    /// Games stopped at the move limit (counted as draws).
    pub adjudicated: u64,
}

/// One finished game, as the statistics need it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameResult {
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// The winning seat (0 moved first), if any.
    pub winner_seat: Option<usize>,
    /// Moves played.
    pub length: u32,
    /// Stopped at the move limit.
    pub adjudicated: bool,
}

/// The Wilson 95 % interval of a proportion, `successes` of `n` (all of
/// 0..1 when there is nothing to go on).
pub fn wilson(successes: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (z, n, p) = (Z95, n as f64, successes as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The mean of `values` and half the width of its 95 % interval (normal
/// approximation with the sample's spread; 0 for fewer than two values).
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (variance / n).sqrt())
}

/// The Elo difference for a score strictly between 0 and 1.
pub fn elo_from_score(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

impl Summary {
    /// Totals over a set of games.
    pub fn of(results: &[GameResult]) -> Summary {
        let games = results.len() as u64;
        let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count() as u64;
        let a_wins = count(&|r| r.a_score == 1.0);
        let b_wins = count(&|r| r.a_score == 0.0);
        let draws = games - a_wins - b_wins;
        let first_wins = count(&|r| r.winner_seat == Some(0));
        let decisive = count(&|r| r.winner_seat.is_some());
        let n = games.max(1) as f64;
        let score = (a_wins as f64 + draws as f64 / 2.0) / n;
        let variance = (a_wins as f64 * (1.0 - score).powi(2)
            + draws as f64 * (0.5 - score).powi(2)
            + b_wins as f64 * score.powi(2))
            / n;
        let se = (variance / n).sqrt();
        let (low, high) = ((score - Z95 * se).max(0.0), (score + Z95 * se).min(1.0));
        let elo_error = match (elo_from_score(low), elo_from_score(high)) {
            (Some(l), Some(h)) if games > 0 => Some((h - l) / 2.0),
            _ => None,
        };
        Summary {
            games,
            a_wins,
            draws,
            b_wins,
            a_score: score,
            a_score_ci95: [low, high],
            elo: if games > 0 { elo_from_score(score) } else { None },
            elo_error,
            first_player_win_rate: first_wins as f64 / n,
            first_player_decisive_share: (decisive > 0).then(|| first_wins as f64 / decisive as f64),
            draw_rate: draws as f64 / n,
            mean_length: results.iter().map(|r| r.length as f64).sum::<f64>() / n,
            adjudicated: count(&|r| r.adjudicated),
        }
    }

    /// The summary as a few lines for people.
    pub fn report(&self, a: &str, b: &str) -> String {
        if self.games == 0 {
            // A shard with no game of its own, or files without games: no score to speak of.
            return format!("A = {a}\nB = {b}\ngames 0: nothing was played\n");
        }
        let elo = match (self.elo, self.elo_error) {
            (Some(e), Some(err)) => format!("{e:+.1} ± {err:.1}"),
            (Some(e), None) => format!("{e:+.1}"),
            (None, _) if self.a_score >= 1.0 => "+inf (A won every game)".into(),
            (None, _) => "-inf (A lost every game)".into(),
        };
        format!(
            "A = {a}\nB = {b}\ngames {}: A won {}, drew {}, lost {}\n\
             A's score {:.1} % (95 % CI {:.1}–{:.1} %), Elo difference {elo}\n\
             first player won {:.1} % of games; draws {:.1} %{}; mean length {:.1} moves\n",
            self.games,
            self.a_wins,
            self.draws,
            self.b_wins,
            100.0 * self.a_score,
            100.0 * self.a_score_ci95[0],
            100.0 * self.a_score_ci95[1],
            100.0 * self.first_player_win_rate,
            100.0 * self.draw_rate,
            if self.adjudicated > 0 {
                format!(" ({} stopped at the move limit)", self.adjudicated)
            } else {
                String::new()
            },
            self.mean_length,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_hand_computed_interval() {
        // 7 of 10: centre (0.7 + 0.19208)/1.38415 = 0.64450, half 0.25675.
        let [lo, hi] = wilson(7, 10);
        assert!((lo - 0.3968).abs() < 1e-3, "{lo}");
        assert!((hi - 0.8922).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn a_mean_comes_with_its_interval() {
        // 1, 2, 3, 4: mean 2.5, sample variance 5/3, half width 1.96 · sqrt(5/12).
        let (mean, half) = mean_interval(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(mean, 2.5);
        assert!((half - 1.265_1).abs() < 1e-3, "{half}");
        assert_eq!(mean_interval(&[]), (0.0, 0.0));
        assert_eq!(mean_interval(&[7.0]), (7.0, 0.0));
    }

    #[test]
    fn no_games_report_that_nothing_was_played_and_no_score() {
        let report = Summary::of(&[]).report("greedy", "random");
        assert_eq!(report, "A = greedy\nB = random\ngames 0: nothing was played\n");
    }
}
