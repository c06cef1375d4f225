//! [`MatchStore`]: every match, in SQLite and (the ones in play) in memory;
//! the moves, undos, joins, resignations and clocks of matches, each
//! committed before it is answered.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tabula_search::{AnyGame, Decision, PlayerSpec};

use super::{Match, Seat, Slot, Watching};
use crate::error::ApiError;
use crate::secret;
use crate::store::{now_ms, Db, MoveRow, StoreResult, StoredResult};
use crate::views::{Credentials, MatchView};

/// The most matches kept in memory; the least recently created idle ones
/// are dropped beyond it (they stay in the store and come back on demand).
const MAX_CACHED: usize = 5_000;
/// The most live connections to one match.
const MAX_WATCHERS: usize = 200;

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
    pub fn view(&self, id: &str, token: Option<&str>) -> Result<MatchView, ApiError> {
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
    pub fn play(&self, id: &str, token: Option<&str>, mv: &str, ply: Option<usize>) -> Result<MatchView, ApiError> {
        self.play_and(id, token, mv, ply, true)?
            .ok_or_else(|| ApiError::conflict("the move was played, but its view could not be made"))
    }

    /// Like [`MatchStore::play`]; builds the mover's view only if `reply` (live connections get theirs from the channel).
    pub fn play_and(
        &self,
        id: &str,
        token: Option<&str>,
        mv: &str,
        ply: Option<usize>,
        reply: bool,
    ) -> Result<Option<MatchView>, ApiError> {
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
    pub fn undo(&self, id: &str) -> Result<MatchView, ApiError> {
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

    /// What the computer may think about while the person to move does:
    /// the position and the spec and seat of the computer that moves next,
    /// when that computer solves (see [`PlayerSpec::ponders`]) and the game
    /// is a local one still going. `cancel` is set once the match moves on.
    pub fn ponder_target(&self, id: &str, cancel: &Arc<AtomicBool>) -> Option<(Box<dyn AnyGame>, PlayerSpec, usize)> {
        let slot = self.slot(id).ok()?;
        let m = slot.lock();
        if m.is_over() || m.online.is_some() {
            return None;
        }
        let mover = m.game.side_to_move().index();
        let (Seat::Human, Seat::Computer(_, spec)) = (&m.seats[mover], &m.seats[1 - mover]) else {
            return None;
        };
        if !spec.ponders() {
            return None;
        }
        slot.cancel_when_changed(m.version, cancel);
        Some((m.game.clone_box(), spec.clone(), 1 - mover))
    }

    /// Plays the computer's decision, if the match has not changed meanwhile.
    pub fn computer_played(&self, id: &str, version: u64, decision: Decision) -> Result<MatchView, ApiError> {
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
    pub fn join(&self, id: &str, invite: &str, name: Option<String>) -> Result<(Credentials, MatchView), ApiError> {
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
    pub fn resign(&self, id: &str, token: Option<&str>) -> Result<MatchView, ApiError> {
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
