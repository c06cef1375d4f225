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
        ApiError::storage(e.0)
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
