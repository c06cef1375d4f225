//! The exact solver against the generic alpha–beta searched to the end, and
//! its reports.

mod common;

use proptest::prelude::*;
use tabula_core::{Evaluate, Game, Options, WIN_SCORE};
use tabula_games::warp_weft::{Known, Solver, WarpWeft, WarpWeftMove};
use tabula_search::{AlphaBeta, Player, PlayerSpec, SearchLimits};

fn midgame(seed: u64, size: usize, choices: &[usize]) -> WarpWeft {
    common::reached(common::game(&[&format!("seed={seed}"), &format!("size={size}")]), choices).0
}

/// The margin `mv` is worth to the mover (its cell and the rest of the
/// game), by a fresh solver of what follows it.
fn reached_by(pos: &WarpWeft, mv: WarpWeftMove) -> i32 {
    let mut child = pos.clone();
    child.play(mv);
    let rest = Solver::new(&child, 16).unwrap().solve(&child, 0, None).unwrap();
    pos.value(mv.to as usize) as i32 - rest.margin
}

/// The final margin in half points for the mover, from a search to the end.
fn alphabeta_margin(pos: &WarpWeft) -> i32 {
    let result = AlphaBeta::<WarpWeft>::new(8).search(pos, SearchLimits::depth(60));
    assert!(result.exact);
    match result.score {
        s if s > 0 => s - WIN_SCORE,
        s if s < 0 => s + WIN_SCORE,
        _ => 0,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn the_solver_agrees_with_a_search_to_the_end(seed in 0u64..1000, size in prop::sample::select(vec![5usize, 7]), choices in prop::collection::vec(0usize..50, 22..30)) {
        let pos = midgame(seed, size, &choices);
        let mut solver = Solver::new(&pos, 4).unwrap();
        let exact = solver.solve(&pos, 0, None).unwrap();
        // The search counts the lead so far too (in half points); the solver only what is to come.
        let final_margin = pos.evaluate() + 2 * exact.margin;
        if pos.outcome().is_none() {
            prop_assert_eq!(final_margin, alphabeta_margin(&pos));
            // The best move really is worth the margin.
            prop_assert_eq!(reached_by(&pos, exact.best.unwrap()), exact.margin);
        }
        // The verdict's null window agrees with the margin.
        prop_assert_eq!(solver.at_least(&pos, exact.margin, None), Some(true));
        prop_assert_eq!(solver.at_least(&pos, exact.margin + 1, None), Some(false));
    }
}

#[test]
fn a_5x5_board_is_solved_from_the_start() {
    let pos = midgame(1, 5, &[]);
    let report = pos.solve_report(false, 1).unwrap();
    let get = |k: &str| report.iter().find(|(key, _)| *key == k).unwrap().1.clone();
    let margin: i32 = get("margin").parse().unwrap();
    let best = get("best");
    let verdict = get("verdict");
    // Cross-check against the solver's own null-window verdict.
    let only = pos.solve_report(true, 2).unwrap();
    assert_eq!(only.iter().find(|(k, _)| *k == "verdict").unwrap().1, verdict);
    assert_eq!(verdict, if margin > 4 { "weft" } else { "warp" }, "komi 4.5 against a margin of {margin}");
    assert!(pos.parse_move(&best).is_ok(), "{best} is legal");
    // And against the search to the end.
    assert_eq!(2 * margin - 9, alphabeta_margin(&pos));
}

#[test]
fn nine_by_nine_is_too_big_to_solve() {
    let pos = midgame(1, 9, &[]);
    assert!(Solver::new(&pos, 1).is_none());
    assert!(pos.solve_report(false, 1).is_none());
}

#[test]
fn move_values_are_exact_and_described_in_words() {
    let pos = midgame(3, 5, &[1, 2, 3, 1, 0, 2]);
    let values = pos.solve_moves(None, None, &mut None).unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert_eq!(values.len(), legal.len());
    for (mv, score) in &values {
        let mut child = pos.clone();
        child.play(*mv);
        let truth = if child.outcome().is_some() {
            -child.terminal_score(child.outcome().unwrap(), 0)
        } else {
            -AlphaBeta::<WarpWeft>::new(4).search(&child, SearchLimits::depth(60)).score
        };
        assert_eq!(*score, truth, "{}", pos.format_move(*mv));
    }
    assert!(values.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
    assert_eq!(pos.describe_score(WIN_SCORE + 7), "wins by 3.5");
    assert_eq!(pos.describe_score(-WIN_SCORE - 3), "loses by 1.5");
    assert_eq!(pos.describe_score(-WIN_SCORE - 4), "loses by 2");
}

#[test]
fn the_pie_swap_is_valued_exactly_and_the_perfect_player_swaps_when_it_pays() {
    let mut swaps = 0;
    for seed in 1..=12 {
        let mut pos =
            WarpWeft::new(&Options::from_pairs(&[format!("seed={seed}"), "size=5".into(), "pie=true".into()]).unwrap())
                .unwrap();
        // Weft opens with the first cell of its row, good or bad.
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        pos.play(legal[0]);
        assert!(pos.swap_available());
        let values = pos.solve_moves(None, None, &mut None).unwrap();
        let swap = values.iter().find(|(mv, _)| mv.is_swap()).expect("the swap is valued too");
        // The swap takes Weft's side of this position: the truth by a search to the end.
        let mut child = pos.clone();
        child.play(swap.0);
        let truth = -AlphaBeta::<WarpWeft>::new(4).search(&child, SearchLimits::depth(60)).score;
        assert_eq!(swap.1, truth, "board {seed}");
        assert!(values.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        // The perfect player swaps exactly when swapping is worth more than every move.
        let spec = PlayerSpec::parse("solver", WarpWeft::info()).unwrap();
        let chosen = Player::new(spec, 1).choose(&pos).unwrap().unwrap();
        let best_move = values.iter().filter(|(mv, _)| !mv.is_swap()).map(|v| v.1).max().unwrap();
        assert_eq!(chosen.best.unwrap().is_swap(), swap.1 > best_move, "board {seed}");
        assert_eq!(chosen.score, values[0].1, "board {seed}: the player's move is worth the best value");
        swaps += chosen.best.unwrap().is_swap() as usize;
    }
    assert!(swaps > 0, "on some boards the first move is worth taking over");
}

#[test]
fn one_best_move_is_worth_what_valuing_every_move_says() {
    for seed in 1..=8u64 {
        for plies in [0usize, 3, 6, 9] {
            let pos = midgame(seed, 5, &vec![seed as usize; plies]);
            if pos.outcome().is_some() {
                continue;
            }
            let values = pos.solve_moves(None, None, &mut None).unwrap();
            let solved = pos.solve_best(None, None, None, &mut None).unwrap();
            let (mv, score) = (solved.mv, solved.score);
            assert!(solved.exact, "board {seed}, {plies} moves in: a solve that does not settle is exact");
            assert_eq!(score, values[0].1, "board {seed}, {plies} moves in");
            let listed = values.iter().find(|v| v.0 == mv).expect("a legal move");
            assert_eq!(listed.1, score, "board {seed}, {plies} moves in: {} is a best move", pos.format_move(mv));
        }
    }
}

#[test]
fn two_threads_find_the_same_values_as_one() {
    for (seed, size, choices) in
        [(2u64, 5usize, vec![1usize, 0]), (5, 5, vec![]), (9, 7, vec![2, 1, 0, 3, 1, 2, 0, 1, 1, 0, 2, 1, 0, 2, 1, 1])]
    {
        let pos = midgame(seed, size, &choices);
        let mut one = Solver::new(&pos, 16).unwrap();
        let mut two = Solver::new(&pos, 16).unwrap();
        two.set_threads(2);
        let a = one.solve(&pos, 0, None).unwrap();
        let b = two.solve(&pos, 0, None).unwrap();
        assert_eq!(a.margin, b.margin, "board {seed}");
        // The move two threads name achieves the value.
        assert_eq!(reached_by(&pos, b.best.unwrap()), a.margin, "board {seed}");
        for threshold in [a.margin, a.margin + 1] {
            let mut fresh = Solver::new(&pos, 16).unwrap();
            fresh.set_threads(2);
            assert_eq!(fresh.at_least(&pos, threshold, None), Some(a.margin >= threshold));
        }
    }
}

/// Node counts on one thread are deterministic, so they anchor the move
/// ordering: preferring moves that leave the opponent few choices cut this
/// solve 8 moves in from 20,233,464 nodes (value and reply only) to
/// 2,705,442 (table of 16 MiB). Since positions deep in the game go without
/// the table it visits 3,425,360, more of them but cheaper.
#[test]
fn move_ordering_keeps_the_tree_small() {
    let pos = midgame(3, 7, &[3, 1, 4, 1, 5, 9, 2, 6]);
    let mut solver = Solver::new(&pos, 16).unwrap();
    let exact = solver.solve(&pos, 0, None).unwrap();
    assert_eq!(exact.margin, 1);
    assert!(solver.nodes() < 5_000_000, "{} nodes: has the move ordering lost its way?", solver.nodes());
}

/// One solver kept for a whole game, with a table far too small for it, so
/// that entries are evicted all the time: every move it names must still be
/// worth the margin it reports (a fresh, roomy solver checks each).
fn kept_solver_names_moves_worth_its_margin(seed: u64, size: usize, threads: usize, opening: &[usize]) {
    let mut pos = midgame(seed, size, opening);
    let mut kept = Solver::new(&pos, 1).unwrap();
    kept.set_threads(threads);
    while pos.outcome().is_none() {
        let exact = kept.solve(&pos, 0, None).unwrap();
        let best = exact.best.unwrap();
        assert_eq!(
            reached_by(&pos, best),
            exact.margin,
            "board {seed}, {size}×{size}, {threads} thread(s): {} is not worth the margin in {}",
            pos.format_move(best),
            pos.to_text()
        );
        pos.play(best);
    }
}

#[test]
fn a_kept_solver_with_a_crowded_table_still_names_a_best_move() {
    for seed in 1..=12 {
        kept_solver_names_moves_worth_its_margin(seed, 5, 1, &[]);
    }
    // 7 × 7 from twelve moves in, to keep the test quick.
    for seed in 1..=3 {
        kept_solver_names_moves_worth_its_margin(seed, 7, 1, &[1; 12]);
        kept_solver_names_moves_worth_its_margin(seed, 7, 2, &[1; 12]);
    }
}

#[test]
fn a_cancelled_solve_gives_up_at_once() {
    // The opening of a 7 × 7 board takes seconds to solve; a solve whose
    // asker has already gone stops within its first few thousand positions.
    let pos = midgame(5, 7, &[]);
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut memory = None;
    assert_eq!(pos.solve_best(None, None, Some(&cancel), &mut memory), None);
    assert_eq!(pos.solve_moves(None, Some(&cancel), &mut memory), None);
}

/// A perfect player that settles for the result (`solver:settle=…`) may
/// skip the exact margin, never the result: from 7 × 7 positions far too
/// big to solve in a millisecond, the move it plays keeps the mover's win
/// or draw (in a lost position every move loses), as a fresh exact solve of
/// what follows shows, and the value it reports says who wins, with a
/// margin that is exact when it says so and never more than the truth.
#[test]
fn a_perfect_player_that_settles_keeps_the_result() {
    let spec = PlayerSpec::parse("solver:settle=1ms", WarpWeft::info()).unwrap();
    assert_eq!(spec.to_string(), "solver:settle=1ms");
    assert!(PlayerSpec::parse("solver:soon=1s", WarpWeft::info()).is_err());
    for seed in 1..=6u64 {
        let pos = midgame(seed, 7, &[seed as usize % 3; 10]);
        let now = pos.evaluate();
        let result = |future: i32| (now + 2 * future).signum();
        let exact = Solver::new(&pos, 64).unwrap().solve(&pos, 0, None).unwrap();
        let chosen = Player::new(spec.clone(), 1).choose(&pos).unwrap().unwrap();
        let mv = chosen.best.unwrap();
        assert_eq!(
            result(reached_by(&pos, mv)),
            result(exact.margin),
            "board {seed}: {} changes the result",
            pos.format_move(mv)
        );
        assert_eq!(chosen.score.signum(), result(exact.margin), "board {seed}: the value reported");
        // The margin is exact when the player says so, and otherwise, where
        // the mover does not lose, one the move is proven to reach.
        let margin = |score: i32| score - score.signum() * WIN_SCORE - now;
        if chosen.exact {
            assert_eq!(margin(chosen.score), 2 * exact.margin, "board {seed}: an exact value");
        } else if result(exact.margin) >= 0 {
            assert!(margin(chosen.score) <= 2 * exact.margin, "board {seed}: a bound above the value");
        }
    }
}

/// A solve told what a test at some threshold proved (a bound, and for a
/// lower bound its move) still finds the exact value and a move reaching
/// it, on one thread and on two, whichever side of the value the test was.
#[test]
fn a_solve_that_starts_from_a_tests_bound_finds_the_same_value() {
    for (seed, size, choices) in [(2u64, 5usize, vec![1usize, 0, 2]), (5, 5, vec![]), (7, 7, vec![1; 14])] {
        let pos = midgame(seed, size, &choices);
        let exact = Solver::new(&pos, 16).unwrap().solve(&pos, 0, None).unwrap();
        for threads in [1, 2] {
            for threshold in [exact.margin - 3, exact.margin, exact.margin + 1, exact.margin + 4] {
                let mut solver = Solver::new(&pos, 16).unwrap();
                solver.set_threads(threads);
                let mut known = Known::default();
                known.learn(threshold, solver.test(&pos, threshold, None).unwrap());
                assert_eq!(known.at_least.is_some(), exact.margin >= threshold, "board {seed}, threshold {threshold}");
                let again = solver.solve_knowing(&pos, threshold, known, None).unwrap();
                let case = format!("board {seed}, {threads} thread(s), threshold {threshold}");
                assert_eq!(again.margin, exact.margin, "{case}");
                let best = again.best.unwrap();
                assert_eq!(reached_by(&pos, best), exact.margin, "{case}: {}", pos.format_move(best));
            }
        }
    }
}

/// The mover's final margin in half points (komi included) by a plain
/// negamax over every line of play: no pruning, no table, the game's own
/// moves. Turns alternate in every variant (a pass hands the turn over).
fn brute_force(pos: &mut WarpWeft) -> i32 {
    if pos.outcome().is_some() {
        return pos.evaluate();
    }
    let mut best = i32::MIN;
    for mv in common::legal(pos) {
        pos.play(mv);
        best = best.max(-brute_force(pos));
        pos.undo(mv);
    }
    best
}

/// A 5 × 5 start with the variants numbered by the bits of `rules`: 1 pass, 2 passover, 4 blocking.
fn variant_game(seed: u64, rules: u8, passover: i8) -> WarpWeft {
    let mut pairs = vec![format!("seed={seed}"), "size=5".to_string()];
    if rules & 1 != 0 {
        pairs.push("pass=once".into());
    }
    if rules & 2 != 0 {
        pairs.push(format!("passover={passover}"));
    }
    if rules & 4 != 0 {
        pairs.push("blocking=true".into());
    }
    common::game(&pairs.iter().map(String::as_str).collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// The solver against the plain brute force, on 5 × 5 boards a few moves
    /// in, under every combination of the variants, on one thread and two,
    /// from a guess of 0 and from its own first guess.
    #[test]
    fn the_solver_agrees_with_a_brute_force_in_every_variant(
        seed in 0u64..500,
        rules in 0u8..8,
        passover in prop::sample::select(vec![-3i8, -1, 1, 2, 3]),
        choices in prop::collection::vec(0usize..50, 7..10),
        threads in 1usize..=2,
    ) {
        let (mut pos, _) = common::reached(variant_game(seed, rules, passover), &choices);
        let truth = brute_force(&mut pos);
        let mut solver = Solver::new(&pos, 4).unwrap();
        solver.set_threads(threads);
        let exact = solver.solve(&pos, 0, None).unwrap();
        prop_assert_eq!(pos.evaluate() + 2 * exact.margin, truth, "{}", pos.to_text());
        if let Some(best) = exact.best {
            let mut child = pos.clone();
            child.play(best);
            prop_assert_eq!(-brute_force(&mut child), truth, "the best move {}", pos.format_move(best));
        } else {
            prop_assert!(pos.outcome().is_some());
        }
        prop_assert_eq!(solver.at_least(&pos, exact.margin, None), Some(true));
        prop_assert_eq!(solver.at_least(&pos, exact.margin + 1, None), Some(false));
        // MTD(f) from the quick estimate the solver starts from by itself, on a fresh table.
        let mut fresh = Solver::new(&pos, 4).unwrap();
        prop_assert_eq!(fresh.solve_from_estimate(&pos, None).unwrap().margin, exact.margin);
    }
}

/// Under `pass=once` the table keeps a slide's value by the line, not the
/// cell, and a position's own value (the pass in it) only at the root: one
/// kept solver, asked about the same cells used with the shuttle moved to
/// each used cell in turn (the positions its table meets by the line from
/// every cell of it), with passes held by both sides, by one only or by
/// neither, agrees with the brute force on every one.
#[test]
fn a_kept_pass_once_solver_values_every_shuttle_cell_of_the_same_cells_used() {
    for seed in 1..=12u64 {
        // Twelve slides in (no pass), then read as a `pass=once` position.
        let (plain, _) = common::reached(variant_game(seed, 0, 0), &[2, 1, 3, 0, 2, 1, 1, 0, 2, 0, 1, 3]);
        let text = plain.to_text() + ";pass=once";
        let field = |name: &str| text.split(';').find(|f| f.starts_with(name)).unwrap().to_string();
        let (shuttle, next) = (field("shuttle="), field("next="));
        let (mover, other) = if next == "next=weft" { ("weft", "warp") } else { ("warp", "weft") };
        // Both hold their pass; neither does; only the other player does
        // (the mover passed, so the turn is theirs).
        let ways = [(mover, String::new()), (mover, ";passed=both".into()), (other, format!(";passed={mover}"))];
        let mut kept = Solver::new(&WarpWeft::from_text(&text).unwrap(), 2).unwrap();
        let mut checked = 0;
        for (to_move, passed) in &ways {
            for file in 'a'..='e' {
                for rank in 1..=5 {
                    let moved = text
                        .replace(&shuttle, &format!("shuttle={file}{rank}"))
                        .replace(&next, &format!("next={to_move}"))
                        + passed;
                    let Ok(mut pos) = WarpWeft::from_text(&moved) else { continue };
                    let exact = kept.solve(&pos, 0, None).unwrap();
                    assert_eq!(pos.evaluate() + 2 * exact.margin, brute_force(&mut pos), "{moved}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 3 * 13, "board {seed}: the shuttle on each of the 13 cells used, three ways");
    }
}

/// A root's own value under `pass=once` (its pass included) is kept apart
/// from the value of its slides that the same position has below another
/// root: one kept solver values every child of a position first, then the
/// position itself (as hints and move values do), late in games where a
/// pass is often the best move, and agrees with the brute force throughout.
#[test]
fn a_kept_pass_once_solver_values_children_then_their_parent() {
    let mut passes_best = 0;
    for seed in 1..=16u64 {
        for depth in [13usize, 15, 17] {
            let choices: Vec<usize> = (0..depth).map(|i| (i * 7 + seed as usize) % 5).collect();
            let (plain, _) = common::reached(variant_game(seed, 0, 0), &choices);
            let Ok(mut pos) = WarpWeft::from_text(&(plain.to_text() + ";pass=once")) else { continue };
            if pos.outcome().is_some() {
                continue;
            }
            let mut kept = Solver::new(&pos, 2).unwrap();
            for mv in common::legal(&pos) {
                let mut child = pos.clone();
                child.play(mv);
                let exact = kept.solve(&child, 0, None).unwrap();
                let truth = brute_force(&mut child);
                assert_eq!(child.evaluate() + 2 * exact.margin, truth, "{}", child.to_text());
                if let Some(best) = exact.best.filter(|b| b.is_pass()) {
                    let mut after = child.clone();
                    after.play(best);
                    passes_best += usize::from(-brute_force(&mut after) == truth);
                }
            }
            let exact = kept.solve(&pos, 0, None).unwrap();
            assert_eq!(pos.evaluate() + 2 * exact.margin, brute_force(&mut pos), "{}", pos.to_text());
        }
    }
    assert!(passes_best >= 5, "children whose best move is the pass: {passes_best}");
}

#[test]
fn a_whole_5x5_blocking_game_is_solved_as_the_brute_force_says() {
    for seed in 1..=3 {
        let mut pos = variant_game(seed, 4, 0);
        let exact = Solver::new(&pos, 16).unwrap().solve(&pos, 0, None).unwrap();
        assert_eq!(pos.evaluate() + 2 * exact.margin, brute_force(&mut pos), "board {seed}");
    }
}

#[test]
fn every_move_is_valued_in_the_variants_the_pass_too() {
    for (seed, rules) in [(3u64, 1u8), (4, 3), (5, 7), (6, 5)] {
        let (pos, _) = common::reached(variant_game(seed, rules, 2), &[1, 2, 0, 1, 2, 1]);
        let values = pos.solve_moves(None, None, &mut None).unwrap();
        let legal = common::legal(&pos);
        assert_eq!(values.len(), legal.len(), "board {seed}");
        for (mv, score) in values {
            let mut child = pos.clone();
            child.play(mv);
            let truth = -brute_force(&mut child);
            let margin = |s: i32| {
                if s > 0 {
                    s - WIN_SCORE
                } else if s < 0 {
                    s + WIN_SCORE
                } else {
                    0
                }
            };
            assert_eq!(margin(score), truth, "board {seed}, rules {rules}: {}", pos.format_move(mv));
        }
    }
}

/// A solver kept through a whole passover game: the values change move by
/// move, the table's keys hold them, and every move it names is a best one.
#[test]
fn a_kept_solver_follows_a_game_whose_values_change() {
    for seed in 1..=4 {
        let (mut pos, _) = common::reached(variant_game(seed, 3, -2), &[2, 1, 1, 0]);
        let mut kept = Solver::new(&pos, 1).unwrap();
        while pos.outcome().is_none() {
            assert!(kept.fits(&pos), "board {seed}");
            let exact = kept.solve(&pos, 0, None).unwrap();
            let best = exact.best.unwrap();
            let mut child = pos.clone();
            child.play(best);
            assert_eq!(-brute_force(&mut child), pos.evaluate() + 2 * exact.margin, "board {seed}: {}", pos.to_text());
            pos = child;
        }
    }
    // A board of other rules or values is not this solver's.
    let pos = variant_game(1, 3, -2);
    let kept = Solver::new(&pos, 1).unwrap();
    assert!(!kept.fits(&variant_game(1, 1, 0)));
    assert!(!kept.fits(&variant_game(2, 3, -2)));
}
