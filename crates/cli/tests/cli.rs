//! The `tabula` command as a user types it.

use std::process::Command;

use serde_json::Value;

fn tabula(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("tabula runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn ok(args: &[&str]) -> String {
    let (success, out, err) = tabula(args);
    assert!(success, "tabula {args:?} failed: {err}");
    out
}

fn fails(args: &[&str]) -> String {
    let (success, _, err) = tabula(args);
    assert!(!success, "tabula {args:?} should fail");
    err
}

#[test]
fn show_json_has_the_common_and_the_game_fields() {
    let out = ok(&["show", "warp-weft", "--seed", "42", "--json", "--moves", "f4 f1"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "warp-weft");
    assert_eq!(v["side_to_move"], "Weft");
    assert_eq!(v["legal_moves"], serde_json::json!(["a1", "b1", "c1", "d1", "e1", "g1"]));
    assert_eq!(v["result"], Value::Null);
    assert_eq!(v["grid"][0][5], 9);
    assert_eq!(v["used"][0][5], true);
    assert_eq!(v["shuttle"], "f1");
    assert_eq!(v["scores"]["weft"], 6.0);
    assert_eq!(v["scores"]["warp"], 13.5, "9 points and the komi");
    assert!(v["position"].as_str().unwrap().starts_with("size=7;grid=7,-3,1,1,-5,9,1/"));
}

#[test]
fn show_prints_text_and_drawing() {
    let out = ok(&["show", "warp-weft", "--option", "size=5"]);
    assert!(out.lines().next().unwrap().starts_with("size=5;grid="));
    assert!(out.contains("Weft to move; legal: a3 b3 d3 e3"));
}

#[test]
fn perft_prints_one_line_per_depth() {
    assert_eq!(ok(&["perft", "warp-weft", "--depth", "4"]), "depth 1 6\ndepth 2 36\ndepth 3 216\ndepth 4 1260\n");
}

#[test]
fn moves_lists_targets_and_positions_after() {
    assert_eq!(ok(&["moves", "warp-weft", "--moves", "a4"]), "a1\na2\na3\na5\na6\na7\n");
    let out = ok(&["moves", "warp-weft", "--after", "--option", "size=5"]);
    let first = out.lines().next().unwrap();
    let (mv, position) = first.split_once('\t').unwrap();
    assert_eq!(mv, "a3");
    assert!(position.contains("taken=...../...../r.x../...../.....;shuttle=a3;next=warp"), "{position}");
    // The position printed is accepted back.
    let again = ok(&["moves", "warp-weft", "--position", position]);
    assert_eq!(again, "a1\na2\na4\na5\n");
}

#[test]
fn bad_input_fails_with_a_message() {
    assert!(fails(&["show", "chess"]).contains("no game called 'chess'"));
    assert!(fails(&["show", "warp-weft", "--option", "colour=red"]).contains("has no option 'colour'"));
    assert!(fails(&["show", "warp-weft", "--option", "size"]).contains("KEY=VALUE"));
    assert!(fails(&["show", "warp-weft", "--moves", "d4"]).contains("move 1 'd4': d4 is already used"));
    assert!(fails(&["show", "warp-weft", "--position", "size=7;grid=1"]).contains("bad position"));
    assert!(fails(&["perft", "warp-weft"]).contains("--depth"));
    assert!(fails(&["think", "warp-weft", "--player", "ab:depth=x"]).contains("whole number"));
}

#[test]
fn think_reports_a_move() {
    let out = ok(&["think", "warp-weft", "--player", "ab:depth=3"]);
    assert!(out.starts_with("bestmove "), "{out}");
    assert!(out.contains("\ndepth 3\n"));
}

#[test]
fn help_explains_the_commands() {
    let out = ok(&["--help"]);
    for command in ["serve", "show", "perft", "moves", "bench", "games"] {
        assert!(out.contains(command), "{command} missing from --help");
    }
}
