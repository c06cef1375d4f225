//! The position text: `;`-separated `key=value` fields,
//! `board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0`. The board
//! lists the ranks from 7 down to 1, west to east, with Ink's pieces in upper
//! case and Paper's in lower case (`L` Lamp, `S` Sail, `K` Kite, `O` Oar) and a
//! digit for a run of empty squares (`.` is read as one empty square too).
//! `wind` is the way the wind blows towards, `next` the side to move (`ink`
//! or `paper`) and `calm` the moves made since the last capture (0 if left out).
//!
//! Reading checks that the position could arise in play ([`Leeward::check`]).

use tabula_core::{Error, Fields, Game, Side};

use super::geometry::{square, Kind, Wind, SIZE};
use super::rules::{home, side_name, Leeward, CALM_LIMIT};

/// The position text of `pos` (see the module documentation).
pub fn to_text(pos: &Leeward) -> String {
    let mut board = String::with_capacity(64);
    for rank in (0..SIZE).rev() {
        let mut empty = 0;
        for file in 0..SIZE {
            match pos.piece_at(square(file, rank)) {
                None => empty += 1,
                Some((side, kind)) => {
                    if empty > 0 {
                        board.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    let c = kind.letter();
                    board.push(if side == Side::First { c.to_ascii_uppercase() } else { c });
                }
            }
        }
        if empty > 0 {
            board.push((b'0' + empty) as char);
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let next = side_name(pos.side_to_move()).to_ascii_lowercase();
    format!("board={board};wind={};next={next};calm={}", pos.wind().letter(), pos.calm())
}

/// The fields of the position text, in the order they are written.
const FIELDS: &[&str] = &["board", "wind", "next", "calm"];

/// Reads a position text: its fields, then [`Leeward::check`] that play could reach it.
pub fn from_text(text: &str) -> Result<Leeward, Error> {
    let fields = Fields::read(text, '=', FIELDS)?;
    let board = fields.require("board")?;
    let wind = read_wind(fields.require("wind")?)?;
    let next = read_next(fields.require("next")?)?;
    let calm = fields.get("calm").map(read_calm).transpose()?.unwrap_or(0);
    let mut pos = Leeward::empty(wind, next, calm);
    read_board(&mut pos, board)?;
    pos.set_state(wind, next, calm);
    pos.check()?;
    Ok(pos)
}

fn bad(message: String) -> Error {
    Error::BadPosition(message)
}

/// `wind`: the letter of the way the wind blows towards.
fn read_wind(value: &str) -> Result<Wind, Error> {
    let mut letters = value.chars();
    match (letters.next().and_then(Wind::from_letter), letters.next()) {
        (Some(wind), None) => Ok(wind),
        _ => Err(bad(format!("wind must be N, E, S or W (the way it blows towards), not '{value}'"))),
    }
}

/// `next`: `ink` or `paper`.
fn read_next(value: &str) -> Result<Side, Error> {
    match value.to_ascii_lowercase().as_str() {
        "ink" => Ok(Side::First),
        "paper" => Ok(Side::Second),
        _ => Err(bad(format!("next must be ink or paper, not '{value}'"))),
    }
}

/// `calm`: moves since the last capture (its limit is [`Leeward::check`]'s).
fn read_calm(value: &str) -> Result<u8, Error> {
    value.parse().map_err(|_| bad(format!("calm must be a whole number of moves from 0 to 60, not '{value}'")))
}

/// `board`: ranks 7 to 1 separated by `/`, pieces as letters, runs of empty squares as digits.
fn read_board(pos: &mut Leeward, board: &str) -> Result<(), Error> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIZE {
        return Err(bad(format!("the board has {} ranks separated by '/', not 7", ranks.len())));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - i;
        let mut file = 0;
        for c in row.chars() {
            let (run, piece) = match c {
                '1'..='7' => ((c as u8 - b'0') as usize, None),
                '.' => (1, None),
                _ => (1, Some(read_piece(c, rank)?)),
            };
            if file + run > SIZE {
                return Err(bad(format!("rank {} ('{row}') covers more than 7 squares", rank + 1)));
            }
            if let Some((side, kind)) = piece {
                pos.put(side, kind, square(file, rank));
            }
            file += run;
        }
        if file != SIZE {
            return Err(bad(format!("rank {} ('{row}') covers {file} squares, not 7", rank + 1)));
        }
    }
    Ok(())
}

/// A piece letter: upper case for Ink, lower case for Paper.
fn read_piece(c: char, rank: usize) -> Result<(Side, Kind), Error> {
    let kind = Kind::from_letter(c).ok_or_else(|| {
        bad(format!(
            "'{c}' on rank {} is not a piece: use L S K O for Ink, l s k o for Paper, and a digit or . for empty squares",
            rank + 1
        ))
    })?;
    let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
    Ok((side, kind))
}

impl Leeward {
    /// Checks that the position could arise in play; says what is wrong if not.
    pub(super) fn check(&self) -> Result<(), Error> {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let n = self.pieces(side, kind).count_ones();
                if n > kind.start_count() {
                    return Err(bad(format!(
                        "{} has {n} {}s, but a side starts with {} and never gains pieces",
                        side_name(side),
                        kind.title(),
                        kind.start_count()
                    )));
                }
            }
        }
        if self.calm as u32 > CALM_LIMIT {
            return Err(bad(format!("the calm counter is {}, but the game ends at {CALM_LIMIT}", self.calm)));
        }
        let mover = self.to_move;
        let last = mover.opponent();
        if self.lamp(last).is_none() {
            return Err(bad(format!(
                "{}'s Lamp is missing, but a Lamp can only be taken by the other side's move, and {} is to move",
                side_name(last),
                side_name(mover)
            )));
        }
        if self.lamp(mover) == Some(home(last)) {
            return Err(bad(format!(
                "{}'s Lamp stands on {}'s home, but landfall ends the game on the move that makes it, and {} is to move",
                side_name(mover),
                side_name(last),
                side_name(mover)
            )));
        }
        if self.lamp(mover).is_none() {
            if self.lamp(last) == Some(home(mover)) {
                return Err(bad(
                    "a game ends at its first win, but this one shows both a Lamp taken and a landfall".into()
                ));
            }
            if self.calm != 0 {
                return Err(bad(format!(
                    "{}'s Lamp was taken on the last move, so the calm counter must be 0, not {}",
                    side_name(mover),
                    self.calm
                )));
            }
        }
        Ok(())
    }
}
