//! Move notation: the square the piece leaves, the square it lands on and
//! the wind it leaves, with `x` before the target when it takes a piece:
//! `c1c6/N`, `b1xb3/W`. Reading is forgiving about case and about a missing
//! `x`; writing always gives the form above.

use tabula_core::{Error, Game, Side};

use super::geometry::{parse_square, square_name, squares_of, steps_between, Kind, Wind, RAY};
use super::rules::{side_name, Leeward, LeewardMove};

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
    let written = read(text.trim())?;
    check_legal(pos, &written)?;
    Ok(pos.make_move(written.from, written.to, written.wind))
}

/// A move as written, before it meets a position.
struct Written {
    from: usize,
    to: usize,
    /// Whether the text marks a capture with `x`.
    marked: bool,
    wind: Wind,
}

/// Reads the shape of a move: two squares, perhaps an `x` between them, and `/` and a wind.
fn read(t: &str) -> Result<Written, Error> {
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
    Ok(Written { from, to: parse_square(to_text)?, marked, wind })
}

/// Checks a written move against the position, saying why it is not legal.
fn check_legal(pos: &Leeward, w: &Written) -> Result<(), Error> {
    let (from, to, wind) = (w.from, w.to, w.wind);
    let (from_name, to_name) = (square_name(from), square_name(to));
    let illegal = |msg: String| Err(Error::IllegalMove(msg));
    if pos.ending().is_some() {
        return illegal(format!("the game is over ({}); no more moves", pos_reason(pos)));
    }
    let mover = pos.side_to_move();
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
    if pos.targets(kind, from) & (1 << to) == 0 {
        let why = unreachable(pos, kind, from, to);
        return illegal(format!("{} on {from_name} cannot go to {to_name}: {why}", piece_words(owner, kind)));
    }
    if w.marked && target.is_none() {
        return illegal(format!(
            "{to_name} is empty, so {from_name}x{to_name} takes nothing: write {from_name}{to_name}/{}",
            wind.letter()
        ));
    }
    let now = pos.wind();
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
    Ok(())
}

/// Why a piece of `kind` on `from` cannot reach `to` in the present wind, in words.
fn unreachable(pos: &Leeward, kind: Kind, from: usize, to: usize) -> String {
    let (from_name, to_name) = (square_name(from), square_name(to));
    let now = pos.wind();
    match kind {
        Kind::Lamp => format!("a Lamp steps one square in any direction, and {to_name} is not next to {from_name}"),
        Kind::Sail => {
            let ray = RAY[now as usize][from];
            if ray & (1 << to) != 0 {
                let between = ray & !RAY[now as usize][to] & !(1 << to);
                let blocker = squares_of(between)
                    .filter(|&sq| pos.piece_at(sq).is_some())
                    .min_by_key(|&sq| steps_between(sq, from))
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
    }
}

fn pos_reason(pos: &Leeward) -> String {
    let reason = super::view::outcome_reason(pos);
    reason.trim_end_matches('.').to_string()
}
