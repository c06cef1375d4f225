use rand_core::RngCore;
use tabula_core::{Game, Outcome};

use crate::random::random_index;

/// What a batch of random playouts found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayoutStats {
    /// Games played to the end.
    pub games: u64,
    /// Moves played in all of them.
    pub moves: u64,
    /// Wins of the first and second seat, and draws.
    pub wins: [u64; 2],
    /// Games that ended in a draw (or hit the move cap).
    pub draws: u64,
}

/// Plays random moves from `game` until it ends or `max_moves` have been
/// played, then takes them all back. Returns the outcome (`None` if capped)
/// and the number of moves. `moves` and `line` are scratch buffers reused
/// between calls so that playouts allocate nothing once warm.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut impl RngCore,
    max_moves: usize,
    moves: &mut Vec<G::Move>,
    line: &mut Vec<G::Move>,
) -> (Option<Outcome>, usize) {
    line.clear();
    let outcome = loop {
        if line.len() >= max_moves {
            break None;
        }
        moves.clear();
        game.legal_moves(moves);
        if moves.is_empty() {
            break game.outcome();
        }
        let mv = moves[random_index(rng, moves.len())];
        game.play(mv);
        line.push(mv);
    };
    let played = line.len();
    while let Some(mv) = line.pop() {
        game.undo(mv);
    }
    (outcome, played)
}

impl PlayoutStats {
    /// Adds one playout's result.
    pub fn record(&mut self, outcome: Option<Outcome>, moves: usize) {
        self.games += 1;
        self.moves += moves as u64;
        match outcome {
            Some(Outcome::Win(side)) => self.wins[side.index()] += 1,
            _ => self.draws += 1,
        }
    }
}
