//! Tabula's games and engines for WebAssembly: what a page in the browser
//! (or a Web Worker) asks of the rules and the computer players, bound with
//! wasm-bindgen. This crate only binds: every rule and search is the native
//! code of `tabula-games` and `tabula-search`, built without threads.
//!
//! Every function takes the game by its slug, its options as a JSON object
//! (`{"seed": "7", "size": "5"}`; numbers and booleans are taken as their
//! text) and an optional position text, and throws a JavaScript `Error`
//! whose message is the same sentence the server and the command line give.

mod local;

use std::collections::BTreeMap;

use serde_json::{json, Value};
use tabula_core::{Error, Options};
use tabula_games::{find, registry};
use tabula_search::{AnyGame, PlayerSpec};
use wasm_bindgen::prelude::*;

pub use local::LocalMatch;

/// Turns a workspace error into a JavaScript `Error` with its sentence.
fn js(err: Error) -> JsError {
    JsError::new(err.message())
}

/// The options of a JSON object as texts (`{"size": 5}` gives `size` = `5`).
pub(crate) fn option_texts(json: &str) -> Result<BTreeMap<String, String>, Error> {
    if json.trim().is_empty() {
        return Ok(BTreeMap::new());
    }
    let given: BTreeMap<String, Value> = serde_json::from_str(json)
        .map_err(|e| Error::BadOption(format!("the options must be a JSON object such as {{\"size\": \"5\"}}: {e}")))?;
    tabula_play::option_texts(given)
}

/// The options of a JSON object, as the game reads them.
fn options(json: &str) -> Result<Options, Error> {
    let mut opts = Options::new();
    for (key, text) in option_texts(json)? {
        opts.set(&key, &text);
    }
    Ok(opts)
}

/// The game `slug` at its start for `options_json`, or at `position` (a position text).
fn start(slug: &str, options_json: &str, position: Option<String>) -> Result<Box<dyn AnyGame>, Error> {
    let entry = find(slug)?;
    match position.filter(|p| !p.trim().is_empty()) {
        Some(text) => entry.from_text(&text),
        None => entry.create(&options(options_json)?),
    }
}

/// The slugs of every game, in catalog order, as a JSON array.
#[wasm_bindgen]
pub fn games() -> String {
    Value::from(registry().iter().map(|e| e.info().slug).collect::<Vec<_>>()).to_string()
}

/// The number of move sequences of `depth` moves from the position (perft).
/// A number, exact up to 2^53.
#[wasm_bindgen]
pub fn perft(slug: &str, options_json: &str, position: Option<String>, depth: u32) -> Result<f64, JsError> {
    Ok(start(slug, options_json, position).map_err(js)?.perft(depth) as f64)
}

/// The position after `moves` (notation, separated by spaces) as JSON: its
/// text, the seat to move, its legal moves with the game's annotations, the
/// game's own fields for drawing it, and the result once it is over.
#[wasm_bindgen]
pub fn position(slug: &str, options_json: &str, position: Option<String>, moves: &str) -> Result<String, JsError> {
    let mut game = start(slug, options_json, position).map_err(js)?;
    for mv in moves.split_whitespace() {
        game.play_text(mv).map_err(js)?;
    }
    let legal: Vec<Value> =
        game.move_views().into_iter().map(|(mv, info)| json!({ "move": mv, "info": info })).collect();
    let result =
        game.outcome().map(|o| json!({ "winner": o.winner().map(|s| s.index()), "reason": game.outcome_reason() }));
    Ok(json!({
        "position": game.to_text(),
        "side_to_move": game.side_to_move().index(),
        "moves": legal,
        "state": game.view(),
        "result": result,
    })
    .to_string())
}

/// What the computer player `player` (a player spec, e.g. `ab:depth=4` or
/// `level:easy`) plays in the position, as JSON: the move, its score, the
/// depth reached, the positions visited, whether the score is exact, the
/// expected line and the time taken in milliseconds. `seed` fixes its random
/// choices (the page draws it from `crypto.getRandomValues`).
#[wasm_bindgen]
pub fn think(
    slug: &str,
    options_json: &str,
    position: Option<String>,
    player: &str,
    seed: u32,
) -> Result<String, JsError> {
    let game = start(slug, options_json, position).map_err(js)?;
    let spec = PlayerSpec::parse(player, game.info()).map_err(js)?;
    let decision = game
        .new_player(&spec, u64::from(seed))
        .choose(game.as_ref())
        .map_err(js)?
        .ok_or_else(|| JsError::new("the game is over: there is no move to choose"))?;
    Ok(json!({
        "move": decision.mv,
        "score": decision.score,
        "depth": decision.depth,
        "nodes": decision.nodes,
        "exact": decision.exact,
        "pv": decision.pv,
        "elapsed_ms": decision.elapsed.as_secs_f64() * 1000.0,
    })
    .to_string())
}

/// The rules answered without a match, as `POST /api/positions` answers:
/// `request_json` is that request's body; the reply is its JSON.
#[wasm_bindgen]
pub fn describe_positions(request_json: &str) -> Result<String, JsError> {
    let mut request: tabula_play::positions::PositionRequest =
        serde_json::from_str(request_json).map_err(|e| JsError::new(&format!("the request is not understood: {e}")))?;
    let options = tabula_play::option_texts(std::mem::take(&mut request.options)).map_err(js)?;
    let reply = tabula_play::positions::answer(request, options).map_err(js)?;
    serde_json::to_string(&reply).map_err(|e| JsError::new(&e.to_string()))
}

/// Panics on purpose: the pages' tests check that a crash of the engine in
/// its worker is reported, the worker restarted and the game kept.
#[wasm_bindgen]
pub fn panic_for_test() {
    panic!("a panic asked for by a test");
}
