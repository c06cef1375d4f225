//! Match statistics against figures worked out by hand.

use tabula_search::{elo_from_score, GameResult, Summary};

fn games(wins: u64, draws: u64, losses: u64) -> Vec<GameResult> {
    let mut out = Vec::new();
    for (n, score) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
        for i in 0..n {
            out.push(GameResult {
                a_score: score,
                winner_seat: if score == 0.5 { None } else { Some((i % 2) as usize) },
                length: 10,
                adjudicated: false,
            });
        }
    }
    out
}

#[test]
fn score_interval_and_elo_match_hand_computation() {
    // 60 wins, 20 draws, 20 losses: score 0.7.
    // Per-game variance: (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16; SE = 0.04; CI = 0.7 ± 0.0784.
    let s = Summary::of(&games(60, 20, 20));
    assert_eq!((s.games, s.a_wins, s.draws, s.b_wins), (100, 60, 20, 20));
    assert!((s.a_score - 0.7).abs() < 1e-12);
    assert!((s.a_score_ci95[0] - 0.62160).abs() < 1e-4, "{:?}", s.a_score_ci95);
    assert!((s.a_score_ci95[1] - 0.77840).abs() < 1e-4, "{:?}", s.a_score_ci95);
    // Elo(0.7) = -400·log10(1/0.7 - 1) = 147.19.
    assert!((s.elo.unwrap() - 147.19).abs() < 0.01);
    // (Elo(0.77840) - Elo(0.62160)) / 2 = (218.25 - 86.22) / 2 = 66.01.
    assert!((s.elo_error.unwrap() - 66.01).abs() < 0.05, "{:?}", s.elo_error);
    assert!((s.draw_rate - 0.2).abs() < 1e-12);
    assert!((s.mean_length - 10.0).abs() < 1e-12);
}

#[test]
fn first_player_rate_counts_wins_by_seat() {
    let mut results = games(0, 0, 0);
    for seat in [Some(0), Some(0), Some(0), Some(1), None] {
        results.push(GameResult { a_score: 0.5, winner_seat: seat, length: 4, adjudicated: seat.is_none() });
    }
    let s = Summary::of(&results);
    assert!((s.first_player_win_rate - 0.6).abs() < 1e-12);
    assert_eq!(s.first_player_decisive_share, Some(0.75));
    assert_eq!(s.adjudicated, 1);
}

#[test]
fn a_clean_sweep_has_no_finite_elo() {
    let s = Summary::of(&games(10, 0, 0));
    assert_eq!(s.elo, None);
    assert_eq!(s.a_score_ci95, [1.0, 1.0]);
    assert_eq!(elo_from_score(0.5), Some(0.0));
    assert!((elo_from_score(0.75).unwrap() - 190.85).abs() < 0.01);
}
