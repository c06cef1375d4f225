//! The web pages and their files, built into the binary (or read from a
//! folder while developing), with the browser's engine: its module and glue
//! under content-hashed names (kept by browsers for good), announced to
//! every page by a `<meta name="tabula-engine">` tag (put in by `page.rs`),
//! so that local games and the computer run in the player's browser.

use std::path::Path;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::{fingerprint, page};

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The bytes of a web file by its path under `web/`, from `dir` if given
/// (the engine's files always from the binary), as they are on disk (a page
/// is completed by `page.rs` as it is sent).
pub fn load(dir: Option<&Path>, path: &str) -> Option<Vec<u8>> {
    if path.split('/').any(|part| part == ".." || part.is_empty()) || path.contains('\\') {
        return None;
    }
    match dir {
        Some(dir) if !path.starts_with("engine/") => std::fs::read(dir.join(path)).ok(),
        _ => ASSETS.iter().find(|(name, _)| *name == path).map(|(_, bytes)| bytes.to_vec()),
    }
}

/// The paths under `web/` of every file built into the binary (the engine's included).
pub fn names() -> impl Iterator<Item = &'static str> {
    ASSETS.iter().map(|(name, _)| *name)
}

/// The tag that tells a page where the engine is, if the binary has one:
/// its glue, its module and the worker that runs them.
pub fn engine_tag() -> Option<String> {
    ENGINE.map(|(glue, module)| {
        format!(
            r#"<meta name="tabula-engine" content="/static/{glue}" data-wasm="/static/{module}" data-worker="/static/shell/engine-worker.js">"#
        )
    })
}

/// What starts the engine on a play page, if the binary has one: the
/// script that compiles the engine's module and starts its worker from the
/// page's head (`shell/engine-boot.js`), and preloads of the module and its
/// glue (the page instantiates the module itself, besides its worker). They
/// come first in the head, so that on a first visit they are asked for
/// before the page's own modules take every connection.
pub fn engine_start_tags() -> Option<String> {
    ENGINE.map(|(glue, module)| {
        format!(
            r#"<script src="/static/shell/engine-boot.js"></script>
  <link rel="preload" href="/static/{module}" as="fetch" crossorigin>
  <link rel="modulepreload" href="/static/{glue}">"#
        )
    })
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

/// Preload tags for the modules that the web files `entries` (e.g.
/// `shell/play-page.js`) import, directly or not, and for the stylesheets
/// those modules name next to themselves
/// (`import.meta.resolve('./board.css')`): the browser then asks for them
/// all at once, instead of one level of imports after another. Only static
/// imports are followed; a file that is not there (a name in a comment) is
/// left out. The tags name plain addresses; a page's hashed ones replace
/// them as it is sent (`fingerprint.rs`).
pub fn preload_tags(dir: Option<&Path>, entries: &[String]) -> String {
    let mut seen: Vec<String> = Vec::new();
    let mut styles: Vec<String> = Vec::new();
    let mut queue: Vec<String> = entries.to_vec();
    while let Some(path) = queue.pop() {
        if seen.contains(&path) || seen.len() >= MAX_PRELOADS {
            continue;
        }
        let Some(text) = load(dir, &path).and_then(|bytes| String::from_utf8(bytes).ok()) else { continue };
        seen.push(path.clone());
        for (spec, is_style) in imports_of(&text) {
            let Some(target) = resolve(&path, spec) else { continue };
            if is_style {
                if !styles.contains(&target) && load(dir, &target).is_some() {
                    styles.push(target);
                }
            } else {
                queue.push(target);
            }
        }
    }
    seen.sort();
    let modules = seen.iter().map(|p| format!(r#"<link rel="modulepreload" href="/static/{p}">"#));
    let sheets = styles.iter().map(|p| format!(r#"<link rel="preload" href="/static/{p}" as="style">"#));
    modules.chain(sheets).collect::<Vec<_>>().join("\n  ")
}

/// The most modules one page's preload tags name (the play page has about thirty).
const MAX_PRELOADS: usize = 200;

/// The specifiers a module's static imports name, and the `.css` files it
/// names next to itself (`true`), in the order they appear.
fn imports_of(text: &str) -> Vec<(&str, bool)> {
    let mut found = Vec::new();
    for opener in ["from '", "from \"", "import '", "import \"", "import.meta.resolve('", "import.meta.resolve(\""] {
        let quote = &opener[opener.len() - 1..];
        let style = opener.starts_with("import.meta");
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            let Some(end) = rest.find(quote) else { break };
            let spec = &rest[..end];
            if spec.ends_with(if style { ".css" } else { ".js" }) {
                found.push((spec, style));
            }
        }
    }
    found
}

/// The web path that `spec`, written in the module at web path `from`, names
/// (`/static/x` or relative to `from`), if it is one of the portal's files.
fn resolve(from: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = match spec.strip_prefix("/static/") {
        Some(_) => Vec::new(),
        None if spec.starts_with("./") || spec.starts_with("../") => {
            let mut dir: Vec<&str> = from.split('/').collect();
            dir.pop();
            dir
        }
        None => return None,
    };
    for part in spec.strip_prefix("/static/").unwrap_or(spec).split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

/// Whether a file's name carries a hash of its content (it never changes under that name).
fn is_hashed(path: &str) -> bool {
    path.starts_with("engine/")
}

/// How long a browser may keep a file under a name that carries its hash: for good.
const FOR_GOOD: &str = "public, max-age=31536000, immutable";
/// How long a browser may keep any other file or page without asking again: not at all.
pub(crate) const ASK_EACH_TIME: &str = "no-cache";

/// A reply carrying a web file with its content type, or a 404 page; a
/// page as `page.rs` completes it. A module or stylesheet asked for under
/// its hashed name (`shell/api.<hash>.js`, see `fingerprint.rs`) is kept for
/// good; under an older hash, the current file is sent, but not to be kept
/// under that name.
pub fn respond(dir: Option<&Path>, path: &str) -> Response {
    if path.ends_with(".html") {
        return page::respond(dir, path, &page::HeadTags::default());
    }
    let (path, cache) = match fingerprint::resolve(dir, path) {
        Some(found) => (found.path, if found.current { FOR_GOOD } else { ASK_EACH_TIME }),
        None => (path.to_string(), if is_hashed(path) { FOR_GOOD } else { ASK_EACH_TIME }),
    };
    match load(dir, &path) {
        Some(bytes) => {
            ([(header::CONTENT_TYPE, content_type(&path)), (header::CACHE_CONTROL, cache)], bytes).into_response()
        }
        None => not_found_page(),
    }
}

/// [`respond`] for a browser that may take gzip (`accepts_gzip`, from its
/// `Accept-Encoding`): the engine's files, compressed when the binary was
/// built, go out compressed; everything else as [`respond`] sends it.
pub fn respond_encoded(dir: Option<&Path>, path: &str, accepts_gzip: bool) -> Response {
    let Some(&(_, packed)) = GZIPPED.iter().find(|(name, _)| *name == path) else {
        return respond(dir, path);
    };
    let vary = (header::VARY, "Accept-Encoding");
    let (content, cache) = ((header::CONTENT_TYPE, content_type(path)), (header::CACHE_CONTROL, FOR_GOOD));
    if accepts_gzip {
        ([content, cache, vary, (header::CONTENT_ENCODING, "gzip")], packed).into_response()
    } else {
        match load(None, path) {
            Some(bytes) => ([content, cache, vary], bytes).into_response(),
            None => not_found_page(),
        }
    }
}

/// Whether a request's `Accept-Encoding` takes gzip (`gzip` or `*`, not refused with `q=0`).
pub fn accepts_gzip(accept_encoding: &str) -> bool {
    accept_encoding.split(',').any(|part| {
        let mut fields = part.split(';').map(str::trim);
        let coding = fields.next().unwrap_or("");
        let refused = fields.any(|f| f.strip_prefix("q=").is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0)));
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

/// The page shown for an address that leads nowhere.
pub fn not_found_page() -> Response {
    let body = "<!doctype html><meta charset=utf-8><title>Not found · Tabula</title>\
        <link rel=stylesheet href=/static/shell/style.css>\
        <main class=notfound><h1>Nothing here</h1><p>That page does not exist. \
        <a href=/>Back to the games</a>.</p></main>";
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

/// The content type a web file is sent with, from its extension.
pub(crate) fn content_type(path: &str) -> &'static str {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_are_read_and_resolved_as_the_browser_would() {
        let text = "import { a } from './a.js';\nimport {\n  b,\n} from \"/static/shell/b.js\";\nimport './c.js';\n\
                    const d = await import('./dynamic.js');\nawait useStylesheet(import.meta.resolve('./board.css'));\n\
                    const e = new URL('./e.css', location.href);\nconst w = import.meta.resolve('./worker.js');\nimport x from 'bare';";
        let found = imports_of(text);
        assert_eq!(
            found,
            vec![("./a.js", false), ("/static/shell/b.js", false), ("./c.js", false), ("./board.css", true)]
        );
        assert_eq!(resolve("games/go/play.js", "./board.js").as_deref(), Some("games/go/board.js"));
        assert_eq!(resolve("games/go/play.js", "../../shell/svg.js").as_deref(), Some("shell/svg.js"));
        assert_eq!(resolve("games/go/play.js", "/static/shell/form.js").as_deref(), Some("shell/form.js"));
        assert_eq!(resolve("shell/a.js", "../../../etc/passwd"), None, "nothing above the web folder");
        assert_eq!(resolve("shell/a.js", "bare"), None);
    }

    #[test]
    fn a_play_page_preloads_every_module_it_will_import_and_its_board_style() {
        for slug in ["leeward", "warp-weft", "piracy", "seesaw"] {
            let tags = preload_tags(None, &["shell/play-page.js".into(), format!("games/{slug}/play.js")]);
            for module in ["shell/play-page.js", "shell/api.js", "shell/engine.js", "shell/status-card.js"] {
                assert!(
                    tags.contains(&format!(r#"<link rel="modulepreload" href="/static/{module}">"#)),
                    "{slug}: {module}"
                );
            }
            assert!(tags.contains(&format!(r#"href="/static/games/{slug}/board.js""#)), "{slug}: its board");
            assert!(
                tags.contains(&format!(r#"<link rel="preload" href="/static/games/{slug}/board.css" as="style">"#)),
                "{slug}: its board's style"
            );
            assert!(!tags.contains("rules.js"), "{slug}: a module imported only on demand is not preloaded");
            for line in tags.lines() {
                let path = line.split('"').nth(3).and_then(|h| h.strip_prefix("/static/")).unwrap();
                assert!(load(None, path).is_some(), "{slug}: {path} is a file of the portal");
            }
        }
    }

    #[test]
    fn gzip_is_taken_as_browsers_and_tools_say_it() {
        for yes in ["gzip", "gzip, deflate, br, zstd", "br;q=1.0, GZIP;q=0.5", "*", "deflate, gzip;q=0.1"] {
            assert!(accepts_gzip(yes), "{yes}");
        }
        for no in ["", "identity", "br", "gzip;q=0", "gzip; q=0.0, br", "x-gzip-not"] {
            assert!(!accepts_gzip(no), "{no}");
        }
    }
}
