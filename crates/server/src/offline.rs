//! The portal's offline copy: `/service-worker.js` (web/shell/service-worker.js
//! with the portal's version and the list of addresses a browser keeps), so
//! that once a page has been opened, the portal opens again with no network
//! and its local games go on in the browser's engine.

use std::path::Path;
use std::sync::OnceLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::{assets, fingerprint};

/// The web files that are not kept under `/static/`: pages, kept under their own addresses.
fn is_page(path: &str) -> bool {
    path.ends_with(".html")
}

/// Every address a browser keeps: the pages (home, list of games played, each
/// game's play and rules page) and every file under `/static/`, the engine's
/// too, each module and stylesheet under its hashed name (the one pages ask
/// for, see `fingerprint.rs`); `dir` is where the web files are read from.
pub fn kept_addresses(dir: Option<&Path>, slugs: &[&str]) -> Vec<String> {
    let prints = fingerprint::of(dir);
    let mut addresses = vec!["/".to_string(), "/matches".to_string()];
    for slug in slugs {
        addresses.push(format!("/play/{slug}"));
        addresses.push(format!("/rules/{slug}"));
    }
    addresses.push("/api/games".to_string());
    addresses.extend(
        assets::names()
            .filter(|name| !is_page(name) && *name != "shell/service-worker.js")
            .map(|name| format!("/static/{}", prints.hashed(name).unwrap_or(name))),
    );
    addresses
}

/// A hash of every kept file's content: a new version of any of them makes a new
/// worker, which keeps a fresh copy and drops the old one. The engine's files
/// carry their hash in their names already.
fn version(dir: Option<&Path>) -> String {
    let compute = || {
        let mut hash = Sha256::new();
        for name in assets::names() {
            hash.update(name.as_bytes());
            if !name.starts_with("engine/") {
                hash.update(assets::load(dir, name).unwrap_or_default());
            }
        }
        hash.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect::<String>()
    };
    match dir {
        // Files read from a folder may change while the server runs.
        Some(_) => compute(),
        None => {
            static BUILT_IN: OnceLock<String> = OnceLock::new();
            BUILT_IN.get_or_init(compute).clone()
        }
    }
}

/// The service worker's script, preceded by the version and the addresses it keeps.
pub fn service_worker(dir: Option<&Path>, slugs: &[&str]) -> Response {
    let Some(script) = assets::load(dir, "shell/service-worker.js") else {
        return assets::not_found_page();
    };
    let files = serde_json::to_string(&kept_addresses(dir, slugs)).unwrap_or_else(|_| "[]".into());
    let mut body = format!("self.TABULA_VERSION = {:?};\nself.TABULA_FILES = {files};\n", version(dir)).into_bytes();
    body.extend_from_slice(&script);
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            // Browsers look for a new worker on every visit.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_keeps_every_page_and_file_but_the_worker_itself() {
        let kept = kept_addresses(None, &["leeward", "seesaw"]);
        let style = format!("/static/{}", fingerprint::of(None).hashed("shell/style.css").unwrap());
        for page in ["/", "/matches", "/play/leeward", "/rules/seesaw", "/api/games", style.as_str()] {
            assert!(kept.iter().any(|a| a == page), "{page} is kept");
        }
        assert!(!kept.iter().any(|a| a == "/static/shell/style.css"), "under its hashed name only");
        assert!(kept.iter().all(|a| !a.ends_with(".html")), "pages are kept under their addresses");
        assert!(!kept.iter().any(|a| a.ends_with("service-worker.js")));
        if let Some((glue, module)) = assets::ENGINE {
            assert!(kept.contains(&format!("/static/{glue}")) && kept.contains(&format!("/static/{module}")));
        }
    }

    #[test]
    fn the_version_follows_the_files() {
        let dir = std::env::temp_dir().join(format!("tabula-offline-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("shell")).unwrap();
        std::fs::write(dir.join("shell/style.css"), "a{}").unwrap();
        let before = version(Some(&dir));
        assert_eq!(before, version(Some(&dir)), "the same files, the same version");
        std::fs::write(dir.join("shell/style.css"), "b{}").unwrap();
        assert_ne!(before, version(Some(&dir)), "a changed file, a new version");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
