//! What the play page and `tabula show` need.
//!
//! [`view`] gives the board as a list of pieces (`kind`, `owner`, `square`,
//! and `file`/`rank` counted from 0 at a1), the wind (letter, word and
//! degrees clockwise from north, for turning the pieces' shapes), the three
//! winds the mover may leave (`turns`: `left`, `right`, `reverse`), the two
//! home squares, the pieces captured so far (each with its `kind` and
//! `owner`, the side that lost it) and the calm counter.
//!
//! [`move_view`] describes one legal move before it is played: its squares,
//! the piece, the wind it leaves and how that wind is reached, what it takes,
//! the mover's pieces that wind would leave open to capture by the reply
//! (`open`), and whether the move ends the game.

use serde_json::{json, Value};
use tabula_core::{Game, Outcome, Side};

use super::geometry::square_name;
use super::geometry::{file_of, rank_of, squares_of, Kind, Wind, SIZE, SQUARES};
use super::rules::{home, side_name, Ending, Leeward, LeewardMove, CALM_LIMIT};

fn owner_key(side: Side) -> &'static str {
    match side {
        Side::First => "ink",
        Side::Second => "paper",
    }
}

fn names(set: u64) -> Vec<String> {
    squares_of(set).map(square_name).collect()
}

/// The game's own fields (see the module documentation).
pub fn view(pos: &Leeward) -> Value {
    let pieces: Vec<Value> = (0..SQUARES)
        .filter_map(|sq| {
            pos.piece_at(sq).map(|(side, kind)| {
                json!({
                    "square": square_name(sq),
                    "file": file_of(sq),
                    "rank": rank_of(sq),
                    "kind": kind.name(),
                    "owner": owner_key(side),
                })
            })
        })
        .collect();
    let captured: Vec<Value> = Side::BOTH
        .iter()
        .flat_map(|&side| {
            Kind::ALL.iter().flat_map(move |&kind| {
                (0..pos.lost(side, kind)).map(move |_| json!({ "kind": kind.name(), "owner": owner_key(side) }))
            })
        })
        .collect();
    let wind = pos.wind();
    let [left, right, reverse] = wind.turns();
    json!({
        "size": SIZE,
        "pieces": pieces,
        "wind": wind.letter().to_string(),
        "wind_name": wind.name(),
        "wind_degrees": wind.degrees(),
        "turns": {
            "left": left.letter().to_string(),
            "right": right.letter().to_string(),
            "reverse": reverse.letter().to_string(),
        },
        "to_move": owner_key(pos.side_to_move()),
        "homes": { "ink": square_name(home(Side::First)), "paper": square_name(home(Side::Second)) },
        "captured": captured,
        "calm": pos.calm(),
        "calm_limit": CALM_LIMIT,
    })
}

/// What one legal move does (see the module documentation).
pub fn move_view(pos: &Leeward, mv: LeewardMove) -> Value {
    let mover = pos.side_to_move();
    let kind = pos.piece_at(mv.from()).map(|(_, k)| k.name());
    let mut after = pos.clone();
    after.play(mv);
    let ending = after.ending();
    // Once the game is over nobody replies, so nothing is open.
    let open = match ending {
        Some(_) => 0,
        None => after.threats(mover.opponent(), mv.wind()) & after.occupied(mover),
    };
    let result = match ending.map(Ending::outcome) {
        None => Value::Null,
        Some(Outcome::Draw) => json!("draw"),
        Some(Outcome::Win(side)) if side == mover => json!("win"),
        Some(Outcome::Win(_)) => json!("loss"),
    };
    json!({
        "from": square_name(mv.from()),
        "to": square_name(mv.to()),
        "piece": kind,
        "wind": mv.wind().letter().to_string(),
        "turn": mv.old_wind().turn_to(mv.wind()).map(|t| t.name()),
        "captures": mv.is_capture(),
        "captured": mv.captured().map(Kind::name),
        "open": names(open),
        "lamp_open": open & after.pieces(mover, Kind::Lamp) != 0,
        "result": result,
        "reason": outcome_reason(&after),
    })
}

/// Why the game ended, in a sentence (empty while it goes on).
pub fn outcome_reason(pos: &Leeward) -> String {
    match pos.ending() {
        None => String::new(),
        Some(Ending::LampTaken { winner }) => {
            format!("{} took {}'s Lamp: {} wins.", side_name(winner), side_name(winner.opponent()), side_name(winner))
        }
        Some(Ending::Landfall { winner }) => format!(
            "{}'s Lamp made landfall on {}, {}'s home: {} wins.",
            side_name(winner),
            square_name(home(winner.opponent())),
            side_name(winner.opponent()),
            side_name(winner)
        ),
        Some(Ending::Calm) => format!("{CALM_LIMIT} moves in a row without a capture: the game is drawn by calm."),
        Some(Ending::NoMove { loser }) => format!(
            "{} has no move with the wind blowing towards the {}: {} wins.",
            side_name(loser),
            pos.wind().name(),
            side_name(loser.opponent())
        ),
    }
}

fn arrow(wind: Wind) -> char {
    match wind {
        Wind::N => '↑',
        Wind::E => '→',
        Wind::S => '↓',
        Wind::W => '←',
    }
}

/// A terminal drawing: Ink in upper case, Paper in lower case, `+` on an
/// empty home square, `.` on other empty squares; the wind and the counters below.
pub fn drawing(pos: &Leeward) -> String {
    let files = "    a b c d e f g\n";
    let mut out = String::from(files);
    for rank in (0..SIZE).rev() {
        out.push_str(&format!(" {}  ", rank + 1));
        for file in 0..SIZE {
            let sq = rank * SIZE + file;
            let c = match pos.piece_at(sq) {
                Some((Side::First, kind)) => kind.letter().to_ascii_uppercase(),
                Some((_, kind)) => kind.letter(),
                None if sq == home(Side::First) || sq == home(Side::Second) => '+',
                None => '.',
            };
            out.push(c);
            out.push(' ');
        }
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push_str(files);
    let wind = pos.wind();
    out.push_str(&format!(
        "Wind {} {} (towards the {}) · {} to move · calm {} of {CALM_LIMIT}\n",
        arrow(wind),
        wind.letter(),
        wind.name(),
        side_name(pos.side_to_move()),
        pos.calm()
    ));
    let reason = outcome_reason(pos);
    if !reason.is_empty() {
        out.push_str(&reason);
        out.push('\n');
    }
    out
}
