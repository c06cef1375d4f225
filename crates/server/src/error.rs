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
}

impl ApiError {
    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, kind: "bad_request", message: message.into() }
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, kind: "not_found", message: message.into() }
    }

    /// 409: the request does not fit the match's current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::CONFLICT, kind: "conflict", message: message.into() }
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        let status = match e {
            Error::UnknownGame(_) => StatusCode::NOT_FOUND,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError { status, kind: e.kind(), message: e.message().to_string() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.kind, "message": self.message }))).into_response()
    }
}
