//! Matches: who holds each seat, the position with its history, and the view
//! the play page is given; and [`MatchStore`], which keeps them in memory for
//! speed and in SQLite for safety. Every change is committed to the store
//! before it is answered or sent to anyone, under the match's own lock, so
//! what a player has seen accepted survives any crash.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;

use serde_json::{json, Value};
use tabula_core::{Error, GameInfo, Options};
use tabula_games::find;
use tabula_search::{AnyGame, Decision, Envelope, PlayerSpec};
use tokio::sync::watch;

use crate::clock::Clock;
use crate::error::ApiError;
use crate::records::{self, GameRecord};
use crate::secret;
use crate::store::{now_ms, ClockSettings, Db, MatchRow, MoveRow, SeatRow, StoreResult, StoredMatch, StoredResult};

/// The most matches kept in memory; the least recently created idle ones
/// are dropped beyond it (they stay in the store and come back on demand).
const MAX_CACHED: usize = 5_000;
/// The most live connections to one match.
const MAX_WATCHERS: usize = 200;
/// The longest name a player may give.
pub const MAX_NAME_CHARS: usize = 40;

/// Who holds a seat.
#[derive(Debug, Clone)]
pub enum Seat {
    /// A person.
    Human,
    /// The computer, playing as the spec says (kept as typed, and parsed).
    Computer(String, PlayerSpec),
}

impl Seat {
    /// Reads `human` or a player spec for `game`.
    pub fn parse(text: &str, game: &'static GameInfo) -> Result<Seat, Error> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Computer(text.trim().to_string(), PlayerSpec::parse(text, game)?))
        }
    }

    /// Like [`Seat::parse`], but refuses players that ask for more than
    /// `envelope` allows (external engines, big tables, many threads).
    pub fn parse_for_server(text: &str, game: &'static GameInfo, envelope: &Envelope) -> Result<Seat, Error> {
        let seat = Seat::parse(text, game)?;
        if let Seat::Computer(_, spec) = &seat {
            envelope.check(spec)?;
        }
        Ok(seat)
    }

    fn label(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Computer(text, _) => text,
        }
    }
}

/// Refuses a move meant for another move number than the match is at (`ply`: the moves the mover saw played).
fn check_ply(m: &Match, ply: Option<usize>) -> Result<(), ApiError> {
    match ply {
        Some(ply) if ply != m.movers.len() => Err(ApiError::conflict(format!(
            "the match has moved on: that move was meant for move {}, and {} moves have been played",
            ply + 1,
            m.movers.len()
        ))),
        _ => Ok(()),
    }
}

/// Checks and tidies a name a person gave: trimmed, at most [`MAX_NAME_CHARS`], no control characters.
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else { return Ok(None) };
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!("a name has at most {MAX_NAME_CHARS} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("a name cannot hold control characters"));
    }
    Ok(Some(name.to_string()))
}

/// The online part of a match: who holds the seats, who is connected, the clock.
#[derive(Debug, Clone)]
pub struct Online {
    /// The hash of each seat's token, once the seat is held.
    pub tokens: [Option<[u8; 32]>; 2],
    /// The hash of the invitation to each free seat.
    pub invites: [Option<[u8; 32]>; 2],
    /// The clock, if the match is played with one.
    pub clock: Option<Clock>,
    /// Live connections per seat.
    pub connected: [u32; 2],
}

impl Online {
    /// The seat a token holds; `Ok(None)` without a token, 403 for a token that holds none.
    pub fn seat_of(&self, token: Option<&str>) -> Result<Option<usize>, ApiError> {
        let Some(token) = token else { return Ok(None) };
        let h = secret::hash(token);
        (0..2)
            .find(|&s| self.tokens[s].is_some_and(|t| secret::same(&t, &h)))
            .map(Some)
            .ok_or_else(|| ApiError::forbidden("this seat token does not hold a seat of this match"))
    }
}

/// The credentials a person gets for a seat.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub seat: usize,
    pub token: String,
    /// The invitation to the other seat, for the one who created the match.
    pub invite: Option<String>,
}

impl Credentials {
    /// As the creator or the joiner is told: `{"seat", "token", "invite"}`.
    pub fn json(&self) -> Value {
        json!({ "seat": self.seat, "token": self.token, "invite": self.invite })
    }
}

/// One match: a game, its seats, and the moves played.
pub struct Match {
    /// The match's id, as used in URLs.
    pub id: String,
    /// The options it was created with.
    pub options: BTreeMap<String, String>,
    /// The position text it started from, if not the options' start.
    pub start: Option<String>,
    /// Who holds each seat.
    pub seats: [Seat; 2],
    /// The names the players gave.
    pub names: [Option<String>; 2],
    /// The current position, with the moves that led to it.
    pub game: Box<dyn AnyGame>,
    /// The seat that made each move of the history.
    pub movers: Vec<usize>,
    /// When each move was accepted (Unix ms).
    pub times: Vec<i64>,
    /// What the computer last decided, for the side panel.
    pub last_decision: Option<Decision>,
    /// Counts changes, so a computer move computed for an old position is not played.
    pub version: u64,
    /// When the match was created (Unix ms).
    pub created_at: i64,
    /// Seats, connections and clock of a match played over the network.
    pub online: Option<Online>,
    /// A result the rules did not give: time, resignation, or what a record said.
    pub ended: Option<StoredResult>,
    /// Whether it came from an imported record.
    pub imported: bool,
}

impl Match {
    /// A new match; a `position` text, if given, replaces the start position.
    pub fn new(
        id: String,
        slug: &str,
        options: BTreeMap<String, String>,
        players: &[String],
        position: Option<&str>,
        envelope: &Envelope,
    ) -> Result<Match, Error> {
        let entry = find(slug)?;
        let game = start_game(slug, &options, position)?;
        let seat = |i: usize| -> Result<Seat, Error> {
            Seat::parse_for_server(players.get(i).map(String::as_str).unwrap_or("human"), entry.info(), envelope)
        };
        let seats = [seat(0)?, seat(1)?];
        Ok(Match {
            id,
            options,
            start: position.map(str::to_string),
            seats,
            names: [None, None],
            game,
            movers: Vec::new(),
            times: Vec::new(),
            last_decision: None,
            version: 0,
            created_at: now_ms(),
            online: None,
            ended: None,
            imported: false,
        })
    }

    /// Makes the match an online one: the creator holds `seat`, the other seat
    /// waits for whoever has the invitation. Returns the creator's credentials.
    pub fn go_online(&mut self, seat: usize, clock: Option<ClockSettings>) -> Credentials {
        let token = secret::new_token();
        let invite = secret::new_token();
        let mut online =
            Online { tokens: [None, None], invites: [None, None], clock: clock.map(Clock::new), connected: [0, 0] };
        online.tokens[seat] = Some(secret::hash(&token));
        online.invites[1 - seat] = Some(secret::hash(&invite));
        self.online = Some(online);
        Credentials { seat, token, invite: Some(invite) }
    }

    /// How the match ended, if it did.
    pub fn result(&self) -> Option<StoredResult> {
        if let Some(ended) = &self.ended {
            return Some(ended.clone());
        }
        self.game.outcome().map(|o| StoredResult {
            winner: o.winner().map(|s| s.index()),
            reason: self.game.outcome_reason(),
            by_rules: true,
        })
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.outcome().is_some()
    }

    /// Whether the seat to move is played by the computer (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && matches!(self.seats[self.game.side_to_move().index()], Seat::Computer(..))
    }

    /// Whether `viewer` (a seat of an online match, or anyone at a local one) may move now.
    pub fn can_move(&self, viewer: Option<usize>) -> bool {
        if self.is_over() {
            return false;
        }
        match &self.online {
            Some(_) => viewer == Some(self.game.side_to_move().index()),
            None => !self.computer_to_move(),
        }
    }

    /// Plays a move in notation for whoever is to move; returns it as the game writes it.
    pub fn play(&mut self, mv: &str) -> Result<String, Error> {
        if self.ended.is_some() {
            return Err(Error::IllegalMove(format!("the match is over; '{mv}' cannot be played")));
        }
        let mover = self.game.side_to_move().index();
        let written = self.game.play_text(mv)?;
        self.movers.push(mover);
        self.times.push(now_ms());
        self.version += 1;
        Ok(written)
    }

    fn unplay(&mut self) {
        if self.game.undo().is_some() {
            self.movers.pop();
            self.times.pop();
        }
    }

    /// Takes back to the last decision of a person; returns how many moves were taken back.
    pub fn undo(&mut self) -> usize {
        let any_human = self.seats.iter().any(|s| matches!(s, Seat::Human));
        if any_human && !self.movers.iter().any(|&m| matches!(self.seats[m], Seat::Human)) {
            return 0;
        }
        let mut undone = 0;
        while let Some(&mover) = self.movers.last() {
            self.unplay();
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

    /// A seat's name for sentences: the name given, or the seat's name in the game.
    pub fn seat_label(&self, seat: usize) -> String {
        self.names[seat].clone().unwrap_or_else(|| self.game.info().sides[seat].to_string())
    }

    /// The JSON view the play page is given; `viewer` is the seat of whoever asks, if known.
    pub fn view(&self, viewer: Option<usize>) -> Value {
        let info = self.game.info();
        let history: Vec<Value> = self
            .game
            .history()
            .into_iter()
            .zip(&self.movers)
            .map(|(mv, side)| json!({ "move": mv, "side": side }))
            .collect();
        let over = self.is_over();
        let moves: Vec<Value> = if over {
            Vec::new()
        } else {
            self.game.move_views().into_iter().map(|(mv, info)| json!({ "move": mv, "info": info })).collect()
        };
        let result = self.result().map(|r| json!({ "winner": r.winner, "reason": r.reason }));
        let now = Instant::now();
        json!({
            "id": self.id,
            "game": info.slug,
            "options": self.options,
            "players": [self.seats[0].label(), self.seats[1].label()],
            "names": self.names,
            "sides": info.sides,
            "position": self.game.to_text(),
            "side_to_move": self.game.side_to_move().index(),
            "computer_to_move": self.computer_to_move(),
            "can_move": self.can_move(viewer),
            "moves": moves,
            "history": history,
            "result": result,
            "state": self.game.view(),
            "last_decision": self.last_decision.as_ref().map(decision_json),
            "version": self.version,
            "created_at": self.created_at,
            "imported": self.imported,
            "online": self.online.as_ref().map(|o| json!({
                "seat": viewer,
                "joined": [o.tokens[0].is_some(), o.tokens[1].is_some()],
                "connected": [o.connected[0] > 0, o.connected[1] > 0],
                "clock": o.clock.as_ref().map(|c| c.json(now)),
            })),
        })
    }

    /// The view of the position after the first `ply` moves, for replaying (nothing can be played in it).
    pub fn view_at(&self, ply: usize) -> Result<Value, ApiError> {
        let history = self.game.history();
        if ply > history.len() {
            return Err(ApiError::not_found(format!(
                "the match has {} moves; there is no position after move {ply}",
                history.len()
            )));
        }
        let mut game = start_game(self.game.info().slug, &self.options, self.start.as_deref())?;
        for mv in &history[..ply] {
            game.play_text(mv)?;
        }
        let info = game.info();
        let shown: Vec<Value> =
            history[..ply].iter().zip(&self.movers).map(|(mv, side)| json!({ "move": mv, "side": side })).collect();
        let result = if ply == history.len() {
            self.result().map(|r| json!({ "winner": r.winner, "reason": r.reason }))
        } else {
            None
        };
        Ok(json!({
            "id": self.id,
            "game": info.slug,
            "options": self.options,
            "players": [self.seats[0].label(), self.seats[1].label()],
            "names": self.names,
            "sides": info.sides,
            "position": game.to_text(),
            "side_to_move": game.side_to_move().index(),
            "computer_to_move": false,
            "can_move": false,
            "moves": [],
            "history": shown,
            "result": result,
            "state": game.view(),
            "last_decision": null,
            "version": self.version,
            "created_at": self.created_at,
            "imported": self.imported,
            "online": null,
            "replay": { "ply": ply, "plies": history.len(), "online": self.online.is_some() },
        }))
    }

    /// A fresh copy of the start position.
    pub fn start_game(&self) -> Result<Box<dyn AnyGame>, Error> {
        start_game(self.game.info().slug, &self.options, self.start.as_deref())
    }

    /// The match as the store keeps it.
    pub fn stored(&self) -> StoredMatch {
        let result = self.result();
        let history = self.game.history();
        let moves = history
            .into_iter()
            .enumerate()
            .map(|(ply, mv)| MoveRow { ply, mv, side: self.movers[ply], at: self.times[ply], clock_ms: None })
            .collect();
        let seats = match &self.online {
            None => Vec::new(),
            Some(o) => (0..2)
                .map(|s| SeatRow {
                    seat: s,
                    token_hash: o.tokens[s].map(|h| h.to_vec()),
                    invite_hash: o.invites[s].map(|h| h.to_vec()),
                    joined_at: o.tokens[s].map(|_| self.created_at),
                })
                .collect(),
        };
        StoredMatch {
            row: MatchRow {
                id: self.id.clone(),
                game: self.game.info().slug.to_string(),
                options: self.options.clone(),
                start: self.start.clone(),
                players: [self.seats[0].label().to_string(), self.seats[1].label().to_string()],
                names: self.names.clone(),
                online: self.online.is_some(),
                clock: self.online.as_ref().and_then(|o| o.clock.as_ref().map(|c| c.settings)),
                created_at: self.created_at,
                updated_at: now_ms(),
                finished_at: result.as_ref().map(|_| now_ms()),
                result,
                imported: self.imported,
                version: self.version,
            },
            seats,
            moves,
        }
    }

    /// Rebuilds a match from the store, replaying its moves.
    pub fn restore(stored: &StoredMatch) -> Result<Match, Error> {
        let row = &stored.row;
        let entry = find(&row.game)?;
        let mut game = start_game(&row.game, &row.options, row.start.as_deref())?;
        let mut movers = Vec::with_capacity(stored.moves.len());
        let mut times = Vec::with_capacity(stored.moves.len());
        for (i, mv) in stored.moves.iter().enumerate() {
            if mv.ply != i {
                return Err(Error::BadPosition(format!("stored match {} misses move {}", row.id, i + 1)));
            }
            movers.push(game.side_to_move().index());
            game.play_text(&mv.mv).map_err(|e| {
                Error::BadPosition(format!(
                    "stored match {}: move {} cannot be replayed: {}",
                    row.id,
                    i + 1,
                    e.message()
                ))
            })?;
            times.push(mv.at);
        }
        // Stored players were checked when the match was made.
        let seat = |i: usize| Seat::parse(&row.players[i], entry.info());
        let seats = [seat(0)?, seat(1)?];
        let ended = row.result.clone().filter(|r| !r.by_rules);
        let over = ended.is_some() || game.outcome().is_some();
        let online = row.online.then(|| {
            let hash_of = |h: &Option<Vec<u8>>| h.as_deref().and_then(|b| <[u8; 32]>::try_from(b).ok());
            let mut online = Online { tokens: [None, None], invites: [None, None], clock: None, connected: [0, 0] };
            for s in &stored.seats {
                if s.seat < 2 {
                    online.tokens[s.seat] = hash_of(&s.token_hash);
                    online.invites[s.seat] = hash_of(&s.invite_hash);
                }
            }
            online.clock = row.clock.map(|settings| {
                let mut remaining = [settings.initial_ms; 2];
                for mv in &stored.moves {
                    if let Some(left) = mv.clock_ms {
                        remaining[mv.side.min(1)] = left;
                    }
                }
                let mut clock = Clock::with_remaining(settings, remaining);
                // The time the server was down is not charged: the clock of the side to move starts again now.
                if !over && online.tokens.iter().all(Option::is_some) {
                    clock.start(game.side_to_move().index(), Instant::now());
                }
                clock
            });
            online
        });
        Ok(Match {
            id: row.id.clone(),
            options: row.options.clone(),
            start: row.start.clone(),
            seats,
            names: row.names.clone(),
            game,
            movers,
            times,
            last_decision: None,
            version: row.version,
            created_at: row.created_at,
            online,
            ended,
            imported: row.imported,
        })
    }

    /// The match as a record.
    pub fn record(&self) -> GameRecord {
        records::from_stored(&self.stored())
    }
}

/// The start position of a game for these options, or from a position text.
pub fn start_game(
    slug: &str,
    options: &BTreeMap<String, String>,
    position: Option<&str>,
) -> Result<Box<dyn AnyGame>, Error> {
    let entry = find(slug)?;
    let mut opts = Options::new();
    for (k, v) in options {
        opts.set(k, v);
    }
    match position {
        Some(text) => entry.from_text(text),
        None => entry.create(&opts),
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

/* ---------- The store of matches ---------- */

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

/// The live message `{"type": "view", "view": …}` of a view.
pub fn view_message(view: &Value) -> String {
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(b"{\"type\":\"view\",\"view\":");
    serde_json::to_writer(&mut out, view).expect("a JSON value can be written");
    out.push(b'}');
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// The messages for seat 0, seat 1 and everyone else, written out with the
/// large common part serialised once.
fn seat_messages(mut view: Value, m: &Match) -> [String; 3] {
    let Some(object) = view.as_object_mut() else { return Default::default() };
    let online = object.remove("online").unwrap_or(Value::Null);
    object.remove("can_move");
    let common = serde_json::to_string(&view).expect("a JSON value can be written");
    // `common` is `{…}`: each message puts its own fields in front of the rest.
    let rest = &common[1..];
    let message = |can_move: bool, online: &Value| {
        let online = serde_json::to_string(online).expect("a JSON value can be written");
        let mut out = String::with_capacity(common.len() + online.len() + 64);
        out.push_str("{\"type\":\"view\",\"view\":{\"can_move\":");
        out.push_str(if can_move { "true" } else { "false" });
        out.push_str(",\"online\":");
        out.push_str(&online);
        if rest != "}" {
            out.push(',');
        }
        out.push_str(rest);
        out.push('}');
        out
    };
    if online.is_null() {
        let everyone = message(m.can_move(None), &online);
        return [everyone.clone(), everyone.clone(), everyone];
    }
    let with_seat = |seat: Option<usize>| {
        let mut o = online.clone();
        o["seat"] = json!(seat);
        message(m.can_move(seat), &o)
    };
    [with_seat(Some(0)), with_seat(Some(1)), with_seat(None)]
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
    pub view: Value,
}

/// A match in memory, with the channel that tells its watchers about changes.
pub struct Slot {
    /// The match, behind its own lock.
    pub m: Mutex<Match>,
    /// The latest view, for live connections.
    pub tx: watch::Sender<Arc<Published>>,
    /// Whether a clock runs (such a match is not dropped from memory).
    clocked: AtomicBool,
    /// The cancel flags of computations started for a version of the
    /// match: set once the match has moved past that version.
    thinking: Mutex<Vec<(u64, Weak<AtomicBool>)>>,
}

impl Slot {
    fn new(m: Match) -> Arc<Slot> {
        let (tx, _) = watch::channel(Arc::new(Published::default()));
        let clocked = m.online.as_ref().and_then(|o| o.clock.as_ref()).is_some_and(|c| c.running().is_some());
        Arc::new(Slot { m: Mutex::new(m), tx, clocked: AtomicBool::new(clocked), thinking: Mutex::new(Vec::new()) })
    }

    /// Locks the match.
    pub fn lock(&self) -> MutexGuard<'_, Match> {
        self.m.lock().unwrap_or_else(|p| p.into_inner())
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
        let messages = seat_messages(m.view(None), m);
        self.tx.send_replace(Arc::new(Published { messages }));
    }
}

struct Cache {
    slots: HashMap<String, Arc<Slot>>,
    order: VecDeque<String>,
}

/// Every match: the store on disk (or in memory), and the ones in play in memory.
pub struct MatchStore {
    db: Mutex<Db>,
    cache: Mutex<Cache>,
    clocks: Mutex<HashSet<String>>,
}

impl Default for MatchStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MatchStore {
    /// A store in memory only.
    pub fn new() -> Self {
        Self::with_db(Db::open_in_memory().expect("an in-memory SQLite database opens"))
    }

    /// The store in the data directory `dir`; online matches with clocks are
    /// loaded at once so that their clocks run again.
    pub fn open(dir: &Path) -> StoreResult<Self> {
        let mut db = Db::open(dir)?;
        db.claim()?;
        db.prune_empty(now_ms() - 24 * 3600 * 1000)?;
        let clocked = db.clocked_ids()?;
        let store = Self::with_db(db);
        for id in clocked {
            if let Ok(slot) = store.slot(&id) {
                if slot.clocked.load(Ordering::Relaxed) {
                    store.lock_clocks().insert(id);
                }
            }
        }
        Ok(store)
    }

    fn with_db(db: Db) -> Self {
        MatchStore {
            db: Mutex::new(db),
            cache: Mutex::new(Cache { slots: HashMap::new(), order: VecDeque::new() }),
            clocks: Mutex::new(HashSet::new()),
        }
    }

    /// The store itself, locked (for listing, records and analyses).
    pub fn db(&self) -> MutexGuard<'_, Db> {
        self.db.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn lock_cache(&self) -> MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn lock_clocks(&self) -> MutexGuard<'_, HashSet<String>> {
        self.clocks.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A fresh, hard-to-guess match id.
    pub fn new_id(&self) -> String {
        secret::new_id()
    }

    /// Stores a new match and keeps it in memory.
    pub fn insert(&self, m: Match) -> Result<Arc<Slot>, ApiError> {
        self.db().insert(&m.stored())?;
        let slot = Slot::new(m);
        let id = slot.lock().id.clone();
        let mut cache = self.lock_cache();
        cache.order.push_back(id.clone());
        cache.slots.insert(id, slot.clone());
        Self::trim(&mut cache);
        Ok(slot)
    }

    /// Deletes the matches nobody will come back to (see
    /// [`crate::retention::Retention`]) from the store and from memory;
    /// returns how many went.
    pub fn prune(&self, rule: &crate::retention::Retention) -> StoreResult<usize> {
        let ids = self.db().prune_abandoned(rule, now_ms())?;
        if !ids.is_empty() {
            let mut cache = self.lock_cache();
            for id in &ids {
                cache.slots.remove(id);
            }
            let Cache { slots, order } = &mut *cache;
            order.retain(|id| slots.contains_key(id));
            drop(cache);
            let mut clocks = self.lock_clocks();
            for id in &ids {
                clocks.remove(id);
            }
        }
        Ok(ids.len())
    }

    /// Drops idle matches from memory beyond the cap (never one that someone
    /// holds, or whose clock runs).
    fn trim(cache: &mut Cache) {
        let mut budget = cache.order.len();
        while cache.slots.len() > MAX_CACHED && budget > 0 {
            budget -= 1;
            let Some(id) = cache.order.pop_front() else { break };
            let idle =
                cache.slots.get(&id).is_some_and(|s| Arc::strong_count(s) == 1 && !s.clocked.load(Ordering::Relaxed));
            if idle {
                cache.slots.remove(&id);
            } else if cache.slots.contains_key(&id) {
                cache.order.push_back(id);
            }
        }
    }

    /// The match with this id, from memory or the store; 404 if there is none.
    pub fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let mut cache = self.lock_cache();
        if let Some(slot) = cache.slots.get(id) {
            return Ok(slot.clone());
        }
        if id.is_empty() || id.len() > 64 {
            return Err(missing(id));
        }
        let stored = self.db().load(id)?.ok_or_else(|| missing(id))?;
        let m = Match::restore(&stored).map_err(|e| ApiError::storage(e.message().to_string()))?;
        let slot = Slot::new(m);
        cache.order.push_back(id.to_string());
        cache.slots.insert(id.to_string(), slot.clone());
        Self::trim(&mut cache);
        Ok(slot)
    }

    /// Runs `f` on the match with this id, under its lock (for reading).
    pub fn with<T>(&self, id: &str, f: impl FnOnce(&mut Match) -> T) -> Result<T, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        Ok(f(&mut m))
    }

    /// The view for whoever holds `token` (or anyone, without one).
    pub fn view(&self, id: &str, token: Option<&str>) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let m = slot.lock();
        let seat = match &m.online {
            Some(o) => o.seat_of(token)?,
            None => None,
        };
        Ok(m.view(seat))
    }

    /// Plays a move. In an online match only the token of the seat to move may;
    /// `ply`, if given, is the number of moves the mover saw, so that a move
    /// sent twice is not played twice.
    pub fn play(&self, id: &str, token: Option<&str>, mv: &str, ply: Option<usize>) -> Result<Value, ApiError> {
        self.play_and(id, token, mv, ply, true).map(Option::unwrap_or_default)
    }

    /// Like [`MatchStore::play`]; builds the mover's view only if `reply` (live connections get theirs from the channel).
    pub fn play_and(
        &self,
        id: &str,
        token: Option<&str>,
        mv: &str,
        ply: Option<usize>,
        reply: bool,
    ) -> Result<Option<Value>, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        let seat = match &m.online {
            Some(online) => {
                let seat = online.seat_of(token)?.ok_or_else(|| {
                    ApiError::forbidden("only the players can move in an online match: this request has no seat token")
                })?;
                if m.is_over() {
                    return Err(ApiError::conflict("the game is over"));
                }
                // A move sent twice is a stale move (409) before it is a move out of turn (403).
                check_ply(&m, ply)?;
                let to_move = m.game.side_to_move().index();
                if seat != to_move {
                    return Err(ApiError::forbidden(format!(
                        "it is {}'s turn; your seat token holds {}'s seat",
                        m.seat_label(to_move),
                        m.seat_label(seat)
                    )));
                }
                if self.flag_if_out_of_time(&slot, &mut m)? {
                    return Err(ApiError::conflict("your time has run out: the game is over"));
                }
                Some(seat)
            }
            None => {
                if m.is_over() {
                    return Err(ApiError::conflict("the game is over"));
                }
                if m.computer_to_move() {
                    return Err(ApiError::conflict("it is the computer's turn"));
                }
                None
            }
        };
        check_ply(&m, ply)?;
        self.apply(&slot, &mut m, mv, None)?;
        Ok(reply.then(|| m.view(seat)))
    }

    /// Plays a move for whoever is to move, stores it, and tells the watchers.
    fn apply(&self, slot: &Slot, m: &mut Match, mv: &str, decision: Option<Decision>) -> Result<(), ApiError> {
        let saved_clock = m.online.as_ref().and_then(|o| o.clock.clone());
        let mover = m.game.side_to_move().index();
        let written = m.play(mv)?;
        m.last_decision = decision;
        let over = m.is_over();
        let next = (!over).then(|| m.game.side_to_move().index());
        let now = Instant::now();
        let clock_ms = m.online.as_mut().and_then(|o| o.clock.as_mut()).map(|c| {
            if c.running().is_some() {
                c.moved(mover, next, now)
            } else {
                c.left(mover, now)
            }
        });
        let row = MoveRow {
            ply: m.movers.len() - 1,
            mv: written,
            side: mover,
            at: *m.times.last().unwrap_or(&now_ms()),
            clock_ms,
        };
        let result = m.result();
        if let Err(e) = self.db().add_move(&m.id, &row, m.version, result.as_ref()) {
            m.unplay();
            m.version -= 1;
            m.last_decision = None;
            if let (Some(o), Some(c)) = (m.online.as_mut(), saved_clock) {
                o.clock = Some(c);
            }
            return Err(e.into());
        }
        if over {
            slot.clocked.store(false, Ordering::Relaxed);
        }
        slot.publish(m);
        Ok(())
    }

    /// Deletes an unfinished match played on one screen (one a person
    /// abandoned); online and finished games are kept. What the computer was
    /// thinking for it is cancelled.
    pub fn delete(&self, id: &str) -> Result<(), ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        if m.online.is_some() {
            return Err(ApiError::conflict("an online match is not deleted: resign it instead"));
        }
        if m.is_over() {
            return Err(ApiError::conflict(
                "a finished game is kept for replays; only unfinished games can be deleted",
            ));
        }
        if !self.db().delete(&m.id)? {
            return Err(missing(id));
        }
        m.version += 1;
        slot.publish(&m);
        let id = m.id.clone();
        drop(m);
        let mut cache = self.lock_cache();
        cache.slots.remove(&id);
        cache.order.retain(|k| *k != id);
        Ok(())
    }

    /// Takes back to the last decision of a person (not in online matches).
    pub fn undo(&self, id: &str) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        if m.online.is_some() {
            return Err(ApiError::conflict("moves cannot be taken back in an online match"));
        }
        let saved = (m.game.clone_box(), m.movers.clone(), m.times.clone(), m.version, m.last_decision.clone());
        if m.undo() == 0 {
            return Err(ApiError::conflict("there is no move of yours to take back"));
        }
        let result = m.result();
        if let Err(e) = self.db().truncate(&m.id, m.movers.len(), m.version, result.as_ref()) {
            (m.game, m.movers, m.times, m.version, m.last_decision) = saved;
            return Err(e.into());
        }
        slot.publish(&m);
        Ok(m.view(None))
    }

    /// What the computer needs to think about the seat to move: the
    /// position, its spec, the version. `cancel` is set once the match moves
    /// on from this version (an undo, say), since the answer is then useless.
    pub fn computer_to_think(
        &self,
        id: &str,
        cancel: &Arc<AtomicBool>,
    ) -> Result<(Box<dyn AnyGame>, PlayerSpec, u64), ApiError> {
        let slot = self.slot(id)?;
        let m = slot.lock();
        if m.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        match &m.seats[m.game.side_to_move().index()] {
            Seat::Computer(_, spec) => {
                slot.cancel_when_changed(m.version, cancel);
                Ok((m.game.clone_box(), spec.clone(), m.version))
            }
            Seat::Human => Err(ApiError::conflict("the seat to move is played by a person")),
        }
    }

    /// Plays the computer's decision, if the match has not changed meanwhile.
    pub fn computer_played(&self, id: &str, version: u64, decision: Decision) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        if m.version != version {
            return Err(ApiError::conflict("the match changed while the computer was thinking"));
        }
        let mv = decision.mv.clone();
        self.apply(&slot, &mut m, &mv, Some(decision))?;
        Ok(m.view(None))
    }

    /// Takes the free seat of an online match with its invitation.
    pub fn join(&self, id: &str, invite: &str, name: Option<String>) -> Result<(Credentials, Value), ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        let Some(online) = m.online.as_ref() else {
            return Err(ApiError::conflict("this match is not played online: there is no seat to take"));
        };
        let h = secret::hash(invite);
        let seat = (0..2).find(|&s| online.invites[s].is_some_and(|i| secret::same(&i, &h)));
        let Some(seat) = seat else {
            return if online.invites.iter().any(Option::is_some) {
                Err(ApiError::forbidden("this invitation is not valid for this match"))
            } else {
                Err(ApiError::conflict("both seats are taken: you can watch the match"))
            };
        };
        let token = secret::new_token();
        let token_hash = secret::hash(&token);
        let saved = (m.online.clone(), m.names.clone(), m.version);
        {
            let now = Instant::now();
            let over = m.is_over();
            let to_move = m.game.side_to_move().index();
            let online = m.online.as_mut().expect("checked above");
            online.tokens[seat] = Some(token_hash);
            online.invites[seat] = None;
            if let Some(clock) = online.clock.as_mut() {
                if !over {
                    clock.start(to_move, now);
                }
            }
        }
        m.names[seat] = name.clone();
        m.version += 1;
        if let Err(e) = self.db().claim_seat(&m.id, seat, &token_hash, name.as_deref(), m.version) {
            (m.online, m.names, m.version) = saved;
            return Err(e.into());
        }
        if m.online.as_ref().and_then(|o| o.clock.as_ref()).is_some_and(|c| c.running().is_some()) {
            slot.clocked.store(true, Ordering::Relaxed);
            self.lock_clocks().insert(m.id.clone());
        }
        slot.publish(&m);
        Ok((Credentials { seat, token, invite: None }, m.view(Some(seat))))
    }

    /// The holder of `token` gives up.
    pub fn resign(&self, id: &str, token: Option<&str>) -> Result<Value, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        let Some(online) = m.online.as_ref() else {
            return Err(ApiError::conflict("only online matches can be resigned; start a new game instead"));
        };
        let seat = online
            .seat_of(token)?
            .ok_or_else(|| ApiError::forbidden("only a player can resign: this request has no seat token"))?;
        if m.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let reason = format!("{} resigned.", m.seat_label(seat));
        self.end(&slot, &mut m, Some(1 - seat), reason)?;
        Ok(m.view(Some(seat)))
    }

    /// Ends the match with a result the rules did not give; stores it and tells the watchers.
    fn end(&self, slot: &Slot, m: &mut Match, winner: Option<usize>, reason: String) -> Result<(), ApiError> {
        let saved = (m.ended.clone(), m.online.as_ref().and_then(|o| o.clock.clone()), m.version);
        m.ended = Some(StoredResult { winner, reason, by_rules: false });
        if let Some(c) = m.online.as_mut().and_then(|o| o.clock.as_mut()) {
            c.stop(Instant::now());
        }
        m.version += 1;
        if let Err(e) = self.db().set_result(&m.id, m.version, m.ended.as_ref()) {
            m.ended = saved.0;
            if let (Some(o), Some(c)) = (m.online.as_mut(), saved.1) {
                o.clock = Some(c);
            }
            m.version = saved.2;
            return Err(e.into());
        }
        slot.clocked.store(false, Ordering::Relaxed);
        slot.publish(m);
        Ok(())
    }

    /// Ends the match on time if the running clock is out; returns whether it did.
    fn flag_if_out_of_time(&self, slot: &Slot, m: &mut Match) -> Result<bool, ApiError> {
        let flagged = m.online.as_ref().and_then(|o| o.clock.as_ref()).and_then(|c| c.flagged(Instant::now()));
        match flagged {
            Some(seat) if !m.is_over() => {
                let reason = format!("{} ran out of time.", m.seat_label(seat));
                self.end(slot, m, Some(1 - seat), reason)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Ends every match whose clock ran out (the server's timekeeper calls it often).
    pub fn sweep_clocks(&self) {
        let ids: Vec<String> = self.lock_clocks().iter().cloned().collect();
        for id in ids {
            let slot = self.lock_cache().slots.get(&id).cloned();
            let Some(slot) = slot else {
                self.lock_clocks().remove(&id);
                continue;
            };
            let mut m = slot.lock();
            let running =
                !m.is_over() && m.online.as_ref().and_then(|o| o.clock.as_ref()).is_some_and(|c| c.running().is_some());
            if !running {
                slot.clocked.store(false, Ordering::Relaxed);
                self.lock_clocks().remove(&id);
                continue;
            }
            if let Err(e) = self.flag_if_out_of_time(&slot, &mut m) {
                eprintln!("tabula: could not end match {id} on time: {}", e.message());
            }
        }
    }

    /// A live connection starts watching: returns the match, the watcher's seat
    /// (counted as connected), the change channel and the first view.
    pub fn watch(&self, id: &str, token: Option<&str>) -> Result<Watching, ApiError> {
        let slot = self.slot(id)?;
        let mut m = slot.lock();
        if slot.tx.receiver_count() >= MAX_WATCHERS {
            return Err(ApiError::busy("too many people are watching this match right now"));
        }
        let seat = match &m.online {
            Some(o) => o.seat_of(token)?,
            None => None,
        };
        if let (Some(s), Some(o)) = (seat, m.online.as_mut()) {
            o.connected[s] += 1;
        }
        let rx = slot.tx.subscribe();
        if seat.is_some() {
            // The opponent learns that this player is here.
            slot.publish(&m);
        }
        let view = m.view(seat);
        drop(m);
        Ok(Watching { slot, seat, rx, view })
    }

    /// A live connection ends.
    pub fn unwatch(&self, slot: &Slot, seat: Option<usize>) {
        let Some(seat) = seat else { return };
        let mut m = slot.lock();
        if let Some(o) = m.online.as_mut() {
            o.connected[seat] = o.connected[seat].saturating_sub(1);
            if o.connected[seat] == 0 {
                slot.publish(&m);
            }
        }
    }
}

fn missing(id: &str) -> ApiError {
    ApiError::not_found(format!("there is no match '{}'", id.chars().take(64).collect::<String>()))
}
