//! A match played in the browser: the same table the server keeps
//! (`tabula_play::Table`), held by the page's engine worker. It answers what
//! the server's match routes answer for a local game (the view, a move,
//! undo, the computer's move, a past position, exact hints, the analysis),
//! as the same JSON, so a page cannot tell where its match is played.
//! The page keeps each match's moves (see [`LocalMatch::saved`]) and brings
//! it back with [`LocalMatch::restore`] after a reload.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde_json::{json, Value};
use tabula_core::time::{Duration, Instant};
use tabula_core::{Error, SolverMemory};
use tabula_play::{analysis, records, Seat, StoredResult, Table};
use tabula_search::{AnyPlayer, Bounds, Envelope, PlayerSpec, Progress, Slice, Slices};
use wasm_bindgen::prelude::*;

use crate::{js, option_texts};

/// The longest a computer move may think in the browser (as on a public server).
const MAX_THINK_MS: u64 = 10_000;

#[wasm_bindgen]
extern "C" {
    /// A page's function that hears the computer's progress, one JSON text at a time.
    pub type ProgressListener;
    #[wasm_bindgen(method, js_name = call)]
    fn call(this: &ProgressListener, this_arg: &JsValue, report: &str);
}

/// What one slice of the computer's thinking came to.
enum Thought {
    /// Still thinking: what it has found so far.
    Thinking(Progress),
    /// The move is played: the new view.
    Done(String),
}

/// The slice [`LocalMatch::computer_move`] thinks in: it reports its progress between slices.
const FINISH_SLICE_MS: u32 = 100;

/// The most the computer thinks on a person's time about one position, in
/// all: enough for Perfect to solve a Warp & Weft opening in a browser,
/// and a bound on what a page left open spends.
const MAX_PONDER: Duration = Duration::from_secs(60);

/// One progress report as the page reads it.
fn progress_json(p: &Progress) -> String {
    json!({
        "depth": p.depth,
        "nodes": p.nodes,
        "playouts": p.playouts,
        "ms": p.elapsed.as_millis() as u64,
        "best": p.best,
        "score": p.score,
    })
    .to_string()
}

/// One match played in the browser, with the computer players' tables kept
/// between their moves.
#[wasm_bindgen]
pub struct LocalMatch {
    table: Table,
    /// Each seat's computer player once it has moved (its table holds what it learned).
    players: [Option<Box<dyn AnyPlayer>>; 2],
    /// The exact solver's table for hints, kept between them (unless a
    /// computer seat solves: then the hints use its table).
    solver: SolverMemory,
    /// The computer's decision under way, for the match version it began at.
    thinking: Option<(u64, Slices)>,
    /// Thinking on a person's time ([`LocalMatch::ponder`]): the match
    /// version it was for, the time spent on it, and whether it finished.
    pondered: Option<(u64, Duration, bool)>,
}

impl LocalMatch {
    /// Thinks one slice of at most `ms` on the decision under way, and plays its move once it is made.
    fn think_slice(&mut self, ms: u32) -> Result<Thought, JsError> {
        if !self.is_thinking() {
            self.thinking = None;
            return Err(JsError::new("the computer is not thinking about this position (it changed, or it has moved)"));
        }
        let seat = self.table.game.side_to_move().index();
        let (Some((_, slices)), Some(player)) = (self.thinking.as_mut(), self.players[seat].as_mut()) else {
            return Err(JsError::new("the computer is not thinking about this position"));
        };
        let slice = Duration::from_millis(u64::from(ms.clamp(1, 10_000)));
        let decision = match slices.next(player.as_mut(), self.table.game.as_ref(), slice) {
            Ok(Slice::Thinking(progress)) => return Ok(Thought::Thinking(progress)),
            Ok(Slice::Done(Some(decision))) => decision,
            Ok(Slice::Done(None)) => {
                self.thinking = None;
                return Err(JsError::new("the game is over"));
            }
            Err(e) => {
                self.thinking = None;
                return Err(JsError::new(&format!("the computer could not choose a move: {e}")));
            }
        };
        self.thinking = None;
        self.table.play(&decision.mv).map_err(js)?;
        self.table.last_decision = Some(decision);
        Ok(Thought::Done(self.view()))
    }
}

/// The player of computer seat `seat` (following `spec`), made with empty
/// tables and `seed` if it has not thought yet: its decisions, its thinking
/// on the person's time and the hints all use the same one.
fn seat_player<'a>(
    players: &'a mut [Option<Box<dyn AnyPlayer>>; 2],
    table: &Table,
    seat: usize,
    spec: &PlayerSpec,
    seed: u64,
) -> &'a mut Box<dyn AnyPlayer> {
    players[seat].get_or_insert_with(|| table.game.new_player(spec, seed))
}

/// The limits of a player on this device: `memory_mib` for its tables.
fn envelope(memory_mib: usize) -> Envelope {
    Envelope { max_table_mib: memory_mib, max_threads: 1, ..Envelope::PUBLIC }
}

/// Refuses a computer seat whose tables (the solver's included) need more memory than the device gives.
fn check_memory(table: &Table, memory_mib: usize) -> Result<(), Error> {
    for seat in &table.seats {
        if let Seat::Computer(text, spec) = seat {
            let need = spec.memory_mib(table.game.solver_table_mib());
            if need > memory_mib {
                return Err(Error::BadPlayer(format!(
                    "'{text}' needs {need} MiB for its tables; this device gives the engine {memory_mib} MiB"
                )));
            }
        }
    }
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

fn text_list(value: &Value, key: &str) -> Result<Vec<String>, Error> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str().map(str::to_string).ok_or_else(|| Error::BadPosition(format!("'{key}' holds a non-text")))
            })
            .collect(),
        Some(_) => Err(Error::BadPosition(format!("'{key}' is not a list"))),
    }
}

#[wasm_bindgen]
impl LocalMatch {
    /// A new match of `slug` with `options_json` (a JSON object), seats
    /// `players_json` (`["human", "level:hard"]`), an optional start
    /// position, created at `created_at` (Unix ms). `memory_mib` is what the
    /// engine may use on this device; a player that needs more is refused
    /// with a message that says so (the page then plays on the server).
    #[wasm_bindgen(constructor)]
    pub fn new(
        id: String,
        slug: &str,
        options_json: &str,
        players_json: &str,
        position: Option<String>,
        memory_mib: usize,
    ) -> Result<LocalMatch, JsError> {
        let options = option_texts(options_json).map_err(js)?;
        let players: Vec<String> = serde_json::from_str(players_json)
            .map_err(|_| JsError::new("the players are a JSON list such as [\"human\", \"level:hard\"]"))?;
        let position = position.filter(|p| !p.trim().is_empty());
        let table = Table::new(id, slug, options, &players, position.as_deref(), &envelope(memory_mib)).map_err(js)?;
        check_memory(&table, memory_mib).map_err(js)?;
        Ok(LocalMatch { table, players: [None, None], solver: None, thinking: None, pondered: None })
    }

    /// Brings back a match from what [`LocalMatch::saved`] gave, replaying its moves.
    pub fn restore(saved: &str, memory_mib: usize) -> Result<LocalMatch, JsError> {
        let value: Value =
            serde_json::from_str(saved).map_err(|e| JsError::new(&format!("a kept game is not JSON: {e}")))?;
        let field = |k: &str| value.get(k).and_then(Value::as_str).map(str::to_string);
        let id = field("id").ok_or_else(|| JsError::new("a kept game has no id"))?;
        let slug = field("game").ok_or_else(|| JsError::new("a kept game has no game"))?;
        let options: BTreeMap<String, String> = value
            .get("options")
            .and_then(Value::as_object)
            .map(|o| o.iter().filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string()))).collect())
            .unwrap_or_default();
        let players = text_list(&value, "players").map_err(js)?;
        let moves = text_list(&value, "moves").map_err(js)?;
        let start = field("start");
        let mut table =
            Table::new(id, &slug, options, &players, start.as_deref(), &envelope(memory_mib)).map_err(js)?;
        for (i, mv) in moves.iter().enumerate() {
            table
                .play(mv)
                .map_err(|e| JsError::new(&format!("a kept game's move {} ('{mv}') cannot be replayed: {e}", i + 1)))?;
        }
        if let Some(times) = value.get("times").and_then(Value::as_array) {
            for (kept, t) in table.times.iter_mut().zip(times) {
                if let Some(t) = t.as_i64() {
                    *kept = t;
                }
            }
        }
        if let Some(names) = value.get("names").and_then(Value::as_array) {
            for (kept, n) in table.names.iter_mut().zip(names) {
                *kept = n.as_str().map(str::to_string);
            }
        }
        if let Some(ended) = value.get("ended").filter(|e| e.is_object()) {
            table.ended = Some(StoredResult {
                winner: ended.get("winner").and_then(Value::as_u64).map(|w| w as usize),
                reason: ended.get("reason").and_then(Value::as_str).unwrap_or("").to_string(),
                by_rules: false,
            });
        }
        table.created_at = value.get("created_at").and_then(Value::as_i64).unwrap_or(table.created_at);
        table.version = value.get("version").and_then(Value::as_u64).unwrap_or(table.version);
        Ok(LocalMatch { table, players: [None, None], solver: None, thinking: None, pondered: None })
    }

    /// What the page keeps to bring the match back: its start, seats, names and moves, as JSON.
    pub fn saved(&self) -> String {
        let t = &self.table;
        json!({
            "id": t.id,
            "game": t.game.info().slug,
            "options": t.options,
            "start": t.start,
            "players": [t.seats[0].label(), t.seats[1].label()],
            "names": t.names,
            "moves": t.game.history(),
            "times": t.times,
            "created_at": t.created_at,
            "version": t.version,
            "ended": t.ended.as_ref().map(|r| json!({ "winner": r.winner, "reason": r.reason })),
            "game_name": t.game.info().name,
            "sides": t.game.info().sides,
            "result": t.result().map(|r| json!({ "winner": r.winner, "reason": r.reason })),
        })
        .to_string()
    }

    /// The match view (the JSON of `GET /api/matches/{id}`).
    pub fn view(&self) -> String {
        to_json(&self.table.local_view())
    }

    /// Plays a person's move in notation and returns the new view; a move
    /// that cannot be played changes nothing and throws the rules' sentence.
    pub fn play(&mut self, mv: &str) -> Result<String, JsError> {
        if self.table.computer_to_move() {
            return Err(JsError::new("the seat to move is played by the computer"));
        }
        if self.table.is_over() {
            return Err(JsError::new("the game is over"));
        }
        self.table.play(mv).map_err(js)?;
        self.table.last_decision = None;
        Ok(self.view())
    }

    /// Takes back to the last decision of a person and returns the new view.
    pub fn undo(&mut self) -> Result<String, JsError> {
        if self.table.undo() == 0 {
            return Err(JsError::new("there is no move of yours to take back"));
        }
        Ok(self.view())
    }

    /// The computer thinks for the seat to move (with `seed` from the page's
    /// randomness), plays its move, and returns the new view: the whole
    /// decision in one call, for a caller with nothing to do meanwhile (the
    /// worker thinks one slice at a time: [`LocalMatch::begin_thinking`]).
    ///
    /// While it thinks, `progress` (a function of one JSON text, if given) hears
    /// what the search has found so far: `{depth, nodes, playouts, ms, best, score}`.
    pub fn computer_move(&mut self, seed: u32, progress: Option<ProgressListener>) -> Result<String, JsError> {
        self.begin_thinking(seed)?;
        loop {
            match self.think_slice(FINISH_SLICE_MS)? {
                Thought::Done(view) => return Ok(view),
                Thought::Thinking(p) => {
                    if let Some(listener) = &progress {
                        listener.call(&JsValue::NULL, &progress_json(&p));
                    }
                }
            }
        }
    }

    /// Starts the computer's decision for the seat to move (with `seed` from
    /// the page's randomness); [`LocalMatch::think`] then thinks one slice at
    /// a time. Any change to the match (a move, an undo) abandons it.
    pub fn begin_thinking(&mut self, seed: u32) -> Result<(), JsError> {
        if self.table.is_over() {
            return Err(JsError::new("the game is over"));
        }
        let seat = self.table.game.side_to_move().index();
        let Seat::Computer(_, spec) = &self.table.seats[seat] else {
            return Err(JsError::new("the seat to move is played by a person"));
        };
        let game = self.table.game.as_ref();
        let seed = game.hash() ^ u64::from(seed) ^ self.table.version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let player = seat_player(&mut self.players, &self.table, seat, spec, seed);
        player.reseed(seed);
        self.thinking = Some((self.table.version, Slices::new(spec, Duration::from_millis(MAX_THINK_MS))));
        Ok(())
    }

    /// Thinks for at most `ms` more on the decision begun by
    /// [`LocalMatch::begin_thinking`]: `{"done": false, "progress": {…}}`
    /// while it goes on, `{"done": true, "view": {…}}` once the move is played.
    pub fn think(&mut self, ms: u32) -> Result<String, JsError> {
        Ok(match self.think_slice(ms)? {
            Thought::Thinking(p) => format!(r#"{{"done":false,"progress":{}}}"#, progress_json(&p)),
            Thought::Done(view) => format!(r#"{{"done":true,"view":{view}}}"#),
        })
    }

    /// Thinks for at most `ms` on a person's time: while a person is to move
    /// and the seat that moves next is a computer that solves the game
    /// exactly (Warp & Weft's Perfect and Hard), it solves the position, so
    /// that its table holds the answers when its turn comes (the server does
    /// the same for the games it plays). Says whether there is more to think
    /// about: `false` once the solve finished, after a minute on one
    /// position, or when there is nothing to think about.
    pub fn ponder(&mut self, ms: u32) -> bool {
        let version = self.table.version;
        let (spent, finished) = match self.pondered {
            Some((v, spent, finished)) if v == version => (spent, finished),
            _ => (Duration::ZERO, false),
        };
        if finished || spent >= MAX_PONDER || self.is_thinking() {
            return false;
        }
        let Some((seat, spec)) = self.table.ponder_seat() else {
            return false;
        };
        let game = self.table.game.as_ref();
        let player = seat_player(&mut self.players, &self.table, seat, spec, game.hash());
        let slice = Duration::from_millis(u64::from(ms.clamp(1, 10_000)));
        player.set_bounds(Bounds { time: Some(slice), cancel: None, progress: None, began: None });
        let start = Instant::now();
        let finished = player.ponder(game);
        let spent = spent + start.elapsed();
        self.pondered = Some((version, spent, finished));
        !finished && spent < MAX_PONDER
    }

    /// Takes over what `from`'s computer players learned, where this match is
    /// a game on the same board: the same game, options and start position.
    /// Each computer seat of this one that has no player yet takes `from`'s
    /// player of the same spec (whichever seat it held), and the hints take
    /// `from`'s table: a new game on the same board (Warp & Weft's "Same
    /// board") finds Perfect's solve already made. Positions are positions,
    /// so a table of the same board holds only what is true here too.
    pub fn inherit(&mut self, from: &mut LocalMatch) {
        let (mine, theirs) = (&self.table, &from.table);
        if mine.game.info().slug != theirs.game.info().slug
            || mine.options != theirs.options
            || mine.start != theirs.start
        {
            return;
        }
        if from.is_thinking() {
            return;
        }
        for seat in 0..2 {
            let Seat::Computer(_, spec) = &self.table.seats[seat] else { continue };
            if self.players[seat].is_some() {
                continue;
            }
            let same = (0..2).find(|&s| {
                matches!(&from.table.seats[s], Seat::Computer(_, theirs) if theirs == spec) && from.players[s].is_some()
            });
            if let Some(s) = same {
                self.players[seat] = from.players[s].take();
            }
        }
        if self.solver.is_none() {
            self.solver = from.solver.take();
        }
    }

    /// Lets go of the computer players' and the hints' tables (a solver's
    /// is 128 MiB), unless the computer is thinking: the engine's worker
    /// calls this for a match the page has left, so that opening game after
    /// game does not pile up tables. The match keeps its moves; its players
    /// are made again, with empty tables, when it is taken up again.
    pub fn rest(&mut self) {
        if self.is_thinking() {
            return;
        }
        self.players = [None, None];
        self.solver = None;
        self.pondered = None;
    }

    /// Whether a decision is under way (begun and not yet played or abandoned).
    pub fn is_thinking(&self) -> bool {
        self.thinking.as_ref().is_some_and(|(version, _)| *version == self.table.version)
    }

    /// The view of the position after the first `ply` moves (`GET …/at/{ply}`).
    pub fn view_at(&self, ply: usize) -> Result<String, JsError> {
        match self.table.view_at(ply, false).map_err(js)? {
            Ok(view) => Ok(to_json(&view)),
            Err(missing) => Err(JsError::new(&missing.0)),
        }
    }

    /// Each legal move's exact value within `ms` milliseconds (`GET …/solve`).
    pub fn solve(&mut self, ms: u32) -> String {
        let t = &self.table;
        let (version, ply) = (t.version, t.game.history().len());
        let unsolved =
            |reason: &str| json!({ "version": version, "ply": ply, "solved": false, "reason": reason, "moves": [] });
        if t.is_over() {
            return unsolved("the game is over").to_string();
        }
        let limit = std::time::Duration::from_millis(u64::from(ms.clamp(1, 60_000)));
        // Against a computer that solves, the hints solve in its table: what it
        // found on the person's time shows at once, what the hints find its next
        // move need not look for again, and one table is made, not two.
        let player = t.solver_seat().map(|(seat, spec)| seat_player(&mut self.players, t, seat, spec, t.game.hash()));
        let memory = match player.and_then(|p| p.solver_memory()) {
            Some(memory) => memory,
            None => &mut self.solver,
        };
        match t.game.solve_moves(Some(limit), None, memory) {
            None => unsolved("not solved within the time given, or no exact solver for this game").to_string(),
            Some(values) => {
                let moves: Vec<Value> = values
                    .into_iter()
                    .map(|(mv, score, text)| json!({ "move": mv, "score": score, "text": text }))
                    .collect();
                json!({ "version": version, "ply": ply, "solved": true, "moves": moves }).to_string()
            }
        }
    }

    /// The match as a game record, the text `GET …/record` gives.
    pub fn record(&self) -> String {
        records::write(&self.table.record())
    }

    /// The engine's verdict on every move of the game (`GET …/analysis`).
    pub fn analysis(&self) -> Result<String, JsError> {
        let start = self.table.start_game().map_err(js)?;
        let moves = self.table.game.history();
        let cancel = Arc::new(AtomicBool::new(false));
        analysis::analyse(start, &moves, &cancel).map(|v| v.to_string()).map_err(|e| JsError::new(&e))
    }
}
