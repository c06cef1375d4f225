//! What learning agents see of a game: fixed integer action ids and an
//! observation tensor. Optional: a game that declares nothing here still
//! plays everywhere else; only the Python package's action ids and
//! observations need it.

use crate::{Error, Game};

/// A game's fixed action space and observation tensor.
///
/// Action ids are integers below [`Encode::action_space`], which depends only
/// on the game and its options (a board size, say), never on the position.
/// In any one position, distinct legal moves have distinct ids. The
/// observation is a tensor of `f32` whose shape
/// ([`Encode::observation_shape`]) is likewise fixed by the options.
/// The defaults declare neither.
pub trait Encode: Game {
    /// How many action ids there are (0: the game declares none).
    fn action_space(&self) -> usize {
        0
    }

    /// Writes the action id of each of `moves` (this position's legal moves,
    /// in their order) to `out`, which the caller has cleared. Fails when
    /// the game declares no action ids, or a move has none here.
    fn action_ids(&self, _moves: &[Self::Move], _out: &mut Vec<usize>) -> Result<(), Error> {
        Err(Error::BadMove(format!("{} has no fixed action ids", Self::info().name)))
    }

    /// The shape of the observation tensor (empty: the game declares none).
    fn observation_shape(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Appends the observation of this position to `out` (which the caller
    /// has cleared), in row-major order of [`Encode::observation_shape`].
    fn observe(&self, _out: &mut Vec<f32>) {}
}
