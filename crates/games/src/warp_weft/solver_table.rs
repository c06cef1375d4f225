//! The exact solver's table of positions: bounds and best moves, shared
//! without locks by the threads of one solve.
//!
//! A slot is two words, `key ^ data` and `data`. Threads read and write
//! them with plain relaxed atomic operations; a slot torn by two writers at
//! once no longer passes the key check and is simply not found, which costs
//! a search, never a wrong answer. Four slots make a bucket of one cache
//! line, so a probe is one memory access; a new entry evicts the slot of the
//! bucket whose search cost least.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Slots per bucket: four 16-byte slots fill one 64-byte cache line.
pub(super) const WAYS: usize = 4;

/// Words in a 64-byte cache line.
const LINE_WORDS: usize = 8;

/// No best move recorded.
pub(super) const NO_MOVE: u8 = u8::MAX;

/// One position's entry: its key, bounds, best move and the work its search cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub key: u64,
    pub lower: i16,
    pub upper: i16,
    pub best: u8,
    /// log2 of the nodes its last search visited: what losing it would cost.
    pub work: u8,
}

impl Slot {
    /// A fresh entry that knows nothing yet.
    pub fn empty(key: u64) -> Slot {
        Slot { key, lower: i16::MIN, upper: i16::MAX, best: NO_MOVE, work: 0 }
    }

    #[inline]
    fn pack(self) -> u64 {
        (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.best as u64) << 32
            | (self.work as u64) << 40
    }

    #[inline]
    fn unpack(key: u64, data: u64) -> Slot {
        Slot {
            key,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }
}

/// The table (see the module documentation).
pub(super) struct Table {
    words: Box<[UnsafeCell<u64>]>,
    /// The first word of bucket 0: buckets start on a cache-line boundary,
    /// or a probe would straddle two lines and wait for memory twice.
    base: usize,
    mask: usize,
}

// SAFETY: the words are only ever read and written through `AtomicU64`
// (see `Table::atom`), so threads sharing the table never race.
unsafe impl Sync for Table {}

impl Table {
    /// A table of at most `mib` MiB (at least 256 buckets): the largest
    /// power of two of buckets that fits, so a power-of-two request is met exactly.
    pub fn with_mib(mib: usize) -> Table {
        let fitting = (mib.max(1) << 20) / (16 * WAYS);
        let buckets = (1usize << (usize::BITS - 1 - fitting.leading_zeros())).max(256);
        let zeroed: Box<[u64]> = huge_zeroed(2 * WAYS * buckets + LINE_WORDS).into_boxed_slice();
        let base = zeroed.as_ptr().align_offset(LINE_WORDS * 8);
        // SAFETY: `UnsafeCell<u64>` has the same layout as `u64` (it is `repr(transparent)`).
        let words = unsafe { Box::from_raw(Box::into_raw(zeroed) as *mut [UnsafeCell<u64>]) };
        Table { words, base, mask: buckets - 1 }
    }

    #[inline]
    fn atom(&self, i: usize) -> &AtomicU64 {
        // SAFETY: the cell is valid and aligned for a u64 (so for an AtomicU64 on
        // the 64-bit targets Tabula builds for), lives as long as `self`, and is
        // never accessed other than atomically.
        unsafe { AtomicU64::from_ptr(self.words[self.base + i].get()) }
    }

    /// The first slot of the key's bucket; the key's bits are spread for the index.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask) * WAYS
    }

    #[inline]
    fn slot(&self, i: usize) -> (Slot, bool) {
        let data = self.atom(2 * i + 1).load(Ordering::Relaxed);
        let check = self.atom(2 * i).load(Ordering::Relaxed);
        (Slot::unpack(check ^ data, data), check == 0 && data == 0)
    }

    /// The slot holding `key`, with its index, if the table has it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<(usize, Slot)> {
        let first = self.bucket(key);
        (first..first + WAYS).map(|i| (i, self.slot(i).0)).find(|(_, s)| s.key == key)
    }

    /// Where to keep a new entry for `key`: an empty slot of its bucket, or the one whose search cost least.
    #[inline]
    pub fn victim(&self, key: u64) -> usize {
        let first = self.bucket(key);
        let mut pick = first;
        let mut cheapest = u16::MAX;
        for i in first..first + WAYS {
            let (slot, empty) = self.slot(i);
            if empty {
                return i;
            }
            if (slot.work as u16) < cheapest {
                cheapest = slot.work as u16;
                pick = i;
            }
        }
        pick
    }

    /// Writes `slot` into slot number `i`.
    #[inline]
    pub fn put(&self, i: usize, slot: Slot) {
        let data = slot.pack();
        self.atom(2 * i + 1).store(data, Ordering::Relaxed);
        self.atom(2 * i).store(slot.key ^ data, Ordering::Relaxed);
    }

    /// Asks the processor to fetch a bucket before it is needed: probes miss
    /// the cache, and waiting for memory is what a solver spends its time on.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the index is masked into the table; prefetching only hints.
        unsafe {
            let ptr = self.words.as_ptr().add(self.base + 2 * self.bucket(key)) as *const i8;
            std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
        }
        // WebAssembly has no prefetch: a load whose value is dropped starts the
        // same fetch, and the processor runs on while it is under way.
        #[cfg(target_arch = "wasm32")]
        std::hint::black_box(self.atom(2 * self.bucket(key)).load(Ordering::Relaxed));
        #[cfg(not(any(target_arch = "x86_64", target_arch = "wasm32")))]
        let _ = key;
    }
}

/// A zeroed table of `words` words. Zeroed memory comes from the system
/// untouched, so only the part a search reaches is ever paid for; on Linux
/// the table is also marked for huge pages, since random probes into
/// hundreds of megabytes otherwise miss the TLB as well as the cache.
fn huge_zeroed(words: usize) -> Vec<u64> {
    let table = vec![0u64; words];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = table.as_ptr() as usize;
        let end = start + words * 8;
        let aligned = (start + HUGE - 1) & !(HUGE - 1);
        if end > aligned + HUGE {
            // SAFETY: the range lies inside the table's own allocation; the
            // call only advises the kernel and cannot change its contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, (end - aligned) & !(HUGE - 1), libc::MADV_HUGEPAGE);
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_comes_back_as_written_and_a_torn_one_is_not_found() {
        let table = Table::with_mib(1);
        let key = 0x0123_4567_89AB_CDEF;
        assert_eq!(table.probe(key), None);
        let slot = Slot { key, lower: -5, upper: 7, best: 12, work: 30 };
        let i = table.victim(key);
        table.put(i, slot);
        assert_eq!(table.probe(key), Some((i, slot)));
        // Another writer's data over this key's check word: the key no longer matches.
        table.atom(2 * i + 1).store(Slot { lower: 1, ..slot }.pack(), Ordering::Relaxed);
        assert_eq!(table.probe(key), None);
    }

    #[test]
    fn every_bucket_starts_on_a_cache_line() {
        for mib in [1, 3, 16] {
            let table = Table::with_mib(mib);
            for key in [0u64, 1, 0xDEAD_BEEF, u64::MAX] {
                let first = table.atom(2 * table.bucket(key)) as *const AtomicU64 as usize;
                assert_eq!(first % 64, 0, "bucket of {key:#x} in a {mib} MiB table");
            }
        }
    }

    #[test]
    fn a_table_is_the_largest_power_of_two_that_fits_the_request() {
        // 1 MiB holds 2^14 buckets of 64 bytes; 3 MiB rounds down to 2 MiB.
        for (mib, buckets) in [(1, 1 << 14), (2, 1 << 15), (3, 1 << 15), (4, 1 << 16), (256, 1 << 22)] {
            assert_eq!(Table::with_mib(mib).mask + 1, buckets, "{mib} MiB");
        }
    }

    #[test]
    fn a_full_bucket_evicts_its_cheapest_entry() {
        let table = Table::with_mib(1);
        let base = 0x10u64;
        // Keys landing in one bucket: search for WAYS + 1 of them.
        let bucket = table.bucket(base);
        let keys: Vec<u64> =
            (1u64..).map(|k| base + (k << 8)).filter(|&k| table.bucket(k) == bucket).take(WAYS).collect();
        for (n, &k) in keys.iter().enumerate() {
            let i = table.victim(k);
            table.put(i, Slot { work: 10 + n as u8, ..Slot::empty(k) });
        }
        let newcomer =
            (1u64..).map(|k| base + (k << 40)).find(|&k| table.bucket(k) == bucket && !keys.contains(&k)).unwrap();
        let i = table.victim(newcomer);
        assert_eq!(table.probe(keys[0]).map(|p| p.0), Some(i), "the cheapest (work 10) goes first");
    }
}
