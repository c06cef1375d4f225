//! Chess-style clocks for online matches: each side has a time bank that runs
//! while it is to move and gains an increment after each of its moves. The
//! server is the only timekeeper: a side whose time is out loses.
//!
//! A clock is kept as timestamps (Unix milliseconds), never as a timer in one
//! process: its [`ClockState`] is stored with the match, so that any server
//! sharing the store can tell whose time runs out when, and end the game.

use crate::stored::ClockSettings;

/// The shortest and longest time banks the server accepts.
pub const MIN_INITIAL_MS: i64 = 1_000;
pub const MAX_INITIAL_MS: i64 = 3 * 3600 * 1000;
/// The largest increment.
pub const MAX_INCREMENT_MS: i64 = 180_000;

/// What a clock is at one moment, as the store keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockState {
    /// Each side's time left, as of `since` for the running side.
    pub remaining: [i64; 2],
    /// The side whose time runs, if any.
    pub running: Option<usize>,
    /// When the running side's time started to run (Unix ms).
    pub since: i64,
}

impl ClockState {
    /// When the running side's time is out (Unix ms), if a side's time runs.
    pub fn deadline(&self) -> Option<i64> {
        let s = self.running?;
        Some(self.since + self.remaining[s].max(0))
    }
}

/// The two time banks of a match.
#[derive(Debug, Clone)]
pub struct Clock {
    /// Starting time and increment.
    pub settings: ClockSettings,
    state: ClockState,
}

impl Clock {
    /// Both banks full, neither running.
    pub fn new(settings: ClockSettings) -> Clock {
        Clock::with_remaining(settings, [settings.initial_ms; 2])
    }

    /// A clock with the banks as they were stored, neither running.
    pub fn with_remaining(settings: ClockSettings, remaining: [i64; 2]) -> Clock {
        Clock { settings, state: ClockState { remaining, running: None, since: 0 } }
    }

    /// A clock as the store kept it.
    pub fn from_state(settings: ClockSettings, state: ClockState) -> Clock {
        Clock { settings, state }
    }

    /// What the store keeps.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<usize> {
        self.state.running
    }

    /// A side's time left at `now` (Unix ms; negative once it has run out).
    pub fn left(&self, seat: usize, now: i64) -> i64 {
        let spent = match self.state.running {
            Some(s) if s == seat => (now - self.state.since).max(0),
            _ => 0,
        };
        self.state.remaining[seat] - spent
    }

    /// Starts (or restarts) the time of `seat` at `now`, stopping the other's.
    pub fn start(&mut self, seat: usize, now: i64) {
        self.settle(now);
        self.state.running = Some(seat);
        self.state.since = now;
    }

    /// Stops both banks.
    pub fn stop(&mut self, now: i64) {
        self.settle(now);
        self.state.running = None;
    }

    fn settle(&mut self, now: i64) {
        if let Some(s) = self.state.running {
            self.state.remaining[s] = self.left(s, now);
            self.state.since = now;
        }
    }

    /// `mover` has moved at `now`: its bank stops and gains the increment, and
    /// `next` (if the game goes on) starts. Returns the mover's time left.
    pub fn moved(&mut self, mover: usize, next: Option<usize>, now: i64) -> i64 {
        let was_running = self.state.running == Some(mover);
        self.settle(now);
        if was_running {
            self.state.remaining[mover] += self.settings.increment_ms;
        }
        self.state.running = next;
        self.state.since = now;
        self.state.remaining[mover]
    }

    /// The side whose time has run out at `now`.
    pub fn flagged(&self, now: i64) -> Option<usize> {
        self.state.running.filter(|&s| self.left(s, now) <= 0)
    }

    /// When the running side's time will be out (Unix ms).
    pub fn deadline(&self) -> Option<i64> {
        self.state.deadline()
    }

    /// What the page shows: the settings, each side's time left and which runs.
    pub fn view(&self, now: i64) -> crate::views::ClockView {
        crate::views::ClockView {
            initial: self.settings.initial_ms,
            increment: self.settings.increment_ms,
            remaining: [self.left(0, now).max(0), self.left(1, now).max(0)],
            running: self.state.running,
        }
    }
}

/// Reads a clock request in seconds (`initial`, `increment`), checking the bounds.
pub fn settings_from_seconds(initial: f64, increment: f64) -> Result<ClockSettings, String> {
    if !initial.is_finite() || !increment.is_finite() {
        return Err("clock times must be numbers of seconds".into());
    }
    let initial_ms = (initial * 1000.0).round() as i64;
    let increment_ms = (increment * 1000.0).round() as i64;
    if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&initial_ms) {
        return Err(format!(
            "a clock starts with between {} s and {} hours, not {initial} s",
            MIN_INITIAL_MS / 1000,
            MAX_INITIAL_MS / 3_600_000
        ));
    }
    if !(0..=MAX_INCREMENT_MS).contains(&increment_ms) {
        return Err(format!("the increment is between 0 and {} s, not {increment} s", MAX_INCREMENT_MS / 1000));
    }
    Ok(ClockSettings { initial_ms, increment_ms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_for_the_side_to_move_and_the_increment_is_added() {
        let t0 = 1_700_000_000_000;
        let s = 1000;
        let mut c = Clock::new(ClockSettings { initial_ms: 10_000, increment_ms: 2_000 });
        assert_eq!(c.left(0, t0 + 5 * s), 10_000, "nothing runs before the start");
        c.start(0, t0);
        assert_eq!(c.left(0, t0 + 3 * s), 7_000);
        assert_eq!(c.left(1, t0 + 3 * s), 10_000);
        let left = c.moved(0, Some(1), t0 + 3 * s);
        assert_eq!(left, 9_000);
        assert_eq!(c.left(1, t0 + 4 * s), 9_000);
        assert_eq!(c.flagged(t0 + 12 * s), None);
        assert_eq!(c.flagged(t0 + 13 * s), Some(1));
        assert_eq!(c.deadline(), Some(t0 + 13 * s));
        // What the store keeps brings back the same clock.
        let again = Clock::from_state(c.settings, c.state());
        assert_eq!(again.flagged(t0 + 13 * s), Some(1));
        assert_eq!(again.state(), ClockState { remaining: [9_000, 10_000], running: Some(1), since: t0 + 3 * s });
        c.stop(t0 + 4 * s);
        assert_eq!(c.flagged(t0 + 60 * s), None);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.view(t0).remaining, [9_000, 9_000]);
    }

    #[test]
    fn clock_requests_are_bounded() {
        assert_eq!(
            settings_from_seconds(300.0, 3.0).unwrap(),
            ClockSettings { initial_ms: 300_000, increment_ms: 3_000 }
        );
        assert!(settings_from_seconds(0.0, 0.0).is_err());
        assert!(settings_from_seconds(1e9, 0.0).is_err());
        assert!(settings_from_seconds(60.0, -1.0).is_err());
        assert!(settings_from_seconds(f64::NAN, 0.0).is_err());
    }
}
