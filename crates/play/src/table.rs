//! A table: one match's game, seats and history, as both the server and the
//! browser's engine keep it. It plays and takes back moves, says whose turn
//! it is, and builds the view a play page draws.

use std::collections::BTreeMap;
use std::fmt;

use tabula_core::{Error, Options};
use tabula_games::find;
use tabula_search::{AnyGame, Decision, Envelope, PlayerSpec};
use web_time::{SystemTime, UNIX_EPOCH};

use crate::records::{self, GameRecord};
use crate::seat::Seat;
use crate::stored::{MatchRow, MoveRow, StoredMatch};
use crate::views::{DecisionView, Ending, MatchView, MoveView, Played, ReplayPlace};

/// The time now in Unix milliseconds (the page's clock in a browser).
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredResult {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in a sentence.
    pub reason: String,
    /// Whether the rules ended it (otherwise: time, resignation, or a record said so).
    pub by_rules: bool,
}

/// Asked for the position after a move the match has not reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSuchPly(pub String);

impl fmt::Display for NoSuchPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NoSuchPly {}

/// One match's game, seats and history.
pub struct Table {
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
    /// A result the rules did not give: time, resignation, or what a record said.
    pub ended: Option<StoredResult>,
    /// Whether it came from an imported record.
    pub imported: bool,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
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
            ended: self.ended.clone(),
            imported: self.imported,
        }
    }
}

impl Table {
    /// A new match of `slug`, its seats held as `players` says (`human` or a
    /// player spec each, checked against `envelope`); a `position` text, if
    /// given, replaces the options' start position.
    pub fn new(
        id: String,
        slug: &str,
        options: BTreeMap<String, String>,
        players: &[String],
        position: Option<&str>,
        envelope: &Envelope,
    ) -> Result<Table, Error> {
        let entry = find(slug)?;
        let game = start_game(slug, &options, position)?;
        let seat = |i: usize| -> Result<Seat, Error> {
            Seat::parse_within(players.get(i).map(String::as_str).unwrap_or("human"), entry.info(), envelope)
        };
        let seats = [seat(0)?, seat(1)?];
        Ok(Table {
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
            ended: None,
            imported: false,
        })
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
        !self.is_over() && !self.seats[self.game.side_to_move().index()].is_human()
    }

    /// The first computer seat that solves the game exactly (see
    /// [`PlayerSpec::ponders`]), and its spec: the one whose solver's table
    /// the browser's hints share.
    pub fn solver_seat(&self) -> Option<(usize, &PlayerSpec)> {
        self.seats.iter().enumerate().find_map(|(seat, s)| match s {
            Seat::Computer(_, spec) if spec.ponders() => Some((seat, spec)),
            _ => None,
        })
    }

    /// The computer seat that may think while a person is to move, and its
    /// spec: the [`Table::solver_seat`], when a person holds the other seat,
    /// is to move, and the game goes on, so that the computer's table already
    /// holds the answers when its turn comes. The server and the browser's
    /// engine both ask this.
    pub fn ponder_seat(&self) -> Option<(usize, &PlayerSpec)> {
        let mover = self.game.side_to_move().index();
        if self.is_over() || !self.seats[mover].is_human() {
            return None;
        }
        self.solver_seat()
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

    /// Takes back the last move of the history, if there is one (the version stays).
    pub fn unplay(&mut self) {
        if self.game.undo().is_some() {
            self.movers.pop();
            self.times.pop();
        }
    }

    /// Takes back to the last decision of a person; returns how many moves were taken back.
    pub fn undo(&mut self) -> usize {
        let any_human = self.seats.iter().any(Seat::is_human);
        if any_human && !self.movers.iter().any(|&m| self.seats[m].is_human()) {
            return 0;
        }
        let mut undone = 0;
        while let Some(&mover) = self.movers.last() {
            self.unplay();
            undone += 1;
            if !any_human || (self.seats[mover].is_human() && !self.computer_to_move()) {
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

    /// The view of the current position, with the legal moves; `can_move`
    /// says whether whoever asks may play one now. The online part is the
    /// server's to fill in.
    pub fn view(&self, can_move: bool) -> MatchView {
        let moves = if self.is_over() {
            Vec::new()
        } else {
            self.game.move_views().into_iter().map(|(mv, info)| MoveView { mv, info }).collect()
        };
        MatchView {
            computer_to_move: self.computer_to_move(),
            can_move,
            moves,
            last_decision: self.last_decision.as_ref().map(DecisionView::from),
            ..self.still_view(self.game.as_ref(), self.game.history().len(), self.result())
        }
    }

    /// The view of a match played on one screen or against the computer:
    /// anyone at the screen may move unless the computer is to.
    pub fn local_view(&self) -> MatchView {
        self.view(!self.is_over() && !self.computer_to_move())
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

    /// The view of the position after the first `ply` moves, for replaying
    /// (nothing can be played in it); `online` says whether the match was
    /// played over the network.
    pub fn view_at(&self, ply: usize, online: bool) -> Result<Result<MatchView, NoSuchPly>, Error> {
        let history = self.game.history();
        if ply > history.len() {
            return Ok(Err(NoSuchPly(format!(
                "the match has {} moves; there is no position after move {ply}",
                history.len()
            ))));
        }
        let mut game = self.start_game()?;
        for mv in &history[..ply] {
            game.play_text(mv)?;
        }
        let result = if ply == history.len() { self.result() } else { None };
        Ok(Ok(MatchView {
            replay: Some(ReplayPlace { ply, plies: history.len(), online }),
            ..self.still_view(game.as_ref(), ply, result)
        }))
    }

    /// The match as a store keeps it, as played on one screen (no seats held
    /// by tokens, no clock; the server adds those of an online match).
    pub fn stored(&self) -> StoredMatch {
        let result = self.result();
        let moves = self
            .game
            .history()
            .into_iter()
            .enumerate()
            .map(|(ply, mv)| MoveRow { ply, mv, side: self.movers[ply], at: self.times[ply], clock_ms: None })
            .collect();
        let now = now_ms();
        StoredMatch {
            row: MatchRow {
                id: self.id.clone(),
                game: self.game.info().slug.to_string(),
                options: self.options.clone(),
                start: self.start.clone(),
                players: [self.seats[0].label().to_string(), self.seats[1].label().to_string()],
                names: self.names.clone(),
                online: false,
                clock: None,
                clock_state: None,
                created_at: self.created_at,
                updated_at: now,
                finished_at: result.as_ref().map(|_| now),
                result,
                imported: self.imported,
                version: self.version,
            },
            seats: Vec::new(),
            moves,
        }
    }

    /// The match as a game record (see [`crate::records`]).
    pub fn record(&self) -> GameRecord {
        records::from_stored(&self.stored())
    }

    /// A fresh copy of the start position.
    pub fn start_game(&self) -> Result<Box<dyn AnyGame>, Error> {
        start_game(self.game.info().slug, &self.options, self.start.as_deref())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn table(slug: &str, players: [&str; 2]) -> Table {
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        Table::new("m".into(), slug, BTreeMap::new(), &players, None, &Envelope::PUBLIC).unwrap()
    }

    #[test]
    fn only_a_solving_computer_thinks_on_a_persons_time() {
        // A person to move against Perfect: the seat that moves next ponders.
        let mut t = table("warp-weft", ["human", "level:perfect"]);
        let (seat, spec) = t.ponder_seat().expect("Perfect solves the game");
        assert_eq!((seat, spec.to_string()), (1, "solver:settle=1000ms".to_string()));
        // The other way round, Perfect holds the first seat and is to move: nothing to ponder.
        assert!(table("warp-weft", ["level:perfect", "human"]).ponder_seat().is_none());
        // Warp & Weft's Hard solves too; Medium and people do not.
        assert_eq!(table("warp-weft", ["human", "level:hard"]).ponder_seat().map(|(s, _)| s), Some(1));
        assert!(table("warp-weft", ["human", "level:medium"]).ponder_seat().is_none());
        assert!(table("warp-weft", ["human", "human"]).ponder_seat().is_none());
        assert!(table("leeward", ["human", "level:strong"]).ponder_seat().is_none());
        // Once the person has moved, the computer is to move: it thinks for its move, not on anyone's time.
        let first = t.game.legal_moves()[0].clone();
        t.play(&first).unwrap();
        assert!(t.ponder_seat().is_none());
        // A match ended by resignation ponders no more.
        let mut t = table("warp-weft", ["human", "level:perfect"]);
        t.ended = Some(StoredResult { winner: Some(1), reason: "resigned".into(), by_rules: false });
        assert!(t.ponder_seat().is_none());
    }
}
