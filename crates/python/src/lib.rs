//! The extension module `tabula._tabula` behind the Python package `tabula`.
//!
//! It only binds: every rule, search and statistic is the workspace's own
//! (`tabula-games`, `tabula-search`), reached through the type-erased
//! [`AnyGame`] handle, so the Python package knows no game by name. Long
//! work (search, perft, playouts, match shards, solving) runs with the GIL
//! released, and no panic crosses into Python: each call is caught and
//! turned into a `RuntimeError`. Errors of the workspace become exceptions
//! carrying the very sentences the command line prints.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyTuple};
use serde_json::{json, Map, Value};
use tabula_core::{Error, Options, Outcome, Side};
use tabula_games::{find, registry};
use tabula_search::{merge_records, AnyGame, GameEntry, GameRecord, GameResult, MatchSetup, PlayerSpec, Summary};

create_exception!(
    _tabula,
    TabulaError,
    PyValueError,
    "Any error Tabula reports about what it was asked (a ValueError)."
);
create_exception!(_tabula, UnknownGameError, TabulaError, "No registered game has that name.");
create_exception!(_tabula, BadOptionError, TabulaError, "An option key is unknown or its value is out of range.");
create_exception!(_tabula, BadMoveError, TabulaError, "A move (or action id) could not be read at all.");
create_exception!(_tabula, IllegalMoveError, TabulaError, "The move was readable but is not legal here.");
create_exception!(_tabula, BadPositionError, TabulaError, "A position text was malformed or impossible.");
create_exception!(_tabula, BadPlayerError, TabulaError, "A player spec (such as `ab:depth=4`) could not be read.");

/// The workspace's error as the matching Python exception, with its message.
fn py_error(error: Error) -> PyErr {
    let message = error.to_string();
    match error {
        Error::UnknownGame(_) => UnknownGameError::new_err(message),
        Error::BadOption(_) => BadOptionError::new_err(message),
        Error::BadMove(_) => BadMoveError::new_err(message),
        Error::IllegalMove(_) => IllegalMoveError::new_err(message),
        Error::BadPosition(_) => BadPositionError::new_err(message),
        Error::BadPlayer(_) => BadPlayerError::new_err(message),
    }
}

/// Runs `f`, turning a panic into a Python `RuntimeError` instead of unwinding into the interpreter.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let text = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("a panic without a message");
            Err(PyRuntimeError::new_err(format!("internal error in Tabula: {text}")))
        }
    }
}

/// Runs `f` with the GIL released (other Python threads go on), catching panics.
fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(f)));
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(py_error(error)),
        Err(payload) => {
            let text = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()));
            Err(PyRuntimeError::new_err(format!("internal error in Tabula: {}", text.unwrap_or_default())))
        }
    }
}

/// The registered game with this slug.
fn entry(slug: &str) -> PyResult<&'static GameEntry> {
    find(slug).map_err(py_error)
}

/// Options from a Python dict (values written as text; `True` is `true`).
fn options_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut out = Options::new();
    if let Some(dict) = options {
        for (key, value) in dict.iter() {
            let key: String = key.str()?.to_string();
            // Python's True and False are Tabula's true and false; anything else is written as str() does.
            let value: String = match value.cast::<PyBool>() {
                Ok(b) => b.is_true().to_string(),
                Err(_) => value.str()?.to_string(),
            };
            out.set(key.trim(), value.trim());
        }
    }
    Ok(out)
}

/// What a pickled state holds: the game's slug, the start position text and the moves played.
type Pickled = (String, String, Vec<String>);

/// A position of any Tabula game, with the moves played from where it was
/// made (so they can be taken back). Moves are written in the game's
/// notation, or given as fixed integer action ids.
#[pyclass(module = "tabula._tabula", name = "State")]
pub struct State {
    game: Box<dyn AnyGame>,
    /// The position text it was made from, so a pickle can replay the history.
    start: String,
}

impl State {
    /// An action id from any Python integer (numpy's too); one that cannot be an id is a `BadMoveError`.
    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Ok(id) = action.extract::<usize>() {
            return Ok(id);
        }
        // `operator.index` raises Python's own TypeError for what is no integer at all.
        let number = action.py().import("operator")?.getattr("index")?.call1((action,))?.str()?.to_string();
        Err(BadMoveError::new_err(if number.starts_with('-') {
            format!("action {number} does not exist: action ids are 0 or more")
        } else {
            format!(
                "action {number} does not exist: {} has actions 0 to {}",
                self.game.info().name,
                self.game.action_space().saturating_sub(1)
            )
        }))
    }

    /// A state of `game`: from a position text if given (options are then only checked), else the start for `options`.
    fn make(game: &str, options: Option<&Bound<'_, PyDict>>, position: Option<&str>) -> PyResult<State> {
        let entry = entry(game)?;
        let options = options_of(options)?;
        let game = match position {
            Some(text) => {
                // As on the command line: options given too are checked, then the position decides.
                options.validate(entry.info()).map_err(py_error)?;
                entry.from_text(text).map_err(|e| BadPositionError::new_err(format!("bad position: {e}")))?
            }
            None => entry.create(&options).map_err(py_error)?,
        };
        let start = game.to_text();
        Ok(State { game, start })
    }

    /// The observation of this position as float32 bytes in native order.
    fn observed_bytes(&self) -> PyResult<Vec<u8>> {
        let values = guard(|| {
            let mut values = Vec::new();
            self.game.observe(&mut values);
            Ok(values)
        })?;
        Ok(values.iter().flat_map(|v| v.to_ne_bytes()).collect())
    }
}

#[pymethods]
impl State {
    /// A new position of `game` (a slug from `games()`): the start position
    /// for `options` (a dict such as `{"size": 5}`), or the position text
    /// `position` (as `to_text()` writes it).
    #[new]
    #[pyo3(signature = (game, options=None, position=None))]
    fn py_new(game: &str, options: Option<&Bound<'_, PyDict>>, position: Option<&str>) -> PyResult<State> {
        guard(|| State::make(game, options, position))
    }

    /// The game's slug.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.info().slug
    }

    /// The legal moves, in notation (empty once the game is over).
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        guard(|| Ok(self.game.legal_moves()))
    }

    /// Plays a move given in notation; on error nothing changes.
    fn play(&mut self, mv: &str) -> PyResult<()> {
        guard(|| self.game.play_quiet(mv).map_err(py_error))
    }

    /// Takes back the last move played on this state.
    fn undo(&mut self) -> PyResult<()> {
        guard(|| {
            if self.game.take_back() {
                Ok(())
            } else {
                Err(IllegalMoveError::new_err("there is no move to take back"))
            }
        })
    }

    /// An independent copy (history included).
    fn clone(&self) -> State {
        State { game: self.game.clone_box(), start: self.start.clone() }
    }

    /// `copy.copy`: an independent copy, as `clone()`.
    fn __copy__(&self) -> State {
        self.clone()
    }

    /// `copy.deepcopy`: an independent copy, as `clone()`.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The position text (one line; `State(game, position=text)` reads it back).
    fn to_text(&self) -> PyResult<String> {
        guard(|| Ok(self.game.to_text()))
    }

    /// A drawing of the position for the terminal.
    fn drawing(&self) -> PyResult<String> {
        guard(|| Ok(self.game.drawing()))
    }

    /// The seat to move: 0 (the first player) or 1.
    fn current_player(&self) -> usize {
        self.game.side_to_move().index()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The two seats' results: +1 a win, −1 a loss, 0 a draw (or the game goes on).
    fn returns(&self) -> (f64, f64) {
        match self.game.outcome() {
            Some(Outcome::Win(Side::First)) => (1.0, -1.0),
            Some(Outcome::Win(Side::Second)) => (-1.0, 1.0),
            _ => (0.0, 0.0),
        }
    }

    /// The winning seat (0 or 1), or None for a draw or a game still going on.
    fn winner(&self) -> Option<usize> {
        self.game.outcome().and_then(Outcome::winner).map(Side::index)
    }

    /// Why the game ended, in a sentence (empty while it goes on).
    fn outcome_reason(&self) -> PyResult<String> {
        guard(|| Ok(self.game.outcome_reason()))
    }

    /// The moves played on this state since it was made, in notation.
    fn history(&self) -> PyResult<Vec<String>> {
        guard(|| Ok(self.game.history()))
    }

    /// How many moves were played on this state since it was made.
    fn moves_played(&self) -> usize {
        self.game.moves_played()
    }

    /// The position's hash (equal positions, equal hashes).
    fn hash(&self) -> u64 {
        self.game.hash()
    }

    /// Moves after which a self-play match stops a game as a draw.
    fn move_limit(&self) -> u32 {
        self.game.match_move_limit()
    }

    /// The number of move sequences of length `depth` from here (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let game = self.game.clone_box();
        detached(py, move || Ok(game.perft(depth)))
    }

    /// How many action ids the game has with these options.
    fn num_actions(&self) -> usize {
        self.game.action_space()
    }

    /// The action ids of the legal moves, in the order of `legal_moves()`.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        guard(|| {
            let mut ids = Vec::new();
            self.game.legal_actions(&mut ids).map_err(py_error)?;
            Ok(ids)
        })
    }

    /// Plays the legal move with action id `action`; on error nothing changes.
    fn play_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.action_id(action)?;
        guard(|| self.game.play_action(id).map_err(py_error))
    }

    /// The legal move with action id `action`, in notation.
    fn action_to_move(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let id = self.action_id(action)?;
        guard(|| self.game.action_move(id).map_err(py_error))
    }

    /// The action id of a legal move given in notation.
    fn move_to_action(&self, mv: &str) -> PyResult<usize> {
        guard(|| self.game.move_action(mv).map_err(py_error))
    }

    /// The shape of the observation tensor the game declares.
    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }

    /// The observation of this position: a float32 numpy array of `observation_shape()`.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static NUMPY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let frombuffer = NUMPY.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("numpy")?.getattr("frombuffer")?.unbind())
        })?;
        let bytes = self.observed_bytes()?;
        let array = frombuffer.bind(py).call1((PyBytes::new(py, &bytes), "float32"))?;
        let shape = PyTuple::new(py, self.game.observation_shape())?;
        // `frombuffer` gives a read-only view of the bytes; a copy is the caller's own.
        array.call_method1("reshape", (shape,))?.call_method0("copy")
    }

    /// The observation as raw float32 bytes (native order), for callers that build their own arrays.
    fn observation_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        Ok(PyBytes::new(py, &self.observed_bytes()?))
    }

    /// Plays `games` random games from here (GIL released); returns their
    /// count, moves, the seats' wins, draws and the seconds taken.
    #[pyo3(signature = (games, seed=1))]
    fn random_playouts<'py>(&self, py: Python<'py>, games: u64, seed: u64) -> PyResult<Bound<'py, PyDict>> {
        let game = self.game.clone_box();
        let (stats, elapsed) = detached(py, move || Ok(game.random_playouts(games, seed)))?;
        let out = PyDict::new(py);
        out.set_item("games", stats.games)?;
        out.set_item("moves", stats.moves)?;
        out.set_item("wins", (stats.wins[0], stats.wins[1]))?;
        out.set_item("draws", stats.draws)?;
        out.set_item("seconds", elapsed.as_secs_f64())?;
        Ok(out)
    }

    /// For pickle: the game, the start text and the moves played, replayed on loading.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let restore = py.import("tabula._tabula")?.getattr("_restore")?;
        Ok((restore, (self.game.info().slug.to_string(), self.start.clone(), self.game.history())))
    }

    /// The position text.
    fn __str__(&self) -> String {
        self.game.to_text()
    }

    /// `State('slug', position='…')`.
    fn __repr__(&self) -> String {
        format!("State({:?}, position={:?})", self.game.info().slug, self.game.to_text())
    }
}

/// Rebuilds a pickled state: the start position, then its moves.
#[pyfunction]
fn _restore(game: &str, start: &str, history: Vec<String>) -> PyResult<State> {
    guard(|| {
        let mut state = State::make(game, None, Some(start))?;
        for mv in &history {
            state.game.play_quiet(mv).map_err(py_error)?;
        }
        Ok(state)
    })
}

/// Panics inside the binding's guard, for the tests: it must raise `RuntimeError`, not abort Python.
#[pyfunction]
fn _panic_for_tests(py: Python<'_>, detach: bool) -> PyResult<()> {
    if detach {
        detached(py, || -> Result<(), Error> { panic!("a test panic with the GIL released") })
    } else {
        guard(|| -> PyResult<()> { panic!("a test panic") })
    }
}

/// The slugs of every game, in catalog order.
#[pyfunction]
fn games() -> Vec<&'static str> {
    registry().iter().map(|g| g.info().slug).collect()
}

/// A game's catalog entry: names, seats, options (with defaults and choices) and levels.
#[pyfunction]
fn game_info<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyDict>> {
    let info = entry(game)?.info();
    let out = PyDict::new(py);
    out.set_item("slug", info.slug)?;
    out.set_item("name", info.name)?;
    out.set_item("tagline", info.tagline)?;
    out.set_item("sides", info.sides.to_vec())?;
    let options = PyList::empty(py);
    for o in info.options {
        let d = PyDict::new(py);
        d.set_item("key", o.key)?;
        d.set_item("default", o.default)?;
        d.set_item("choices", o.choices.to_vec())?;
        d.set_item("help", o.help)?;
        options.append(d)?;
    }
    out.set_item("options", options)?;
    let levels = PyDict::new(py);
    for l in info.levels {
        levels.set_item(l.key, l.player)?;
    }
    out.set_item("levels", levels)?;
    Ok(out)
}

/// Checks a player spec for a game; returns it as Tabula reads it (e.g. `ab:depth=4,hash=16,threads=1`).
#[pyfunction]
fn parse_player(game: &str, player: &str) -> PyResult<String> {
    let info = entry(game)?.info();
    PlayerSpec::parse(player, info).map(|s| s.to_string()).map_err(py_error)
}

/// A computer player's decision for the side to move: its move, score, depth,
/// whether exact, nodes, seconds and expected line (GIL released).
#[pyfunction]
#[pyo3(signature = (state, player, seed=1))]
fn decide<'py>(py: Python<'py>, state: &State, player: &str, seed: u64) -> PyResult<Bound<'py, PyDict>> {
    let spec = PlayerSpec::parse(player, state.game.info()).map_err(py_error)?;
    let game = state.game.clone_box();
    let decision = detached(py, move || {
        let mut player = game.new_player(&spec, seed);
        player.choose(game.as_ref())
    })?
    .ok_or_else(|| IllegalMoveError::new_err("the game is over: there is no move to choose"))?;
    let out = PyDict::new(py);
    out.set_item("move", &decision.mv)?;
    out.set_item("score", decision.score)?;
    out.set_item("depth", decision.depth)?;
    out.set_item("exact", decision.exact)?;
    out.set_item("nodes", decision.nodes)?;
    out.set_item("seconds", decision.elapsed.as_secs_f64())?;
    out.set_item("pv", decision.pv)?;
    Ok(out)
}

/// Plays one shard of a match (GIL released) exactly as `tabula match
/// --shard i/n` does; returns its games as JSON lines (`--out`'s format).
#[pyfunction]
#[pyo3(signature = (game, a, b, games, seed, shard=(0, 1), options=None, max_moves=None, random_moves=0, threads=1))]
#[allow(clippy::too_many_arguments)]
fn match_shard(
    py: Python<'_>,
    game: &str,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    shard: (u64, u64),
    options: Option<&Bound<'_, PyDict>>,
    max_moves: Option<u32>,
    random_moves: u32,
    threads: usize,
) -> PyResult<Vec<String>> {
    let setup = MatchSetup {
        entry: entry(game)?,
        options: options_of(options)?,
        a: a.to_string(),
        b: b.to_string(),
        games,
        seed,
        max_moves,
        random_moves,
        shard,
    };
    setup.validate().map_err(py_error)?;
    detached(py, move || {
        let records = setup.run(threads, &[], |_| {})?;
        Ok(records.iter().map(|r| serde_json::to_string(r).expect("records serialise")).collect())
    })
}

/// Reads game records (JSON lines) and merges them as `tabula match --merge` does.
fn merged(lines: &[String]) -> PyResult<Vec<GameRecord>> {
    let mut records = Vec::new();
    for (n, line) in lines.iter().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let record: GameRecord = serde_json::from_str(line)
            .map_err(|e| TabulaError::new_err(format!("line {}: not a game record: {e}", n + 1)))?;
        records.push(record);
    }
    let all = merge_records(records).map_err(py_error)?;
    if all.is_empty() {
        return Err(TabulaError::new_err("the files hold no games"));
    }
    Ok(all)
}

/// The summary of merged match records as `tabula match --merge --json`
/// prints it (one JSON object), or with `json=False` its text report.
#[pyfunction]
#[pyo3(signature = (lines, json=true))]
fn merge_match(lines: Vec<String>, json: bool) -> PyResult<String> {
    let all = merged(&lines)?;
    let results: Vec<_> = all.iter().map(GameRecord::result).collect();
    Ok(summary_text(&results, &all[0].players[0], &all[0].players[1], json))
}

/// The statistics of `results` as one JSON object, or as the text report naming players `a` and `b`.
fn summary_text(results: &[GameResult], a: &str, b: &str, json: bool) -> String {
    let summary = Summary::of(results);
    if json {
        serde_json::to_string(&summary).expect("summaries serialise")
    } else {
        summary.report(a, b)
    }
}

/// The statistics of games played outside `tabula match` (a learning
/// agent's evaluation, say), computed as `tabula match` computes its own:
/// each game is `(score, winner_seat, length, adjudicated)` with A's score
/// 1, 0.5 or 0 and the winning seat (0 moved first) or None for a draw.
/// Returns the summary as JSON, or with `json=False` its text report.
#[pyfunction]
#[pyo3(signature = (results, a="A", b="B", json=true))]
fn summarize(results: Vec<(f64, Option<usize>, u32, bool)>, a: &str, b: &str, json: bool) -> PyResult<String> {
    let mut games = Vec::with_capacity(results.len());
    for (n, (a_score, winner_seat, length, adjudicated)) in results.into_iter().enumerate() {
        let fits = match winner_seat {
            None => a_score == 0.5,
            Some(seat) => seat < 2 && (a_score == 0.0 || a_score == 1.0),
        };
        if !fits {
            let seat = winner_seat.map_or("None".to_string(), |s| s.to_string());
            return Err(TabulaError::new_err(format!(
                "game {}: a score of {a_score} with winner seat {seat} is no result (a win 1 or a loss 0 with the winner's seat 0 or 1, a draw 0.5 with None)",
                n + 1
            )));
        }
        games.push(GameResult { a_score, winner_seat, length, adjudicated });
    }
    if games.is_empty() {
        return Err(TabulaError::new_err("no games to summarize"));
    }
    Ok(summary_text(&games, a, b, json))
}

/// The merged records themselves (one JSON line each, by game index).
#[pyfunction]
fn merge_records_json(lines: Vec<String>) -> PyResult<Vec<String>> {
    Ok(merged(&lines)?.iter().map(|r| serde_json::to_string(r).expect("records serialise")).collect())
}

/// Reads a solver report value as a number when it is one (as `tabula solve --json` does).
fn as_value(text: String) -> Value {
    text.parse::<i64>()
        .map(Value::from)
        .or_else(|_| text.parse::<f64>().map(Value::from))
        .unwrap_or(Value::String(text))
}

/// Solves the start position of board `board` exactly (GIL released) and
/// returns the JSON line `tabula solve --boards` writes for it.
#[pyfunction]
#[pyo3(signature = (game, board, options=None, verdict_only=false, threads=1))]
fn solve_board(
    py: Python<'_>,
    game: &str,
    board: u64,
    options: Option<&Bound<'_, PyDict>>,
    verdict_only: bool,
    threads: usize,
) -> PyResult<String> {
    let entry = entry(game)?;
    let info = entry.info();
    if !info.options.iter().any(|o| o.key == "seed") {
        return Err(BadOptionError::new_err(format!(
            "{} has no board numbers (no option 'seed') to go through",
            info.name
        )));
    }
    let given = options_of(options)?;
    let pairs: Vec<String> = given.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut opts = given;
    opts.set("seed", &board.to_string());
    let position = entry.create(&opts).map_err(py_error)?;
    let name = info.name;
    detached(py, move || {
        let report = position.solve_report(verdict_only, threads).ok_or_else(|| {
            Error::BadOption(format!("{name} has no exact solver for board {board} (too big, or not a solvable game)"))
        })?;
        let mut line = Map::new();
        line.insert("seed".into(), json!(board));
        if !pairs.is_empty() {
            line.insert("options".into(), json!(pairs));
        }
        for (k, v) in report {
            line.insert(k.into(), as_value(v));
        }
        Ok(Value::Object(line).to_string())
    })
}

/// The module `tabula._tabula`.
#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(parse_player, m)?)?;
    m.add_function(wrap_pyfunction!(decide, m)?)?;
    m.add_function(wrap_pyfunction!(match_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge_match, m)?)?;
    m.add_function(wrap_pyfunction!(merge_records_json, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("TabulaError", py.get_type::<TabulaError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("BadOptionError", py.get_type::<BadOptionError>())?;
    m.add("BadMoveError", py.get_type::<BadMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("BadPositionError", py.get_type::<BadPositionError>())?;
    m.add("BadPlayerError", py.get_type::<BadPlayerError>())?;
    Ok(())
}
