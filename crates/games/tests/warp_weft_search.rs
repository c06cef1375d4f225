//! The generic alpha–beta on Warp & Weft: exact in the ending, checked
//! against a plain brute-force minimax written here.

mod common;

use proptest::prelude::*;
use tabula_core::{Evaluate, Game, WIN_SCORE};
use tabula_games::warp_weft::WarpWeft;
use tabula_search::{AlphaBeta, SearchLimits};

/// The game's value for the side to move by full minimax, as the search scores it.
fn brute_force(pos: &mut WarpWeft, ply: u32) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return pos.terminal_score(outcome, ply);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        pos.play(mv);
        best = best.max(-brute_force(pos, ply + 1));
        pos.undo(mv);
    }
    best
}

fn midgame(seed: u64, choices: &[usize]) -> WarpWeft {
    common::reached(common::game(&[&format!("seed={seed}")]), choices).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn the_search_is_exact_once_the_ending_fits(seed in 0u64..500, choices in prop::collection::vec(0usize..50, 24..30)) {
        let mut pos = midgame(seed, &choices);
        let truth = brute_force(&mut pos.clone(), 0);
        let result = AlphaBeta::<WarpWeft>::new(4).search(&pos, SearchLimits::depth(60));
        prop_assert!(result.exact);
        prop_assert_eq!(result.score, truth);
        if let Some(best) = result.best {
            pos.play(best);
            prop_assert_eq!(-brute_force(&mut pos, 1), truth, "the chosen move keeps the value");
        }
    }
}

#[test]
fn the_search_finds_the_winning_strand() {
    // Weft to move on row 5 with two cells left: c5 strands Warp at once
    // (column c is full) while Weft leads 20 to 18.5; e5 would hand Warp e1
    // and lose 17 to 23.5.
    let text = "size=5;grid=1,2,3,4,5/2,6,7,8,9/3,7,0,-1,-2/4,8,-1,-3,-4/5,9,-2,-4,-5;\
        taken=rbrb./rrbrb/r.xbr/brbrb/bb.r.;shuttle=a5;next=weft;komi=-15.5";
    let pos = WarpWeft::from_text(text).unwrap();
    let result = AlphaBeta::<WarpWeft>::new(4).search(&pos, SearchLimits::depth(30));
    assert!(result.exact);
    assert_eq!(pos.format_move(result.best.unwrap()), "c5");
    assert_eq!(result.score, WIN_SCORE + 3, "a win by 1.5 points, in half points");
    assert_eq!(result.score, brute_force(&mut pos.clone(), 0));
}
