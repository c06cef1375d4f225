//! [`MatchStore`]: every match, in the store and (the ones in play) in
//! memory; the moves, undos, joins, resignations and clocks of matches, each
//! committed before it is answered.
//!
//! With a store that other servers share (PostgreSQL), a match in memory is
//! a copy: before it is used its version is compared with the store's and it
//! is read again if another server changed it; every change is written only
//! if the match is still at the version it was made for, and is tried again
//! on the new state otherwise; and the other servers' notices bring the
//! copies with live connections up to date at once.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

use tabula_search::{AnyGame, Decision, PlayerSpec};
use tokio::sync::OwnedMutexGuard;

use super::{Match, Seat, Slot, Watching};
use crate::error::ApiError;
use crate::secret;
use crate::store::{now_ms, Change, Edit, Notice, SqliteStore, Store, StoreError, StoreResult, StoredResult};
use crate::views::{Credentials, MatchView};

/// The most matches kept in memory; the least recently created idle ones
/// are dropped beyond it (they stay in the store and come back on demand).
const MAX_CACHED: usize = 5_000;
/// The most live connections to one match.
const MAX_WATCHERS: usize = 200;
/// How many times a change that lost a race with another server's is tried again on the new state.
const RETRIES: usize = 3;

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

/// A match locked for a request, as the store has it.
type Locked = (Arc<Slot>, OwnedMutexGuard<Match>);

/// Every match: the store, and the ones in play in memory.
pub struct MatchStore {
    store: Box<dyn Store>,
    cache: Mutex<Cache>,
}

impl Default for MatchStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MatchStore {
    /// A store in memory only.
    pub fn new() -> Self {
        Self::with_store(Box::new(SqliteStore::open_in_memory().expect("an in-memory SQLite database opens")))
    }

    /// Matches kept in `store`, as they are.
    pub fn with_store(store: Box<dyn Store>) -> Self {
        MatchStore { store, cache: Mutex::new(Cache { slots: HashMap::new(), order: VecDeque::new() }) }
    }

    /// Matches kept in `store`, opened by a server. If no other server was
    /// using it, the portal was down: the running clocks start again now, so
    /// that nobody is charged for the time it was away.
    pub async fn open(store: Box<dyn Store>) -> StoreResult<Self> {
        let matches = Self::with_store(store);
        if matches.store.opened_alone() {
            for id in matches.store.clocks_running().await? {
                match matches.restart_clock(&id).await {
                    Ok(()) | Err(StoreError::Conflict) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(matches)
    }

    async fn restart_clock(&self, id: &str) -> StoreResult<()> {
        let Ok((_slot, mut m)) = self.open_match(id).await else { return Ok(()) };
        let before = m.version;
        let now = now_ms();
        let Some(clock) = m.online.as_mut().and_then(|o| o.clock.as_mut()) else { return Ok(()) };
        let Some(running) = clock.running() else { return Ok(()) };
        clock.start(running, now);
        m.version += 1;
        let change = change_of(&m, Edit::Nothing);
        let written = self.store.change(id, before, &change).await;
        if written.is_err() {
            m.version = before;
            self.forget(id);
        }
        written
    }

    /// The store itself (for listing, records and analyses).
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// Whether other servers may change the store too.
    fn shared(&self) -> bool {
        self.store.bus().is_some()
    }

    fn lock_cache(&self) -> MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn cached(&self, id: &str) -> Option<Arc<Slot>> {
        self.lock_cache().slots.get(id).cloned()
    }

    fn forget(&self, id: &str) {
        let mut cache = self.lock_cache();
        cache.slots.remove(id);
        cache.order.retain(|k| k != id);
    }

    /// A fresh, hard-to-guess match id.
    pub fn new_id(&self) -> String {
        secret::new_id()
    }

    /// Stores a new match and keeps it in memory.
    pub async fn insert(&self, m: Match) -> Result<Arc<Slot>, ApiError> {
        self.store.insert_all(&[m.stored()]).await?;
        let slot = Slot::new(m);
        let id = slot.lock().await.id.clone();
        let mut cache = self.lock_cache();
        cache.order.push_back(id.clone());
        cache.slots.insert(id, slot.clone());
        Self::trim(&mut cache);
        Ok(slot)
    }

    /// Deletes the matches nobody will come back to (see
    /// [`crate::retention::Retention`]) from the store and from memory;
    /// returns how many went.
    pub async fn prune(&self, rule: &crate::retention::Retention) -> StoreResult<usize> {
        let ids = self.store.prune_abandoned(rule, now_ms()).await?;
        if !ids.is_empty() {
            let mut cache = self.lock_cache();
            for id in &ids {
                cache.slots.remove(id);
            }
            let Cache { slots, order } = &mut *cache;
            order.retain(|id| slots.contains_key(id));
        }
        Ok(ids.len())
    }

    /// Drops idle matches from memory beyond the cap (never one that someone holds).
    fn trim(cache: &mut Cache) {
        let mut budget = cache.order.len();
        while cache.slots.len() > MAX_CACHED && budget > 0 {
            budget -= 1;
            let Some(id) = cache.order.pop_front() else { break };
            let idle = cache.slots.get(&id).is_some_and(|s| Arc::strong_count(s) == 1);
            if idle {
                cache.slots.remove(&id);
            } else if cache.slots.contains_key(&id) {
                cache.order.push_back(id);
            }
        }
    }

    /// The match with this id, from memory or the store; 404 if there is none.
    pub async fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.cached(id) {
            return Ok(slot);
        }
        if id.is_empty() || id.len() > 64 {
            return Err(missing(id));
        }
        let stored = self.store.load(id).await?.ok_or_else(|| missing(id))?;
        let mut m = Match::restore(&stored).map_err(|e| ApiError::storage(e.message().to_string()))?;
        if let (Some(bus), Some(online)) = (self.store.bus(), m.online.as_mut()) {
            online.elsewhere = bus.presence_elsewhere(id).await?;
        }
        let mut cache = self.lock_cache();
        // Another request may have loaded it meanwhile: there is one copy.
        if let Some(slot) = cache.slots.get(id) {
            return Ok(slot.clone());
        }
        let slot = Slot::new(m);
        cache.order.push_back(id.to_string());
        cache.slots.insert(id.to_string(), slot.clone());
        Self::trim(&mut cache);
        Ok(slot)
    }

    /// The match with this id, locked, as the store has it now.
    async fn open_match(&self, id: &str) -> Result<Locked, ApiError> {
        self.open_as(id, true).await
    }

    /// The match with this id, locked; compared with the store first if
    /// `fresh` (a shared store's copy may be behind), as it is in memory otherwise.
    async fn open_as(&self, id: &str, fresh: bool) -> Result<Locked, ApiError> {
        let slot = self.slot(id).await?;
        let mut m = slot.lock().await;
        if fresh && self.shared() {
            self.catch_up(&slot, &mut m).await?;
        }
        Ok((slot, m))
    }

    /// Reads the match again if another server changed it.
    async fn catch_up(&self, slot: &Slot, m: &mut Match) -> Result<(), ApiError> {
        match self.store.versions(std::slice::from_ref(&m.id)).await?.first() {
            Some((_, version)) if *version == m.version => Ok(()),
            Some(_) => self.reload(slot, m).await,
            None => {
                self.forget(&m.id);
                Err(missing(&m.id))
            }
        }
    }

    /// Reads the match again from the store and tells its watchers.
    async fn reload(&self, slot: &Slot, m: &mut Match) -> Result<(), ApiError> {
        match self.store.load(&m.id).await? {
            Some(stored) => {
                m.refresh(&stored).map_err(|e| ApiError::storage(e.message().to_string()))?;
                slot.publish(m);
                Ok(())
            }
            None => {
                self.forget(&m.id);
                Err(missing(&m.id))
            }
        }
    }

    /// Makes a change: `apply` checks the request against the match and
    /// changes it in memory (or refuses, changing nothing); the change is
    /// then committed and the watchers told. If another server changed the
    /// match first, the request is checked again against the new state (up
    /// to [`RETRIES`] times; then, or without `retry`, it is a 409).
    ///
    /// The copy in memory is first taken as it is: the other servers'
    /// notices keep it up to date, and the store refuses a change made for
    /// an old version anyway. Only when the request is refused, or the
    /// change is, is the copy compared with the store and the request
    /// checked again, so that a copy a moment behind never refuses a good
    /// request.
    async fn write(
        &self,
        id: &str,
        retry: bool,
        mut apply: impl FnMut(&Slot, &mut Match) -> Result<Edit, ApiError>,
    ) -> Result<Locked, ApiError> {
        let mut attempt = 0;
        let mut fresh = !self.shared();
        loop {
            let (slot, mut m) = self.open_as(id, fresh).await?;
            let before = m.clone();
            let edit = match apply(&slot, &mut m) {
                Ok(edit) => edit,
                Err(e) => {
                    *m = before;
                    if !fresh {
                        fresh = true;
                        continue;
                    }
                    return Err(e);
                }
            };
            let change = change_of(&m, edit);
            match self.store.change(id, before.version, &change).await {
                Ok(()) => {
                    slot.publish(&m);
                    return Ok((slot, m));
                }
                Err(StoreError::Conflict) if !fresh => {
                    *m = before;
                    fresh = true;
                }
                Err(StoreError::Conflict) if retry && attempt + 1 < RETRIES => {
                    *m = before;
                    attempt += 1;
                }
                Err(e) => {
                    *m = before;
                    if e == StoreError::Conflict {
                        // Whatever happens next starts from the store's state.
                        let _ = self.reload(&slot, &mut m).await;
                    }
                    return Err(e.into());
                }
            }
        }
    }

    /// Runs `f` on the match with this id, under its lock (for reading).
    pub async fn with<T>(&self, id: &str, f: impl FnOnce(&mut Match) -> T) -> Result<T, ApiError> {
        let (_slot, mut m) = self.open_match(id).await?;
        Ok(f(&mut m))
    }

    /// The view for whoever holds `token` (or anyone, without one).
    pub async fn view(&self, id: &str, token: Option<&str>) -> Result<MatchView, ApiError> {
        let (_slot, m) = self.open_match(id).await?;
        let seat = match &m.online {
            Some(o) => o.seat_of(token)?,
            None => None,
        };
        Ok(m.view(seat))
    }

    /// Plays a move. In an online match only the token of the seat to move may;
    /// `ply`, if given, is the number of moves the mover saw, so that a move
    /// sent twice is not played twice.
    pub async fn play(
        &self,
        id: &str,
        token: Option<&str>,
        mv: &str,
        ply: Option<usize>,
    ) -> Result<MatchView, ApiError> {
        self.play_and(id, token, mv, ply, true)
            .await?
            .ok_or_else(|| ApiError::conflict("the move was played, but its view could not be made"))
    }

    /// Like [`MatchStore::play`]; builds the mover's view only if `reply` (live connections get theirs from the channel).
    pub async fn play_and(
        &self,
        id: &str,
        token: Option<&str>,
        mv: &str,
        ply: Option<usize>,
        reply: bool,
    ) -> Result<Option<MatchView>, ApiError> {
        let mut seat = None;
        let (_slot, m) = self
            .write(id, true, |_, m| {
                seat = may_move(m, token, ply)?;
                check_ply(m, ply)?;
                Ok(Edit::Move(m.play_timed(mv, None)?))
            })
            .await?;
        Ok(reply.then(|| m.view(seat)))
    }

    /// Deletes an unfinished match played on one screen (one a person
    /// abandoned); online and finished games are kept. What the computer was
    /// thinking for it is cancelled.
    pub async fn delete(&self, id: &str) -> Result<(), ApiError> {
        for attempt in 1..=RETRIES {
            let (slot, mut m) = self.open_match(id).await?;
            if m.online.is_some() {
                return Err(ApiError::conflict("an online match is not deleted: resign it instead"));
            }
            if m.is_over() {
                return Err(ApiError::conflict(
                    "a finished game is kept for replays; only unfinished games can be deleted",
                ));
            }
            match self.store.delete(&m.id, m.version).await {
                Ok(true) => {}
                Ok(false) => {
                    self.forget(id);
                    return Err(missing(id));
                }
                Err(StoreError::Conflict) if attempt < RETRIES => continue,
                Err(e) => return Err(e.into()),
            }
            m.version += 1;
            slot.publish(&m);
            self.forget(&m.id);
            return Ok(());
        }
        Err(StoreError::Conflict.into())
    }

    /// Takes back to the last decision of a person (not in online matches).
    pub async fn undo(&self, id: &str) -> Result<MatchView, ApiError> {
        let (_slot, m) = self
            .write(id, true, |_, m| {
                if m.online.is_some() {
                    return Err(ApiError::conflict("moves cannot be taken back in an online match"));
                }
                if m.undo() == 0 {
                    return Err(ApiError::conflict("there is no move of yours to take back"));
                }
                Ok(Edit::TruncateFrom(m.movers.len()))
            })
            .await?;
        Ok(m.view(None))
    }

    /// What the computer needs to think about the seat to move: the
    /// position, its spec, the version. `cancel` is set once the match moves
    /// on from this version (an undo, say), since the answer is then useless.
    pub async fn computer_to_think(
        &self,
        id: &str,
        cancel: &Arc<AtomicBool>,
    ) -> Result<(Box<dyn AnyGame>, PlayerSpec, u64), ApiError> {
        let (slot, m) = self.open_match(id).await?;
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
    pub async fn ponder_target(
        &self,
        id: &str,
        cancel: &Arc<AtomicBool>,
    ) -> Option<(Box<dyn AnyGame>, PlayerSpec, usize)> {
        let (slot, m) = self.open_match(id).await.ok()?;
        if m.online.is_some() {
            return None;
        }
        let (seat, spec) = m.ponder_seat()?;
        let spec = spec.clone();
        slot.cancel_when_changed(m.version, cancel);
        Some((m.game.clone_box(), spec, seat))
    }

    /// Plays the computer's decision, if the match has not changed meanwhile.
    pub async fn computer_played(&self, id: &str, version: u64, decision: Decision) -> Result<MatchView, ApiError> {
        let (_slot, m) = self
            .write(id, false, |_, m| {
                if m.version != version {
                    return Err(ApiError::conflict("the match changed while the computer was thinking"));
                }
                Ok(Edit::Move(m.play_timed(&decision.mv, Some(decision.clone()))?))
            })
            .await?;
        Ok(m.view(None))
    }

    /// Takes the free seat of an online match with its invitation.
    pub async fn join(
        &self,
        id: &str,
        invite: &str,
        name: Option<String>,
    ) -> Result<(Credentials, MatchView), ApiError> {
        let token = secret::new_token();
        let token_hash = secret::hash(&token);
        let mut taken = 0;
        let (_slot, m) = self
            .write(id, true, |_, m| {
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
                let now = now_ms();
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
                m.names[seat] = name.clone();
                m.version += 1;
                taken = seat;
                Ok(Edit::Seat { seat, token_hash: token_hash.to_vec(), joined_at: now })
            })
            .await?;
        Ok((Credentials { seat: taken, token, invite: None }, m.view(Some(taken))))
    }

    /// The holder of `token` gives up.
    pub async fn resign(&self, id: &str, token: Option<&str>) -> Result<MatchView, ApiError> {
        let mut seat = 0;
        let (_slot, m) = self
            .write(id, true, |_, m| {
                let Some(online) = m.online.as_ref() else {
                    return Err(ApiError::conflict("only online matches can be resigned; start a new game instead"));
                };
                seat = online
                    .seat_of(token)?
                    .ok_or_else(|| ApiError::forbidden("only a player can resign: this request has no seat token"))?;
                if m.is_over() {
                    return Err(ApiError::conflict("the game is over"));
                }
                let reason = format!("{} resigned.", m.seat_label(seat));
                end(m, Some(1 - seat), reason);
                Ok(Edit::Nothing)
            })
            .await?;
        Ok(m.view(Some(seat)))
    }

    /// Ends the match on time if its running clock is out; returns whether it did.
    async fn flag_if_out_of_time(&self, id: &str) -> Result<bool, ApiError> {
        let mut flagged = false;
        let outcome = self
            .write(id, false, |_, m| {
                let seat = m.online.as_ref().and_then(|o| o.clock.as_ref()).and_then(|c| c.flagged(now_ms()));
                match seat {
                    Some(seat) if !m.is_over() => {
                        let reason = format!("{} ran out of time.", m.seat_label(seat));
                        end(m, Some(1 - seat), reason);
                        flagged = true;
                        Ok(Edit::Nothing)
                    }
                    _ => Err(ApiError::conflict("no clock has run out")),
                }
            })
            .await;
        match outcome {
            Ok(_) => Ok(true),
            Err(_) if !flagged => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Ends every match whose clock ran out (the server's timekeeper calls it
    /// often; with a shared store, every server's does, and the first to get
    /// there ends it).
    pub async fn sweep_clocks(&self) {
        let due = match self.store.clocks_due(now_ms(), 100).await {
            Ok(due) => due,
            Err(e) => {
                eprintln!("tabula: cannot look for clocks that ran out: {e}");
                return;
            }
        };
        for id in due {
            if let Err(e) = self.flag_if_out_of_time(&id).await {
                if e.status() != axum::http::StatusCode::CONFLICT && e.status() != axum::http::StatusCode::NOT_FOUND {
                    eprintln!("tabula: could not end match {id} on time: {}", e.message());
                }
            }
        }
    }

    /// A live connection starts watching: returns the match, the watcher's seat
    /// (counted as connected), the change channel and the first view.
    pub async fn watch(&self, id: &str, token: Option<&str>) -> Result<Watching, ApiError> {
        let (slot, mut m) = self.open_match(id).await?;
        if slot.tx.receiver_count() >= MAX_WATCHERS {
            return Err(ApiError::busy("too many people are watching this match right now"));
        }
        let seat = match &m.online {
            Some(o) => o.seat_of(token)?,
            None => None,
        };
        if let (Some(s), Some(o)) = (seat, m.online.as_mut()) {
            o.connected[s] += 1;
            if o.connected[s] == 1 {
                self.tell_presence(id, s, true).await;
            }
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
    pub async fn unwatch(&self, slot: &Slot, seat: Option<usize>) {
        let Some(seat) = seat else { return };
        let mut m = slot.lock().await;
        let id = m.id.clone();
        if let Some(o) = m.online.as_mut() {
            o.connected[seat] = o.connected[seat].saturating_sub(1);
            if o.connected[seat] == 0 {
                self.tell_presence(&id, seat, false).await;
                slot.publish(&m);
            }
        }
    }

    /// Tells the other servers sharing the store whether this one has a live connection for a seat.
    async fn tell_presence(&self, id: &str, seat: usize, here: bool) {
        if let Some(bus) = self.store.bus() {
            if let Err(e) = bus.set_presence(id, seat, here).await {
                eprintln!("tabula: cannot tell the other servers who is connected to {id}: {e}");
            }
        }
    }

    /// Whether a notice concerns a match this server keeps (the others need no work).
    pub fn concerns(&self, notice: &Notice) -> bool {
        match notice {
            Notice::Changed { id, .. } | Notice::Presence { id } => self.lock_cache().slots.contains_key(id),
            Notice::Resync => true,
        }
    }

    /// Acts on another server's notice: the match it changed is read again
    /// (and its watchers here told), or who is connected to it elsewhere.
    pub async fn on_notice(&self, notice: Notice) {
        match notice {
            Notice::Changed { id, version, moved } => {
                let Some(slot) = self.cached(&id) else { return };
                let mut m = slot.lock().await;
                if m.version >= version {
                    return;
                }
                // The next move, carried by the notice: followed without reading the store.
                if let Some(moved) = moved.filter(|_| m.version + 1 == version) {
                    if m.follow(version, &moved).is_ok() {
                        slot.publish(&m);
                        return;
                    }
                }
                let _ = self.reload(&slot, &mut m).await;
            }
            Notice::Presence { id } => {
                let Some(slot) = self.cached(&id) else { return };
                let mut m = slot.lock().await;
                self.presence_elsewhere(&slot, &mut m).await;
            }
            Notice::Resync => self.resync().await,
        }
    }

    async fn presence_elsewhere(&self, slot: &Slot, m: &mut Match) {
        let Some(bus) = self.store.bus() else { return };
        if m.online.is_none() {
            return;
        }
        match bus.presence_elsewhere(&m.id).await {
            Ok(elsewhere) => {
                if let Some(o) = m.online.as_mut().filter(|o| o.elsewhere != elsewhere) {
                    o.elsewhere = elsewhere;
                    slot.publish(m);
                }
            }
            Err(e) => eprintln!("tabula: cannot learn who is connected to {} elsewhere: {e}", m.id),
        }
    }

    /// After notices may have been missed: every match in memory is compared
    /// with the store, read again if it is behind, and this server's live
    /// connections are announced again.
    async fn resync(&self) {
        let slots: Vec<(String, Arc<Slot>)> =
            self.lock_cache().slots.iter().map(|(id, s)| (id.clone(), s.clone())).collect();
        let ids: Vec<String> = slots.iter().map(|(id, _)| id.clone()).collect();
        let versions: HashMap<String, u64> = match self.store.versions(&ids).await {
            Ok(v) => v.into_iter().collect(),
            Err(e) => {
                eprintln!("tabula: cannot compare the matches in memory with the store: {e}");
                return;
            }
        };
        for (id, slot) in slots {
            let mut m = slot.lock().await;
            if versions.get(&id) != Some(&m.version) {
                let _ = self.reload(&slot, &mut m).await;
            }
            let here = m.online.as_ref().map_or([0, 0], |o| o.connected);
            for (seat, &count) in here.iter().enumerate() {
                if count > 0 {
                    self.tell_presence(&id, seat, true).await;
                }
            }
            self.presence_elsewhere(&slot, &mut m).await;
        }
    }
}

/// The seat of an online match's player who may move now (`None` at a local
/// match, where anyone at the screen may, unless the computer is to move).
fn may_move(m: &Match, token: Option<&str>, ply: Option<usize>) -> Result<Option<usize>, ApiError> {
    let Some(online) = &m.online else {
        if m.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        if m.computer_to_move() {
            return Err(ApiError::conflict("it is the computer's turn"));
        }
        return Ok(None);
    };
    let seat = online.seat_of(token)?.ok_or_else(|| {
        ApiError::forbidden("only the players can move in an online match: this request has no seat token")
    })?;
    if m.is_over() {
        return Err(ApiError::conflict("the game is over"));
    }
    // A move sent twice is a stale move (409) before it is a move out of turn (403).
    check_ply(m, ply)?;
    let to_move = m.game.side_to_move().index();
    if seat != to_move {
        return Err(ApiError::forbidden(format!(
            "it is {}'s turn; your seat token holds {}'s seat",
            m.seat_label(to_move),
            m.seat_label(seat)
        )));
    }
    if online.clock.as_ref().and_then(|c| c.flagged(now_ms())).is_some() {
        // The timekeeper ends the game in a moment.
        return Err(ApiError::conflict("your time has run out: the game is over"));
    }
    Ok(Some(seat))
}

/// Ends the match (in memory) with a result the rules did not give.
fn end(m: &mut Match, winner: Option<usize>, reason: String) {
    m.ended = Some(StoredResult { winner, reason, by_rules: false });
    if let Some(c) = m.online.as_mut().and_then(|o| o.clock.as_mut()) {
        c.stop(now_ms());
    }
    m.version += 1;
}

/// The change that takes the store to the match as it is now in memory.
fn change_of(m: &Match, edit: Edit) -> Change {
    Change { version: m.version, result: m.result(), clock: m.clock_state(), names: m.names.clone(), edit }
}

fn missing(id: &str) -> ApiError {
    ApiError::not_found(format!("there is no match '{}'", id.chars().take(64).collect::<String>()))
}
