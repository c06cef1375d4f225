//! The player language shared by the command line, levels and the server:
//! `random`, `greedy`, `greedy:margin=4`, `ab:depth=4`, `ab:time=1s`,
//! `ab:depth=64,time=1s,min_depth=10,hash=64`, `level:hard`.

use std::fmt;
use std::time::Duration;

use rand_core::RngCore;
use tabula_core::{Error, Evaluate, GameInfo};

use crate::alphabeta::{AlphaBeta, SearchLimits, SearchResult};
use crate::greedy::greedy_move;
use crate::random::random_move;

/// A computer player, as data.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerSpec {
    /// Any legal move, uniformly.
    Random,
    /// The best move one ply ahead, or a random one within `margin` of it.
    Greedy {
        /// How far below the best a move may score and still be picked.
        margin: i32,
    },
    /// Alpha–beta search.
    AlphaBeta {
        /// Depth, time and node limits.
        limits: SearchLimits,
        /// Transposition table size in MiB.
        table_mib: usize,
    },
}

impl PlayerSpec {
    /// Reads a player spec; `level:KEY` is looked up in the game's levels.
    pub fn parse(text: &str, info: &GameInfo) -> Result<PlayerSpec, Error> {
        let text = text.trim();
        let (kind, params) = text.split_once(':').unwrap_or((text, ""));
        let bad = |msg: String| Error::BadPlayer(msg);
        let mut pairs = Vec::new();
        if kind != "level" {
            for part in params.split(',').filter(|p| !p.trim().is_empty()) {
                let (k, v) = part
                    .split_once('=')
                    .ok_or_else(|| bad(format!("'{part}' in player '{text}' should look like key=value")))?;
                pairs.push((k.trim(), v.trim()));
            }
        }
        let unknown = |key: &str, known: &str| bad(format!("player '{kind}' has no setting '{key}' (it has: {known})"));
        match kind {
            "random" => {
                if let Some((k, _)) = pairs.first() {
                    return Err(unknown(k, "none"));
                }
                Ok(PlayerSpec::Random)
            }
            "greedy" => {
                let mut margin = 0;
                for (k, v) in pairs {
                    match k {
                        "margin" => margin = parse_number(k, v)?,
                        _ => return Err(unknown(k, "margin")),
                    }
                }
                Ok(PlayerSpec::Greedy { margin })
            }
            "ab" | "alphabeta" => {
                let mut limits = SearchLimits { depth: 0, time: None, min_depth: 0, nodes: None };
                let mut table_mib = 16;
                for (k, v) in pairs {
                    match k {
                        "depth" => limits.depth = parse_number(k, v)?,
                        "time" => limits.time = Some(parse_duration(v)?),
                        "min_depth" => limits.min_depth = parse_number(k, v)?,
                        "nodes" => limits.nodes = Some(parse_number(k, v)?),
                        "hash" => table_mib = parse_number(k, v)?,
                        _ => return Err(unknown(k, "depth, time, min_depth, nodes, hash")),
                    }
                }
                if limits.depth == 0 {
                    limits.depth = if limits.time.is_some() || limits.nodes.is_some() { 100 } else { 4 };
                }
                Ok(PlayerSpec::AlphaBeta { limits, table_mib: table_mib.clamp(1, 4096) })
            }
            "level" => {
                let level = info.level(params).ok_or_else(|| {
                    let known: Vec<&str> = info.levels.iter().map(|l| l.key).collect();
                    bad(format!("{} has no level '{params}'; its levels are: {}", info.name, known.join(", ")))
                })?;
                PlayerSpec::parse(level.player, info)
            }
            _ => Err(bad(format!(
                "unknown player '{text}': use random, greedy[:margin=N], ab:depth=N|time=1s or level:NAME"
            ))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Greedy { margin } => write!(f, "greedy:margin={margin}"),
            PlayerSpec::AlphaBeta { limits, table_mib } => {
                write!(f, "ab:depth={}", limits.depth)?;
                if let Some(t) = limits.time {
                    write!(f, ",time={}ms", t.as_millis())?;
                }
                if limits.min_depth > 0 {
                    write!(f, ",min_depth={}", limits.min_depth)?;
                }
                if let Some(n) = limits.nodes {
                    write!(f, ",nodes={n}")?;
                }
                write!(f, ",hash={table_mib}")
            }
        }
    }
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, Error> {
    value
        .parse()
        .map_err(|_| Error::BadPlayer(format!("setting '{key}' must be a whole number, not '{value}'")))
}

/// Reads `1s`, `500ms`, `2.5s` or `1m`.
pub fn parse_duration(text: &str) -> Result<Duration, Error> {
    let bad = || Error::BadPlayer(format!("'{text}' is not a duration: write e.g. 500ms, 2s or 1m"));
    let (number, unit) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        return Err(bad());
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    if !(0.0..=86_400.0).contains(&(value * unit)) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(value * unit))
}

/// Picks a move for the side to move of `game` as `spec` would.
/// Returns `None` when the game is over.
pub fn choose_move<G: Evaluate>(game: &G, spec: &PlayerSpec, rng: &mut impl RngCore) -> Option<SearchResult<G::Move>> {
    match spec {
        PlayerSpec::Random => random_move(game, rng).map(|mv| SearchResult {
            best: Some(mv),
            score: 0,
            depth: 0,
            pv: vec![mv],
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        }),
        PlayerSpec::Greedy { margin } => greedy_move(game, *margin, rng).map(|(mv, score)| SearchResult {
            best: Some(mv),
            score,
            depth: 1,
            pv: vec![mv],
            nodes: 0,
            exact: false,
            elapsed: Duration::ZERO,
        }),
        PlayerSpec::AlphaBeta { limits, table_mib } => {
            let mut searcher = AlphaBeta::<G>::new(*table_mib);
            let result = searcher.search(game, *limits);
            result.best.map(|_| result)
        }
    }
}
