//! Errors as the API reports them: a 4xx status and a JSON body saying what was wrong.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tabula_core::Error;

/// An error reply: status, a short kind and a sentence for people.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    kind: &'static str,
    message: String,
    line: Option<usize>,
}

impl ApiError {
    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 409: the request does not fit the match's current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }

    /// 403: the request may not do this (no seat token, or the wrong one).
    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 400: a record that cannot be read, with the line of the problem.
    pub fn bad_record(line: usize, message: impl Into<String>) -> Self {
        ApiError { line: Some(line), ..ApiError::new(StatusCode::BAD_REQUEST, "bad_record", message) }
    }

    /// 500: the store failed; nothing was changed.
    pub fn storage(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", message)
    }

    /// 503: too busy to take this on now.
    pub fn busy(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
    }

    /// 429: this client asked too often; try again later.
    pub fn rate_limited(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
    }

    /// 421: the request names a host this server is not (see `hosts.rs`).
    pub fn wrong_host(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::MISDIRECTED_REQUEST, "wrong_host", message)
    }

    /// An error of any status, with the kind that status stands for: what a
    /// reply that the framework made (413, 405, …) becomes, so that every
    /// error of the API is JSON.
    pub fn of_status(status: StatusCode, message: impl Into<String>) -> Self {
        let kind = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::FORBIDDEN => "forbidden",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::REQUEST_TIMEOUT => "timeout",
            StatusCode::CONFLICT => "conflict",
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad_request",
            StatusCode::TOO_MANY_REQUESTS => "rate_limited",
            StatusCode::SERVICE_UNAVAILABLE => "busy",
            s if s.is_server_error() => "server",
            _ => "bad_request",
        };
        ApiError::new(status, kind, message)
    }

    fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, kind, message: message.into(), line: None }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The short kind (`forbidden`, `illegal_move`, …).
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The sentence for people.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        let status = match e {
            Error::UnknownGame(_) => StatusCode::NOT_FOUND,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError { status, kind: e.kind(), message: e.message().to_string(), line: None }
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        match e {
            crate::store::StoreError::Failed(message) => ApiError::storage(message),
            crate::store::StoreError::Conflict => {
                ApiError::conflict("the match changed meanwhile (a move was played first): nothing was changed")
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.kind, "message": self.message });
        if let Some(line) = self.line {
            body["line"] = json!(line);
        }
        (self.status, Json(body)).into_response()
    }
}

/// The longest framework-made error text carried over into a JSON message.
const MAX_CARRIED_TEXT: usize = 300;

/// Turns every error reply of the API that is not JSON yet (a body too
/// large, a method the route lacks, a WebSocket route asked without an
/// upgrade, a body that arrived too slowly…) into `{"error", "message"}`.
pub async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4 * MAX_CARRIED_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().chars().take(MAX_CARRIED_TEXT).collect::<String>())
        .unwrap_or_default();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large (see docs/api.md for the limits)".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => {
            format!("this route does not take {method}; its Allow header says what it takes")
        }
        _ if text.is_empty() => status.canonical_reason().unwrap_or("error").to_lowercase(),
        _ => text,
    };
    let mut reply = ApiError::of_status(status, message).into_response();
    for name in [axum::http::header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            reply.headers_mut().insert(name, value.clone());
        }
    }
    reply
}
