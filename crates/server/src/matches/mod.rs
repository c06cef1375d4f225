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
pub use seats::{clean_name, Online, Seat};
pub use store::MatchStore;

use std::collections::BTreeMap;

use tabula_core::{Error, Options};
use tabula_games::find;
use tabula_search::{AnyGame, Decision, Envelope};

use crate::clock::Clock;
use crate::error::ApiError;
use crate::records::{self, GameRecord};
use crate::secret;
use crate::store::{now_ms, ClockSettings, ClockState, MatchRow, MoveRow, SeatRow, StoredMatch, StoredResult};
use crate::views::{Credentials, DecisionView, Ending, MatchView, MoveView, OnlineView, Played, ReplayPlace};

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

impl Clone for Match {
    fn clone(&self) -> Match {
        Match {
            id: self.id.clone(),
            options: self.options.clone(),
            start: self.start.clone(),
            seats: self.seats.clone(),
            names: self.names.clone(),
            game: self.game.clone_box(),
            movers: self.movers.clone(),
            times: self.times.clone(),
            last_decision: self.last_decision.clone(),
            version: self.version,
            created_at: self.created_at,
            online: self.online.clone(),
            ended: self.ended.clone(),
            imported: self.imported,
        }
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
        let mut online = Online { clock: clock.map(Clock::new), ..Online::default() };
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

    fn unplay(&mut self) {
        if self.game.undo().is_some() {
            self.movers.pop();
            self.times.pop();
        }
    }

    /// The clock as the store keeps it, if the match has one.
    pub fn clock_state(&self) -> Option<ClockState> {
        self.online.as_ref().and_then(|o| o.clock.as_ref()).map(Clock::state)
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

    /// The view the play page is given; `viewer` is the seat of whoever asks, if known.
    pub fn view(&self, viewer: Option<usize>) -> MatchView {
        let moves = if self.is_over() {
            Vec::new()
        } else {
            self.game.move_views().into_iter().map(|(mv, info)| MoveView { mv, info }).collect()
        };
        let now = now_ms();
        MatchView {
            computer_to_move: self.computer_to_move(),
            can_move: self.can_move(viewer),
            moves,
            last_decision: self.last_decision.as_ref().map(DecisionView::from),
            online: self.online.as_ref().map(|o| OnlineView {
                seat: viewer,
                joined: [o.tokens[0].is_some(), o.tokens[1].is_some()],
                connected: [o.connected[0] > 0 || o.elsewhere[0], o.connected[1] > 0 || o.elsewhere[1]],
                clock: o.clock.as_ref().map(|c| c.view(now)),
            }),
            ..self.still_view(self.game.as_ref(), self.game.history().len(), self.result())
        }
    }

    /// A view in which nothing can be played: `game` is this match after its
    /// first `ply` moves, `result` how it ended there (if it did).
    fn still_view(&self, game: &dyn AnyGame, ply: usize, result: Option<StoredResult>) -> MatchView {
        let info = game.info();
        let history = self.game.history();
        MatchView {
            id: self.id.clone(),
            game: info.slug,
            options: self.options.clone(),
            players: [self.seats[0].label().to_string(), self.seats[1].label().to_string()],
            names: self.names.clone(),
            sides: info.sides,
            position: game.to_text(),
            side_to_move: game.side_to_move().index(),
            computer_to_move: false,
            can_move: false,
            moves: Vec::new(),
            history: history[..ply]
                .iter()
                .zip(&self.movers)
                .map(|(mv, &side)| Played { mv: mv.clone(), side })
                .collect(),
            result: result.map(|r| Ending { winner: r.winner, reason: r.reason }),
            state: game.view(),
            last_decision: None,
            version: self.version,
            created_at: self.created_at,
            imported: self.imported,
            online: None,
            replay: None,
            credentials: None,
        }
    }

    /// The view of the position after the first `ply` moves, for replaying (nothing can be played in it).
    pub fn view_at(&self, ply: usize) -> Result<MatchView, ApiError> {
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
        let result = if ply == history.len() { self.result() } else { None };
        Ok(MatchView {
            replay: Some(ReplayPlace { ply, plies: history.len(), online: self.online.is_some() }),
            ..self.still_view(game.as_ref(), ply, result)
        })
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
                clock_state: self.clock_state(),
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
        // Stored players were checked when the match was made.
        let seat = |i: usize| Seat::parse(&row.players[i], entry.info());
        let mut m = Match {
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
            online: None,
            ended: None,
            imported: row.imported,
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
