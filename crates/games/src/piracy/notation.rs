//! Move notation: a move is the turn the ship to move makes: `L` (45°
//! left), `S` (straight on), `R` (45° right), and with the bow in a harbour
//! also `LL` and `RR` (90°). After a sinking only the survivor moves, so its
//! moves follow one another in the record.

use tabula_core::Error;

use super::geometry::{square_name, HARBOURS};
use super::rules::{Piracy, PiracyMove, SHIP_NAMES};

/// The notation of a turn.
pub fn turn_name(turn: i8) -> &'static str {
    match turn {
        -2 => "LL",
        -1 => "L",
        0 => "S",
        1 => "R",
        2 => "RR",
        _ => "?",
    }
}

/// A turn from its notation, without checking it is legal.
pub fn parse_turn(text: &str) -> Option<i8> {
    match text.trim().to_ascii_uppercase().as_str() {
        "LL" => Some(-2),
        "L" => Some(-1),
        "S" => Some(0),
        "R" => Some(1),
        "RR" => Some(2),
        _ => None,
    }
}

/// Reads a move and checks that it is legal, saying why when it is not.
pub fn parse_move(pos: &Piracy, text: &str) -> Result<PiracyMove, Error> {
    let turn = parse_turn(text).ok_or_else(|| {
        Error::BadMove(format!(
            "'{}' is not a Piracy move: write L, S or R (turn left, sail straight on, turn right), or LL or RR for a 90° turn in a harbour",
            text.trim()
        ))
    })?;
    let written = turn_name(turn);
    if pos.is_over() {
        return Err(Error::IllegalMove(format!("the game is over; {written} cannot be played")));
    }
    let seat = pos.seat_to_move();
    let me = SHIP_NAMES[seat.index()];
    let other = SHIP_NAMES[seat.opponent().index()];
    let ship = pos.ship(seat);
    if turn.abs() == 2 && HARBOURS >> ship.bow() & 1 == 0 {
        return Err(Error::IllegalMove(format!(
            "{written}: a 90° turn needs the bow in a harbour (a1, h1, a8 or h8), and {me}'s bow is on {}",
            square_name(ship.bow())
        )));
    }
    if !pos.allows(turn) {
        let target = Piracy::target_bit(ship, turn).trailing_zeros() as u8;
        return Err(Error::IllegalMove(format!(
            "{written} would ram {other} on {}: ramming is not allowed",
            square_name(target)
        )));
    }
    Ok(pos.make_move(turn))
}
