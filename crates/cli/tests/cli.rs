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
    assert!(out.starts_with("info depth 1 nodes "), "each iteration says what it found: {out}");
    assert!(out.contains("\nbestmove "), "{out}");
    assert!(out.contains("\ndepth 3\n"));
}

#[test]
fn think_in_slices_reports_between_them_and_reaches_the_same_depth() {
    let whole = ok(&["think", "leeward", "--player", "ab:depth=5"]);
    let sliced = ok(&["think", "leeward", "--player", "ab:depth=5", "--slice", "1"]);
    assert!(sliced.starts_with("info depth "), "{sliced}");
    assert!(sliced.contains("\ndepth 5\n"), "{sliced}");
    let score = |out: &str| out.lines().find(|l| l.starts_with("score ")).map(str::to_string);
    assert_eq!(score(&sliced), score(&whole), "the slices split the time, not the search");
    assert!(fails(&["think", "leeward", "--slice", "0"]).contains("--slice"));
}

#[test]
fn help_explains_the_commands() {
    let out = ok(&["--help"]);
    for command in ["serve", "show", "perft", "moves", "bench", "games"] {
        assert!(out.contains(command), "{command} missing from --help");
    }
}

#[test]
fn bench_measures_a_variant_and_prints_the_recorded_figure_beside_the_new_one() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-bench-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let args =
        ["bench", "seesaw", "--option", "base=3", "--only", "playouts", "--seconds", "0.1", "--baseline", dir_arg];
    let first = ok(&[&args[..], &["--record"]].concat());
    assert!(first.starts_with("Seesaw (base=3)\n  random playouts, 1 thread "), "{first}");
    assert!(!first.contains("was "), "nothing was recorded before: {first}");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("seesaw.json")).unwrap()).unwrap();
    let recorded = &file["variants"]["base=3"];
    assert_eq!(recorded["command"], "tabula bench seesaw --option base=3 --seconds 0.1 --only playouts");
    assert!(recorded["figures"]["random playouts, 1 thread, games/s"].as_f64().unwrap() > 0.0);
    let second = ok(&args);
    assert!(second.contains(" games/s ") && second.contains("   was "), "{second}");
    assert!(!second.contains("perft"), "--only leaves the others out: {second}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(fails(&["bench", "--option", "base=5"]).contains("--option needs a game"));
    assert!(fails(&["bench", "seesaw", "--option", "base=99"]).contains("base"));
    assert!(fails(&["bench", "seesaw", "--only", "speed"]).contains("no measurement 'speed'"));
}

#[test]
fn bench_rounds_print_the_median_with_the_range_of_the_rounds() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-bench-rounds-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let args = [
        "bench",
        "seesaw",
        "--option",
        "base=3",
        "--only",
        "playouts,perft",
        "--seconds",
        "0.1",
        "--rounds",
        "3",
        "--baseline",
        dir_arg,
        "--record",
    ];
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].contains(" games/s ") && lines[1].contains("  (3 rounds: "), "{out}");
    assert!(lines[2].contains(" leaves/s ") && lines[2].contains("  (3 rounds: "), "{out}");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("seesaw.json")).unwrap()).unwrap();
    assert_eq!(
        file["variants"]["base=3"]["command"],
        "tabula bench seesaw --option base=3 --seconds 0.1 --only playouts,perft --rounds 3"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(fails(&["bench", "seesaw", "--rounds", "0"]).contains("--rounds"));
}

fn tabula_with_input(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into()
}

#[test]
fn ugi_answers_the_protocol_and_reports_errors() {
    let out = tabula_with_input(
        &["ugi", "warp-weft"],
        "ugi\nisready\nsetoption name Level value medium\nposition startpos moves f4\nquery p1turn\ngo depth 3\n\
         query gameover\nposition fen nonsense\nbogus\ngo depth x\nsetoption name Level value godlike\nquery result\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"ugiok"), "{out}");
    assert!(lines.contains(&"readyok"));
    assert!(lines.contains(&"response false"), "after f4 it is Warp's (p2's) turn");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    assert!(best.starts_with("bestmove f"), "Warp moves in column f: {best}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")));
    assert!(lines.iter().any(|l| l.starts_with("info string error") && l.contains("should look like key=value")));
    assert!(lines.iter().any(|l| l.starts_with("info string error unknown command 'bogus'")));
    assert!(lines.iter().any(|l| l.starts_with("info string error go: 'depth' needs a number")));
    assert!(lines.iter().any(|l| l.contains("no level 'godlike'")));
    assert_eq!(lines.last(), Some(&"response none"));
}

#[test]
fn match_writes_records_that_merge_and_reports_json() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let part = |i: usize| dir.join(format!("part{i}.jsonl"));
    for i in 0..2 {
        let _ = std::fs::remove_file(part(i));
        let shard = format!("{i}/2");
        ok(&[
            "match",
            "warp-weft",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "8",
            "--shard",
            &shard,
            "--out",
            part(i).to_str().unwrap(),
        ]);
    }
    let merged = ok(&["match", "--merge", part(0).to_str().unwrap(), part(1).to_str().unwrap(), "--json"]);
    let none = ["match", "warp-weft", "--a", "greedy", "--b", "random", "--games", "0"];
    assert!(fails(&none).contains("invalid value '0' for '--games"), "{}", fails(&none));
    let idle_shard = ok(&["match", "warp-weft", "--a", "greedy", "--games", "1", "--shard", "1/2"]);
    assert!(idle_shard.contains("games 0: nothing was played"), "a shard without a game of its own: {idle_shard}");
    let whole = ok(&["match", "warp-weft", "--a", "greedy", "--b", "random", "--games", "8", "--json"]);
    assert_eq!(merged, whole);
    let v: Value = serde_json::from_str(&whole).unwrap();
    for key in [
        "games",
        "a_wins",
        "draws",
        "b_wins",
        "a_score",
        "a_score_ci95",
        "elo",
        "elo_error",
        "first_player_win_rate",
        "mean_length",
    ] {
        assert!(v.get(key).is_some(), "{key} missing from {whole}");
    }
    assert_eq!(v["games"], 8);
    // Running a shard again resumes: nothing more is played, the totals stay.
    let again = ok(&[
        "match",
        "warp-weft",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "8",
        "--shard",
        "0/2",
        "--out",
        part(0).to_str().unwrap(),
        "--json",
    ]);
    let again: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["games"], 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_is_compared_game_for_game_with_one_from_the_same_openings() {
    let dir = std::env::temp_dir().join(format!("tabula-paired-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let play = |a: &str, seed: &str, out: &str| {
        let _ = std::fs::remove_file(out);
        ok(&["match", "warp-weft", "--a", a, "--b", "random", "--games", "6", "--seed", seed, "--out", out]);
    };
    let (base, new, other) = (file("base.jsonl"), file("new.jsonl"), file("other.jsonl"));
    play("greedy", "3", &base);
    play("random", "3", &new);
    play("greedy", "4", &other);
    let v: Value = serde_json::from_str(&ok(&["match", "--merge", &new, "--against", &base, "--json"])).unwrap();
    let (score, baseline) =
        (v["summary"]["a_score"].as_f64().unwrap(), v["against"]["baseline_score"].as_f64().unwrap());
    assert_eq!(v["against"]["pairs"], 3);
    assert!((v["against"]["difference"].as_f64().unwrap() - (score - baseline)).abs() < 1e-9, "{v}");
    let text = ok(&["match", "--merge", &new, "--against", &base]);
    assert!(text.contains("baseline: A = greedy, B = random"), "{text}");
    assert!(text.contains("on the 6 games of 3 pairs both hold:"), "{text}");
    // A match against itself: no difference, no game ended otherwise.
    let same: Value = serde_json::from_str(&ok(&["match", "--merge", &base, "--against", &base, "--json"])).unwrap();
    assert_eq!((same["against"]["difference"].as_f64(), same["against"]["changed"].as_u64()), (Some(0.0), Some(0)));
    // Other openings (another seed: other boards) are no baseline.
    let refused = fails(&["match", "--merge", &other, "--against", &base]);
    assert!(refused.contains("game 0 was not played from the same start"), "{refused}");
    assert!(fails(&["match", "--against", &base]).contains("--merge"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_drives_an_external_ugi_engine() {
    let engine = format!("ugi:cmd={} ugi warp-weft,time=50ms", env!("CARGO_BIN_EXE_tabula"));
    let out = ok(&["match", "warp-weft", "--a", &engine, "--b", "random", "--games", "2", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 2);
    assert!(fails(&["match", "warp-weft", "--a", "ugi:cmd=/nonexistent/engine", "--games", "2"]).contains("engine"));
}

#[test]
fn a_perfect_play_study_is_solved_board_by_board_resumed_and_summarised() {
    let dir = std::env::temp_dir().join(format!("tabula-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("perfect.jsonl");
    let file = out.to_str().unwrap();
    // Two shards of boards 1..6 on 5 × 5 boards, then a run that finds nothing left to do.
    ok(&["solve", "warp-weft", "--option", "size=5", "--boards", "1..6", "--shard", "0/2", "--out", file]);
    ok(&["solve", "warp-weft", "--option", "size=5", "--boards", "1..6", "--shard", "1/2", "--out", file]);
    ok(&["solve", "warp-weft", "--option", "size=5", "--boards", "1..6", "--out", file]);
    let lines: Vec<serde_json::Value> =
        std::fs::read_to_string(&out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut seeds: Vec<u64> = lines.iter().map(|l| l["seed"].as_u64().unwrap()).collect();
    seeds.sort();
    assert_eq!(seeds, [1, 2, 3, 4, 5, 6], "each board solved once");
    // Each line agrees with solving that board on its own.
    let one = ok(&["solve", "warp-weft", "--option", "size=5", "--seed", "3", "--json"]);
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    let line = lines.iter().find(|l| l["seed"] == 3).unwrap();
    assert_eq!(line["margin"], one["margin"]);
    assert!(lines.iter().all(|l| l["compensation"] == 4.5), "each line records the komi it was solved with");
    let summary = ok(&["solve", "warp-weft", "--summarize", file]);
    assert!(summary.contains("| boards solved | 6 |"), "{summary}");
    assert!(summary.contains("fairest half-point compensation"), "{summary}");
    let svg = std::fs::read_to_string(dir.join("perfect-play.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<rect"), "a histogram chart");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("perfect-play.json")).unwrap()).unwrap();
    assert_eq!(report["boards"], 6);
    let margins: Vec<i64> = report["margins"].as_array().unwrap().iter().map(|m| m.as_i64().unwrap()).collect();
    let wins = margins.iter().filter(|&&m| m as f64 > 4.5).count();
    assert_eq!(report["first_wins_with_compensation"], wins);
    assert_eq!(report["compensation"], 4.5, "taken from the file");
    ok(&["solve", "warp-weft", "--summarize", file, "--compensation", "2.5"]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("perfect-play.json")).unwrap()).unwrap();
    assert_eq!(report["compensation"], 2.5, "--compensation overrides the file");
    // A file that does not say which komi its boards had needs --compensation.
    let bare = dir.join("bare.jsonl");
    std::fs::write(&bare, "{\"seed\":1,\"margin\":3}\n").unwrap();
    assert!(fails(&["solve", "warp-weft", "--summarize", bare.to_str().unwrap()]).contains("--compensation"));
    // Bad input says what is wrong.
    assert!(fails(&["solve", "warp-weft", "--boards", "9..2"]).contains("empty"));
    assert!(fails(&["solve", "warp-weft", "--boards", "x"]).contains("range of board numbers"));
    assert!(fails(&["solve", "leeward", "--boards", "1..2"]).contains("no board numbers"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_player_setting_out_of_range_is_refused_with_the_range() {
    let err = fails(&["think", "leeward", "--player", "greedy:margin=2147483647"]);
    assert!(err.contains("setting 'margin' must be a whole number from 0 to 1000000, not '2147483647'"), "{err}");
}

#[test]
fn a_broken_or_silent_engine_is_reported_not_waited_for() {
    let err = fails(&["think", "leeward", "--player", "ugi:cmd=/nonexistent-engine"]);
    assert!(err.contains("engine '/nonexistent-engine': stopped before saying 'ugiok'"), "{err}");
    assert!(err.contains("not found"), "what the engine's shell said is passed on: {err}");
    // `cat` echoes every command and never answers: the handshake gives up.
    let err = fails(&["think", "leeward", "--player", "ugi:cmd=/bin/cat,time=200ms"]);
    assert!(err.contains("did not say 'ugiok' within 5.0 s"), "{err}");
    // An engine that shakes hands but never moves is stopped a second after its time.
    let mute = "ugi:cmd=while read l; do case $l in ugi) echo ugiok;; isready) echo readyok;; esac; done,time=200ms";
    let err = fails(&["think", "leeward", "--player", mute]);
    assert!(err.contains("did not say 'bestmove' within 1.2 s"), "{err}");
}

#[test]
fn a_studys_boards_are_shared_out_by_shard_into_one_records_folder_and_reported_whole() {
    let dir = std::env::temp_dir().join(format!("tabula-study-shards-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    // Twelve games make four boards for the exact row (a third as many).
    let study = [
        "analyze",
        "warp-weft",
        "--study-only",
        "--games",
        "12",
        "--option",
        "size=5",
        "--parts",
        "exact",
        "--records",
        dir_arg,
        "--json",
    ];
    let boards = || -> Vec<u64> {
        let text = std::fs::read_to_string(dir.join("exact.jsonl")).unwrap();
        text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["board"].as_u64().unwrap()).collect()
    };
    ok(&[&study[..], &["--shard", "1/2"]].concat());
    assert_eq!(boards(), [1, 3], "the second of two shards plays the odd boards");
    ok(&[&study[..], &["--shard", "0/2"]].concat());
    assert_eq!(boards(), [1, 3, 0, 2], "the first adds the even ones to the same file");
    let (success, out, err) = tabula(&study);
    assert!(success, "{err}");
    assert!(!err.contains("to play"), "nothing is left to play: {err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["rows"]["exact"]["boards"], 4, "the report covers every shard's boards");
    assert_eq!(boards().len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(fails(&["analyze", "warp-weft", "--shard", "2/2"]).contains("does not exist"));
}
