//! The transposition table: a fixed-size array of search results keyed by
//! position hash, shared by every search thread without locks.
//!
//! Each slot is two atomic words: the packed data, and the key xor the data.
//! A slot torn by two threads writing at once fails the key check and is
//! simply a miss (the "lockless hashing" scheme of chess engines). The move
//! is stored as its index in the position's legal-move list, so the table
//! works for any game's move type.

use std::sync::atomic::{AtomicU64, Ordering};

use tabula_core::PROVEN;

/// Which side of the true value a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact = 1,
    /// The true value is at least the score (a cut-off).
    Lower = 2,
    /// The true value is at most the score (nothing beat alpha).
    Upper = 3,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Index of the best move in the legal-move list, if any.
    pub move_index: Option<u16>,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
    /// Whether the whole subtree behind this result reached the end of the game.
    pub complete: bool,
}

const NO_MOVE: u64 = 0xFFFF;

impl Entry {
    fn pack(self, age: u8) -> u64 {
        (self.score as u32 as u64)
            | (self.depth as u8 as u64) << 32
            | (self.bound as u64) << 40
            | (self.complete as u64) << 42
            | ((age & 0x1F) as u64) << 43
            | self.move_index.map_or(NO_MOVE, |m| m as u64) << 48
    }

    fn unpack(data: u64) -> Option<(Entry, u8)> {
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let index = data >> 48;
        Some((
            Entry {
                move_index: (index != NO_MOVE).then_some(index as u16),
                score: data as u32 as i32,
                depth: (data >> 32) as u8 as i8,
                bound,
                complete: (data >> 42) & 1 == 1,
            },
            ((data >> 43) & 0x1F) as u8,
        ))
    }
}

/// A table of 2^k slots; replacement prefers the deeper and the newer.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    age: AtomicU64,
}

impl Table {
    /// A table that takes about `mib` MiB (at least one slot), every page of
    /// it written once already: memory fresh from the system is mapped on
    /// its first write, and when that happens in a search on several threads
    /// each such write interrupts the other cores too (the kernel flushes
    /// their address caches), which made two threads slower than one on a new
    /// table.
    pub fn with_mib(mib: usize) -> Self {
        let wanted = (mib.max(1) << 20) / 16;
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 }.max(1);
        let table = Table {
            slots: (0..len).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect(),
            mask: len - 1,
            age: AtomicU64::new(0),
        };
        table.clear();
        table
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) & 0x1F) as u8
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// Hints the processor to fetch the slot for `key` (call a little before probing).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        unsafe {
            // SAFETY: prefetching is a hint; any address within the slice is valid to name.
            let ptr = self.slots.as_ptr().add(key as usize & self.mask) as *const i8;
            std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, with a proven score converted to be relative to `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if slot[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        let (e, _) = Entry::unpack(data)?;
        Some(Entry { score: from_stored(e.score, ply), ..e })
    }

    /// Stores a result unless the slot holds a deeper result of the current search.
    #[inline]
    pub(crate) fn store(&self, key: u64, ply: u32, mut entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let old_data = slot[1].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ old_data;
        let age = self.age();
        if let Some((old, old_age)) = Entry::unpack(old_data) {
            if old_key != key && old_age == age && old.depth > entry.depth {
                return;
            }
            if old_key == key && entry.move_index.is_none() {
                entry.move_index = old.move_index;
            }
        }
        entry.score = to_stored(entry.score, ply);
        let data = entry.pack(age);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// Proven scores count distance from the root; stored, they count from the node.
#[inline]
fn to_stored(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_stored(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack() {
        let e = Entry { move_index: Some(300), score: -1_000_005, depth: 17, bound: Bound::Lower, complete: true };
        assert_eq!(Entry::unpack(e.pack(9)), Some((e, 9)));
        let e = Entry { move_index: None, score: 42, depth: -1, bound: Bound::Exact, complete: false };
        assert_eq!(Entry::unpack(e.pack(31)), Some((e, 31)));
    }

    #[test]
    fn a_stored_entry_is_found_and_a_different_key_is_not() {
        let table = Table::with_mib(1);
        let e = Entry { move_index: Some(2), score: 7, depth: 3, bound: Bound::Exact, complete: false };
        table.store(12345, 0, e);
        assert_eq!(table.probe(12345, 0), Some(e));
        assert_eq!(table.probe(12345 + (1 << 40), 0), None);
    }
}
