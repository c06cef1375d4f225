//! Helpers shared by the games' integration tests (`mod common;` in each):
//! making positions, listing and playing moves in notation, and reading the
//! perft data files of `tests/data`. Each test file uses only some of them.
#![allow(dead_code)]

pub mod perft_data;

use tabula_core::{Game, Options};

/// The start position of `G` with options given as `KEY=VALUE` pairs.
pub fn game<G: Game>(pairs: &[&str]) -> G {
    G::new(&Options::from_pairs(pairs).unwrap()).unwrap_or_else(|e| panic!("{pairs:?}: {e}"))
}

/// A position of `G` from its text; a test's positions are meant to be valid.
pub fn pos<G: Game>(text: &str) -> G {
    G::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves, in the order the game lists them.
pub fn legal<G: Game>(p: &G) -> Vec<G::Move> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    out
}

/// The legal moves in notation, in the order the game lists them.
pub fn listed<G: Game>(p: &G) -> Vec<String> {
    legal(p).into_iter().map(|m| p.format_move(m)).collect()
}

/// The legal moves in notation, sorted.
pub fn moves<G: Game>(p: &G) -> Vec<String> {
    let mut out = listed(p);
    out.sort();
    out
}

/// Plays moves written in notation, separated by spaces; each must be read
/// and also be among the legal moves listed.
pub fn play<G: Game>(p: &mut G, line: &str) {
    for text in line.split_whitespace() {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(legal(p).contains(&mv), "{text} is read but not listed");
        p.play(mv);
    }
}

/// The position after moves written in notation (see [`play`]).
pub fn played<G: Game>(p: &G, line: &str) -> G {
    let mut next = p.clone();
    play(&mut next, line);
    next
}

/// Plays from `pos` the moves that `choices` pick among the legal ones (each
/// choice modulo their number) until the choices or the game run out: a
/// reproducible random position for property tests, and the line played.
pub fn reached<G: Game>(mut pos: G, choices: &[usize]) -> (G, Vec<G::Move>) {
    let mut line = Vec::new();
    for &c in choices {
        let moves = legal(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[c % moves.len()];
        pos.play(mv);
        line.push(mv);
    }
    (pos, line)
}

/// Owned strings, sorted, to compare with [`moves`].
pub fn strs(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
