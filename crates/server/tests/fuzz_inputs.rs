//! Fuzzing every parser that reads outside text: position texts and moves of
//! every game, options, player specs and game records. Inputs are random
//! text and valid texts with random edits (characters changed, cut, doubled,
//! huge numbers put in). Each must be read or refused with an error, never
//! panic, and a refused move must leave the position as it was.
//!
//! It runs briefly with the other tests; for a longer run:
//! `PROPTEST_CASES=100000 cargo test --release -p tabula-server --test fuzz_inputs`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::sample::Index;
use tabula_core::Options;
use tabula_games::registry;
use tabula_search::{AnyGame, PlayerSpec};
use tabula_server::records;

/// One random change to a text.
#[derive(Debug, Clone)]
enum Edit {
    /// Replace the character at a place by this text.
    Replace(Index, String),
    /// Put this text in at a place.
    Insert(Index, String),
    /// Cut out up to this many characters at a place.
    Cut(Index, usize),
    /// Repeat the characters from a place on, up to this many.
    Double(Index, usize),
}

/// Bits of text that parsers find hard: separators, signs, huge and odd numbers, other scripts.
fn nasty() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("99999999999999999999".to_string()),
        Just("-2147483649".to_string()),
        Just("4294967296".to_string()),
        Just("1e308".to_string()),
        Just("NaN".to_string()),
        Just("-0".to_string()),
        Just(";".to_string()),
        Just("=".to_string()),
        Just(",".to_string()),
        Just("/".to_string()),
        Just(":".to_string()),
        Just("\n".to_string()),
        Just("[".to_string()),
        Just("\"".to_string()),
        Just("é".to_string()),
        Just("\u{0}".to_string()),
        "[a-z0-9]{1,3}",
        any::<char>().prop_map(String::from),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), nasty()).prop_map(|(i, s)| Edit::Replace(i, s)),
        (any::<Index>(), nasty()).prop_map(|(i, s)| Edit::Insert(i, s)),
        (any::<Index>(), 1..20usize).prop_map(|(i, n)| Edit::Cut(i, n)),
        (any::<Index>(), 1..40usize).prop_map(|(i, n)| Edit::Double(i, n)),
    ]
}

/// `text` with `edits` made, at character boundaries.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
        match edit {
            Edit::Replace(i, s) if !chars.is_empty() => {
                let p = at(i, chars.len());
                chars.splice(p..p + 1, s.chars());
            }
            Edit::Replace(_, s) | Edit::Insert(_, s) if chars.is_empty() => chars.extend(s.chars()),
            Edit::Insert(i, s) => {
                let p = at(i, chars.len() + 1);
                chars.splice(p..p, s.chars());
            }
            Edit::Cut(i, n) => {
                let p = at(i, chars.len());
                let end = (p + n).min(chars.len());
                chars.drain(p..end);
            }
            Edit::Double(i, n) => {
                let p = at(i, chars.len());
                let end = (p + n).min(chars.len());
                let copy: Vec<char> = chars[p..end].to_vec();
                chars.splice(end..end, copy);
            }
            Edit::Replace(..) => {}
        }
    }
    chars.into_iter().collect()
}

/// A few positions of every game: the start, and after some legal moves.
fn sample_positions() -> Vec<Box<dyn AnyGame>> {
    let mut out = Vec::new();
    for entry in registry() {
        let mut game = entry.create(&Options::new()).unwrap();
        for step in 0..12 {
            if step % 4 == 0 {
                out.push(game.clone_box());
            }
            let moves = game.legal_moves();
            let Some(mv) = moves.get((step * 7) % moves.len().max(1)) else { break };
            game.play_text(mv).unwrap();
        }
    }
    out
}

/// A record of a short game of each kind, to mutate.
fn sample_records() -> Vec<String> {
    sample_positions()
        .iter()
        .map(|game| {
            let moves = game.history();
            let mut sides = Vec::new();
            let mut replay = tabula_games::find(game.info().slug).unwrap().create(&Options::new()).unwrap();
            for mv in &moves {
                sides.push(replay.side_to_move().index());
                replay.play_text(mv).unwrap();
            }
            records::write(&records::GameRecord {
                game: game.info().slug.to_string(),
                options: BTreeMap::new(),
                position: None,
                names: [Some("Ann".into()), None],
                created_at: Some(1_700_000_000_000),
                clock: None,
                result: None,
                moves,
                sides,
            })
        })
        .collect()
}

proptest! {
    #[test]
    fn position_texts_are_read_or_refused(which in any::<Index>(), edits in prop::collection::vec(edit(), 1..6)) {
        let positions = sample_positions();
        let original = &positions[which.index(positions.len())];
        let text = mutate(&original.to_text(), &edits);
        let entry = tabula_games::find(original.info().slug).unwrap();
        if let Ok(game) = entry.from_text(&text) {
            // What was read can be played on and written again.
            let again = game.to_text();
            prop_assert!(entry.from_text(&again).is_ok(), "{} wrote '{again}', which it cannot read", entry.info().slug);
            let _ = (game.legal_moves(), game.outcome(), game.view(), game.move_views());
        }
    }

    #[test]
    fn random_text_is_no_position_of_any_game(text in "\\PC{0,80}") {
        for entry in registry() {
            let _ = entry.from_text(&text);
        }
    }

    #[test]
    fn moves_are_played_or_refused_and_a_refusal_changes_nothing(
        which in any::<Index>(),
        legal in any::<Index>(),
        edits in prop::collection::vec(edit(), 0..4),
        random in "\\PC{0,12}",
    ) {
        let positions = sample_positions();
        let original = &positions[which.index(positions.len())];
        let moves = original.legal_moves();
        let base = moves.get(if moves.is_empty() { 0 } else { legal.index(moves.len()) }).cloned().unwrap_or_default();
        for text in [mutate(&base, &edits), random.clone()] {
            let mut game = original.clone_box();
            let before = (game.to_text(), game.history());
            if game.play_text(&text).is_err() {
                prop_assert_eq!((game.to_text(), game.history()), before, "refusing '{}' changed the game", text);
            }
        }
    }

    #[test]
    fn options_are_taken_or_refused(
        game in any::<Index>(),
        pairs in prop::collection::vec(("[a-z]{1,9}|size|seed|komi|pie|symmetric|base|island", nasty()), 0..4),
    ) {
        let entry = &registry()[game.index(registry().len())];
        let mut options = Options::new();
        for (key, value) in &pairs {
            options.set(key, value);
        }
        if let Ok(game) = entry.create(&options) {
            let _ = (game.legal_moves(), game.view(), game.to_text());
        }
    }

    #[test]
    fn player_specs_are_read_or_refused(
        kind in "random|greedy|ab|alphabeta|mcts|solver|perfect|level|ugi|[a-z]{0,5}",
        params in prop::collection::vec(("depth|time|min_depth|nodes|hash|threads|margin|solve|plain|contempt|iters|c|cmd|[a-z]{1,4}", nasty()), 0..4),
        game in any::<Index>(),
    ) {
        let entry = &registry()[game.index(registry().len())];
        let text = format!("{kind}:{}", params.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(","));
        if let Ok(spec) = PlayerSpec::parse(&text, entry.info()) {
            // A spec that was read is written so that it reads back the same.
            let written = spec.to_string();
            if !matches!(spec, PlayerSpec::Ugi { .. }) {
                prop_assert_eq!(PlayerSpec::parse(&written, entry.info()).ok(), Some(spec), "'{}' was written as '{}'", text, written);
            }
        }
    }

    #[test]
    fn records_are_read_or_refused_with_a_line(which in any::<Index>(), edits in prop::collection::vec(edit(), 1..8)) {
        let samples = sample_records();
        let text = mutate(&samples[which.index(samples.len())], &edits);
        match records::read(&text) {
            Ok(games) => {
                for game in &games {
                    let _ = records::write(game);
                }
            }
            Err(e) => prop_assert!(e.line <= text.lines().count() + 1, "line {} of {} lines", e.line, text.lines().count()),
        }
    }
}
