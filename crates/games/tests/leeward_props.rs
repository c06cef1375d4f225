//! Properties of Leeward checked on many positions: those reached by random
//! play from the start and those made by scattering pieces on the board.
//!
//! The move generator is compared with a plain square-by-square one written
//! here from the rules; play and undo, the position text and the notation
//! must round-trip; and the board's two symmetries (a mirror along the
//! north–south line, and a half turn that swaps the sides) must map moves,
//! results and evaluations onto each other.

mod common;

use proptest::prelude::*;
use tabula_core::{Evaluate, Game, Outcome, Side};
use tabula_games::leeward::Leeward;

// ------------------------------------------------------------ board as text

/// The board of a position text as 7 rows of 7 characters, rank 7 first, `.` for empty.
fn grid(text: &str) -> Vec<Vec<char>> {
    let board = text.split(';').find_map(|f| f.strip_prefix("board=")).unwrap();
    board
        .split('/')
        .map(|row| {
            row.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect()
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.split(';').find_map(|f| f.strip_prefix(key).and_then(|f| f.strip_prefix('='))).unwrap()
}

fn text_of(rows: &[Vec<char>], wind: char, next: &str, calm: &str) -> String {
    let board: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    format!("board={};wind={wind};next={next};calm={calm}", board.join("/"))
}

fn wind_of(text: &str) -> char {
    field(text, "wind").chars().next().unwrap()
}

/// Mirrored along the north–south line: files reversed, east and west winds swapped.
fn mirror_text(text: &str) -> String {
    let rows: Vec<Vec<char>> = grid(text).into_iter().map(|r| r.into_iter().rev().collect()).collect();
    let wind = match wind_of(text) {
        'E' => 'W',
        'W' => 'E',
        w => w,
    };
    text_of(&rows, wind, field(text, "next"), field(text, "calm"))
}

/// Turned half way round with the sides swapped: Ink's pieces become Paper's.
fn half_turn_text(text: &str) -> String {
    let rows: Vec<Vec<char>> = grid(text)
        .into_iter()
        .rev()
        .map(|r| {
            r.into_iter()
                .rev()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let wind = match wind_of(text) {
        'N' => 'S',
        'S' => 'N',
        'E' => 'W',
        _ => 'E',
    };
    let next = if field(text, "next") == "ink" { "paper" } else { "ink" };
    text_of(&rows, wind, next, field(text, "calm"))
}

/// A move's text with every square and the wind passed through the given maps.
fn map_move(mv: &str, square: impl Fn(char, char) -> (char, char), wind: impl Fn(char) -> char) -> String {
    let c: Vec<char> = mv.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_ascii_lowercase() && c[i] != 'x' && i + 1 < c.len() && c[i + 1].is_ascii_digit() {
            let (f, r) = square(c[i], c[i + 1]);
            out.push(f);
            out.push(r);
            i += 2;
        } else if c[i] == '/' {
            out.push('/');
            out.push(wind(c[i + 1]));
            i += 2;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn flip_file(f: char) -> char {
    (b'g' - (f as u8 - b'a')) as char
}

fn flip_rank(r: char) -> char {
    (b'7' - (r as u8 - b'1')) as char
}

fn mirror_move(mv: &str) -> String {
    map_move(
        mv,
        |f, r| (flip_file(f), r),
        |w| match w {
            'E' => 'W',
            'W' => 'E',
            w => w,
        },
    )
}

fn half_turn_move(mv: &str) -> String {
    map_move(
        mv,
        |f, r| (flip_file(f), flip_rank(r)),
        |w| match w {
            'N' => 'S',
            'S' => 'N',
            'E' => 'W',
            _ => 'E',
        },
    )
}

fn sorted_moves(p: &Leeward) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut texts: Vec<String> = out.into_iter().map(|m| p.format_move(m)).collect();
    texts.sort();
    texts
}

fn swap(o: Option<Outcome>) -> Option<Outcome> {
    o.map(|o| match o {
        Outcome::Win(s) => Outcome::Win(s.opponent()),
        Outcome::Draw => Outcome::Draw,
    })
}

// ------------------------------------------------------------ a plain move generator

/// The legal moves by the rules as written, one square at a time, from the position text.
fn reference_moves(text: &str) -> Vec<String> {
    let rows = grid(text);
    // at(f, r) with f, r from 0 at a1.
    let at = |f: i32, r: i32| -> Option<char> {
        if (0..7).contains(&f) && (0..7).contains(&r) {
            Some(rows[6 - r as usize][f as usize])
        } else {
            None
        }
    };
    let ink = field(text, "next") == "ink";
    let calm: u32 = field(text, "calm").parse().unwrap();
    let wind = wind_of(text);
    let find = |c: char| (0..49).map(|s| (s % 7, s / 7)).find(|&(f, r)| at(f, r) == Some(c));
    let (ink_lamp, paper_lamp) = (find('L'), find('l'));
    let over = ink_lamp.is_none()
        || paper_lamp.is_none()
        || ink_lamp == Some((3, 6))
        || paper_lamp == Some((3, 0))
        || calm >= 60;
    if over {
        return Vec::new();
    }
    let mine = |c: char| c != '.' && c.is_ascii_uppercase() == ink;
    let (dx, dy) = match wind {
        'N' => (0, 1),
        'E' => (1, 0),
        'S' => (0, -1),
        _ => (-1, 0),
    };
    let others: Vec<char> = ['N', 'E', 'S', 'W'].into_iter().filter(|&w| w != wind).collect();
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let mut out = Vec::new();
    for r in 0..7 {
        for f in 0..7 {
            let piece = at(f, r).unwrap();
            if !mine(piece) {
                continue;
            }
            let mut targets: Vec<(i32, i32)> = Vec::new();
            let free = |t: (i32, i32)| at(t.0, t.1).is_some_and(|c| !mine(c));
            match piece.to_ascii_lowercase() {
                'l' => {
                    for (a, b) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                        if at(f + a, r + b) == Some('.') {
                            targets.push((f + a, r + b));
                        }
                    }
                }
                's' => {
                    let (mut x, mut y) = (f + dx, r + dy);
                    while let Some(c) = at(x, y) {
                        if c == '.' {
                            targets.push((x, y));
                        } else {
                            if !mine(c) {
                                targets.push((x, y));
                            }
                            break;
                        }
                        x += dx;
                        y += dy;
                    }
                }
                'k' => {
                    for (px, py) in [(dy, dx), (-dy, -dx)] {
                        for n in [1, 2] {
                            let t = (f + n * px, r + n * py);
                            if free(t) {
                                targets.push(t);
                            }
                        }
                    }
                }
                _ => {
                    let (ux, uy) = (-dx, -dy);
                    for (sx, sy) in [(0, 0), (dy, dx), (-dy, -dx)] {
                        let t = (f + ux + sx, r + uy + sy);
                        if free(t) {
                            targets.push(t);
                        }
                    }
                }
            }
            for (x, y) in targets {
                let capture = if at(x, y) == Some('.') { "" } else { "x" };
                for &w in &others {
                    out.push(format!("{}{capture}{}/{w}", name(f, r), name(x, y)));
                }
            }
        }
    }
    out.sort();
    out
}

// ------------------------------------------------------------ positions

/// The position reached by playing the given choices (each modulo the number of moves).
fn reached(choices: &[usize]) -> (Leeward, Vec<tabula_games::leeward::LeewardMove>) {
    common::reached(Leeward::start(), choices)
}

const ALL_PIECES: [char; 16] = ['L', 'S', 'S', 'K', 'K', 'O', 'O', 'O', 'l', 's', 's', 'k', 'k', 'o', 'o', 'o'];

/// A position text with some of the pieces (both Lamps always) scattered at random.
fn scattered() -> impl Strategy<Value = String> {
    (
        Just((0..49usize).collect::<Vec<_>>()).prop_shuffle(),
        prop::collection::vec(any::<bool>(), 16),
        prop::sample::select(vec!['N', 'E', 'S', 'W']),
        any::<bool>(),
        0u32..=60,
    )
        .prop_map(|(squares, keep, wind, ink, calm)| {
            let mut rows = vec![vec!['.'; 7]; 7];
            for (i, &piece) in ALL_PIECES.iter().enumerate() {
                if keep[i] || piece.eq_ignore_ascii_case(&'l') {
                    let s = squares[i];
                    rows[6 - s / 7][s % 7] = piece;
                }
            }
            text_of(&rows, wind, if ink { "ink" } else { "paper" }, &calm.to_string())
        })
}

fn check_against_reference(pos: &Leeward) -> Result<(), TestCaseError> {
    let text = pos.to_text();
    let ours = sorted_moves(pos);
    prop_assert_eq!(&ours, &reference_moves(&text), "{}", text);
    prop_assert_eq!(pos.move_count(), ours.len());
    prop_assert_eq!(ours.is_empty(), pos.outcome().is_some(), "moves exist exactly until the end: {}", text);
    if ours.is_empty() {
        prop_assert!(!pos.outcome_reason().is_empty());
    }
    // The noisy moves are exactly the captures and landfalls among the legal ones.
    let mut noisy = Vec::new();
    Evaluate::noisy_moves(pos, &mut noisy);
    let mut noisy: Vec<String> = noisy.into_iter().map(|m| pos.format_move(m)).collect();
    noisy.sort();
    let goal = if pos.side_to_move() == Side::First { "d7/" } else { "d1/" };
    let lamp = pos.lamp(pos.side_to_move()).map(tabula_games::leeward::square_name);
    let expected: Vec<String> = ours
        .iter()
        .filter(|m| m.contains('x') || (m.contains(goal) && lamp.as_deref() == Some(&m[..2])))
        .cloned()
        .collect();
    prop_assert_eq!(noisy, expected);
    Ok(())
}

fn check_symmetry(pos: &Leeward) -> Result<(), TestCaseError> {
    let text = pos.to_text();
    let ours = sorted_moves(pos);
    let mirrored = Leeward::from_text(&mirror_text(&text)).unwrap();
    let mut expected: Vec<String> = ours.iter().map(|m| mirror_move(m)).collect();
    expected.sort();
    prop_assert_eq!(sorted_moves(&mirrored), expected, "mirror of {}", text);
    prop_assert_eq!(mirrored.outcome(), pos.outcome());
    let turned = Leeward::from_text(&half_turn_text(&text)).unwrap();
    let mut expected: Vec<String> = ours.iter().map(|m| half_turn_move(m)).collect();
    expected.sort();
    prop_assert_eq!(sorted_moves(&turned), expected, "half turn of {}", text);
    prop_assert_eq!(turned.outcome(), swap(pos.outcome()));
    if pos.outcome().is_none() {
        prop_assert_eq!(mirrored.evaluate(), pos.evaluate(), "the evaluation ignores the mirror: {}", text);
        prop_assert_eq!(turned.evaluate(), pos.evaluate(), "the evaluation is the same for either side: {}", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn reached_positions_follow_the_rules(choices in prop::collection::vec(0usize..10_000, 0..120)) {
        let (pos, _) = reached(&choices);
        check_against_reference(&pos)?;
        check_symmetry(&pos)?;
    }

    #[test]
    fn scattered_positions_follow_the_rules(text in scattered()) {
        let pos = Leeward::from_text(&text);
        prop_assume!(pos.is_ok());
        let pos = pos.unwrap();
        check_against_reference(&pos)?;
        check_symmetry(&pos)?;
    }

    #[test]
    fn play_and_undo_restore_the_position(choices in prop::collection::vec(0usize..10_000, 0..120), split in 0usize..120) {
        let (mut pos, line) = reached(&choices);
        let split = split.min(line.len());
        // Undo part of the way and check against a fresh replay of the first part.
        for &mv in line[split..].iter().rev() {
            pos.undo(mv);
        }
        let (replayed, _) = reached(&choices[..split]);
        prop_assert_eq!(pos.hash(), replayed.hash());
        prop_assert_eq!(pos.to_text(), replayed.to_text());
        prop_assert_eq!(&pos, &replayed);
        for &mv in line[..split].iter().rev() {
            pos.undo(mv);
        }
        prop_assert_eq!(pos.hash(), Leeward::start().hash());
        prop_assert_eq!(pos, Leeward::start());
    }

    #[test]
    fn position_text_round_trips_with_the_same_hash(choices in prop::collection::vec(0usize..10_000, 0..120)) {
        let (pos, _) = reached(&choices);
        let back = Leeward::from_text(&pos.to_text()).unwrap();
        prop_assert_eq!(back.to_text(), pos.to_text());
        prop_assert_eq!(back.hash(), pos.hash());
        prop_assert_eq!(back, pos);
    }

    #[test]
    fn move_notation_round_trips(choices in prop::collection::vec(0usize..10_000, 0..120)) {
        let (pos, _) = reached(&choices);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for mv in legal {
            let text = pos.format_move(mv);
            prop_assert_eq!(pos.parse_move(&text).unwrap(), mv, "{}", text);
        }
    }

    #[test]
    fn scattered_positions_round_trip(text in scattered()) {
        let pos = Leeward::from_text(&text);
        prop_assume!(pos.is_ok());
        let pos = pos.unwrap();
        let back = Leeward::from_text(&pos.to_text()).unwrap();
        prop_assert_eq!(back.hash(), pos.hash());
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for mv in legal {
            let mut after = pos.clone();
            after.play(mv);
            prop_assert_eq!(Leeward::from_text(&after.to_text()).unwrap().hash(), after.hash(), "after {}", pos.format_move(mv));
            after.undo(mv);
            prop_assert_eq!(&after, &pos);
            prop_assert_eq!(after.hash(), pos.hash());
        }
    }
}
