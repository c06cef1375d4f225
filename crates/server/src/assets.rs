//! The web pages and their files, built into the binary (or read from a
//! folder while developing).

use std::path::Path;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The bytes of a web file by its path under `web/`, from `dir` if given.
pub fn load(dir: Option<&Path>, path: &str) -> Option<Vec<u8>> {
    if path.split('/').any(|part| part == ".." || part.is_empty()) || path.contains('\\') {
        return None;
    }
    match dir {
        Some(dir) => std::fs::read(dir.join(path)).ok(),
        None => ASSETS.iter().find(|(name, _)| *name == path).map(|(_, bytes)| bytes.to_vec()),
    }
}

/// A reply carrying a web file with its content type, or a 404 page.
pub fn respond(dir: Option<&Path>, path: &str) -> Response {
    match load(dir, path) {
        Some(bytes) => {
            let kind = content_type(path);
            ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], bytes).into_response()
        }
        None => not_found_page(),
    }
}

/// The page shown for an address that leads nowhere.
pub fn not_found_page() -> Response {
    let body = "<!doctype html><meta charset=utf-8><title>Not found · Tabula</title>\
        <link rel=stylesheet href=/static/shell/style.css>\
        <main class=notfound><h1>Nothing here</h1><p>That page does not exist. \
        <a href=/>Back to the games</a>.</p></main>";
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
