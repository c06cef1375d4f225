//! The web pages and their files, built into the binary (or read from a
//! folder while developing), with the browser's engine: its module and glue
//! under content-hashed names (kept by browsers for good), announced to
//! every page by a `<meta name="tabula-engine">` tag, so that local games
//! and the computer run in the player's browser.

use std::path::Path;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The bytes of a web file by its path under `web/`, from `dir` if given
/// (the engine's files always from the binary); a page with the engine's tag.
pub fn load(dir: Option<&Path>, path: &str) -> Option<Vec<u8>> {
    if path.split('/').any(|part| part == ".." || part.is_empty()) || path.contains('\\') {
        return None;
    }
    let bytes = match dir {
        Some(dir) if !path.starts_with("engine/") => std::fs::read(dir.join(path)).ok(),
        _ => ASSETS.iter().find(|(name, _)| *name == path).map(|(_, bytes)| bytes.to_vec()),
    }?;
    Some(if path.ends_with(".html") { with_engine_tag(bytes) } else { bytes })
}

/// The paths under `web/` of every file built into the binary (the engine's included).
pub fn names() -> impl Iterator<Item = &'static str> {
    ASSETS.iter().map(|(name, _)| *name)
}

/// The tag that tells a page where the engine is, if the binary has one.
pub fn engine_tag() -> Option<String> {
    ENGINE.map(|(glue, module)| {
        format!(r#"<meta name="tabula-engine" content="/static/{glue}" data-wasm="/static/{module}">"#)
    })
}

/// A page with [`engine_tag`] put in its head, right after its charset.
fn with_engine_tag(page: Vec<u8>) -> Vec<u8> {
    match engine_tag() {
        Some(tag) => with_head_tag(page, &tag),
        None => page,
    }
}

/// A page with `tag` put in its head, right after its charset (or first in
/// the head); anything that is not such a page comes back as it was.
pub(crate) fn with_head_tag(page: Vec<u8>, tag: &str) -> Vec<u8> {
    let text = match String::from_utf8(page) {
        Ok(text) => text,
        Err(not_text) => return not_text.into_bytes(),
    };
    let at = text
        .find("<meta charset=\"utf-8\">")
        .map(|i| i + "<meta charset=\"utf-8\">".len())
        .or_else(|| text.find("<head>").map(|i| i + 6));
    match at {
        Some(at) => format!("{}\n  {tag}{}", &text[..at], &text[at..]).into_bytes(),
        None => text.into_bytes(),
    }
}

/// Whether a file's name carries a hash of its content (it never changes under that name).
fn is_hashed(path: &str) -> bool {
    path.starts_with("engine/")
}

/// A reply carrying a web file with its content type, or a 404 page.
pub fn respond(dir: Option<&Path>, path: &str) -> Response {
    match load(dir, path) {
        Some(bytes) => {
            let kind = content_type(path);
            let cache = if is_hashed(path) { "public, max-age=31536000, immutable" } else { "no-cache" };
            ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, cache)], bytes).into_response()
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
        "wasm" => "application/wasm",
        "ico" => "image/x-icon",
        "webmanifest" => "application/manifest+json",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
