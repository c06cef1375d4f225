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

use serde::Serialize;
use tabula_core::{Game, Outcome, Side};

use super::geometry::square_name;
use super::geometry::{file_of, rank_of, squares_of, Kind, Wind, SIZE, SQUARES};
use super::rules::{home, side_name, Ending, Leeward, LeewardMove, CALM_LIMIT};

/// The game's own fields of a position (`view` in the API).
#[derive(Debug, Serialize)]
pub struct LeewardView {
    /// Squares along a side (7).
    pub size: usize,
    /// Every piece on the board, a1 first, rank by rank.
    pub pieces: Vec<PieceView>,
    /// The wind the side to move must sail in: `N`, `E`, `S` or `W`.
    pub wind: char,
    /// The same wind in words: `north`, `east`, …
    pub wind_name: &'static str,
    /// Its direction in degrees clockwise from north, for turning shapes.
    pub wind_degrees: u32,
    /// The three winds the mover may leave.
    pub turns: TurnsView,
    /// `ink` or `paper`.
    pub to_move: &'static str,
    /// Each side's home square.
    pub homes: HomesView,
    /// The pieces taken so far, Ink's losses first.
    pub captured: Vec<CapturedView>,
    /// Moves since the last capture.
    pub calm: u32,
    /// The calm count that draws the game.
    pub calm_limit: u32,
}

/// One piece on the board.
#[derive(Debug, Serialize)]
pub struct PieceView {
    /// Its square, e.g. `d1`.
    pub square: String,
    /// Its file, 0 for a.
    pub file: usize,
    /// Its rank, 0 for rank 1.
    pub rank: usize,
    /// `lamp`, `sail`, `kite` or `oar`.
    pub kind: &'static str,
    /// `ink` or `paper`.
    pub owner: &'static str,
}

/// The winds the mover may leave, by how they turn from the present one.
#[derive(Debug, Serialize)]
pub struct TurnsView {
    /// A quarter turn anticlockwise.
    pub left: char,
    /// A quarter turn clockwise.
    pub right: char,
    /// About.
    pub reverse: char,
}

/// The two home squares.
#[derive(Debug, Serialize)]
pub struct HomesView {
    /// Ink's home (where its Lamp starts and Paper's makes landfall).
    pub ink: String,
    /// Paper's home.
    pub paper: String,
}

/// A piece taken.
#[derive(Debug, Serialize)]
pub struct CapturedView {
    /// Its kind.
    pub kind: &'static str,
    /// The side that lost it.
    pub owner: &'static str,
}

/// What one legal move does, before it is played (`move_view` in the API).
#[derive(Debug, Serialize)]
pub struct LeewardMoveView {
    /// The square the piece leaves.
    pub from: String,
    /// The square it lands on.
    pub to: String,
    /// The kind of piece that moves.
    pub piece: Option<&'static str>,
    /// The wind the move leaves.
    pub wind: char,
    /// How that wind is reached from the present one: `left`, `right` or `reverse`.
    pub turn: Option<&'static str>,
    /// Whether it takes a piece.
    pub captures: bool,
    /// The kind of piece it takes.
    pub captured: Option<&'static str>,
    /// The mover's pieces the wind left would leave open to capture by the reply.
    pub open: Vec<String>,
    /// Whether the mover's Lamp is among them.
    pub lamp_open: bool,
    /// `win`, `loss` or `draw` for the mover if the move ends the game.
    pub result: Option<&'static str>,
    /// Why the game would end, in a sentence (empty if it goes on).
    pub reason: String,
}

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
pub fn view(pos: &Leeward) -> LeewardView {
    let pieces = (0..SQUARES)
        .filter_map(|sq| {
            pos.piece_at(sq).map(|(side, kind)| PieceView {
                square: square_name(sq),
                file: file_of(sq),
                rank: rank_of(sq),
                kind: kind.name(),
                owner: owner_key(side),
            })
        })
        .collect();
    let captured = Side::BOTH
        .iter()
        .flat_map(|&side| {
            Kind::ALL.iter().flat_map(move |&kind| {
                (0..pos.lost(side, kind)).map(move |_| CapturedView { kind: kind.name(), owner: owner_key(side) })
            })
        })
        .collect();
    let wind = pos.wind();
    let [left, right, reverse] = wind.turns();
    LeewardView {
        size: SIZE,
        pieces,
        wind: wind.letter(),
        wind_name: wind.name(),
        wind_degrees: wind.degrees(),
        turns: TurnsView { left: left.letter(), right: right.letter(), reverse: reverse.letter() },
        to_move: owner_key(pos.side_to_move()),
        homes: HomesView { ink: square_name(home(Side::First)), paper: square_name(home(Side::Second)) },
        captured,
        calm: pos.calm(),
        calm_limit: CALM_LIMIT,
    }
}

/// What one legal move does (see the module documentation).
pub fn move_view(pos: &Leeward, mv: LeewardMove) -> LeewardMoveView {
    let mover = pos.side_to_move();
    let mut after = pos.clone();
    after.play(mv);
    let ending = after.ending();
    // Once the game is over nobody replies, so nothing is open.
    let open = match ending {
        Some(_) => 0,
        None => after.threats(mover.opponent(), mv.wind()) & after.occupied(mover),
    };
    let result = match ending.map(Ending::outcome) {
        None => None,
        Some(Outcome::Draw) => Some("draw"),
        Some(Outcome::Win(side)) if side == mover => Some("win"),
        Some(Outcome::Win(_)) => Some("loss"),
    };
    LeewardMoveView {
        from: square_name(mv.from()),
        to: square_name(mv.to()),
        piece: pos.piece_at(mv.from()).map(|(_, k)| k.name()),
        wind: mv.wind().letter(),
        turn: mv.old_wind().turn_to(mv.wind()).map(|t| t.name()),
        captures: mv.is_capture(),
        captured: mv.captured().map(Kind::name),
        open: names(open),
        lamp_open: open & after.pieces(mover, Kind::Lamp) != 0,
        result,
        reason: outcome_reason(&after),
    }
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
