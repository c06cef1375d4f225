use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The one random generator Tabula uses wherever results must be reproducible
/// (board generation, self-play, noisy computer levels).
pub type SeededRng = ChaCha8Rng;

/// A generator whose stream depends only on `seed`, by a rule written here
/// (the seed's little-endian bytes, zero-padded) so that it cannot drift
/// when a dependency changes how it expands seeds.
pub fn seeded_rng(seed: u64) -> SeededRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(bytes)
}

/// A uniform draw from `0..n` (n > 0) by rejection sampling, written out so
/// that the values drawn are fixed forever for a given generator stream.
pub fn uniform_below(rng: &mut impl RngCore, n: u64) -> u64 {
    debug_assert!(n > 0);
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}
