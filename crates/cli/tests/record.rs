//! `tabula record`: records go into the store and come back out the same;
//! a file with a broken record is refused whole, with the line.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().unwrap()
}

fn temp(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    std::env::temp_dir().join(format!("tabula-cli-{name}-{}-{nanos}", std::process::id()))
}

const GOOD: &str =
    "[Game \"warp-weft\"]\n[Date \"2025-06-01\"]\n[Time \"14:03:27Z\"]\n[First \"Ann\"]\n[Second \"?\"]\n\
[Result \"*\"]\n[Options \"seed=3 size=7 komi=4.5 symmetric=true pie=false pass=off passover=0 blocking=false\"]\n\n1. c4 *\n";

#[test]
fn records_are_imported_listed_and_exported_unchanged() {
    let data = temp("data");
    let file = temp("good.txt");
    std::fs::write(&file, GOOD).unwrap();
    let d = data.to_str().unwrap();
    let out = tabula(&["record", "import", file.to_str().unwrap(), "--data", d]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let id = String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string();
    let list = String::from_utf8(tabula(&["record", "list", "--playing", "--data", d]).stdout).unwrap();
    assert!(list.starts_with(&id) && list.contains("Ann – Player 2"), "{list}");
    let out = tabula(&["record", "export", &id, "--data", d]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), GOOD);

    // A good record and a broken one in the same import: nothing comes in.
    let bad = temp("bad.txt");
    std::fs::write(&bad, GOOD.replace("1. c4", "1. c4 c4")).unwrap();
    let out = tabula(&["record", "import", file.to_str().unwrap(), bad.to_str().unwrap(), "--data", d]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 9: move 2 ('c4') cannot be played") && err.contains("nothing was imported"), "{err}");
    let list = String::from_utf8(tabula(&["record", "list", "--playing", "--data", d]).stdout).unwrap();
    assert_eq!(list.lines().count(), 1, "{list}");
    for p in [&file, &bad] {
        let _ = std::fs::remove_file(p);
    }
    let _ = std::fs::remove_dir_all(&data);
}
