//! Random ids, seat tokens and invitation codes, from the operating system's
//! random source. Tokens are 128-bit values written as 32 hex digits; the
//! store keeps only their SHA-256 hashes.

use sha2::{Digest, Sha256};

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's random source works");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new match id: 64 random bits in 16 hex digits.
pub fn new_id() -> String {
    random_hex(8)
}

/// A new seat token or invitation code: 128 random bits in 32 hex digits.
pub fn new_token() -> String {
    random_hex(16)
}

/// Whether a text has the shape of a token (32 lowercase hex digits).
pub fn looks_like_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The hash the store keeps of a token.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Compares two hashes in time that does not depend on where they differ.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_random_bits() {
        let a = new_token();
        let b = new_token();
        assert!(looks_like_token(&a) && looks_like_token(&b));
        assert_ne!(a, b);
        assert_eq!(new_id().len(), 16);
        assert!(same(&hash(&a), &hash(&a)));
        assert!(!same(&hash(&a), &hash(&b)));
        assert!(!looks_like_token("ABCDEF0123456789abcdef0123456789"));
    }
}
