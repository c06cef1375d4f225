//! How the threads of one test share its tree: every thread searches the
//! whole of it, from the root, through the one table; near the root each
//! marks the positions it is in the middle of, and a thread that meets a
//! position another is searching leaves it for last, by which time the
//! other's result is usually in the table (the idea of ABDADA, Weill 1996).
//!
//! Handing out the root's moves, as before, split a lost root well (every
//! move must be refuted) but not a won one: the first move wins, and the
//! second thread's work on the other moves was thrown away. Sharing the
//! tree splits the refutations wherever they are, under a won root too.

use std::sync::atomic::{AtomicU64, Ordering};

/// Positions being searched, one key per slot (lossy: a slot taken by
/// another key only means a position is not known to be busy, which costs
/// a search twice, never a wrong answer).
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// Slots in the busy list: far more than the positions near the root that
/// two or a few threads are inside at once.
const BUSY_SLOTS: usize = 1 << 12;

impl Busy {
    pub fn new() -> Busy {
        Busy { slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether some thread is searching the position `key`.
    #[inline]
    pub fn has(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    #[inline]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key` (if no other position has taken its slot since).
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_from_enter_to_leave_and_a_taken_slot_forgets_it() {
        let busy = Busy::new();
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(!busy.has(key));
        busy.enter(key);
        assert!(busy.has(key));
        busy.leave(key);
        assert!(!busy.has(key));
        // A key of the same slot that enters later takes the slot over: the
        // first is then no longer known to be busy, and its leaving does not
        // clear the other's mark.
        let other = (0..u64::MAX)
            .map(|k| key ^ (k << 1))
            .find(|&k| k != key && busy.slot(k).as_ptr() == busy.slot(key).as_ptr())
            .unwrap();
        busy.enter(key);
        busy.enter(other);
        assert!(!busy.has(key));
        busy.leave(key);
        assert!(busy.has(other));
    }
}
