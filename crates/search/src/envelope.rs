//! What a computer player may use when strangers can ask for it: the
//! [`Envelope`] a spec must fit before a server accepts it, and the hard
//! [`Bounds`] every single decision then runs under, whatever its spec says.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tabula_core::time::{Duration, Instant};

use tabula_core::Error;

use crate::player::PlayerSpec;

/// The most one computer player may ask for: a server refuses specs outside
/// it, and stops every decision at [`Envelope::max_time`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Envelope {
    /// Wall-clock time of one decision, from the moment it starts thinking
    /// (exact solves and minimum depths included).
    pub max_time: Duration,
    /// Search threads of one player.
    pub max_threads: usize,
    /// One player's alpha–beta table, in MiB.
    pub max_table_mib: usize,
    /// MCTS iterations a spec may ask for (the tree grows with them).
    pub max_iterations: u64,
    /// A node limit a spec may ask for.
    pub max_nodes: u64,
}

impl Envelope {
    /// The envelope of a public server: ten seconds, two threads, a 256 MiB
    /// table, two million MCTS iterations, and no external programs.
    pub const PUBLIC: Envelope = Envelope {
        max_time: Duration::from_secs(10),
        max_threads: 2,
        max_table_mib: 256,
        max_iterations: 2_000_000,
        max_nodes: 100_000_000,
    };

    /// The envelope in a sentence, for error messages and documentation.
    pub fn describe(&self) -> String {
        format!(
            "at most {} s a move, {} threads, a {} MiB table, {} MCTS iterations, {} nodes, and no external engines",
            self.max_time.as_secs_f64(),
            self.max_threads,
            self.max_table_mib,
            self.max_iterations,
            self.max_nodes
        )
    }

    /// Refuses a spec that asks for more than the envelope allows. Time and
    /// depth are not refused: [`Bounds`] stop every decision at `max_time`.
    pub fn check(&self, spec: &PlayerSpec) -> Result<(), Error> {
        let refuse = |what: String| {
            Err(Error::BadPlayer(format!(
                "the server does not run this player: {what} (its limits: {})",
                self.describe()
            )))
        };
        match spec {
            PlayerSpec::Random | PlayerSpec::Greedy { .. } | PlayerSpec::Solver { .. } => Ok(()),
            PlayerSpec::AlphaBeta { limits, table_mib, threads, .. } => {
                if *threads > self.max_threads {
                    return refuse(format!("{threads} threads asked for"));
                }
                if *table_mib > self.max_table_mib {
                    return refuse(format!("a {table_mib} MiB table asked for"));
                }
                match limits.nodes {
                    Some(n) if n > self.max_nodes => refuse(format!("{n} nodes asked for")),
                    _ => Ok(()),
                }
            }
            PlayerSpec::Mcts(limits) => match limits.iterations {
                Some(n) if n > self.max_iterations => refuse(format!("{n} iterations asked for")),
                _ => Ok(()),
            },
            PlayerSpec::Ugi { .. } => refuse("it would start an external program".into()),
        }
    }
}

/// What a computer player has found so far while it thinks, for a page that
/// shows its thinking (as lichess shows its engine's): reported after each
/// finished iteration of a search, every tenth of a second or so by a tree
/// search.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The depth of the last finished iteration, in plies (a tree search: its
    /// principal line's length).
    pub depth: u32,
    /// Positions searched so far (a tree search: playouts).
    pub nodes: u64,
    /// Whether `nodes` counts playouts of a tree search.
    pub playouts: bool,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The best move so far, in the game's notation.
    pub best: Option<String>,
    /// Its score for the side to move (beyond ±`PROVEN`, a proven result).
    pub score: i32,
}

/// Where a player's [`Progress`] reports go (a page's worker, a log).
#[derive(Clone)]
pub struct Reporter(Arc<dyn Fn(&Progress) + Send + Sync>);

impl Reporter {
    /// A reporter that hands each report to `report`.
    pub fn new(report: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        Reporter(Arc::new(report))
    }

    /// Hands on one report.
    pub fn report(&self, progress: &Progress) {
        (self.0)(progress)
    }
}

impl std::fmt::Debug for Reporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reporter")
    }
}

/// Hard bounds on one decision, on top of what its spec says: a time after
/// which it stops and plays the best move found so far, and a flag that
/// cancels it when nobody waits for the answer any more; and where to report
/// its progress, if anywhere.
#[derive(Debug, Clone, Default)]
pub struct Bounds {
    /// The longest the decision may take (`None`: as long as its spec says).
    pub time: Option<Duration>,
    /// Set to `true` to stop the decision as soon as it looks.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the decision reports what it has found so far.
    pub progress: Option<Reporter>,
    /// When the decision began, where it is thought in several calls (see
    /// [`crate::Slices`]); a time the spec gives from the start of the
    /// decision (a solver's `settle`) counts from here, and a tree search's
    /// iterations count over every call with the same `began`. `None`: the
    /// decision is this call.
    pub began: Option<Instant>,
}

impl Bounds {
    /// Bounds that stop a decision after `time`.
    pub fn within(time: Duration) -> Self {
        Bounds { time: Some(time), cancel: None, progress: None, began: None }
    }

    /// These bounds, reporting the decision's progress to `reporter`.
    pub fn reporting_to(mut self, reporter: Reporter) -> Self {
        self.progress = Some(reporter);
        self
    }

    /// These bounds, also cancelled by `flag`.
    pub fn cancelled_by(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Whether the decision was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The moment a decision starting at `start` must end.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.map(|t| start + t)
    }
}

/// The earlier of two optional moments (`None` is "never").
pub(crate) fn earlier(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::{GameInfo, LevelInfo};

    static INFO: GameInfo = GameInfo {
        slug: "toy",
        name: "Toy",
        tagline: "",
        category: "",
        origin: "",
        sides: ["A", "B"],
        options: &[],
        levels: &[LevelInfo { key: "big", name: "Big", player: "ab:threads=8", about: "" }],
    };

    fn spec(text: &str) -> PlayerSpec {
        PlayerSpec::parse(text, &INFO).unwrap()
    }

    #[test]
    fn the_public_envelope_refuses_big_tables_threads_and_engines_and_names_its_limits() {
        let env = Envelope::PUBLIC;
        for text in
            ["ab:threads=3", "ab:hash=257", "ab:nodes=100000001", "mcts:iters=2000001", "ugi:cmd=cat", "level:big"]
        {
            let err = env.check(&spec(text)).unwrap_err();
            assert_eq!(err.kind(), "bad_player", "{text}");
            assert!(err.message().contains("at most 10 s a move, 2 threads, a 256 MiB table"), "{text}: {err}");
        }
        for text in
            ["random", "greedy:margin=5", "ab:depth=60", "ab:time=30s,threads=2,hash=256", "mcts:time=1m", "solver"]
        {
            assert_eq!(env.check(&spec(text)), Ok(()), "{text}");
        }
    }

    #[test]
    fn a_spec_is_budgeted_for_its_table_tree_or_solver() {
        let mib = |text: &str| spec(text).memory_mib(256);
        assert_eq!(mib("random"), 0);
        assert_eq!(mib("ab:depth=3,hash=64"), 64);
        assert_eq!(mib("ab:depth=3,hash=16,solve=1"), 16 + 256);
        assert_eq!(mib("solver"), 256 + 64);
        assert_eq!(mib("mcts:iters=3000"), 1);
        assert_eq!(mib("mcts:time=1s"), 366, "a tree of at most four million nodes");
    }

    #[test]
    fn the_earlier_of_two_moments_treats_none_as_never() {
        let now = Instant::now();
        let later = now + Duration::from_secs(1);
        assert_eq!(earlier(Some(now), Some(later)), Some(now));
        assert_eq!(earlier(None, Some(later)), Some(later));
        assert_eq!(earlier(Some(now), None), Some(now));
        assert_eq!(earlier(None, None), None);
    }
}
