//! The HTTP routes: the JSON API and the pages.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tabula_core::Options;
use tabula_games::{find, registry};

use crate::assets;
use crate::error::ApiError;
use crate::matches::{Match, Seat};
use crate::AppState;

/// The largest request body accepted.
const MAX_BODY: usize = 64 * 1024;

type Shared = State<Arc<AppState>>;

/// Every route of the portal.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/games", get(catalog))
        .route("/api/matches", post(create_match))
        .route("/api/matches/{id}", get(get_match))
        .route("/api/matches/{id}/moves", post(play_move))
        .route("/api/matches/{id}/undo", post(undo))
        .route("/api/matches/{id}/computer-move", post(computer_move))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/", get(home))
        .route("/play/{slug}", get(play_page))
        .route("/rules/{slug}", get(rules_page))
        .route("/static/{*path}", get(static_file))
        .fallback(|| async { assets::not_found_page() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Reads a JSON body, turning every kind of bad body into a JSON 400.
fn parse_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    if body.is_empty() {
        return Err(ApiError::bad_request("the request needs a JSON body"));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("the JSON body is not as expected: {e}")))
}

async fn catalog() -> Json<Value> {
    let games: Vec<Value> = registry()
        .iter()
        .map(|entry| {
            let info = entry.info();
            let start = entry.create(&Options::new()).map(|g| g.view()).unwrap_or(Value::Null);
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
            })
        })
        .collect();
    Json(json!({ "games": games }))
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
}

async fn create_match(State(state): Shared, body: Bytes) -> Result<Response, ApiError> {
    let req: NewMatch = parse_body(&body)?;
    if req.players.len() > 2 {
        return Err(ApiError::bad_request("players lists at most two seats"));
    }
    let mut options = BTreeMap::new();
    for (key, value) in req.options {
        let text = match value {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            other => return Err(ApiError::bad_request(format!("option '{key}' must be text, a number or true/false, not {other}"))),
        };
        options.insert(key, text);
    }
    let id = state.matches.new_id();
    let m = Match::new(id, &req.game, options, &req.players, req.position.as_deref())?;
    let view = m.view();
    state.matches.insert(m);
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

fn missing(id: &str) -> ApiError {
    ApiError::not_found(format!("there is no match '{id}' (it may have ended when the server restarted)"))
}

async fn get_match(State(state): Shared, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    state.matches.with(&id, |m| Json(m.view())).ok_or_else(|| missing(&id))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn play_move(State(state): Shared, Path(id): Path<String>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let req: MoveRequest = parse_body(&body)?;
    state
        .matches
        .with(&id, |m| {
            if m.game.outcome().is_some() {
                return Err(ApiError::conflict("the game is over"));
            }
            if m.computer_to_move() {
                return Err(ApiError::conflict("it is the computer's turn"));
            }
            m.play(&req.mv)?;
            m.last_decision = None;
            Ok(Json(m.view()))
        })
        .ok_or_else(|| missing(&id))?
}

async fn undo(State(state): Shared, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    state
        .matches
        .with(&id, |m| {
            if m.undo() == 0 {
                Err(ApiError::conflict("there is no move of yours to take back"))
            } else {
                Ok(Json(m.view()))
            }
        })
        .ok_or_else(|| missing(&id))?
}

async fn computer_move(State(state): Shared, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let (game, spec, version) = state
        .matches
        .with(&id, |m| {
            if m.game.outcome().is_some() {
                return Err(ApiError::conflict("the game is over"));
            }
            match &m.seats[m.game.side_to_move().index()] {
                Seat::Computer(_, spec) => Ok((m.game.clone_box(), spec.clone(), m.version)),
                Seat::Human => Err(ApiError::conflict("the seat to move is played by a person")),
            }
        })
        .ok_or_else(|| missing(&id))??;
    let seed = game.hash() ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let decision = tokio::task::spawn_blocking(move || game.choose(&spec, seed))
        .await
        .map_err(|_| ApiError::conflict("the computer could not finish thinking"))?
        .ok_or_else(|| ApiError::conflict("the game is over"))?;
    state
        .matches
        .with(&id, |m| {
            if m.version != version {
                return Err(ApiError::conflict("the match changed while the computer was thinking"));
            }
            m.play(&decision.mv)?;
            m.last_decision = Some(decision);
            Ok(Json(m.view()))
        })
        .ok_or_else(|| missing(&id))?
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route; see docs/api.md")
}

async fn home(State(state): Shared) -> Response {
    assets::respond(state.config.web_dir.as_deref(), "index.html")
}

async fn play_page(State(state): Shared, Path(slug): Path<String>) -> Response {
    if find(&slug).is_err() {
        return assets::not_found_page();
    }
    assets::respond(state.config.web_dir.as_deref(), "play.html")
}

async fn rules_page(State(state): Shared, Path(slug): Path<String>) -> Response {
    match find(&slug) {
        Ok(entry) => assets::respond(state.config.web_dir.as_deref(), &format!("rules/{}.html", entry.info().slug)),
        Err(_) => assets::not_found_page(),
    }
}

async fn static_file(State(state): Shared, Path(path): Path<String>) -> Response {
    assets::respond(state.config.web_dir.as_deref(), &path)
}
