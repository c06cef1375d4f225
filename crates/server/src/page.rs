//! A page as the server sends it: the HTML file under `web/` with, first in
//! its head, the import map of the hashed addresses (`fingerprint.rs`) and
//! the engine's tag; the tags its route adds (a play page's preloads: the
//! engine's first, its modules' at the end of the head); every address of a
//! module or stylesheet in it turned into its hashed one; and a Content
//! Security Policy that lets its import map, and no other inline script, run.

use std::path::Path;

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::assets;
use crate::fingerprint::Fingerprints;

/// What a route adds to its page's head, besides what every page gets.
#[derive(Debug, Default)]
pub struct HeadTags {
    /// Tags right after the engine's, before anything else the page asks for.
    pub first: String,
    /// Tags at the end of the head.
    pub last: String,
}

/// The page at `path` under `web/` (e.g. `play.html`), completed, with
/// `tags` put in its head; a 404 page when there is none.
pub fn respond(dir: Option<&Path>, path: &str, tags: &HeadTags) -> Response {
    let Some(text) = assets::load(dir, path).and_then(|bytes| String::from_utf8(bytes).ok()) else {
        return assets::not_found_page();
    };
    let prints = crate::fingerprint::of(dir);
    let first = [assets::engine_tag().unwrap_or_default(), tags.first.clone()].join("\n  ");
    let page = assemble(&text, &prints, first.trim(), &tags.last);
    let policy = crate::api::content_security_policy(&[prints.import_map_source()]);
    let policy =
        HeaderValue::from_str(&policy).unwrap_or(HeaderValue::from_static(crate::api::CONTENT_SECURITY_POLICY));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(assets::content_type(path))),
            (header::CACHE_CONTROL, HeaderValue::from_static(assets::ASK_EACH_TIME)),
            (header::CONTENT_SECURITY_POLICY, policy),
        ],
        page,
    )
        .into_response()
}

/// `page` completed: the import map and then `first` (the engine's tag and
/// what must be asked for early) right after its charset, so before any
/// script or preload; `last` before `</head>`; and every address of a
/// fingerprinted file hashed (the import map is put in after that, its plain
/// addresses untouched).
fn assemble(page: &str, prints: &Fingerprints, first: &str, last: &str) -> String {
    let page = match page.find("</head>") {
        Some(at) if !last.is_empty() => format!("{}  {last}\n{}", &page[..at], &page[at..]),
        _ => page.to_string(),
    };
    let page = prints.rewrite_page(&page);
    let first = match first {
        "" => prints.import_map_tag().to_string(),
        tags => format!("{}\n  {}", prints.import_map_tag(), prints.rewrite_page(tags)),
    };
    String::from_utf8(assets::with_head_tag(page.into_bytes(), &first)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<!doctype html>\n<html>\n<head>\n  <meta charset=\"utf-8\">\n  <script src=\"/static/shell/offline.js\"></script>\n  <title>x</title>\n  <link rel=\"stylesheet\" href=\"/static/shell/style.css\">\n</head>\n<body><script type=\"module\" src=\"/static/shell/play-page.js\"></script></body>\n</html>\n";

    #[test]
    fn the_import_map_comes_first_and_the_pages_addresses_are_hashed() {
        let prints = crate::fingerprint::of(None);
        let engine =
            r#"<meta name="tabula-engine" content="/static/engine/g.js" data-worker="/static/shell/engine-worker.js">"#;
        let preload = r#"<link rel="modulepreload" href="/static/shell/api.js">"#;
        let page = assemble(PAGE, &prints, engine, preload);
        let hashed = |p: &str| format!("/static/{}", prints.hashed(p).unwrap());
        let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle} in {page}"));
        assert!(at("<meta charset") < at("<script type=\"importmap\">"));
        assert!(at("<script type=\"importmap\">") < at("tabula-engine"), "the map before any script");
        assert!(
            at("tabula-engine") < at(&format!("src=\"{}\"", hashed("shell/offline.js"))),
            "the engine's tag before any script"
        );
        assert!(page.contains(&format!("data-worker=\"{}\"", hashed("shell/engine-worker.js"))));
        assert!(at(&format!("href=\"{}\"", hashed("shell/api.js"))) < at("</head>"), "the route's tags end the head");
        assert!(at("<title>") < at("rel=\"modulepreload\""));
        assert!(page.contains(&format!("src=\"{}\"", hashed("shell/play-page.js"))));
        assert!(page.contains(&format!("href=\"{}\"", hashed("shell/style.css"))));
        assert!(page.contains(r#""/static/shell/api.js":"#), "the import map keeps its plain addresses");
    }

    #[test]
    fn a_page_carries_a_policy_that_lets_its_import_map_run() {
        let response = respond(None, "play.html", &HeadTags::default());
        let policy = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap().to_string();
        let source = crate::fingerprint::of(None).import_map_source().to_string();
        assert!(policy.contains(&format!("script-src 'self' 'wasm-unsafe-eval' {source};")), "{policy}");
        assert!(!policy.contains("unsafe-inline"));
    }
}
