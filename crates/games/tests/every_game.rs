//! Checks that every registered game gets for free: random games played
//! through the type-erased handle keep their invariants at every step, and
//! every game's perft counts (`tests/data/<slug>.perft`) hold.

mod common;

use common::perft_data::{self, Case, Start};
use proptest::prelude::*;
use tabula_core::Options;
use tabula_games::{find, registry};
use tabula_search::{AnyGame, GameEntry, PlayerSpec};

/// Plays up to `steps` moves chosen by `choices`, checking invariants at each step.
fn walk(slug: &str, choices: &[usize]) -> Result<(), TestCaseError> {
    let entry = find(slug).unwrap();
    let mut game = entry.create(&Options::new()).unwrap();
    let mut texts = vec![game.to_text()];
    let mut hashes = vec![game.hash()];
    for &choice in choices {
        let legal = game.legal_moves();
        prop_assert_eq!(legal.is_empty(), game.outcome().is_some(), "moves exist exactly until the end");
        prop_assert_eq!(game.perft(1), legal.len() as u64, "perft 1 counts the legal moves");
        let back = entry.from_text(&game.to_text()).unwrap();
        prop_assert_eq!(back.to_text(), game.to_text(), "the position text round-trips");
        prop_assert_eq!(back.hash(), game.hash(), "a re-read position has the same hash");
        if legal.is_empty() {
            prop_assert!(!game.outcome_reason().is_empty(), "a finished game says why");
            break;
        }
        let mv = &legal[choice % legal.len()];
        prop_assert!(
            !mv.is_empty() && !mv.contains(char::is_whitespace),
            "'{}' is not one word: records and move lists split moves at spaces",
            mv
        );
        let written = game.play_text(mv).unwrap();
        prop_assert_eq!(&written, mv, "moves are written as listed");
        texts.push(game.to_text());
        hashes.push(game.hash());
    }
    // Taking everything back visits the same positions in reverse.
    while game.undo().is_some() {
        texts.pop();
        hashes.pop();
        prop_assert_eq!(game.to_text(), texts.last().unwrap().clone());
        prop_assert_eq!(game.hash(), *hashes.last().unwrap());
    }
    Ok(())
}

proptest! {
    #[test]
    fn random_games_keep_their_invariants(choices in prop::collection::vec(0usize..1000, 0..200)) {
        for entry in registry() {
            walk(entry.info().slug, &choices)?;
        }
    }
}

#[test]
fn a_rejected_move_changes_nothing() {
    for entry in registry() {
        let mut game = entry.create(&Options::new()).unwrap();
        let before = game.to_text();
        for bad in ["", "zz9", "!!", "swap swap", "99999"] {
            assert!(game.play_text(bad).is_err(), "{}: '{bad}' should be refused", entry.info().slug);
            assert_eq!(game.to_text(), before);
            assert!(game.history().is_empty());
        }
    }
}

#[test]
fn every_level_parses_and_moves() {
    for entry in registry() {
        let info = entry.info();
        assert!(info.levels.len() >= 3, "{} needs three levels", info.slug);
        let game = entry.create(&Options::new()).unwrap();
        for level in info.levels {
            let spec = PlayerSpec::parse(&format!("level:{}", level.key), info).unwrap();
            // Deep levels are checked by their own tests; here, that the level's spec reads and a quick player of its kind moves.
            let fast = match spec {
                PlayerSpec::AlphaBeta { .. } | PlayerSpec::Solver { .. } => {
                    PlayerSpec::parse("ab:depth=3", info).unwrap()
                }
                PlayerSpec::Mcts(_) => PlayerSpec::parse("mcts:iters=200", info).unwrap(),
                other => other,
            };
            let decision = game.choose(&fast, 7).unwrap();
            assert!(game.legal_moves().contains(&decision.mv));
        }
    }
}

#[test]
fn every_option_default_is_accepted() {
    for entry in registry() {
        let info = entry.info();
        for option in info.options {
            let options = Options::from_pairs(&[format!("{}={}", option.key, option.default)]).unwrap();
            entry.create(&options).unwrap_or_else(|e| panic!("{} {}: {e}", info.slug, option.key));
            for choice in option.choices {
                let options = Options::from_pairs(&[format!("{}={choice}", option.key)]).unwrap();
                entry.create(&options).unwrap_or_else(|e| panic!("{} {}={choice}: {e}", info.slug, option.key));
            }
        }
    }
}

/// A leaf-by-leaf walk is made at the deepest depth with at most this many
/// leaves (it plays every move through its notation, so it is slow).
const WALK_LEAVES: u64 = 50_000;

/// Perft with every leaf move made and taken back, through the notation:
/// no bulk count at the last ply, so it checks `move_count` and the moves
/// listed against each other.
fn perft_leaf_by_leaf(game: &mut dyn AnyGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in game.legal_moves() {
        game.play_text(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        n += perft_leaf_by_leaf(game, depth - 1);
        game.undo();
    }
    n
}

/// Checks one case of a game's perft file.
fn check_case(entry: &GameEntry, case: &Case) {
    let slug = entry.info().slug;
    let mut game = match &case.start {
        Start::Options(pairs) => entry.create(&Options::from_pairs(pairs).unwrap()),
        Start::Text(text) => entry.from_text(text),
    }
    .unwrap_or_else(|e| panic!("{slug}.perft line {}: {e}", case.line));
    for (depth, &expected) in (1..).zip(&case.counts) {
        assert_eq!(game.perft(depth), expected, "{slug}.perft line {}: depth {depth}", case.line);
    }
    let deepest = (1..).zip(&case.counts).filter(|&(_, &n)| n <= WALK_LEAVES).map(|(d, _)| d).last();
    if let Some(depth) = deepest {
        let expected = case.counts[depth as usize - 1];
        assert_eq!(
            perft_leaf_by_leaf(game.as_mut(), depth),
            expected,
            "{slug}.perft line {}: every leaf made, depth {depth}",
            case.line
        );
    }
}

#[test]
fn perft_counts_hold_for_every_game() {
    std::thread::scope(|scope| {
        for entry in registry() {
            scope.spawn(move || {
                let cases = perft_data::read(entry.info().slug);
                assert!(!cases.is_empty(), "{} has no perft cases", entry.info().slug);
                for case in &cases {
                    check_case(entry, case);
                }
            });
        }
    });
}
