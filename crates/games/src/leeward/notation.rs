//! Square names, move notation and the position text.
//!
//! A square is its file letter (`a`–`g`, west to east) and rank number
//! (`1`–`7`, south to north), e.g. `d4`.
//!
//! A move is the square the piece leaves, the square it lands on and the
//! wind it leaves, with `x` before the target when it takes a piece:
//! `c1c6/N`, `b1xb3/W`. Reading is forgiving about case and about a missing
//! `x`; writing always gives the form above.
//!
//! The position text is `;`-separated `key=value` fields:
//! `board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0`. The board
//! lists the ranks from 7 down to 1, west to east, with Ink's pieces in upper
//! case and Paper's in lower case (`L` Lamp, `S` Sail, `K` Kite, `O` Oar) and a
//! digit for a run of empty squares (`.` is read as one empty square too).
//! `wind` is the way the wind blows towards, `next` the side to move (`ink`
//! or `paper`) and `calm` the moves made since the last capture (0 if left out).

use tabula_core::{Error, Game, Side};

use super::geometry::{file_of, rank_of, square, Kind, Wind, RAY, SIZE};
use super::rules::{side_name, Leeward, LeewardMove};

/// The name of a square, e.g. `d4`.
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

/// Reads a square name such as `d4` (either case).
pub fn parse_square(text: &str) -> Result<usize, Error> {
    let bytes = text.as_bytes();
    let shape =
        || Error::BadMove(format!("'{text}' is not a square: write a file letter a–g and a rank 1–7, such as d4"));
    if bytes.len() != 2 || !bytes[0].is_ascii_alphabetic() || !bytes[1].is_ascii_digit() {
        return Err(shape());
    }
    let file = (bytes[0].to_ascii_lowercase() - b'a') as usize;
    let rank = (bytes[1] - b'0') as usize;
    if file >= SIZE || rank == 0 || rank > SIZE {
        return Err(Error::BadMove(format!("'{text}' is off the board: files run from a to g and ranks from 1 to 7")));
    }
    Ok(square(file, rank - 1))
}

/// Writes a move: `c1c6/N`, or `b1xb3/W` for a capture.
pub fn format_move(mv: LeewardMove) -> String {
    let x = if mv.is_capture() { "x" } else { "" };
    format!("{}{x}{}/{}", square_name(mv.from()), square_name(mv.to()), mv.wind().letter())
}

/// A piece described for a message: `Ink's Sail`.
fn piece_words(side: Side, kind: Kind) -> String {
    format!("{}'s {}", side_name(side), kind.title())
}

/// The two crosswind directions of a wind, in words.
fn crosswind_words(wind: Wind) -> &'static str {
    match wind {
        Wind::N | Wind::S => "east or west",
        Wind::E | Wind::W => "north or south",
    }
}

/// Reads a move and checks that it is legal in `pos`, saying why when it is not.
pub fn parse_move(pos: &Leeward, text: &str) -> Result<LeewardMove, Error> {
    let t = text.trim();
    let shape = || {
        Error::BadMove(format!(
            "'{t}' is not a Leeward move: write the piece's square, the square it goes to and the wind you leave, \
             such as c1c6/N, or b1xb3/W for a capture"
        ))
    };
    if !t.is_ascii() || t.len() < 4 {
        return Err(shape());
    }
    let Some((squares, wind_text)) = t.split_once('/') else {
        if t.len() <= 5 && parse_square(&t[..2]).is_ok() {
            return Err(Error::BadMove(format!(
                "'{t}' does not say which wind you leave: add /N, /E, /S or /W, such as {t}/N"
            )));
        }
        return Err(shape());
    };
    let mut letters = wind_text.chars();
    let wind = match (letters.next().and_then(Wind::from_letter), letters.next()) {
        (Some(w), None) => w,
        _ => {
            return Err(Error::BadMove(format!(
                "'{wind_text}' in '{t}' is not a wind: write N, E, S or W, the way the wind is to blow towards"
            )))
        }
    };
    if squares.len() < 4 {
        return Err(shape());
    }
    let from = parse_square(&squares[..2])?;
    let rest = &squares[2..];
    let (marked, to_text) = match rest.strip_prefix(['x', 'X']) {
        Some(r) => (true, r),
        None => (false, rest),
    };
    if to_text.len() != 2 {
        return Err(shape());
    }
    let to = parse_square(to_text)?;
    let (from_name, to_name) = (square_name(from), square_name(to));

    if pos.ending().is_some() {
        return Err(Error::IllegalMove(format!("the game is over ({}); no more moves", pos_reason(pos))));
    }
    let mover = pos.side_to_move();
    let illegal = |msg: String| Err(Error::IllegalMove(msg));
    let Some((owner, kind)) = pos.piece_at(from) else {
        return illegal(format!("there is no piece on {from_name}"));
    };
    if owner != mover {
        return illegal(format!(
            "{from_name} holds {}, but it is {}'s turn",
            piece_words(owner, kind),
            side_name(mover)
        ));
    }
    if from == to {
        return illegal(format!("a move must go somewhere: {from_name} to {to_name} stays put"));
    }
    let target = pos.piece_at(to);
    match target {
        Some((side, other)) if side == mover => {
            return illegal(format!(
                "{to_name} holds {}'s own {}: a piece never lands on its own side",
                side_name(side),
                other.title()
            ))
        }
        Some((side, other)) if kind == Kind::Lamp => {
            return illegal(format!("the Lamp never captures, and {to_name} holds {}", piece_words(side, other)))
        }
        _ => {}
    }
    let now = pos.wind();
    if pos.targets(kind, from) & (1 << to) == 0 {
        let why = match kind {
            Kind::Lamp => format!("a Lamp steps one square in any direction, and {to_name} is not next to {from_name}"),
            Kind::Sail => {
                let ray = RAY[now as usize][from];
                if ray & (1 << to) != 0 {
                    let between = ray & !RAY[now as usize][to] & !(1 << to);
                    let blocker = super::geometry::squares_of(between)
                        .filter(|&sq| pos.piece_at(sq).is_some())
                        .min_by_key(|&sq| super::geometry::steps_between(sq, from))
                        .map(square_name)
                        .unwrap_or_default();
                    format!("a Sail stops at the first piece in its way, and the one on {blocker} stands between {from_name} and {to_name}")
                } else {
                    format!(
                        "a Sail runs downwind in a straight line, and with the wind blowing towards the {} {to_name} is not downwind of {from_name}",
                        now.name()
                    )
                }
            }
            Kind::Kite => format!(
                "a Kite goes crosswind, now {}, one square or a leap of exactly two, and {to_name} is not such a square from {from_name}",
                crosswind_words(now)
            ),
            Kind::Oar => format!(
                "an Oar takes one step upwind, now towards the {}, straight or slanting, and {to_name} is not such a square from {from_name}",
                now.reversed().name()
            ),
        };
        return illegal(format!("{} on {from_name} cannot go to {to_name}: {why}", piece_words(owner, kind)));
    }
    if marked && target.is_none() {
        return illegal(format!(
            "{to_name} is empty, so {from_name}x{to_name} takes nothing: write {from_name}{to_name}/{}",
            wind.letter()
        ));
    }
    if wind == now {
        let [a, b, c] = now.turns();
        return illegal(format!(
            "the wind must turn: it blows towards {} now, so leave {}, {} or {}",
            now.letter(),
            a.letter(),
            b.letter(),
            c.letter()
        ));
    }
    Ok(pos.make_move(from, to, wind))
}

fn pos_reason(pos: &Leeward) -> String {
    let reason = super::view::outcome_reason(pos);
    reason.trim_end_matches('.').to_string()
}

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
