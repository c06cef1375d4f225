//! Embeds every file under `web/` into the binary, so that the one `tabula`
//! executable serves the whole portal, and with them the browser's engine:
//! the Rust rules and engines built for WebAssembly by `crates/wasm-build`
//! (a cargo run of its own, in its own target folder, so it never waits for
//! this build's lock), named by a hash of their content so that browsers may
//! keep them for good, and gzipped here once, for browsers that take it.
//!
//! Where the engine cannot be built (no rustup and no wasm32 target, no
//! network for a first download) the portal is built without it and the
//! pages play through the server, as they say; `TABULA_NO_ENGINE=1` skips
//! it on purpose (a quicker build while working on the server alone).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            let rel = path.strip_prefix(root).expect("inside root").to_string_lossy().replace('\\', "/");
            out.push((rel, path.canonicalize().expect("readable file")));
        }
    }
}

/// The first 16 hex digits of the SHA-256 of `bytes`.
fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Writes `bytes` gzip-compressed (at the highest level: done once per build) to `to`, and returns `to`.
fn gzip(bytes: &[u8], to: &Path) -> PathBuf {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).expect("compressing in memory");
    fs::write(to, encoder.finish().expect("compressing in memory")).expect("writing the compressed engine");
    to.to_path_buf()
}

/// Builds the engine into `out` (the module and its glue); `None`, with a warning, when it cannot.
fn build_engine(workspace: &Path, out: &Path) -> Option<(PathBuf, PathBuf)> {
    if env::var_os("TABULA_NO_ENGINE").is_some_and(|v| v != "0") {
        return None;
    }
    let target =
        env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| workspace.join("target")).join("engine");
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace)
        .args(["run", "--quiet", "--release", "--package", "tabula-wasm-build", "--"])
        .arg(out)
        .env("CARGO_TARGET_DIR", &target);
    // What the outer build passes to its own compilers is not for this one.
    for var in
        ["RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_ENCODED_RUSTFLAGS", "RUSTFLAGS", "CARGO_BUILD_TARGET"]
    {
        command.env_remove(var);
    }
    for (key, _) in env::vars_os() {
        if key.to_str().is_some_and(|k| k.starts_with("CARGO_PROFILE_") || k.starts_with("CARGO_CFG_")) {
            command.env_remove(key);
        }
    }
    match command.status() {
        Ok(status) if status.success() => Some((out.join("tabula_wasm.js"), out.join("tabula_wasm_bg.wasm")))
            .filter(|(a, b)| a.exists() && b.exists()),
        _ => {
            println!(
                "cargo:warning=the browser's engine could not be built (see above): the portal's pages will play through the server"
            );
            None
        }
    }
}

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.join("../..").canonicalize().expect("the workspace folder");
    let web = workspace.join("web");
    println!("cargo:rerun-if-changed={}", web.display());
    println!("cargo:rerun-if-env-changed=TABULA_NO_ENGINE");
    for source in ["crates/core", "crates/games", "crates/search", "crates/play", "crates/wasm", "crates/wasm-build"] {
        println!("cargo:rerun-if-changed={}", workspace.join(source).display());
    }
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let mut files = Vec::new();
    collect(&web, &web, &mut files);
    let mut engine = None;
    let mut gzipped = Vec::new();
    if let Some((glue, module)) = build_engine(&workspace, &out_dir.join("engine")) {
        let glue_bytes = fs::read(&glue).expect("the engine's glue");
        let module_bytes = fs::read(&module).expect("the engine's module");
        let glue_name = format!("engine/tabula_wasm.{}.js", short_hash(&glue_bytes));
        let module_name = format!("engine/tabula_wasm_bg.{}.wasm", short_hash(&module_bytes));
        gzipped.push((glue_name.clone(), gzip(&glue_bytes, &out_dir.join("engine/glue.js.gz"))));
        gzipped.push((module_name.clone(), gzip(&module_bytes, &out_dir.join("engine/module.wasm.gz"))));
        files.push((glue_name.clone(), glue));
        files.push((module_name.clone(), module));
        engine = Some((glue_name, module_name));
    }
    let mut code = String::from(
        "/// Every web asset: its path under `web/` (the engine's under `engine/`) and its bytes.\n\
         pub static ASSETS: &[(&str, &[u8])] = &[\n",
    );
    for (rel, path) in files {
        code.push_str(&format!("    ({rel:?}, include_bytes!({:?})),\n", path.display().to_string()));
    }
    code.push_str("];\n");
    code.push_str(
        "/// The engine's files compressed once here, so that a browser that takes gzip\n\
         /// is sent less than half the bytes at no cost to the server: (path, bytes).\n\
         pub static GZIPPED: &[(&str, &[u8])] = &[\n",
    );
    for (rel, path) in &gzipped {
        code.push_str(&format!("    ({rel:?}, include_bytes!({:?})),\n", path.display().to_string()));
    }
    code.push_str("];\n");
    code.push_str("/// The browser's engine, if it was built: the paths of its glue and module among [`ASSETS`].\n");
    match engine {
        Some((glue, module)) => {
            code.push_str(&format!("pub static ENGINE: Option<(&str, &str)> = Some(({glue:?}, {module:?}));\n"))
        }
        None => code.push_str("pub static ENGINE: Option<(&str, &str)> = None;\n"),
    }
    fs::write(out_dir.join("assets.rs"), code).unwrap();
}
