//! What the play page and `tabula show` need: both ships with their
//! squares, heading, hits and circling; the island and the harbours; the
//! survivor's debt; and for each legal move the square it sails to and
//! what it would do there.

use serde::Serialize;
use tabula_core::Side;

use super::eval::{horizon, HORIZON_CAP};
use super::geometry::{island_mask, square_name, step, step_xy, HARBOURS, HEADINGS};
use super::notation::turn_name;
use super::rules::{Fate, Piracy, PiracyMove, Ship, HITS_TO_SINK, MAX_MOVES, SHIP_NAMES};

fn squares_of(mask: u64) -> Vec<String> {
    (0..64u8).filter(|&sq| mask >> sq & 1 != 0).map(square_name).collect()
}

fn xy(square: u8) -> [i8; 2] {
    [(square % 8) as i8, (square / 8) as i8]
}

/// Where a ship that ran aground struck: (file, rank), possibly just off the board.
fn aground_xy(ship: &Ship) -> [i8; 2] {
    let (x, y) = step_xy(ship.bow(), ship.heading());
    [x, y]
}

/// The game's own fields of a position (`view` in the API).
#[derive(Debug, Serialize)]
pub struct PiracyView {
    /// Cook's ship, then Silver's.
    pub ships: [ShipView; 2],
    /// The survivor's moves still to make (null while both sail).
    pub moves_owed: Option<u8>,
    /// The ship that outlived the other, if one did.
    pub survivor: Option<&'static str>,
    /// The ship to move (null once the game is over).
    pub to_move: Option<&'static str>,
    /// The island's south-west square.
    pub island: String,
    /// The island's four squares.
    pub island_squares: Vec<String>,
    /// The four harbour corners.
    pub harbours: Vec<String>,
    /// Moves played, both ships counted.
    pub ply: u16,
    /// The move limit while both ships sail.
    pub max_moves: u16,
    /// Moves left before that limit (null after a sinking).
    pub moves_left: Option<u16>,
    /// Hits that sink a ship.
    pub hits_to_sink: u8,
    /// The largest `free_moves` counted.
    pub free_moves_cap: u8,
}

/// One ship.
#[derive(Debug, Serialize)]
pub struct ShipView {
    /// `Cook` or `Silver`.
    pub name: &'static str,
    /// Its seat, 0 or 1.
    pub seat: usize,
    /// Its stern's square.
    pub stern: String,
    /// Its bow's square.
    pub bow: String,
    /// The stern's file and rank, from 0.
    pub stern_xy: [i8; 2],
    /// The bow's file and rank, from 0.
    pub bow_xy: [i8; 2],
    /// Its heading: `N`, `NE`, … `NW`.
    pub heading: &'static str,
    /// The same heading as eighths of a turn clockwise from north.
    pub heading_index: u8,
    /// Hits taken.
    pub hits: u8,
    /// Its circling count (positive for right turns).
    pub circling: i8,
    /// Whether it has sunk.
    pub sunk: bool,
    /// How it sank: `shot`, `circled`, `aground`, or null.
    pub fate: Option<&'static str>,
    /// Where it ran aground, if on the board.
    pub aground_at: Option<String>,
    /// Where it ran aground, as file and rank (possibly just off the board).
    pub aground_xy: Option<[i8; 2]>,
    /// Whether its bow is in a harbour corner (where it may turn 90°).
    pub in_harbour: bool,
    /// How many more moves it could make alone without sinking (capped).
    pub free_moves: Option<u8>,
}

/// What one legal move does, before it is played (`move_view` in the API).
#[derive(Debug, Serialize)]
pub struct PiracyMoveView {
    /// The turn: `LL`, `L`, `S`, `R` or `RR`.
    pub turn: &'static str,
    /// The turn in degrees (left negative).
    pub degrees: i32,
    /// The new heading.
    pub heading: &'static str,
    /// The square the bow sails to (null off the board).
    pub to: Option<String>,
    /// That square's file and rank (possibly off the board).
    pub to_xy: [i8; 2],
    /// `edge` or `island` when the move runs aground there.
    pub aground: Option<&'static str>,
    /// Hits it deals.
    pub hits: u8,
    /// Whether it sinks the other ship.
    pub sinks_other: bool,
    /// Whether it completes a full circle (a hit on itself).
    pub circle_hit: bool,
    /// Whether it sinks the mover's own ship.
    pub sinks_self: bool,
    /// The mover's circling count afterwards.
    pub circling_after: i8,
}

fn ship_view(pos: &Piracy, seat: Side) -> ShipView {
    let ship = pos.ship(seat);
    let aground = ship.fate() == Fate::Aground;
    ShipView {
        name: SHIP_NAMES[seat.index()],
        seat: seat.index(),
        stern: square_name(ship.stern()),
        bow: square_name(ship.bow()),
        stern_xy: xy(ship.stern()),
        bow_xy: xy(ship.bow()),
        heading: HEADINGS[ship.heading() as usize],
        heading_index: ship.heading(),
        hits: ship.hits(),
        circling: ship.circling(),
        sunk: !ship.afloat(),
        fate: ship.fate().word(),
        aground_at: if aground { step(ship.bow(), ship.heading()).map(square_name) } else { None },
        aground_xy: if aground { Some(aground_xy(ship)) } else { None },
        in_harbour: ship.afloat() && HARBOURS >> ship.bow() & 1 != 0,
        free_moves: if ship.afloat() { Some(horizon(pos, ship)) } else { None },
    }
}

/// The game's own fields (see docs/api.md).
pub fn view(pos: &Piracy) -> PiracyView {
    let over = pos.is_over();
    PiracyView {
        ships: [ship_view(pos, Side::First), ship_view(pos, Side::Second)],
        moves_owed: pos.moves_owed(),
        survivor: pos.survivor().map(|s| SHIP_NAMES[s.index()]),
        to_move: if over { None } else { Some(SHIP_NAMES[pos.seat_to_move().index()]) },
        island: square_name(pos.island_corner()),
        island_squares: squares_of(island_mask(pos.island_corner())),
        harbours: squares_of(HARBOURS),
        ply: pos.ply(),
        max_moves: MAX_MOVES,
        moves_left: if pos.both_afloat() { Some(MAX_MOVES.saturating_sub(pos.ply())) } else { None },
        hits_to_sink: HITS_TO_SINK,
        free_moves_cap: HORIZON_CAP,
    }
}

/// For one legal move: the turn, the new heading, the square the bow sails
/// to (its file and rank, which lie off the board when the move runs
/// aground there), and what the move would do.
pub fn move_view(pos: &Piracy, mv: PiracyMove) -> PiracyMoveView {
    let seat = pos.seat_to_move();
    let ship = pos.ship(seat);
    let turn = mv.turn();
    let heading = ((ship.heading() as i8 + turn) & 7) as u8;
    let (x, y) = step_xy(ship.bow(), heading);
    let target = step(ship.bow(), heading);
    let aground = match target {
        None => Some("edge"),
        Some(sq) if pos.land() >> sq & 1 != 0 => Some("island"),
        Some(_) => None,
    };
    let mut after = *pos;
    tabula_core::Game::play(&mut after, mv);
    let other = after.ship(seat.opponent());
    let me = after.ship(seat);
    let (_, full_circle) = if aground.is_some() { (0, false) } else { Piracy::circling_after(ship.circling(), turn) };
    PiracyMoveView {
        turn: turn_name(turn),
        degrees: 45 * turn as i32,
        heading: HEADINGS[heading as usize],
        to: target.map(square_name),
        to_xy: [x, y],
        aground,
        hits: pos.hits_dealt(turn),
        sinks_other: pos.ship(seat.opponent()).afloat() && !other.afloat(),
        circle_hit: full_circle,
        sinks_self: !me.afloat(),
        circling_after: me.circling(),
    }
}

/// How one ship left the game, as a clause.
fn how_it_sank(pos: &Piracy, seat: Side) -> String {
    let ship = pos.ship(seat);
    match ship.fate() {
        Fate::Afloat => "is still afloat".into(),
        Fate::Shot => "sank under its seventh hit".into(),
        Fate::Circled => "sank when a full circle of its own gave it a seventh hit".into(),
        Fate::Aground => match step(ship.bow(), ship.heading()) {
            Some(sq) if pos.land() >> sq & 1 != 0 => format!("ran aground on the island at {}", square_name(sq)),
            _ => format!("ran aground on the coast beyond {}", square_name(ship.bow())),
        },
    }
}

/// Why the game ended, for the result banner (empty while it goes on).
pub fn outcome_reason(pos: &Piracy) -> String {
    if !pos.is_over() {
        return String::new();
    }
    if pos.both_afloat() {
        return format!("Both ships are still afloat after {MAX_MOVES} moves: a draw.");
    }
    match pos.survivor() {
        None => format!(
            "On one move Cook {} and Silver {}: a draw.",
            how_it_sank(pos, Side::First),
            how_it_sank(pos, Side::Second)
        ),
        Some(s) => {
            let (winner, loser) = (SHIP_NAMES[s.index()], SHIP_NAMES[s.opponent().index()]);
            if pos.ship(s).afloat() {
                format!("{loser} {}; {winner} sailed its seven more moves and wins.", how_it_sank(pos, s.opponent()))
            } else {
                format!(
                    "{loser} {}, but {winner} {} before its seven moves were done: a draw.",
                    how_it_sank(pos, s.opponent()),
                    how_it_sank(pos, s)
                )
            }
        }
    }
}

/// A terminal drawing: north at the top; `C`/`c` Cook's bow and stern,
/// `S`/`s` Silver's, `#` the island, `+` an empty harbour, `.` open water.
pub fn drawing(pos: &Piracy) -> String {
    let mut out = String::from("   a b c d e f g h\n");
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{}  ", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let mut ch = if pos.land() >> sq & 1 != 0 {
                '#'
            } else if HARBOURS >> sq & 1 != 0 {
                '+'
            } else {
                '.'
            };
            for seat in Side::BOTH {
                let ship = pos.ship(seat);
                if ship.afloat() {
                    let letter = if seat == Side::First { 'c' } else { 's' };
                    if ship.bow() == sq {
                        ch = letter.to_ascii_uppercase();
                    } else if ship.stern() == sq {
                        ch = letter;
                    }
                }
            }
            out.push(ch);
            if file < 7 {
                out.push(' ');
            }
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str("   a b c d e f g h\n");
    for (seat, name) in Side::BOTH.into_iter().zip(SHIP_NAMES) {
        let ship = pos.ship(seat);
        if ship.afloat() {
            out.push_str(&format!(
                "{:<7}{}-{} heading {:<2}  hits {}/7  circling {:+}\n",
                name,
                square_name(ship.stern()),
                square_name(ship.bow()),
                HEADINGS[ship.heading() as usize],
                ship.hits(),
                ship.circling()
            ));
        } else {
            out.push_str(&format!("{:<7}{}\n", name, how_it_sank(pos, seat)));
        }
    }
    if !pos.is_over() {
        match pos.survivor() {
            Some(s) => out.push_str(&format!(
                "{} must make {} more move{}; {} to move\n",
                SHIP_NAMES[s.index()],
                pos.moves_owed().unwrap_or(0),
                if pos.moves_owed() == Some(1) { "" } else { "s" },
                SHIP_NAMES[pos.seat_to_move().index()]
            )),
            None => out.push_str(&format!(
                "{} to move · move {} of {MAX_MOVES}\n",
                SHIP_NAMES[pos.seat_to_move().index()],
                pos.ply() + 1
            )),
        }
    }
    out
}
