//! Matches: who holds each seat, the position with its history, and the view
//! the play page is given (`views.rs`); [`MatchStore`] keeps them in memory
//! for speed and in the store (SQLite or PostgreSQL) for safety, and tells
//! live connections of every change. Every change is committed to the store
//! before it is answered or sent to anyone, under the match's own lock, so
//! what a player has seen accepted survives any crash; with a store that
//! several servers share, a match in memory is only a copy, brought up to
//! date from the store before it is used.

mod publish;
mod seats;
mod store;

pub use publish::{Slot, Watching};
pub use seats::{clean_name, Online};
pub use store::MatchStore;
pub use tabula_play::Seat;

use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

use tabula_core::Error;
use tabula_games::find;
use tabula_play::{start_game, Table};
use tabula_search::{Decision, Envelope};

use crate::clock::Clock;
use crate::error::ApiError;
use crate::records::{self, GameRecord};
use crate::secret;
use crate::store::{now_ms, ClockSettings, ClockState, MoveRow, Moved, SeatRow, StoredMatch};
use crate::views::{Credentials, MatchView, OnlineView};

/// One match: its table (game, seats and history, as a page plays it
/// anywhere) and, for a match played over the network, its online part.
/// A match reads as its table: `m.game`, `m.seats` and the table's methods
/// are the match's.
#[derive(Clone)]
pub struct Match {
    /// The game, its seats and history.
    pub table: Table,
    /// Seats, connections and clock of a match played over the network.
    pub online: Option<Online>,
}

impl Deref for Match {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl DerefMut for Match {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
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
        Ok(Match { table: Table::new(id, slug, options, players, position, envelope)?, online: None })
    }

    /// Makes the match an online one: the creator holds `seat`, the other seat
    /// waits for whoever has the invitation. Returns the creator's credentials.
    pub fn go_online(&mut self, seat: usize, clock: Option<ClockSettings>) -> Credentials {
        let token = secret::new_token();
        let invite = secret::new_token();
        let mut online = Online { clock: clock.map(Clock::new), ..Online::default() };
        online.tokens[seat] = Some(secret::hash(&token));
        online.invites[1 - seat] = Some(secret::hash(&invite));
        self.online = Some(online);
        Credentials { seat, token, invite: Some(invite) }
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

    /// Plays a move for whoever is to move and runs the clocks: the mover's
    /// stops (with its increment), the next one's starts. Returns the move as
    /// the store keeps it.
    pub fn play_timed(&mut self, mv: &str, decision: Option<Decision>) -> Result<MoveRow, Error> {
        let mover = self.game.side_to_move().index();
        let written = self.play(mv)?;
        self.last_decision = decision;
        let next = (!self.is_over()).then(|| self.game.side_to_move().index());
        let at = *self.times.last().unwrap_or(&now_ms());
        let clock_ms = self.online.as_mut().and_then(|o| o.clock.as_mut()).map(|c| {
            if c.running().is_some() {
                c.moved(mover, next, at)
            } else {
                c.left(mover, at)
            }
        });
        Ok(MoveRow { ply: self.movers.len() - 1, mv: written, side: mover, at, clock_ms })
    }

    /// Follows a move that another server played and committed, as its
    /// notice tells it (`moved`, making the match `version`): the same state
    /// a reload from the store would give, the move checked by the rules.
    /// Refuses, changing nothing, a move that does not follow from this copy
    /// (the caller then reads the store).
    pub fn follow(&mut self, version: u64, moved: &Moved) -> Result<(), Error> {
        let id = self.id.clone();
        let behind = |why: &str| Err(Error::BadPosition(format!("match {id} cannot follow the notice: {why}")));
        if version != self.version + 1 || moved.ply != self.movers.len() {
            return behind("it is not the next version");
        }
        if self.online.as_ref().is_some_and(|o| o.clock.is_some()) != moved.clock.is_some() {
            return behind("the clocks differ");
        }
        self.play(&moved.mv)?;
        if self.is_over() {
            // A move that ends the game carries a result, which the notice does not: read the store.
            self.unplay();
            self.version -= 1;
            return behind("the move ends the game");
        }
        if let Some(t) = self.times.last_mut() {
            *t = moved.at;
        }
        if let (Some(o), Some(state)) = (self.online.as_mut(), moved.clock) {
            if let Some(clock) = o.clock.as_mut() {
                *clock = Clock::from_state(clock.settings, state);
            }
        }
        self.version = version;
        self.last_decision = None;
        Ok(())
    }

    /// The clock as the store keeps it, if the match has one.
    pub fn clock_state(&self) -> Option<ClockState> {
        self.online.as_ref().and_then(|o| o.clock.as_ref()).map(Clock::state)
    }

    /// The view the play page is given; `viewer` is the seat of whoever asks, if known.
    pub fn view(&self, viewer: Option<usize>) -> MatchView {
        let now = now_ms();
        MatchView {
            online: self.online.as_ref().map(|o| OnlineView {
                seat: viewer,
                joined: [o.tokens[0].is_some(), o.tokens[1].is_some()],
                connected: [o.connected[0] > 0 || o.elsewhere[0], o.connected[1] > 0 || o.elsewhere[1]],
                clock: o.clock.as_ref().map(|c| c.view(now)),
            }),
            ..self.table.view(self.can_move(viewer))
        }
    }

    /// The view of the position after the first `ply` moves, for replaying (nothing can be played in it).
    pub fn view_at(&self, ply: usize) -> Result<MatchView, ApiError> {
        self.table.view_at(ply, self.online.is_some())?.map_err(|e| ApiError::not_found(e.0))
    }

    /// The match as the store keeps it: the table's, with the seats and clock of an online match.
    pub fn stored(&self) -> StoredMatch {
        let mut stored = self.table.stored();
        if let Some(o) = &self.online {
            stored.seats = (0..2)
                .map(|s| SeatRow {
                    seat: s,
                    token_hash: o.tokens[s].map(|h| h.to_vec()),
                    invite_hash: o.invites[s].map(|h| h.to_vec()),
                    joined_at: o.tokens[s].map(|_| self.created_at),
                })
                .collect();
            stored.row.online = true;
            stored.row.clock = o.clock.as_ref().map(|c| c.settings);
            stored.row.clock_state = self.clock_state();
        }
        stored
    }

    /// Rebuilds a match from the store, replaying its moves.
    pub fn restore(stored: &StoredMatch) -> Result<Match, Error> {
        let row = &stored.row;
        let entry = find(&row.game)?;
        // Stored players were checked when the match was made.
        let seat = |i: usize| Seat::parse(&row.players[i], entry.info());
        let mut m = Match {
            table: Table {
                id: row.id.clone(),
                options: row.options.clone(),
                start: row.start.clone(),
                seats: [seat(0)?, seat(1)?],
                names: row.names.clone(),
                game: start_game(&row.game, &row.options, row.start.as_deref())?,
                movers: Vec::new(),
                times: Vec::new(),
                last_decision: None,
                version: row.version,
                created_at: row.created_at,
                ended: None,
                imported: row.imported,
            },
            online: None,
        };
        m.refresh(stored)?;
        Ok(m)
    }

    /// Brings the match up to what the store holds (another server changed
    /// it): the moves it lacks are played, and the rest is read again. Who
    /// is connected here is kept. On an error the match is left as it was.
    pub fn refresh(&mut self, stored: &StoredMatch) -> Result<(), Error> {
        let row = &stored.row;
        let history = self.game.history();
        let goes_on = stored.moves.len() >= history.len() && history.iter().zip(&stored.moves).all(|(h, s)| *h == s.mv);
        let (mut game, mut movers, mut times) = if goes_on {
            (self.game.clone_box(), self.movers.clone(), self.times.clone())
        } else {
            (start_game(&row.game, &row.options, row.start.as_deref())?, Vec::new(), Vec::new())
        };
        for (i, mv) in stored.moves.iter().enumerate().skip(movers.len()) {
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
        let ended = row.result.clone().filter(|r| !r.by_rules);
        let over = ended.is_some() || game.outcome().is_some();
        let here = self.online.as_ref().map_or([0, 0], |o| o.connected);
        let elsewhere = self.online.as_ref().map_or([false, false], |o| o.elsewhere);
        let online = row.online.then(|| {
            let hash_of = |h: &Option<Vec<u8>>| h.as_deref().and_then(|b| <[u8; 32]>::try_from(b).ok());
            let mut online = Online { connected: here, elsewhere, ..Online::default() };
            for s in &stored.seats {
                if s.seat < 2 {
                    online.tokens[s.seat] = hash_of(&s.token_hash);
                    online.invites[s.seat] = hash_of(&s.invite_hash);
                }
            }
            online.clock = row.clock.map(|settings| match row.clock_state {
                Some(state) => Clock::from_state(settings, state),
                None => {
                    // A store from before clocks were kept as timestamps: each
                    // side's time as of its last move, the side to move's
                    // running from now.
                    let mut remaining = [settings.initial_ms; 2];
                    for mv in &stored.moves {
                        if let Some(left) = mv.clock_ms {
                            remaining[mv.side.min(1)] = left;
                        }
                    }
                    let mut clock = Clock::with_remaining(settings, remaining);
                    if !over && online.tokens.iter().all(Option::is_some) {
                        clock.start(game.side_to_move().index(), now_ms());
                    }
                    clock
                }
            });
            online
        });
        if self.version != row.version {
            self.last_decision = None;
        }
        self.game = game;
        self.movers = movers;
        self.times = times;
        self.names = row.names.clone();
        self.version = row.version;
        self.online = online;
        self.ended = ended;
        Ok(())
    }

    /// The match as a record.
    pub fn record(&self) -> GameRecord {
        records::from_stored(&self.stored())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An online Warp & Weft match with a clock, both seats taken, and a copy of it as another server holds it.
    fn origin_and_copy() -> (Match, Match) {
        let players = ["human".to_string(), "human".to_string()];
        let mut origin =
            Match::new("m1".into(), "warp-weft", BTreeMap::new(), &players, None, &Envelope::PUBLIC).unwrap();
        origin.go_online(0, Some(ClockSettings { initial_ms: 60_000, increment_ms: 2_000 }));
        if let Some(o) = origin.online.as_mut() {
            o.tokens[1] = Some([7; 32]);
        }
        let mut copy = origin.clone();
        copy.refresh(&origin.stored()).unwrap();
        (origin, copy)
    }

    #[test]
    fn a_copy_that_follows_a_notices_move_is_the_state_the_store_holds() {
        let (mut origin, mut copy) = origin_and_copy();
        for _ in 0..4 {
            let mv = origin.game.legal_moves()[0].clone();
            let row = origin.play_timed(&mv, None).unwrap();
            let moved = Moved { ply: row.ply, mv: row.mv, at: row.at, clock: origin.clock_state() };
            copy.follow(origin.version, &moved).unwrap();
            assert_eq!(copy.stored(), origin.stored(), "after {mv}");
        }
    }

    #[test]
    fn a_move_that_does_not_follow_from_the_copy_changes_nothing() {
        let (mut origin, mut copy) = origin_and_copy();
        let first = origin.game.legal_moves()[0].clone();
        let row = origin.play_timed(&first, None).unwrap();
        let moved = Moved { ply: row.ply, mv: row.mv.clone(), at: row.at, clock: origin.clock_state() };
        let before = copy.stored();
        assert!(copy.follow(origin.version + 1, &moved).is_err(), "a version skipped");
        assert!(copy.follow(origin.version, &Moved { ply: 1, ..moved.clone() }).is_err(), "another ply");
        assert!(copy.follow(origin.version, &Moved { mv: "z9".into(), ..moved.clone() }).is_err(), "an illegal move");
        assert!(copy.follow(origin.version, &Moved { clock: None, ..moved }).is_err(), "a clock missing");
        assert_eq!(copy.stored(), before);
    }
}
