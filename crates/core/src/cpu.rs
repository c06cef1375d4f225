//! What the processor running the program can do beyond the build's
//! baseline (x86-64-v2), found once at run time. The shipped binary must run
//! on every x86-64 processor of the last fifteen years, yet a bit-counting
//! hot loop may run a tenth to a fifth faster with the instructions of newer
//! ones (BMI1, BMI2). Such a loop may be compiled twice ([`at_best_level`])
//! and the faster copy taken only where these answers say it is safe. Not
//! every loop gains (some lose as much), so each use is the caller's choice,
//! measured. No result depends on the copy (Rust never fuses a multiply and
//! an add on its own, so even floating-point sums come out the same).
//! On other architectures (WebAssembly in the browser) every answer is `false`.

#[cfg(target_arch = "x86_64")]
use std::sync::atomic::{AtomicU8, Ordering};

/// The answers, found on first use: bit 0 set once they are known, bit 1
/// the x86-64-v3 level, bit 2 a fast bit deposit.
#[cfg(target_arch = "x86_64")]
static FOUND: AtomicU8 = AtomicU8::new(0);

#[cfg(target_arch = "x86_64")]
const KNOWN: u8 = 1;
#[cfg(target_arch = "x86_64")]
const LEVEL_V3: u8 = 2;
#[cfg(target_arch = "x86_64")]
const FAST_DEPOSIT: u8 = 4;

/// The answers, cached (a relaxed load after the first call).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn found() -> u8 {
    let bits = FOUND.load(Ordering::Relaxed);
    if bits & KNOWN != 0 {
        bits
    } else {
        find()
    }
}

#[cfg(target_arch = "x86_64")]
#[cold]
fn find() -> u8 {
    let v3 = std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("avx")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("fma")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("movbe");
    let deposit = std::arch::is_x86_feature_detected!("bmi2") && !slow_deposit();
    let bits = KNOWN | if v3 { LEVEL_V3 } else { 0 } | if deposit { FAST_DEPOSIT } else { 0 };
    FOUND.store(bits, Ordering::Relaxed);
    bits
}

/// AMD's processors before Zen 3 (family 19h), and Hygon's built on them,
/// run PDEP and PEXT in microcode: tens to hundreds of cycles instead of three.
#[cfg(target_arch = "x86_64")]
fn slow_deposit() -> bool {
    let leaf0 = std::arch::x86_64::__cpuid(0);
    let vendor = [leaf0.ebx.to_le_bytes(), leaf0.edx.to_le_bytes(), leaf0.ecx.to_le_bytes()].concat();
    let signature = std::arch::x86_64::__cpuid(1).eax;
    slow_deposit_on(&vendor, signature)
}

/// [`slow_deposit`] for a vendor string and a processor signature (CPUID
/// leaf 1's EAX, whose family is the base family plus, when that is 15,
/// the extended one).
#[cfg(any(target_arch = "x86_64", test))]
fn slow_deposit_on(vendor: &[u8], signature: u32) -> bool {
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf { base + ((signature >> 20) & 0xff) } else { base };
    (vendor == b"AuthenticAMD" || vendor == b"HygonGenuine") && family < 0x19
}

/// Whether the processor has the whole x86-64-v3 level (AVX2, BMI1, BMI2,
/// FMA, LZCNT, MOVBE), so that code compiled for it may run.
#[inline(always)]
pub fn has_level_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    return found() & LEVEL_V3 != 0;
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether BMI2's bit deposit (PDEP) is there and takes a few cycles, so that
/// finding the n-th set bit of a word is best left to it.
#[inline(always)]
pub fn has_fast_bit_deposit() -> bool {
    #[cfg(target_arch = "x86_64")]
    return found() & FAST_DEPOSIT != 0;
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Runs `work` in a copy compiled for the x86-64-v3 level where the
/// processor has it, else as built: for hot loops (random playouts) whose
/// results do not depend on the copy. What `work` calls is compiled into
/// the copy only where it is inlined (generic or `#[inline]` code).
#[inline(always)]
pub fn at_best_level<R>(work: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if has_level_v3() {
        // SAFETY: the processor has every feature the copy is compiled for.
        return unsafe { at_level_v3(work) };
    }
    work()
}

/// [`at_best_level`]'s copy for the x86-64-v3 level.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe")]
fn at_level_v3<R>(work: impl FnOnce() -> R) -> R {
    work()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zen_2_and_older_amd_deposit_slowly_zen_3_and_intel_quickly() {
        let (amd, intel, hygon) = (b"AuthenticAMD", b"GenuineIntel", b"HygonGenuine");
        assert!(slow_deposit_on(amd, 0x0083_0f10), "EPYC 7002 (Zen 2, family 17h)");
        assert!(slow_deposit_on(amd, 0x0080_0f12), "EPYC 7001 (Zen 1, family 17h)");
        assert!(slow_deposit_on(hygon, 0x0090_0f02), "Hygon Dhyana (family 18h)");
        assert!(!slow_deposit_on(amd, 0x00a1_0f11), "EPYC 9004 (Zen 4, family 19h)");
        assert!(!slow_deposit_on(amd, 0x00b0_0f00), "Zen 5 (family 1Ah)");
        assert!(!slow_deposit_on(intel, 0x0005_0654), "Xeon Skylake (family 6)");
    }

    #[test]
    fn the_answers_agree_with_the_standard_library_and_do_not_change() {
        let v3 = has_level_v3();
        let deposit = has_fast_bit_deposit();
        #[cfg(target_arch = "x86_64")]
        {
            for (feature, has) in [
                ("avx2", std::arch::is_x86_feature_detected!("avx2")),
                ("bmi1", std::arch::is_x86_feature_detected!("bmi1")),
                ("bmi2", std::arch::is_x86_feature_detected!("bmi2")),
                ("lzcnt", std::arch::is_x86_feature_detected!("lzcnt")),
            ] {
                assert!(!v3 || has, "the v3 level needs {feature}");
            }
            assert!(!deposit || std::arch::is_x86_feature_detected!("bmi2"), "a deposit needs BMI2");
        }
        #[cfg(not(target_arch = "x86_64"))]
        assert!(!v3 && !deposit);
        assert_eq!((has_level_v3(), has_fast_bit_deposit()), (v3, deposit));
    }

    #[test]
    fn work_at_the_best_level_gives_what_it_gives_as_built() {
        let sum = |n: u64| (0..n).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15).count_ones() as u64).sum::<u64>();
        assert_eq!(at_best_level(|| sum(1000)), sum(1000));
        assert_eq!(at_best_level(|| sum(1000)), 32_026);
    }
}
