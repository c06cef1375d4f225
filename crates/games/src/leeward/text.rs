//! The position text: `;`-separated `key=value` fields,
//! `board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0`. The board
//! lists the ranks from 7 down to 1, west to east, with Ink's pieces in upper
//! case and Paper's in lower case (`L` Lamp, `S` Sail, `K` Kite, `O` Oar) and a
//! digit for a run of empty squares (`.` is read as one empty square too).
//! `wind` is the way the wind blows towards, `next` the side to move (`ink`
//! or `paper`) and `calm` the moves made since the last capture (0 if left out).
//!
//! Reading checks that the position could arise in play ([`Leeward::check`]).

use tabula_core::{Error, Game, Side};

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

/// Reads a position text, checking that it describes a position play could reach.
pub fn from_text(text: &str) -> Result<Leeward, Error> {
    let bad = |msg: String| Error::BadPosition(msg);
    let (mut board, mut wind, mut next, mut calm) = (None, None, None, 0u8);
    for field in text.trim().split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (key, value) =
            field.split_once('=').ok_or_else(|| bad(format!("field '{field}' should look like key=value")))?;
        let value = value.trim();
        match key.trim() {
            "board" => board = Some(value),
            "wind" => {
                let mut cs = value.chars();
                wind = match (cs.next().and_then(Wind::from_letter), cs.next()) {
                    (Some(w), None) => Some(w),
                    _ => {
                        return Err(bad(format!("wind must be N, E, S or W (the way it blows towards), not '{value}'")))
                    }
                }
            }
            "next" => {
                next = Some(match value.to_ascii_lowercase().as_str() {
                    "ink" => Side::First,
                    "paper" => Side::Second,
                    _ => return Err(bad(format!("next must be ink or paper, not '{value}'"))),
                })
            }
            "calm" => {
                calm = value
                    .parse::<u8>()
                    .map_err(|_| bad(format!("calm must be a whole number of moves from 0 to 60, not '{value}'")))?
            }
            other => return Err(bad(format!("unknown field '{other}' (the fields are board, wind, next and calm)"))),
        }
    }
    let missing = |name: &str| bad(format!("the position has no '{name}' field"));
    let board = board.ok_or_else(|| missing("board"))?;
    let wind = wind.ok_or_else(|| missing("wind"))?;
    let next = next.ok_or_else(|| missing("next"))?;

    let mut pos = Leeward::empty(wind, next, calm);
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
                _ => {
                    let kind = Kind::from_letter(c).ok_or_else(|| {
                        bad(format!(
                            "'{c}' on rank {} is not a piece: use L S K O for Ink, l s k o for Paper, and a digit or . for empty squares",
                            rank + 1
                        ))
                    })?;
                    let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
                    (1, Some((side, kind)))
                }
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
    pos.set_state(wind, next, calm);
    pos.check().map_err(bad)?;
    Ok(pos)
}

impl Leeward {
    /// Checks that the position could arise in play; says what is wrong if not.
    pub(super) fn check(&self) -> Result<(), String> {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let n = self.pieces(side, kind).count_ones();
                if n > kind.start_count() {
                    return Err(format!(
                        "{} has {n} {}s, but a side starts with {} and never gains pieces",
                        side_name(side),
                        kind.title(),
                        kind.start_count()
                    ));
                }
            }
        }
        if self.calm as u32 > CALM_LIMIT {
            return Err(format!("the calm counter is {}, but the game ends at {CALM_LIMIT}", self.calm));
        }
        let mover = self.to_move;
        let last = mover.opponent();
        if self.lamp(last).is_none() {
            return Err(format!(
                "{}'s Lamp is missing, but a Lamp can only be taken by the other side's move, and {} is to move",
                side_name(last),
                side_name(mover)
            ));
        }
        if self.lamp(mover) == Some(home(last)) {
            return Err(format!(
                "{}'s Lamp stands on {}'s home, but landfall ends the game on the move that makes it, and {} is to move",
                side_name(mover),
                side_name(last),
                side_name(mover)
            ));
        }
        if self.lamp(mover).is_none() {
            if self.lamp(last) == Some(home(mover)) {
                return Err("a game ends at its first win, but this one shows both a Lamp taken and a landfall".into());
            }
            if self.calm != 0 {
                return Err(format!(
                    "{}'s Lamp was taken on the last move, so the calm counter must be 0, not {}",
                    side_name(mover),
                    self.calm
                ));
            }
        }
        Ok(())
    }
}
