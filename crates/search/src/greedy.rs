use rand_core::RngCore;
use tabula_core::Evaluate;

use crate::random::random_index;

/// The move whose resulting position the evaluation likes best, looking one
/// move ahead. With `margin > 0`, a move is picked at random among all those
/// within `margin` of the best: the carelessness of an easy level.
/// Returns the move and its score, or `None` when the game is over.
pub fn greedy_move<G: Evaluate>(game: &G, margin: i32, rng: &mut impl RngCore) -> Option<(G::Move, i32)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let mut pos = game.clone();
    let mover = game.side_to_move();
    let scores: Vec<i32> = moves
        .iter()
        .map(|&mv| {
            pos.play(mv);
            let s = match pos.outcome() {
                Some(outcome) => pos.terminal_score(outcome, 1),
                None => pos.evaluate(),
            };
            let s = crate::alphabeta::flip(s, pos.side_to_move() == mover);
            pos.undo(mv);
            s
        })
        .collect();
    let best = *scores.iter().max().expect("moves is not empty");
    let near: Vec<usize> = (0..moves.len()).filter(|&i| scores[i] >= best.saturating_sub(margin.max(0))).collect();
    let pick = near[random_index(rng, near.len())];
    Some((moves[pick], scores[pick]))
}
