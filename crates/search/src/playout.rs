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

/// Plays random moves on `game` until it ends or `max_moves` have been
/// played (the caller passes a copy it may spoil). Returns the outcome
/// (`None` if capped) and the number of moves. Each move is picked with
/// [`Game::pick_move`] (through [`Game::play_out`]); `moves` is its scratch buffer, reused between calls
/// so that playouts allocate nothing once warm.
#[inline]
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut impl RngCore,
    max_moves: usize,
    moves: &mut Vec<G::Move>,
) -> (Option<Outcome>, usize) {
    game.play_out(max_moves, moves, |n| random_index(rng, n))
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
