//! Prints, for positions along reproducible random games of every registered
//! game, everything a screen reads: the position text, the view, each legal
//! move's view, the drawing and the outcome sentence, one JSON line a
//! position. Run it before and after a refactor and compare the outputs:
//! the server and the web pages see exactly these values.
//!
//! `cargo run --release -p tabula-games --example view_dump [games-per-setting] > views.jsonl`

use serde_json::json;
use tabula_core::Options;
use tabula_games::registry;

/// Option sets worth covering besides the defaults (the pie swap, other sizes).
const SETTINGS: &[(&str, &[&str])] = &[
    ("warp-weft", &["pie=true", "size=5"]),
    ("warp-weft", &["symmetric=false", "size=9", "komi=0"]),
    ("seesaw", &["base=3"]),
    ("piracy", &["seed=5"]),
];

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    for entry in registry() {
        let slug = entry.info().slug;
        let mut settings: Vec<&[&str]> = vec![&[]];
        settings.extend(SETTINGS.iter().filter(|(s, _)| *s == slug).map(|(_, o)| *o));
        for pairs in settings {
            let options = Options::from_pairs(pairs).expect("valid options");
            for game_no in 0..games {
                let mut game = entry.create(&options).expect("a start position");
                let mut state = game_no.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for ply in 0..400 {
                    let line = json!({
                        "game": slug,
                        "options": pairs,
                        "ply": ply,
                        "text": game.to_text(),
                        "view": game.view(),
                        "moves": game.move_views(),
                        "drawing": game.drawing(),
                        "reason": game.outcome_reason(),
                    });
                    println!("{line}");
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let mv = &legal[(state % legal.len() as u64) as usize];
                    game.play_text(mv).expect("a legal move");
                }
            }
        }
    }
}
