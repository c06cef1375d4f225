//! Finding the `n`-th set bit of a word without a loop: a random playout
//! picks the cell of its turn by index on every turn, and a loop of `n`
//! steps ends in a branch the processor cannot predict.

/// Bytes of eight copies of one value.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// `SELECT_IN_BYTE[byte * 8 + n]`: the position of the `n`-th set bit of `byte`.
static SELECT_IN_BYTE: [u8; 256 * 8] = {
    let mut table = [0u8; 256 * 8];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut seen) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte * 8 + seen] = bit as u8;
                seen += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the `n`-th set bit of `x` (which has more than `n`): by
/// BMI2's bit deposit where the processor does that quickly (see
/// [`tabula_core::cpu`]), else by counting.
#[inline(always)]
pub(super) fn select64(x: u64, n: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if tabula_core::cpu::has_fast_bit_deposit() {
        // SAFETY: the processor has BMI2.
        return unsafe { select64_deposit(x, n) };
    }
    select64_portable(x, n)
}

/// [`select64`] by BMI2's bit deposit: the `n`-th set bit of `x` is where
/// the `n`-th bit of a word lands when deposited into the set bits of `x`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
#[inline]
fn select64_deposit(x: u64, n: u32) -> usize {
    std::arch::x86_64::_pdep_u64(1 << (n & 63), x).trailing_zeros() as usize
}

/// [`select64`] on any processor. Byte counts are summed into running
/// totals by one multiplication, the byte holding the bit is the number of
/// totals not above `n`, and a table finishes inside it.
#[inline(always)]
fn select64_portable(x: u64, n: u32) -> usize {
    let mut counts = x - ((x >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the set bits in bytes 0..=i (at most 64, so no byte carries).
    let totals = counts.wrapping_mul(BYTES);
    // High bit of byte i set where that total is at most n.
    let not_above = ((n as u64 * BYTES) | (0x80 * BYTES)).wrapping_sub(totals) & (0x80 * BYTES);
    let byte = not_above.count_ones();
    let before = ((totals << 8) >> (byte * 8)) as u32 & 0xff;
    let bits = (x >> (byte * 8)) as usize & 0xff;
    byte as usize * 8 + SELECT_IN_BYTE[(bits * 8 + (n - before) as usize) & (256 * 8 - 1)] as usize
}

/// [`select64`] on two words.
#[inline(always)]
pub(super) fn select128(x: u128, n: u32) -> usize {
    let low = x as u64;
    let below = low.count_ones();
    if n < below {
        select64(low, n)
    } else {
        64 + select64((x >> 64) as u64, n - below)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{select64, select64_portable};
    use crate::seesaw::geometry::{Bits192, Mask};

    /// The `n`-th set bit found one bit at a time.
    fn select_slowly(x: u64, n: u32) -> usize {
        (0..64).filter(|b| x >> b & 1 == 1).nth(n as usize).unwrap()
    }

    #[test]
    fn select_finds_each_bit_of_words_at_the_edges() {
        for x in [1u64, 1 << 63, u64::MAX, 0x8000_0000_0000_0001, 0x00ff_0000_0000_ff00] {
            for n in 0..x.count_ones() {
                assert_eq!(select64(x, n), select_slowly(x, n), "bit {n} of {x:#x}");
                assert_eq!(select64_portable(x, n), select_slowly(x, n), "bit {n} of {x:#x}");
            }
        }
        assert_eq!(select64(u64::MAX, 63), 63);
        assert_eq!(select64(0b1011_0000, 2), 7);
    }

    proptest! {
        #[test]
        fn select_agrees_with_counting_bits(x in 1u64.., pick in any::<u32>()) {
            let n = pick % x.count_ones();
            prop_assert_eq!(select64(x, n), select_slowly(x, n));
            prop_assert_eq!(select64_portable(x, n), select_slowly(x, n));
            prop_assert_eq!(x.nth(n), select_slowly(x, n));
            prop_assert_eq!((x as u128).nth(n), select_slowly(x, n));
            prop_assert_eq!(((x as u128) << 64).nth(n), 64 + select_slowly(x, n));
            prop_assert_eq!(Bits192([0, 0, x]).nth(n), 128 + select_slowly(x, n));
            let spread = Bits192([x, x, x]);
            let third = x.count_ones();
            prop_assert_eq!(spread.nth(n + third), 64 + select_slowly(x, n));
            prop_assert_eq!(spread.nth(n + 2 * third), 128 + select_slowly(x, n));
        }
    }
}
