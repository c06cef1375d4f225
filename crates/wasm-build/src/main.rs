//! `cargo run -p tabula-wasm-build -- [OUT_DIR]`: builds the browser's engine.
//!
//! 1. makes sure the `wasm32-unknown-unknown` target is installed (`rustup
//!    target add`, once), since a fresh machine does not have it;
//! 2. builds `crates/wasm` for it with the `wasm` profile (LTO, no unwinding);
//! 3. writes the module and its JavaScript glue (an ES module for the web,
//!    loadable by Node too) into OUT_DIR (default `target/wasm-pkg`) with
//!    wasm-bindgen's own generator, the same version as the crate's
//!    wasm-bindgen, so the two can never disagree.
//!
//! No npm and no wasm-pack: only cargo, rustup and this program.

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn main() {
    if let Err(e) = run() {
        eprintln!("tabula-wasm-build: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize()?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    let out = std::env::args_os().nth(1).map(PathBuf::from).unwrap_or_else(|| target_dir.join("wasm-pkg"));
    ensure_target()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--package", "tabula-wasm", "--target", TARGET, "--profile", "wasm"])
        .env("CARGO_TARGET_DIR", &target_dir)
        .status()?;
    if !status.success() {
        return Err("building crates/wasm for WebAssembly failed (see above)".into());
    }
    let module = target_dir.join(TARGET).join("wasm").join("tabula_wasm.wasm");
    std::fs::create_dir_all(&out)?;
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&module)
        .web(true)?
        .typescript(false)
        .generate(&out)
        .map_err(|e| format!("wasm-bindgen could not write the glue: {e}"))?;
    let size = std::fs::metadata(out.join("tabula_wasm_bg.wasm"))?.len();
    println!("the engine: {} ({} KiB)", out.display(), size / 1024);
    Ok(())
}

/// Installs the WebAssembly target with rustup when it is missing.
fn ensure_target() -> Result<()> {
    let listed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    let installed = match &listed {
        Ok(o) => String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == TARGET),
        // No rustup: the toolchain is managed otherwise; let cargo say what is missing.
        Err(_) => return Ok(()),
    };
    if !installed {
        eprintln!("tabula-wasm-build: installing the {TARGET} target (rustup target add, once)");
        let status = Command::new("rustup").args(["target", "add", TARGET]).status()?;
        if !status.success() {
            return Err(format!("rustup could not add the {TARGET} target").into());
        }
    }
    Ok(())
}
