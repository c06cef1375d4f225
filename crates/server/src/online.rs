//! Live updates over a WebSocket (`GET /api/matches/{id}/live`).
//!
//! The client's first message says who it is: `{"type": "hello", "token":
//! "<seat token>"}` (no token: a spectator). The server answers with the
//! match view and sends a new one after every change (a move, a seat taken,
//! a player connecting or leaving, the end of the game):
//! `{"type": "view", "view": {…}}`. A player may also move over the socket:
//! `{"type": "move", "move": "c4", "ply": 12}`, or resign:
//! `{"type": "resign"}`; a refused request gets `{"type": "error", "error":
//! kind, "message": …}` and changes nothing. `{"type": "ping"}` gets
//! `{"type": "pong"}`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::matches::{Slot, Watching};
use crate::views::view_message;
use crate::AppState;

/// The largest message a client may send.
const MAX_MESSAGE: usize = 8 * 1024;
/// How long the server waits for the hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// How often the server pings, so dead connections are noticed.
const PING_EVERY: Duration = Duration::from_secs(20);

/// Upgrades to a WebSocket for the match (404 first if there is no such match).
pub async fn live(
    ws: WebSocketUpgrade,
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state.matches.slot(&id).await?;
    Ok(ws
        // Messages from clients are small; a small read buffer saves zeroing a large one on every read.
        .read_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| session(socket, state, id)))
}

fn text(value: Value) -> Message {
    Message::Text(value.to_string().into())
}

fn error_message(e: &ApiError) -> Message {
    text(json!({ "type": "error", "error": e.kind(), "message": e.message() }))
}

/// Ends the watch when the connection ends, however it ends.
struct Presence {
    state: Arc<AppState>,
    slot: Arc<Slot>,
    seat: Option<usize>,
}

impl Drop for Presence {
    fn drop(&mut self) {
        if self.seat.is_none() {
            return;
        }
        let (state, slot, seat) = (self.state.clone(), self.slot.clone(), self.seat);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { state.matches.unwatch(&slot, seat).await });
        }
    }
}

async fn session(mut socket: WebSocket, state: Arc<AppState>, id: String) {
    // Who is this?
    let token = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<Value>(t.as_str()) {
            Ok(v) if v["type"] == "hello" => v["token"].as_str().map(str::to_string),
            _ => {
                let _ = socket
                    .send(error_message(&ApiError::bad_request(
                        "the first message must be {\"type\": \"hello\", \"token\": …}",
                    )))
                    .await;
                return;
            }
        },
        _ => return,
    };
    let Watching { slot, seat, mut rx, view: first } = match state.matches.watch(&id, token.as_deref()).await {
        Ok(w) => w,
        Err(e) => {
            let _ = socket.send(error_message(&e)).await;
            let _ = socket.send(Message::Close(Some(CloseFrame { code: 4403, reason: e.kind().into() }))).await;
            return;
        }
    };
    let _presence = Presence { state: state.clone(), slot, seat };
    if socket.send(Message::Text(view_message(&first).into())).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            changed = rx.changed() => {
                if changed.is_err() {
                    break;
                }
                let message = rx.borrow_and_update().for_seat(seat).to_string();
                if message.is_empty() {
                    continue;
                }
                if socket.send(Message::Text(message.into())).await.is_err() {
                    break;
                }
            }
            msg = socket.recv() => {
                let reply = match msg {
                    Some(Ok(Message::Text(t))) => handle(&state, &id, token.as_deref(), t.as_str()).await,
                    Some(Ok(Message::Binary(_))) => Some(error_message(&ApiError::bad_request("messages are JSON text"))),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                if let Some(reply) = reply {
                    if socket.send(reply).await.is_err() {
                        break;
                    }
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// Answers one message from a client (a move, a resignation, a ping).
async fn handle(state: &AppState, id: &str, token: Option<&str>, message: &str) -> Option<Message> {
    let Ok(v) = serde_json::from_str::<Value>(message) else {
        return Some(error_message(&ApiError::bad_request("messages are JSON objects with a \"type\"")));
    };
    let outcome = match v["type"].as_str() {
        Some("move") => {
            let Some(mv) = v["move"].as_str().filter(|m| !m.is_empty() && m.len() <= 200) else {
                return Some(error_message(&ApiError::bad_request(
                    "a move message needs \"move\": the move in notation",
                )));
            };
            let ply = v["ply"].as_u64().map(|p| p as usize);
            state.matches.play_and(id, token, mv, ply, false).await.map(|_| ())
        }
        Some("resign") => state.matches.resign(id, token).await.map(|_| ()),
        Some("ping") => return Some(text(json!({ "type": "pong" }))),
        Some("hello") => Err(ApiError::bad_request("hello is said once, first")),
        _ => Err(ApiError::bad_request("unknown message type: use move, resign or ping")),
    };
    match outcome {
        Ok(()) => None,
        Err(e) => {
            let mut reply = json!({ "type": "error", "error": e.kind(), "message": e.message() });
            if let Some(ply) = v.get("ply") {
                reply["ply"] = ply.clone();
            }
            Some(text(reply))
        }
    }
}
