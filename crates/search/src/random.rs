use rand_core::RngCore;
use tabula_core::Game;

/// A uniformly random index below `len` (len > 0), fast and good enough for play.
#[inline]
pub(crate) fn random_index(rng: &mut impl RngCore, len: usize) -> usize {
    ((rng.next_u32() as u64 * len as u64) >> 32) as usize
}

/// A legal move chosen uniformly at random, or `None` when the game is over.
pub fn random_move<G: Game>(game: &G, rng: &mut impl RngCore) -> Option<G::Move> {
    game.pick_move(&mut Vec::new(), |n| random_index(rng, n))
}
