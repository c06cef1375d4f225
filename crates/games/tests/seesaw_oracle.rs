//! Seesaw against Ludii: every start-of-turn position recorded from 60 random
//! Ludii games on the base-4 board, with every position the mover can reach
//! by the end of the turn. The set of end-of-turn positions Tabula generates
//! must be exactly the recorded set, on every line.

use std::collections::BTreeSet;

use serde_json::Value;
use tabula_core::Game;
use tabula_games::seesaw::Seesaw;

const BASE4: &str = include_str!("data/seesaw/base4.jsonl");

/// What went wrong on one line, if anything.
fn check(line: &Value) -> Result<(), String> {
    let position = line["position"].as_str().ok_or("no position")?;
    let pos = Seesaw::from_text(position).map_err(|e| format!("cannot read: {e}"))?;
    if pos.to_text() != position {
        return Err(format!("text does not round-trip: {}", pos.to_text()));
    }
    if line["mover"].as_u64() != Some(pos.mover() as u64 + 1) {
        return Err("wrong mover".into());
    }
    let expected: BTreeSet<String> =
        line["outcomes"].as_array().ok_or("no outcomes")?.iter().map(|o| o.as_str().unwrap().to_string()).collect();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.len() != pos.move_count() {
        return Err(format!("move_count {} but {} moves listed", pos.move_count(), moves.len()));
    }
    let mut got = BTreeSet::new();
    for &mv in &moves {
        let mut after = pos.clone();
        after.play(mv);
        let text = after.to_text();
        if !got.insert(text.clone()) {
            return Err(format!("two moves reach {text}"));
        }
        after.undo(mv);
        if after != pos || after.hash() != pos.hash() {
            return Err(format!("undo of {} does not restore the position", pos.format_move(mv)));
        }
        let written = pos.format_move(mv);
        match pos.parse_move(&written) {
            Ok(back) if back == mv => {}
            other => return Err(format!("'{written}' reads back as {other:?}")),
        }
    }
    if got != expected {
        let missing: Vec<&String> = expected.difference(&got).collect();
        let extra: Vec<&String> = got.difference(&expected).collect();
        return Err(format!("missing {missing:#?}\nextra {extra:#?}"));
    }
    Ok(())
}

#[test]
fn every_recorded_turn_matches_ludii() {
    let mut lines = 0;
    let mut failures = Vec::new();
    for (i, text) in BASE4.lines().enumerate() {
        let line: Value = serde_json::from_str(text).expect("each line is JSON");
        assert_eq!(line["board"], 4);
        lines += 1;
        if let Err(why) = check(&line) {
            failures.push(format!(
                "line {} (game {}, turn {}): {}\n  {}",
                i + 1,
                line["game"],
                line["turn"],
                line["position"],
                why
            ));
        }
    }
    assert_eq!(lines, 3530, "the oracle file has 3,530 lines");
    assert!(
        failures.is_empty(),
        "{} of {lines} lines differ from Ludii; the first:\n{}",
        failures.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn consecutive_lines_follow_each_other() {
    // Each game's next start position is one of the previous line's outcomes,
    // so the file also replays 60 whole games through play and notation.
    let mut previous: Option<Value> = None;
    let mut finished = 0;
    for text in BASE4.lines() {
        let line: Value = serde_json::from_str(text).unwrap();
        if let Some(prev) = &previous {
            if prev["game"] == line["game"] {
                let pos = Seesaw::from_text(prev["position"].as_str().unwrap()).unwrap();
                let target = line["position"].as_str().unwrap();
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let found = moves.iter().any(|&mv| {
                    let mut after = pos.clone();
                    after.play(mv);
                    after.to_text() == target
                });
                assert!(found, "no move leads from {} to {target}", prev["position"]);
            }
        }
        // A finished game's last line has outcomes ending the game.
        let ends = line["outcomes"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains(";winner:"));
        finished += ends as u32;
        previous = Some(line);
    }
    assert!(finished >= 60, "every recorded game ends with a winning turn available");
}
