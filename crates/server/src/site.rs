//! The portal as static files (`tabula site DIR`): every page, script, style
//! and the browser's engine, as the server would send them, written into a
//! folder that any static file server can serve. There every local game is
//! played in the browser (its rules and engines are the WebAssembly engine);
//! the pages know they have no Tabula server behind them (a
//! `<meta name="tabula-static">` tag), so online play says that it needs one,
//! and they keep no offline copy (that is the served portal's).
//!
//! Pages go to `play/<slug>/index.html` and so on, so that a static server
//! answers `/play/<slug>/` with a page (and `/play/<slug>` with a redirect to
//! it); the list of games is `api/games`, which the pages read as JSON.

use std::path::{Path, PathBuf};

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use tabula_games::registry;
use tower::ServiceExt;

use crate::assets::with_head_tag;
use crate::{app_state, router, Config};

/// The tag that tells a page it is served as static files.
const STATIC_TAG: &str = "<meta name=\"tabula-static\" content=\"\">";

/// The largest file the site may hold (the engine is under 2 MiB).
const MAX_FILE: usize = 32 << 20;

/// Writes the portal into `dir` (made if missing), with the web files of
/// `web_dir` if given; returns the paths written, relative to `dir`.
///
/// # Errors
/// A page the server would not give, or a file that cannot be written, in a sentence.
pub async fn write_site(dir: &Path, web_dir: Option<PathBuf>) -> Result<Vec<PathBuf>, String> {
    let addresses = {
        let slugs: Vec<&str> = registry().iter().map(|entry| entry.info().slug).collect();
        crate::offline::kept_addresses(web_dir.as_deref(), &slugs)
    };
    let app = router(app_state(Config { web_dir, ..Config::default() }));
    let mut written = Vec::new();
    for address in addresses {
        let request = Request::builder()
            .uri(&address)
            .header(header::HOST, "localhost")
            .body(Body::empty())
            .map_err(|e| format!("{address}: {e}"))?;
        let response = app.clone().oneshot(request).await.map_err(|e| format!("{address}: {e}"))?;
        if response.status() != StatusCode::OK {
            return Err(format!("the server answered {} for {address}", response.status()));
        }
        let is_page = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("text/html"));
        let body = to_bytes(response.into_body(), MAX_FILE).await.map_err(|e| format!("{address}: {e}"))?;
        let body = if is_page { with_head_tag(body.to_vec(), STATIC_TAG) } else { body.to_vec() };
        let file = file_for(&address, is_page);
        let path = dir.join(&file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, body).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(file);
    }
    Ok(written)
}

/// Where an address's file goes: a page into its folder's `index.html`, anything else as named.
fn file_for(address: &str, is_page: bool) -> PathBuf {
    let relative = address.trim_start_matches('/');
    if is_page {
        Path::new(relative).join("index.html")
    } else {
        PathBuf::from(relative)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_go_into_their_folders_and_files_keep_their_names() {
        assert_eq!(file_for("/", true), PathBuf::from("index.html"));
        assert_eq!(file_for("/play/leeward", true), PathBuf::from("play/leeward/index.html"));
        assert_eq!(file_for("/api/games", false), PathBuf::from("api/games"));
        assert_eq!(file_for("/static/shell/api.js", false), PathBuf::from("static/shell/api.js"));
    }

    #[test]
    fn a_page_is_told_it_is_static() {
        let page = b"<!doctype html><html><head><meta charset=\"utf-8\"><title>x</title></head></html>";
        let tagged = String::from_utf8(with_head_tag(page.to_vec(), STATIC_TAG)).unwrap();
        assert!(tagged.contains("<meta charset=\"utf-8\">\n  <meta name=\"tabula-static\" content=\"\"><title>"));
    }

    #[tokio::test]
    async fn the_whole_portal_is_written() {
        let dir = std::env::temp_dir().join(format!("tabula-site-test-{}", std::process::id()));
        let written = write_site(&dir, None).await.unwrap();
        for file in
            ["index.html", "matches/index.html", "play/seesaw/index.html", "rules/piracy/index.html", "api/games"]
        {
            assert!(written.contains(&PathBuf::from(file)), "{file} is written");
        }
        let page = std::fs::read_to_string(dir.join("play/warp-weft/index.html")).unwrap();
        assert!(page.contains(STATIC_TAG));
        let games: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("api/games")).unwrap()).unwrap();
        assert_eq!(games["games"].as_array().map(Vec::len), Some(registry().len()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
