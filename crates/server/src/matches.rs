//! Matches in play: who holds each seat, the position with its history, and
//! the view the play page is given.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};
use tabula_core::{Error, Options};
use tabula_games::find;
use tabula_search::{AnyGame, Decision, PlayerSpec};

/// The most matches kept at once; the oldest are forgotten beyond it.
const MAX_MATCHES: usize = 10_000;

/// Who holds a seat.
#[derive(Debug, Clone)]
pub enum Seat {
    /// A person at the screen.
    Human,
    /// The computer, playing as the spec says (kept as typed, and parsed).
    Computer(String, PlayerSpec),
}

impl Seat {
    /// Reads `human` or a player spec for `game`.
    pub fn parse(text: &str, game: &'static tabula_core::GameInfo) -> Result<Seat, Error> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Computer(text.trim().to_string(), PlayerSpec::parse(text, game)?))
        }
    }

    fn label(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Computer(text, _) => text,
        }
    }
}

/// One match: a game, its seats, and the moves played.
pub struct Match {
    /// The match's id, as used in URLs.
    pub id: String,
    /// The options it was created with.
    pub options: BTreeMap<String, String>,
    /// Who holds each seat.
    pub seats: [Seat; 2],
    /// The current position, with the moves that led to it.
    pub game: Box<dyn AnyGame>,
    /// The seat that made each move of the history.
    pub movers: Vec<usize>,
    /// What the computer last decided, for the side panel.
    pub last_decision: Option<Decision>,
    /// Counts changes, so a computer move computed for an old position is not played.
    pub version: u64,
}

impl Match {
    /// A new match; a `position` text, if given, replaces the start position.
    pub fn new(
        id: String,
        slug: &str,
        options: BTreeMap<String, String>,
        players: &[String],
        position: Option<&str>,
    ) -> Result<Match, Error> {
        let entry = find(slug)?;
        let mut opts = Options::new();
        for (k, v) in &options {
            opts.set(k, v);
        }
        let game = match position {
            Some(text) => entry.from_text(text)?,
            None => entry.create(&opts)?,
        };
        let seat = |i: usize| -> Result<Seat, Error> {
            Seat::parse(players.get(i).map(String::as_str).unwrap_or("human"), entry.info())
        };
        let seats = [seat(0)?, seat(1)?];
        Ok(Match { id, options, seats, game, movers: Vec::new(), last_decision: None, version: 0 })
    }

    /// Whether the seat to move is played by the computer (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none() && matches!(self.seats[self.game.side_to_move().index()], Seat::Computer(..))
    }

    /// Plays a move in notation for whoever is to move.
    pub fn play(&mut self, mv: &str) -> Result<(), Error> {
        let mover = self.game.side_to_move().index();
        self.game.play_text(mv)?;
        self.movers.push(mover);
        self.version += 1;
        Ok(())
    }

    /// Takes back to the last decision of a person; returns how many moves were taken back.
    pub fn undo(&mut self) -> usize {
        let any_human = self.seats.iter().any(|s| matches!(s, Seat::Human));
        if any_human && !self.movers.iter().any(|&m| matches!(self.seats[m], Seat::Human)) {
            return 0;
        }
        let mut undone = 0;
        while let Some(&mover) = self.movers.last() {
            self.game.undo();
            self.movers.pop();
            undone += 1;
            let human_moved = matches!(self.seats[mover], Seat::Human);
            if !any_human || (human_moved && !self.computer_to_move()) {
                break;
            }
        }
        if undone > 0 {
            self.version += 1;
            self.last_decision = None;
        }
        undone
    }

    /// The JSON view the play page is given.
    pub fn view(&self) -> Value {
        let info = self.game.info();
        let history: Vec<Value> = self
            .game
            .history()
            .into_iter()
            .zip(&self.movers)
            .map(|(mv, side)| json!({ "move": mv, "side": side }))
            .collect();
        let moves: Vec<Value> =
            self.game.move_views().into_iter().map(|(mv, info)| json!({ "move": mv, "info": info })).collect();
        let result = self.game.outcome().map(|o| {
            json!({ "winner": o.winner().map(|s| s.index()), "reason": self.game.outcome_reason() })
        });
        json!({
            "id": self.id,
            "game": info.slug,
            "options": self.options,
            "players": [self.seats[0].label(), self.seats[1].label()],
            "sides": info.sides,
            "position": self.game.to_text(),
            "side_to_move": self.game.side_to_move().index(),
            "computer_to_move": self.computer_to_move(),
            "moves": moves,
            "history": history,
            "result": result,
            "state": self.game.view(),
            "last_decision": self.last_decision.as_ref().map(decision_json),
            "version": self.version,
        })
    }
}

/// A computer decision as the side panel shows it.
pub fn decision_json(d: &Decision) -> Value {
    json!({
        "move": d.mv,
        "score": d.score,
        "depth": d.depth,
        "nodes": d.nodes,
        "exact": d.exact,
        "elapsed_ms": d.elapsed.as_millis() as u64,
        "pv": d.pv,
    })
}

/// Every match in play, by id, in memory.
pub struct MatchStore {
    inner: Mutex<Store>,
    counter: AtomicU64,
}

struct Store {
    matches: HashMap<String, Match>,
    order: VecDeque<String>,
}

impl Default for MatchStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MatchStore {
    /// An empty store.
    pub fn new() -> Self {
        MatchStore { inner: Mutex::new(Store { matches: HashMap::new(), order: VecDeque::new() }), counter: AtomicU64::new(0) }
    }

    /// A fresh, hard-to-guess match id.
    pub fn new_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
        let mut rng = tabula_core::SeededRng::seed_from_u64(nanos ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ std::process::id() as u64);
        format!("{:016x}", rng.next_u64())
    }

    /// Adds a match, forgetting the oldest beyond the cap.
    pub fn insert(&self, m: Match) {
        let mut store = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        store.order.push_back(m.id.clone());
        store.matches.insert(m.id.clone(), m);
        while store.order.len() > MAX_MATCHES {
            if let Some(old) = store.order.pop_front() {
                store.matches.remove(&old);
            }
        }
    }

    /// Runs `f` on the match with this id, under the store's lock.
    pub fn with<T>(&self, id: &str, f: impl FnOnce(&mut Match) -> T) -> Option<T> {
        let mut store = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        store.matches.get_mut(id).map(f)
    }
}
