//! Telling the live connections of a match about every change: the match
//! in memory behind its lock, the latest messages for each kind of watcher,
//! and the cancel flags of computations made stale by a change.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use tokio::sync::{watch, OwnedMutexGuard};

use super::Match;
use crate::views::{view_message, MatchView};

/// The latest view of a match as live connections are sent it, written out
/// once per change: for seat 0, seat 1, and everyone else.
#[derive(Debug, Default)]
pub struct Published {
    /// `{"type": "view", "view": …}` for each kind of watcher.
    pub messages: [String; 3],
}

impl Published {
    /// The message for a watcher holding `seat` (or none).
    pub fn for_seat(&self, seat: Option<usize>) -> &str {
        &self.messages[seat.unwrap_or(2).min(2)]
    }
}

/// The messages for seat 0, seat 1 and everyone else: each is told whether it
/// may move, and an online seat which seat it holds.
fn seat_messages(m: &Match) -> [String; 3] {
    if m.online.is_none() {
        let everyone = view_message(&m.view(None));
        return [everyone.clone(), everyone.clone(), everyone];
    }
    [view_message(&m.view(Some(0))), view_message(&m.view(Some(1))), view_message(&m.view(None))]
}

/// A live connection to a match, as [`MatchStore::watch`] starts it.
pub struct Watching {
    /// The match.
    pub slot: Arc<Slot>,
    /// The watcher's seat, if its token holds one.
    pub seat: Option<usize>,
    /// Tells of every change.
    pub rx: watch::Receiver<Arc<Published>>,
    /// The view to send first.
    pub view: MatchView,
}

/// A match in memory, with the channel that tells its watchers about changes.
pub struct Slot {
    /// The match, behind its own lock (held while a change is committed to the store).
    m: Arc<tokio::sync::Mutex<Match>>,
    /// The latest view, for live connections.
    pub tx: watch::Sender<Arc<Published>>,
    /// The cancel flags of computations started for a version of the
    /// match: set once the match has moved past that version.
    thinking: Mutex<Vec<(u64, Weak<AtomicBool>)>>,
}

impl Slot {
    pub(super) fn new(m: Match) -> Arc<Slot> {
        let (tx, _) = watch::channel(Arc::new(Published::default()));
        Arc::new(Slot { m: Arc::new(tokio::sync::Mutex::new(m)), tx, thinking: Mutex::new(Vec::new()) })
    }

    /// Locks the match (waiting for a change being committed).
    pub async fn lock(&self) -> OwnedMutexGuard<Match> {
        self.m.clone().lock_owned().await
    }

    /// Cancels `flag` as soon as the match is no longer at `version`
    /// (call with the match locked, at `version`).
    pub fn cancel_when_changed(&self, version: u64, flag: &Arc<AtomicBool>) {
        let mut thinking = self.thinking.lock().unwrap_or_else(|p| p.into_inner());
        thinking.retain(|(_, f)| f.strong_count() > 0);
        thinking.push((version, Arc::downgrade(flag)));
    }

    /// Tells the watchers about the match as it is now (call with the match
    /// locked), and cancels what was being computed for earlier versions.
    pub fn publish(&self, m: &Match) {
        {
            let mut thinking = self.thinking.lock().unwrap_or_else(|p| p.into_inner());
            thinking.retain(|(version, flag)| match flag.upgrade() {
                Some(flag) if *version != m.version => {
                    flag.store(true, Ordering::Relaxed);
                    false
                }
                Some(_) => true,
                None => false,
            });
        }
        if self.tx.receiver_count() == 0 {
            return;
        }
        let messages = seat_messages(m);
        self.tx.send_replace(Arc::new(Published { messages }));
    }
}
