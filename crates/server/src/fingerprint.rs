//! Content-hashed addresses for the portal's modules and stylesheets, so
//! that a browser keeps them for good and a visit to a page it has seen asks
//! the server for nothing but the page: `shell/api.js` is also served as
//! `shell/api.<hash>.js` (`Cache-Control: immutable`), every page names the
//! hashed addresses in its tags, and an import map in the page sends each
//! module's plain address (its imports, `import()`, `import.meta.resolve`)
//! to the hashed one. The files stay plain ES modules with plain imports: no
//! build step rewrites them.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::assets;

/// How many hex digits of a file's SHA-256 its hashed name carries.
const HASH_DIGITS: usize = 16;

/// Whether the web file at `path` gets a hashed address: the modules and
/// stylesheets, but not the service worker (it lives at one address) nor
/// the engine's files (their names carry their hash already).
fn is_fingerprinted(path: &str) -> bool {
    (path.ends_with(".js") || path.ends_with(".css"))
        && !path.starts_with("engine/")
        && path != "shell/service-worker.js"
}

/// `shell/api.js` with `hash` before its extension: `shell/api.<hash>.js`.
fn hashed_name(path: &str, hash: &str) -> String {
    match path.rfind('.') {
        Some(dot) if !path[dot..].contains('/') => format!("{}.{hash}{}", &path[..dot], &path[dot..]),
        _ => format!("{path}.{hash}"),
    }
}

/// The plain path and the hash of a hashed name (`shell/api.<hash>.js`), if it is one.
fn split_hashed(path: &str) -> Option<(String, &str)> {
    let dot = path.rfind('.')?;
    let (stem, ext) = (&path[..dot], &path[dot..]);
    let hash_dot = stem.rfind('.')?;
    let hash = &stem[hash_dot + 1..];
    let is_hash = hash.len() == HASH_DIGITS && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    is_hash.then(|| (format!("{}{ext}", &stem[..hash_dot]), hash))
}

/// The first [`HASH_DIGITS`] hex digits of the SHA-256 of `bytes`.
fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(HASH_DIGITS / 2).map(|b| format!("{b:02x}")).collect()
}

/// The hashed name of every fingerprinted web file, and the import map that
/// sends the plain addresses to them.
#[derive(Debug)]
pub struct Fingerprints {
    /// Plain path under `web/` → hashed path (`shell/api.js` → `shell/api.<hash>.js`).
    hashed: BTreeMap<String, String>,
    /// The `<script type="importmap">` element every page carries.
    import_map_tag: String,
    /// The CSP source that lets that inline import map run (`'sha256-…'`).
    import_map_source: String,
}

impl Fingerprints {
    fn new(hashed: BTreeMap<String, String>) -> Self {
        let imports: serde_json::Map<String, serde_json::Value> = hashed
            .iter()
            .map(|(plain, hashed)| (format!("/static/{plain}"), format!("/static/{hashed}").into()))
            .collect();
        let json = serde_json::json!({ "imports": imports }).to_string();
        let digest = Sha256::digest(json.as_bytes());
        Fingerprints {
            hashed,
            import_map_tag: format!(r#"<script type="importmap">{json}</script>"#),
            import_map_source: format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest)),
        }
    }

    /// The hashed path of the web file `path` (`shell/api.js`), if it has one.
    pub fn hashed(&self, path: &str) -> Option<&str> {
        self.hashed.get(path).map(String::as_str)
    }

    /// The page's import map, as a `<script type="importmap">` element.
    pub fn import_map_tag(&self) -> &str {
        &self.import_map_tag
    }

    /// The Content Security Policy's source for the import map's inline script (`'sha256-…'`).
    pub fn import_map_source(&self) -> &str {
        &self.import_map_source
    }

    /// `page` with every `"/static/<path>"` (in quotes) of a fingerprinted
    /// file replaced by its hashed address: the page's own scripts,
    /// stylesheets and preloads are then kept by the browser for good.
    pub fn rewrite_page(&self, page: &str) -> String {
        const OPENER: &str = "\"/static/";
        let mut out = String::with_capacity(page.len() + page.len() / 8);
        let mut rest = page;
        while let Some(at) = rest.find(OPENER) {
            let after = &rest[at + OPENER.len()..];
            let Some(end) = after.find('"') else { break };
            out.push_str(&rest[..at + OPENER.len()]);
            let path = &after[..end];
            out.push_str(self.hashed(path).unwrap_or(path));
            rest = &after[end..];
        }
        out.push_str(rest);
        out
    }
}

/// What a hashed address asks for: the plain path under `web/`, and whether
/// the hash in the address is the file's current one (else an older version
/// of the file was asked for, and the current one is sent, not to be kept).
pub struct Resolved {
    /// The file's path under `web/`.
    pub path: String,
    /// Whether the address's hash is the file's current content's.
    pub current: bool,
}

/// The web file a hashed address (`shell/api.<hash>.js`) names, or `None`
/// when `path` is not a hashed address of a fingerprinted file.
pub fn resolve(dir: Option<&Path>, path: &str) -> Option<Resolved> {
    let (plain, hash) = split_hashed(path)?;
    if !is_fingerprinted(&plain) {
        return None;
    }
    let prints = of(dir);
    let current_name = prints.hashed(&plain)?;
    Some(Resolved { current: split_hashed(current_name).is_some_and(|(_, h)| h == hash), path: plain })
}

/// The fingerprints of the web files: those built into the binary computed
/// once; those read from a folder (`--web-dir`) whenever a file's size or
/// modification time changed.
pub fn of(dir: Option<&Path>) -> Arc<Fingerprints> {
    match dir {
        None => {
            static BUILT_IN: OnceLock<Arc<Fingerprints>> = OnceLock::new();
            Arc::clone(BUILT_IN.get_or_init(|| {
                let hashed = assets::names()
                    .filter(|name| is_fingerprinted(name))
                    .filter_map(|name| {
                        Some((name.to_string(), hashed_name(name, &short_hash(&assets::load(None, name)?))))
                    })
                    .collect();
                Arc::new(Fingerprints::new(hashed))
            }))
        }
        Some(dir) => from_folder(dir),
    }
}

/// A file's size and modification time: when both are the same, so is its hash.
type Stamp = (u64, Option<SystemTime>);

/// The fingerprints of the files in `dir`, each file hashed again only when its stamp changed.
fn from_folder(dir: &Path) -> Arc<Fingerprints> {
    /// The last hashes: per file, its stamp and hash; per folder, the last fingerprints and their stamps.
    #[derive(Default)]
    struct Memo {
        files: HashMap<PathBuf, (Stamp, String)>,
        folders: HashMap<PathBuf, (Vec<Stamp>, Arc<Fingerprints>)>,
    }
    static MEMO: OnceLock<Mutex<Memo>> = OnceLock::new();
    let names: Vec<&str> = assets::names().filter(|name| is_fingerprinted(name)).collect();
    let stamps: Vec<Stamp> = names
        .iter()
        .map(|name| {
            let meta = std::fs::metadata(dir.join(name)).ok();
            (meta.as_ref().map_or(0, |m| m.len()), meta.and_then(|m| m.modified().ok()))
        })
        .collect();
    let mut memo = MEMO.get_or_init(Mutex::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((seen, prints)) = memo.folders.get(dir) {
        // Without modification times (some file systems) every file is hashed again.
        if *seen == stamps && stamps.iter().all(|s| s.1.is_some()) {
            return Arc::clone(prints);
        }
    }
    let mut hashed = BTreeMap::new();
    for (name, stamp) in names.iter().zip(&stamps) {
        let file = dir.join(name);
        let hash = match memo.files.get(&file) {
            Some((seen, hash)) if seen == stamp && stamp.1.is_some() => hash.clone(),
            _ => {
                let Some(bytes) = assets::load(Some(dir), name) else { continue };
                let hash = short_hash(&bytes);
                memo.files.insert(file, (*stamp, hash.clone()));
                hash
            }
        };
        hashed.insert(name.to_string(), hashed_name(name, &hash));
    }
    let prints = Arc::new(Fingerprints::new(hashed));
    memo.folders.insert(dir.to_path_buf(), (stamps, Arc::clone(&prints)));
    prints
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_go_back_to_their_files() {
        let h = "0123456789abcdef";
        assert_eq!(hashed_name("shell/api.js", h), format!("shell/api.{h}.js"));
        assert_eq!(split_hashed(&format!("shell/api.{h}.js")), Some(("shell/api.js".to_string(), h)));
        assert_eq!(split_hashed("shell/api.js"), None, "a plain name is not a hashed one");
        assert_eq!(split_hashed("shell/api.0123456789ABCDEF.js"), None, "only lower-case hex");
        assert_eq!(split_hashed("shell/api.0123.js"), None, "a hash has sixteen digits");
    }

    #[test]
    fn every_module_and_stylesheet_has_a_hashed_address_that_serves_it() {
        let prints = of(None);
        for plain in ["shell/api.js", "shell/play-page.js", "shell/style.css", "games/seesaw/board.css"] {
            let hashed = prints.hashed(plain).unwrap_or_else(|| panic!("{plain} has a hashed name"));
            let found = resolve(None, hashed).expect("the hashed name is served");
            assert_eq!((found.path.as_str(), found.current), (plain, true));
        }
        assert!(prints.hashed("shell/service-worker.js").is_none(), "the service worker keeps its one address");
        assert!(prints.hashed.keys().all(|p| !p.starts_with("engine/")), "the engine's names are hashed already");
        let stale = hashed_name("shell/api.js", "0000000000000000");
        assert!(!resolve(None, &stale).expect("an older hash of a known file").current);
        assert!(resolve(None, &hashed_name("shell/nothing.js", "0000000000000000")).is_none());
    }

    #[test]
    fn a_page_names_the_hashed_addresses_and_maps_the_plain_ones() {
        let prints = of(None);
        let page = r#"<link rel="stylesheet" href="/static/shell/style.css"><script type="module" src="/static/shell/play-page.js"></script><link rel="manifest" href="/static/manifest.webmanifest">"#;
        let out = prints.rewrite_page(page);
        assert!(out.contains(&format!(r#"href="/static/{}""#, prints.hashed("shell/style.css").unwrap())));
        assert!(out.contains(&format!(r#"src="/static/{}""#, prints.hashed("shell/play-page.js").unwrap())));
        assert!(out.contains(r#"href="/static/manifest.webmanifest""#), "what has no hashed name stays");
        let map = prints.import_map_tag();
        let json = map.strip_prefix(r#"<script type="importmap">"#).and_then(|m| m.strip_suffix("</script>")).unwrap();
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(
            value["imports"]["/static/shell/api.js"].as_str(),
            Some(format!("/static/{}", prints.hashed("shell/api.js").unwrap()).as_str())
        );
        let digest = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(json.as_bytes()));
        assert_eq!(prints.import_map_source(), format!("'sha256-{digest}'"));
    }

    #[test]
    fn files_read_from_a_folder_are_hashed_again_when_they_change() {
        let dir = std::env::temp_dir().join(format!("tabula-fingerprint-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("shell")).unwrap();
        std::fs::write(dir.join("shell/style.css"), "a{}").unwrap();
        let before = of(Some(&dir)).hashed("shell/style.css").unwrap().to_string();
        assert_eq!(of(Some(&dir)).hashed("shell/style.css"), Some(before.as_str()));
        std::fs::write(dir.join("shell/style.css"), "b{color:red}").unwrap();
        let after = of(Some(&dir)).hashed("shell/style.css").unwrap().to_string();
        assert_ne!(before, after, "a changed file, a new address");
        assert_eq!(of(Some(&dir)).hashed("shell/api.js"), None, "a file the folder lacks has none");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
