//! The HTTP routes: the JSON API and the pages (see docs/api.md).

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tabula_core::Options;
use tabula_games::{find, registry};
use tabula_search::Bounds;

use crate::compute::{CancelOnDrop, Reservation};
use crate::error::{self, ApiError};
use crate::hosts::Refusal;
use crate::matches::{clean_name, Match};
use crate::store::ListStatus;
use crate::views::MatchView;
use crate::{analysis, assets, clock, online, positions, rate_limit, records, secret, AppState};

/// The largest request body accepted.
const MAX_BODY: usize = 64 * 1024;
/// The largest record text accepted by `POST /api/records`.
const MAX_RECORD_BODY: usize = 256 * 1024;
/// The longest player spec, move or position text in a request.
const MAX_FIELD: usize = 200;
const MAX_POSITION: usize = 10_000;

type Shared = State<Arc<AppState>>;

/// Every route of the portal.
pub fn router(state: Arc<AppState>) -> Router {
    let new_matches = rate_limit::layer(&state.limiters.0, "new matches");
    let imports = rate_limit::layer(&state.limiters.1, "imported records");
    Router::new()
        .route("/api/games", get(catalog))
        .route("/api/positions", post(describe_positions))
        .route("/api/matches", post(create_match).layer(new_matches).get(list_matches))
        .route("/api/matches/{id}", get(get_match).delete(delete_match))
        .route("/api/matches/{id}/moves", post(play_move))
        .route("/api/matches/{id}/undo", post(undo))
        .route("/api/matches/{id}/computer-move", post(computer_move))
        .route("/api/matches/{id}/join", post(join))
        .route("/api/matches/{id}/resign", post(resign))
        .route("/api/matches/{id}/live", get(online::live))
        .route("/api/matches/{id}/at/{ply}", get(view_at))
        .route("/api/matches/{id}/analysis", get(analyse))
        .route("/api/matches/{id}/solve", get(solve))
        .route("/api/matches/{id}/record", get(export_record))
        .route(
            "/api/records",
            post(import_records).layer::<_, Infallible>(DefaultBodyLimit::max(MAX_RECORD_BODY)).layer(imports),
        )
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/", get(home))
        .route("/matches", get(matches_page))
        .route("/play/{slug}", get(play_page))
        .route("/rules/{slug}", get(rules_page))
        .route("/static/{*path}", get(static_file))
        .route("/service-worker.js", get(service_worker))
        .fallback(|| async { assets::not_found_page() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&state), known_hosts_only))
        .layer(axum::middleware::from_fn(error::json_errors))
        .layer(axum::middleware::map_response(safety_headers))
        .with_state(state)
}

/// What a portal page may load and run: only the portal's own scripts,
/// styles, images and connections (its live WebSocket included), the
/// browser's engine compiled from its own WebAssembly, nothing inline, no
/// plug-ins, no framing. The favicon is a `data:` image.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// [`CONTENT_SECURITY_POLICY`] that also lets the inline scripts whose
/// sources (`'sha256-…'`) are given run: a page's import map, and nothing else.
pub fn content_security_policy(script_sources: &[&str]) -> String {
    let mut allowed = String::from("script-src 'self' 'wasm-unsafe-eval'");
    for source in script_sources {
        allowed.push(' ');
        allowed.push_str(source);
    }
    CONTENT_SECURITY_POLICY.replacen("script-src 'self' 'wasm-unsafe-eval'", &allowed, 1)
}

/// Headers on every reply: a Content Security Policy (a page's own, which
/// names its import map, or else the portal's), no content sniffing, no
/// framing by other sites, and no Referer (addresses may hold invitations).
async fn safety_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}

/// Serves only requests for this server's own names, and takes changes
/// only from its own pages (see `hosts.rs`): DNS rebinding and pages of
/// other sites are refused.
async fn known_hosts_only(
    State(state): Shared,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match state.hosts.check(request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(Refusal::Host(host)) => ApiError::wrong_host(format!(
            "this server does not answer to the host '{host}' (start it with --public-url to serve a public address)"
        ))
        .into_response(),
        Err(Refusal::Origin(origin)) => {
            ApiError::forbidden(format!("requests from other sites' pages are refused (origin '{origin}')"))
                .into_response()
        }
    }
}

/// Reads a JSON body, turning every kind of bad body into a JSON 400.
fn parse_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    if body.is_empty() {
        return Err(ApiError::bad_request("the request needs a JSON body"));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("the JSON body is not as expected: {e}")))
}

/// The seat token of a request: `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    Some(token.chars().take(100).collect())
}

async fn catalog() -> Response {
    // The same for every visitor and for the life of the process: made once, then served as it is.
    static BODY: std::sync::OnceLock<Bytes> = std::sync::OnceLock::new();
    let body = BODY.get_or_init(|| Bytes::from(catalog_json().to_string()));
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body.clone()).into_response()
}

/// The catalog's JSON: every game's name, sides, options, levels and start position.
fn catalog_json() -> Value {
    let games: Vec<Value> = registry()
        .iter()
        .map(|entry| {
            let info = entry.info();
            let start_game = entry.create(&Options::new()).ok();
            let start = start_game.as_ref().map_or(Value::Null, |g| g.view());
            // The first moves with their annotations, so a card can mark them without knowing the rules.
            let start_moves: Vec<Value> = start_game
                .as_ref()
                .map(|g| g.move_views().into_iter().map(|(mv, info)| json!({ "move": mv, "info": info })).collect())
                .unwrap_or_default();
            json!({
                "slug": info.slug,
                "name": info.name,
                "tagline": info.tagline,
                "category": info.category,
                "origin": info.origin,
                "sides": info.sides,
                "options": info.options.iter().map(|o| json!({
                    "key": o.key, "default": o.default, "choices": o.choices, "help": o.help,
                })).collect::<Vec<_>>(),
                "levels": info.levels.iter().map(|l| json!({
                    "key": l.key, "name": l.name, "about": l.about,
                })).collect::<Vec<_>>(),
                "start": start,
                "start_moves": start_moves,
            })
        })
        .collect();
    json!({ "games": games })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMatch {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    players: Vec<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    names: Vec<Option<String>>,
    #[serde(default)]
    online: Option<OnlineRequest>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OnlineRequest {
    /// The creator's seat (0 or 1; 0 if left out).
    #[serde(default)]
    seat: Option<usize>,
    /// The creator's name.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    clock: Option<ClockRequest>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockRequest {
    /// Seconds each side starts with.
    initial: f64,
    /// Seconds added after each move.
    #[serde(default)]
    increment: f64,
}

async fn create_match(State(state): Shared, body: Bytes) -> Result<Response, ApiError> {
    let req: NewMatch = parse_body(&body)?;
    if req.players.len() > 2 || req.names.len() > 2 {
        return Err(ApiError::bad_request("players and names list at most two seats"));
    }
    if req.players.iter().any(|p| p.len() > MAX_FIELD) {
        return Err(ApiError::bad_request(format!("a player is described in at most {MAX_FIELD} characters")));
    }
    if req.position.as_ref().is_some_and(|p| p.len() > MAX_POSITION) {
        return Err(ApiError::bad_request(format!("a position text has at most {MAX_POSITION} characters")));
    }
    let options = option_texts(req.options)?;
    let mut names = [None, None];
    for (i, name) in req.names.iter().enumerate() {
        names[i] = clean_name(name.as_deref())?;
    }
    let id = state.matches.new_id();
    let mut m =
        Match::new(id, &req.game, options, &req.players, req.position.as_deref(), &state.config.limits.envelope)?;
    m.names = names;
    let mut credentials = None;
    if let Some(online) = req.online {
        if m.seats.iter().any(|s| !matches!(s, crate::matches::Seat::Human)) {
            return Err(ApiError::bad_request("an online match is between two people: both players must be \"human\""));
        }
        let seat = online.seat.unwrap_or(0);
        if seat > 1 {
            return Err(ApiError::bad_request("the seat is 0 (the first to move) or 1"));
        }
        let clock = match online.clock {
            Some(c) => Some(clock::settings_from_seconds(c.initial, c.increment).map_err(ApiError::bad_request)?),
            None => None,
        };
        m.names = [None, None];
        m.names[seat] = clean_name(online.name.as_deref())?;
        credentials = Some(m.go_online(seat, clock));
    }
    let seat = credentials.as_ref().map(|c| c.seat);
    let slot = state.matches.insert(m).await?;
    let mut view = slot.lock().await.view(seat);
    view.credentials = credentials;
    start_pondering(&state, &view.id).await;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Options as a request gives them (text, numbers or booleans), as texts.
fn option_texts(given: BTreeMap<String, Value>) -> Result<BTreeMap<String, String>, ApiError> {
    let options = tabula_play::option_texts(given).map_err(|e| ApiError::bad_request(e.message().to_string()))?;
    if options.iter().any(|(key, text)| key.len() > MAX_FIELD || text.len() > MAX_FIELD) {
        return Err(ApiError::bad_request(format!("options have at most {MAX_FIELD} characters")));
    }
    Ok(options)
}

/// `POST /api/positions`: the rules without a match (see `positions.rs`).
async fn describe_positions(State(state): Shared, body: Bytes) -> Result<Json<positions::PositionReply>, ApiError> {
    let mut req: positions::PositionRequest = parse_body(&body)?;
    if req.position.as_ref().is_some_and(|p| p.len() > MAX_POSITION) {
        return Err(ApiError::bad_request(format!("a position text has at most {MAX_POSITION} characters")));
    }
    if req.moves.iter().any(|m| m.len() > MAX_FIELD) {
        return Err(ApiError::bad_request(format!("a move has at most {MAX_FIELD} characters")));
    }
    if req.moves.len() > positions::MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "at most {} moves are replayed in one request",
            positions::MAX_MOVES
        )));
    }
    let options = option_texts(std::mem::take(&mut req.options))?;
    // Replaying up to a long game's moves and describing them is work: off
    // the async threads, and only a few at a time.
    let _turn = state.compute.light_work().await?;
    tokio::task::spawn_blocking(move || positions::answer(req, options))
        .await
        .map_err(|_| ApiError::conflict("the position could not be worked out"))?
        .map(Json)
        .map_err(ApiError::from)
}

/// `DELETE /api/matches/{id}`: an unfinished game on one screen, abandoned.
async fn delete_match(State(state): Shared, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    state.matches.delete(&id).await?;
    Ok(Json(json!({ "deleted": id })))
}

async fn get_match(
    State(state): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<MatchView>, ApiError> {
    Ok(Json(state.matches.view(&id, bearer(&headers).as_deref()).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
    /// How many moves the mover saw played (optional; a move sent twice is then refused).
    #[serde(default)]
    ply: Option<usize>,
}

async fn play_move(
    State(state): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<MatchView>, ApiError> {
    let req: MoveRequest = parse_body(&body)?;
    if req.mv.len() > MAX_FIELD {
        return Err(ApiError::bad_request(format!("a move has at most {MAX_FIELD} characters")));
    }
    Ok(Json(state.matches.play(&id, bearer(&headers).as_deref(), &req.mv, req.ply).await?))
}

async fn undo(State(state): Shared, Path(id): Path<String>) -> Result<Json<MatchView>, ApiError> {
    Ok(Json(state.matches.undo(&id).await?))
}

/// Reserves `mib` MiB of the compute pool's memory, dropping kept tables if need be.
fn reserve(state: &AppState, mib: usize) -> Result<Reservation, ApiError> {
    state.compute.reserve(mib, &[&state.players, &state.solvers])
}

async fn computer_move(State(state): Shared, Path(id): Path<String>) -> Result<Json<MatchView>, ApiError> {
    // Cancelled when this request is dropped (its connection closed) or the match moves on.
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let (game, spec, version) = state.matches.computer_to_think(&id, &cancel).await?;
    let envelope = state.config.limits.envelope;
    // A match stored by an older, more generous server is held to today's limits.
    envelope.check(&spec).map_err(|e| ApiError::conflict(e.message().to_string()))?;
    let seed = game.hash() ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // The player that made this seat's last move, if it is still kept: its
    // table already holds much of this position's search.
    let key = player_key(&id, game.side_to_move().index(), &spec);
    let job = state.compute.start(spec.threads()).await?;
    // A player thinking on the person's time was stopped by their move: it
    // is kept again in a moment, with what it learned.
    for _ in 0..PONDER_HANDBACK_CHECKS {
        if !state.pondering.lock().unwrap_or_else(|p| p.into_inner()).contains(&key) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (mut player, memory) = match state.players.take(&key) {
        Some(kept) => kept,
        None => (game.new_player(&spec, seed), reserve(&state, spec.memory_mib(game.solver_table_mib()))?),
    };
    let worker = Arc::clone(&state);
    let bounds = Bounds::within(envelope.max_time).cancelled_by(Arc::clone(&cancel));
    let decision = tokio::task::spawn_blocking(move || {
        player.reseed(seed);
        player.set_bounds(bounds);
        let decision = player.choose(game.as_ref());
        worker.players.keep(key, player, memory);
        drop(job);
        decision
    })
    .await
    .map_err(|_| ApiError::conflict("the computer could not finish thinking"))?
    .map_err(|e| ApiError::conflict(format!("the computer could not choose a move: {e}")))?
    .ok_or_else(|| ApiError::conflict("the game is over"))?;
    // A match that moved on meanwhile refuses the decision (its version changed).
    let view = state.matches.computer_played(&id, version, decision).await?;
    start_pondering(&state, &id).await;
    Ok(Json(view))
}

/// How many times (10 ms apart) a computer move waits for its player to
/// come back from thinking on the person's time.
const PONDER_HANDBACK_CHECKS: usize = 100;

/// The key a computer player is kept under: its match, seat and spec.
fn player_key(id: &str, seat: usize, spec: &tabula_search::PlayerSpec) -> String {
    format!("{id}/{seat}/{spec}")
}

/// Lets the computer seat of match `id` think while the person to move
/// does, if it solves the game exactly (see `Player::ponder`): on threads
/// that are free, stopped as soon as the person moves or someone else needs
/// the threads, and bounded like any computation. Its table is kept for its
/// next move.
async fn start_pondering(state: &Arc<AppState>, id: &str) {
    let Some(background) = state.compute.try_background(tabula_search::SOLVER_THREADS) else {
        return;
    };
    let Some((game, spec, seat)) = state.matches.ponder_target(id, &background.cancel).await else {
        return;
    };
    let key = player_key(id, seat, &spec);
    let (mut player, memory) = match state.players.take(&key) {
        Some(kept) => kept,
        None => match reserve(state, spec.memory_mib(game.solver_table_mib())) {
            Ok(memory) => (game.new_player(&spec, game.hash()), memory),
            Err(_) => return,
        },
    };
    state.pondering.lock().unwrap_or_else(|p| p.into_inner()).insert(key.clone());
    let bounds = Bounds::within(state.config.limits.envelope.max_time).cancelled_by(Arc::clone(&background.cancel));
    let worker = Arc::clone(state);
    tokio::task::spawn_blocking(move || {
        player.set_bounds(bounds);
        player.ponder(game.as_ref());
        worker.players.keep(key.clone(), player, memory);
        worker.pondering.lock().unwrap_or_else(|p| p.into_inner()).remove(&key);
        drop(background);
    });
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    invite: String,
    #[serde(default)]
    name: Option<String>,
}

async fn join(State(state): Shared, Path(id): Path<String>, body: Bytes) -> Result<Json<MatchView>, ApiError> {
    let req: JoinRequest = parse_body(&body)?;
    if !secret::looks_like_token(&req.invite) {
        return Err(ApiError::forbidden("this invitation is not valid for this match"));
    }
    let name = clean_name(req.name.as_deref())?;
    let (credentials, mut view) = state.matches.join(&id, &req.invite, name).await?;
    view.credentials = Some(credentials);
    Ok(Json(view))
}

async fn resign(State(state): Shared, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<MatchView>, ApiError> {
    Ok(Json(state.matches.resign(&id, bearer(&headers).as_deref()).await?))
}

async fn view_at(State(state): Shared, Path((id, ply)): Path<(String, String)>) -> Result<Json<MatchView>, ApiError> {
    let ply: usize = ply.parse().map_err(|_| ApiError::bad_request(format!("'{ply}' is not a move number")))?;
    Ok(Json(state.matches.with(&id, |m| m.view_at(ply)).await??))
}

async fn analyse(State(state): Shared, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let (start, moves, id_key) = state
        .matches
        .with(&id, |m| {
            if m.online.is_some() && !m.is_over() {
                // No engine help for anyone while an online game is being played.
                return Err(ApiError::conflict("the engine looks at an online game once it is over"));
            }
            Ok((m.start_game()?, m.game.history(), m.id.clone()))
        })
        .await??;
    if let Some(done) = state.matches.store().analysis(&id_key, moves.len()).await? {
        return Ok(Json(done));
    }
    let wait = analysis::max_duration(moves.len()) * 4;
    let _permit = tokio::time::timeout(wait, state.analysis_permit.acquire())
        .await
        .map_err(|_| ApiError::busy("the engine is busy with other analyses; try again in a moment"))?
        .map_err(|_| ApiError::busy("the engine is not available"))?;
    // Someone may have finished the same analysis while this one waited.
    if let Some(done) = state.matches.store().analysis(&id_key, moves.len()).await? {
        return Ok(Json(done));
    }
    let plies = moves.len();
    let job = state.compute.start(1).await?;
    let memory = reserve(&state, analysis::TABLE_MIB)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let result = tokio::task::spawn_blocking(move || {
        let result = analysis::analyse(start, &moves, &cancel);
        drop((job, memory));
        result
    })
    .await
    .map_err(|_| ApiError::conflict("the engine stopped before the analysis was done"))?
    .map_err(ApiError::conflict)?;
    state.matches.store().save_analysis(&id_key, plies, &result).await?;
    Ok(Json(result))
}

/// How long a hint's exact solve may take by default, and at most.
const SOLVE_DEFAULT_MS: u64 = 1500;
const SOLVE_MAX_MS: u64 = 5000;

/// `GET /api/matches/{id}/solve[?ms=N]`: each legal move's exact value with
/// best play ("wins by 3.5"), for games with an exact solver, when it
/// finishes within the time given. The match's solver keeps its table, so
/// once one position is solved the rest of the game is answered at once.
async fn solve(
    State(state): Shared,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let mut ms = SOLVE_DEFAULT_MS;
    for pair in query.as_deref().unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "ms" => {
                ms = value.parse::<u64>().ok().filter(|&n| (1..=SOLVE_MAX_MS).contains(&n)).ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "ms is the time the solver may take, 1 to {SOLVE_MAX_MS} milliseconds, not '{value}'"
                    ))
                })?;
            }
            other => return Err(ApiError::bad_request(format!("unknown query parameter '{other}' (known: ms)"))),
        }
    }
    let (game, version, ply, over, key) = state
        .matches
        .with(&id, |m| {
            if m.online.is_some() && !m.is_over() {
                return Err(ApiError::conflict("no engine help while an online game is being played"));
            }
            Ok((m.game.clone_box(), m.version, m.game.history().len(), m.is_over(), m.id.clone()))
        })
        .await??;
    let unsolved =
        |reason: &str| Json(json!({ "version": version, "ply": ply, "solved": false, "reason": reason, "moves": [] }));
    if over {
        return Ok(unsolved("the game is over"));
    }
    let limit = std::time::Duration::from_millis(ms);
    let Ok(Ok(_permit)) = tokio::time::timeout(limit, state.solve_permit.acquire()).await else {
        return Ok(unsolved("the solver is busy with another game"));
    };
    // A full pool is answered like a busy solver: hints are a courtesy.
    let Ok(job) = state.compute.start(tabula_search::SOLVER_THREADS).await else {
        return Ok(unsolved("the server is busy thinking for others"));
    };
    let (mut memory, reservation) = match state.solvers.take(&key) {
        Some(kept) => kept,
        None => match reserve(&state, game.solver_table_mib()) {
            Ok(reservation) => (None, reservation),
            Err(_) => return Ok(unsolved("the server's memory is taken by other computations")),
        },
    };
    let worker = Arc::clone(&state);
    // Stopped when the page stops waiting (its request is dropped).
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let values = tokio::task::spawn_blocking(move || {
        let values = game.solve_moves(Some(limit), Some(&cancel), &mut memory);
        worker.solvers.keep(key, memory, reservation);
        drop(job);
        values
    })
    .await
    .map_err(|_| ApiError::conflict("the solver stopped before it was done"))?;
    let Some(values) = values else {
        return Ok(unsolved("not solved within the time given, or no exact solver for this game"));
    };
    let moves: Vec<Value> =
        values.into_iter().map(|(mv, score, text)| json!({ "move": mv, "score": score, "text": text })).collect();
    Ok(Json(json!({ "version": version, "ply": ply, "solved": true, "moves": moves })))
}

async fn export_record(State(state): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let record = state.matches.with(&id, |m| records::write(&m.record())).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], record)
        .into_response())
}

async fn import_records(State(state): Shared, body: Bytes) -> Result<(StatusCode, Json<Value>), ApiError> {
    let text = std::str::from_utf8(&body).map_err(|_| ApiError::bad_request("a record is UTF-8 text"))?;
    let recs = records::read(text).map_err(|e| ApiError::bad_record(e.line, e.to_string()))?;
    let stored: Vec<_> = recs.iter().map(|r| records::to_stored(r, state.matches.new_id())).collect();
    state.matches.store().insert_all(&stored).await?;
    let imported: Vec<Value> = stored
        .iter()
        .map(|m| {
            json!({
                "id": m.row.id,
                "game": m.row.game,
                "plies": m.moves.len(),
                "result": m.row.result.as_ref().map(|r| json!({ "winner": r.winner, "reason": r.reason })),
            })
        })
        .collect();
    Ok((StatusCode::CREATED, Json(json!({ "imported": imported }))))
}

async fn list_matches(State(state): Shared, RawQuery(query): RawQuery) -> Result<Json<Value>, ApiError> {
    let mut status = ListStatus::Finished;
    let (mut game, mut limit, mut before) = (None, 30usize, None);
    for pair in query.as_deref().unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "status" => {
                status = match v {
                    "finished" => ListStatus::Finished,
                    "playing" => ListStatus::Playing,
                    _ => return Err(ApiError::bad_request("status is finished or playing")),
                }
            }
            "game" if !v.is_empty() => game = Some(find(v)?.info().slug),
            "game" => {}
            "limit" => {
                limit = v
                    .parse()
                    .ok()
                    .filter(|l| (1..=100).contains(l))
                    .ok_or_else(|| ApiError::bad_request("limit is a number from 1 to 100"))?
            }
            "before" => {
                before = Some(v.parse().map_err(|_| ApiError::bad_request("before is a time in milliseconds"))?)
            }
            _ => {
                return Err(ApiError::bad_request(format!(
                    "unknown query parameter '{}'",
                    k.chars().take(40).collect::<String>()
                )))
            }
        }
    }
    let rows = state.matches.store().list(status, game, limit, before).await?;
    let next = if rows.len() == limit {
        rows.last().map(|s| match status {
            ListStatus::Finished => s.row.finished_at.unwrap_or(0),
            ListStatus::Playing => s.row.updated_at,
        })
    } else {
        None
    };
    let matches: Vec<Value> = rows
        .iter()
        .map(|s| {
            let r = &s.row;
            let (name, sides) = match find(&r.game) {
                Ok(e) => (e.info().name.to_string(), json!(e.info().sides)),
                Err(_) => (r.game.clone(), json!(["First", "Second"])),
            };
            json!({
                "id": r.id,
                "game": r.game,
                "game_name": name,
                "sides": sides,
                "players": r.players,
                "names": r.names,
                "online": r.online,
                "imported": r.imported,
                "plies": s.plies,
                "result": r.result.as_ref().map(|x| json!({ "winner": x.winner, "reason": x.reason })),
                "created_at": r.created_at,
                "updated_at": r.updated_at,
                "finished_at": r.finished_at,
            })
        })
        .collect();
    Ok(Json(json!({ "matches": matches, "next": next })))
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route; see docs/api.md")
}

async fn home(State(state): Shared) -> Response {
    assets::respond(state.config.web_dir.as_deref(), "index.html")
}

async fn matches_page(State(state): Shared) -> Response {
    assets::respond(state.config.web_dir.as_deref(), "matches.html")
}

async fn play_page(State(state): Shared, Path(slug): Path<String>) -> Response {
    let Ok(entry) = find(&slug) else {
        return assets::not_found_page();
    };
    // The page's modules and the game's, fetched together rather than one import after another.
    let dir = state.config.web_dir.as_deref();
    let entries = ["shell/play-page.js".to_string(), format!("games/{}/play.js", entry.info().slug)];
    let tags = crate::page::HeadTags {
        first: assets::engine_start_tags().unwrap_or_default(),
        last: assets::preload_tags(dir, &entries),
    };
    crate::page::respond(dir, "play.html", &tags)
}

async fn rules_page(State(state): Shared, Path(slug): Path<String>) -> Response {
    match find(&slug) {
        Ok(entry) => assets::respond(state.config.web_dir.as_deref(), &format!("rules/{}.html", entry.info().slug)),
        Err(_) => assets::not_found_page(),
    }
}

async fn service_worker(State(state): Shared) -> Response {
    let slugs: Vec<&str> = registry().iter().map(|entry| entry.info().slug).collect();
    crate::offline::service_worker(state.config.web_dir.as_deref(), &slugs)
}

async fn static_file(State(state): Shared, Path(path): Path<String>, headers: HeaderMap) -> Response {
    let gzip = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).is_some_and(assets::accepts_gzip);
    assets::respond_encoded(state.config.web_dir.as_deref(), &path, gzip)
}
