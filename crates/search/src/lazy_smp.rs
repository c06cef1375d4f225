//! What the threads of one Lazy SMP search share besides the table: which
//! depths are being searched, so that a helper goes one iteration ahead
//! instead of repeating the one another thread is on; which positions are
//! being searched, so that a thread leaves a move another thread is on for
//! last (the "young brothers wait" deferral of ABDADA); and the deepest
//! iteration a helper finished, so that the search can play it when a helper
//! got further than the main thread.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;

/// An iteration that a helper thread finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Finished<M> {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// Its score for the side to move at the root.
    pub score: i32,
    /// The root move it found best.
    pub best: M,
    /// Whether every line was followed to the end of the game.
    pub exact: bool,
}

/// The state the threads of one parallel search share.
#[derive(Debug)]
pub(crate) struct SharedIterations<M> {
    threads: usize,
    /// How many threads are searching each depth right now.
    searching: Vec<AtomicU8>,
    /// Positions some thread is searching, by hash (one per slot; a lost
    /// mark only costs a little duplicated work).
    busy: Box<[AtomicU64]>,
    deepest: Mutex<Option<Finished<M>>>,
}

/// Slots of the table of positions being searched.
const BUSY_SLOTS: usize = 1 << 14;

impl<M: Copy> SharedIterations<M> {
    /// Shared state for `threads` threads searching at most `max_depth` plies.
    pub fn new(threads: usize, max_depth: u32) -> Self {
        SharedIterations {
            threads,
            searching: (0..=max_depth).map(|_| AtomicU8::new(0)).collect(),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            deepest: Mutex::new(None),
        }
    }

    /// Whether at least half the threads are on `depth` already, so that a
    /// helper does better to start the next one.
    pub fn crowded(&self, depth: u32) -> bool {
        self.slot(depth).is_some_and(|s| s.load(Ordering::Relaxed) as usize * 2 >= self.threads)
    }

    /// Whether some thread is searching `depth` right now.
    pub fn in_progress(&self, depth: u32) -> bool {
        self.slot(depth).is_some_and(|s| s.load(Ordering::Relaxed) > 0)
    }

    /// Notes that a thread starts searching `depth`.
    pub fn enter(&self, depth: u32) {
        if let Some(slot) = self.slot(depth) {
            slot.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Notes that a thread stopped searching `depth` (finished or not).
    pub fn leave(&self, depth: u32) {
        if let Some(slot) = self.slot(depth) {
            slot.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Whether another thread is searching the position with hash `key`.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.busy_slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position with hash `key` as being searched.
    #[inline]
    pub fn mark_busy(&self, key: u64) {
        self.busy_slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key`, if no other position took its slot since.
    #[inline]
    pub fn unmark_busy(&self, key: u64) {
        let _ = self.busy_slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    #[inline]
    fn busy_slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[(key as usize) & (BUSY_SLOTS - 1)]
    }

    /// Keeps a helper's finished iteration if it went deeper than any before.
    pub fn offer(&self, finished: Finished<M>) {
        let mut deepest = self.deepest.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if deepest.is_none_or(|d| finished.depth > d.depth) {
            *deepest = Some(finished);
        }
    }

    /// The deepest iteration a helper finished.
    pub fn deepest(&self) -> Option<Finished<M>> {
        *self.deepest.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn slot(&self, depth: u32) -> Option<&AtomicU8> {
        self.searching.get(depth as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_is_crowded_once_half_the_threads_search_it() {
        let shared = SharedIterations::<u8>::new(4, 10);
        assert!(!shared.in_progress(5));
        shared.enter(5);
        assert!(shared.in_progress(5));
        assert!(!shared.crowded(5));
        shared.enter(5);
        assert!(shared.crowded(5));
        assert!(!shared.crowded(6));
        shared.leave(5);
        assert!(!shared.crowded(5));
        assert!(!shared.crowded(99), "a depth beyond the search's is never crowded");
    }

    #[test]
    fn a_position_is_busy_from_its_mark_until_its_own_unmark() {
        let shared = SharedIterations::<u8>::new(2, 10);
        let (key, same_slot) = (0x1234_0000_0000_0007, 0x9999_0000_0000_0007);
        assert!(!shared.is_busy(key));
        shared.mark_busy(key);
        assert!(shared.is_busy(key));
        assert!(!shared.is_busy(same_slot));
        shared.mark_busy(same_slot);
        shared.unmark_busy(key);
        assert!(shared.is_busy(same_slot), "an unmark leaves another position's mark alone");
        shared.unmark_busy(same_slot);
        assert!(!shared.is_busy(same_slot));
    }

    #[test]
    fn only_a_deeper_iteration_replaces_the_one_kept() {
        let shared = SharedIterations::<u8>::new(2, 10);
        assert_eq!(shared.deepest(), None);
        let at = |depth, best| Finished { depth, score: 0, best, exact: false };
        shared.offer(at(4, 1));
        shared.offer(at(3, 2));
        shared.offer(at(4, 3));
        assert_eq!(shared.deepest(), Some(at(4, 1)));
        shared.offer(at(6, 4));
        assert_eq!(shared.deepest(), Some(at(6, 4)));
    }
}
