//! The transposition table: a fixed-size array of search results keyed by
//! position hash, so a position reached again (or searched again one ply
//! deeper) reuses what was learned.

use tabula_core::PROVEN;

/// Which side of the true value a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a cut-off).
    Lower,
    /// The true value is at most the score (nothing beat alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    pub age: u8,
    /// Whether the whole subtree behind this result reached the end of the game.
    pub complete: bool,
}

/// A table of 2^k entries; replacement prefers the deeper and the newer.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    age: u8,
}

impl<M: Copy> Table<M> {
    /// A table that takes about `mib` MiB (at least one entry).
    pub fn with_mib(mib: usize) -> Self {
        let entry_size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (mib.max(1) << 20) / entry_size;
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 }.max(1);
        Table { entries: vec![None; len], mask: len - 1, age: 0 }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// The entry for `key`, with a proven score converted to be relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let e = self.entries[key as usize & self.mask]?;
        if e.key != key {
            return None;
        }
        Some(Entry { score: from_stored(e.score, ply), ..e })
    }

    /// Stores a result unless the slot holds a deeper result of the current search.
    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, mut entry: Entry<M>) {
        let slot = &mut self.entries[key as usize & self.mask];
        if let Some(old) = slot {
            if old.key != key && old.age == self.age && old.depth > entry.depth {
                return;
            }
            if old.key == key && entry.mv.is_none() {
                entry.mv = old.mv;
            }
        }
        entry.key = key;
        entry.age = self.age;
        entry.score = to_stored(entry.score, ply);
        *slot = Some(entry);
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
