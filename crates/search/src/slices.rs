//! One computer decision thought in short slices, for a place where a
//! search must not hold the only thread for seconds: a browser's engine
//! worker answers a stop, a new position or another request between two
//! slices, and shows what the search has found after each.
//!
//! Each slice asks the player again under a hard time bound of one slice.
//! The player keeps its tables and its tree between calls, so a slice picks
//! up what the earlier ones stored (an iteration already searched comes back
//! from the transposition table, an MCTS tree grows on); the decision ends
//! when a call ends on its own limits (its depth, its iterations, an exact
//! result) or when the whole decision's time is spent.

use tabula_core::time::{Duration, Instant};
use tabula_core::Error;

use crate::any_game::{AnyGame, AnyPlayer, Decision};
use crate::envelope::{Bounds, Progress};
use crate::player::PlayerSpec;

/// What one slice came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Slice {
    /// Still thinking: what the decision has found so far.
    Thinking(Progress),
    /// The move to play (`None`: the game is over).
    Done(Option<Decision>),
}

/// A decision under way, thought one slice at a time (see the module's text).
#[derive(Debug)]
pub struct Slices {
    /// When the decision began.
    began: Instant,
    /// When it must end, whatever its spec says.
    cap: Duration,
    /// The spec's own thinking time, if it has one.
    time: Option<Duration>,
    /// Iterations the spec wants finished even past its time.
    min_depth: u32,
    /// Whether the spec counts playouts (a tree search) rather than positions.
    playouts: bool,
    /// The deepest decision a slice has given so far.
    best: Option<Decision>,
    /// Positions (or playouts) searched over all slices.
    nodes: u64,
}

impl Slices {
    /// A decision by a player following `spec`, which may take at most `cap` in all.
    pub fn new(spec: &PlayerSpec, cap: Duration) -> Self {
        let (time, min_depth) = match spec {
            PlayerSpec::AlphaBeta { limits, .. } => (limits.time, limits.min_depth),
            PlayerSpec::Mcts(limits) => (limits.time, 0),
            _ => (None, 0),
        };
        Slices {
            began: Instant::now(),
            cap,
            time: time.map(|t| t.min(cap)),
            min_depth,
            playouts: matches!(spec, PlayerSpec::Mcts(_)),
            best: None,
            nodes: 0,
        }
    }

    /// Time spent on the decision so far.
    pub fn elapsed(&self) -> Duration {
        self.began.elapsed()
    }

    /// Thinks for at most `slice` more with `player` (the same player at
    /// every slice of one decision, and the same position `game`).
    pub fn next(&mut self, player: &mut dyn AnyPlayer, game: &dyn AnyGame, slice: Duration) -> Result<Slice, Error> {
        let left = self.cap.saturating_sub(self.elapsed());
        let this = slice.min(left).max(Duration::from_millis(1));
        player.set_bounds(Bounds { time: Some(this), cancel: None, progress: None, began: Some(self.began) });
        let called = Instant::now();
        let Some(decision) = player.choose(game)? else {
            return Ok(Slice::Done(None));
        };
        // A call that returned before its bound ended on the spec's own limits: that is the decision.
        let cut = called.elapsed() >= this;
        self.nodes += decision.nodes;
        if !cut {
            return Ok(Slice::Done(Some(Decision { nodes: self.nodes, elapsed: self.elapsed(), ..decision })));
        }
        // A newer slice's decision replaces the kept one unless it looked less
        // deep (a tree search's newest is always its best), and nothing
        // replaces an exact one but another.
        let replace = match &self.best {
            None => true,
            Some(kept) if kept.exact => decision.exact,
            Some(kept) => self.playouts || decision.exact || decision.depth >= kept.depth,
        };
        if replace {
            self.best = Some(decision);
        }
        let spent = self.elapsed();
        let best = self.best.as_ref().expect("kept above");
        let deep_enough = best.depth >= self.min_depth || best.exact;
        let out_of_time = spent >= self.cap || (deep_enough && self.time.is_some_and(|t| spent >= t));
        if out_of_time {
            let mut done = self.best.take().expect("kept above");
            done.nodes = self.nodes;
            done.elapsed = spent;
            return Ok(Slice::Done(Some(done)));
        }
        Ok(Slice::Thinking(Progress {
            depth: best.depth,
            nodes: self.nodes,
            playouts: self.playouts,
            elapsed: spent,
            best: Some(best.mv.clone()),
            score: best.score,
        }))
    }

    /// Thinks slice after slice until the decision is made, handing each
    /// report to `progress`: what a caller with no other work between slices does.
    pub fn finish(
        &mut self,
        player: &mut dyn AnyPlayer,
        game: &dyn AnyGame,
        slice: Duration,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Option<Decision>, Error> {
        loop {
            match self.next(player, game, slice)? {
                Slice::Done(decision) => return Ok(decision),
                Slice::Thinking(report) => progress(&report),
            }
        }
    }
}
