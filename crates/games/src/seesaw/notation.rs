//! Move notation: a turn is written as its parts: `+c2` deploys on c2; `d1-d3` steps the
//! stack on d1 to d3; `d3xf4xg5` captures on f4 and then on g5; a capture
//! turn with steps left ends with the leftover step (`d3xf4-f5`) or with
//! ` pass` (`d3xf4 pass`); `pass` alone is the forced pass of a player who
//! has no other move. When several capture orders end in the same position
//! the turn is written in the first order found (captures taken lowest cell
//! first), and any of its orders is read back as the same move.

use tabula_core::{Error, Game, Side};

use super::geometry::Layout;
use super::rules::{ChainEnd, ChainPath, Seesaw, SeesawMove, TurnKind, SOUTH};

/// The display name of a side.
pub fn side_name(side: Side) -> &'static str {
    if side == SOUTH {
        "South"
    } else {
        "North"
    }
}

/// How a capture path is written: `d3xf4xg5-g6` or `d3xf4 pass`.
pub fn path_text(layout: &Layout, path: &ChainPath) -> String {
    let mut text = layout.names[path.mv.from()].clone();
    for &(cell, _) in &path.hops {
        text.push('x');
        text.push_str(&layout.names[cell]);
    }
    match path.end {
        ChainEnd::Spent => {}
        ChainEnd::Pass => text.push_str(" pass"),
        ChainEnd::Step(to) => {
            text.push('-');
            text.push_str(&layout.names[to]);
        }
    }
    text
}

/// The path a capture move is written with: the first one found.
pub fn path_of(pos: &Seesaw, mv: SeesawMove) -> Option<ChainPath> {
    pos.chain_paths().into_iter().find(|p| p.mv == mv)
}

/// Writes a move (see the module documentation).
pub fn format_move(pos: &Seesaw, mv: SeesawMove) -> String {
    let names = &pos.layout().names;
    match mv.kind() {
        TurnKind::Pass => "pass".into(),
        TurnKind::Deploy => format!("+{}", names[mv.to()]),
        TurnKind::Step => format!("{}-{}", names[mv.from()], names[mv.to()]),
        TurnKind::Capture => match path_of(pos, mv) {
            Some(path) => path_text(pos.layout(), &path),
            // Not a move of this position: say what it would do.
            None => {
                let taken: Vec<&str> = mv.captured_cells().map(|c| names[c].as_str()).collect();
                format!("{}x{}-{}", names[mv.from()], taken.join("x"), names[mv.to()])
            }
        },
    }
}

/// The parts of a written turn.
enum Written {
    Pass,
    Deploy(usize),
    Step(usize, usize),
    Capture { from: usize, hops: Vec<usize>, end: ChainEnd },
}

fn read(layout: &Layout, text: &str) -> Result<Written, Error> {
    let shape = || {
        Error::BadMove(format!(
            "'{text}' is not a Seesaw move: write a deploy '+c2', a step 'd1-d3', a capture 'd3xf4' \
             (more captures 'd3xf4xg5', then '-g6' or ' pass' if steps are left), or 'pass'"
        ))
    };
    let cell = |name: &str| {
        layout.cell(name).ok_or_else(|| {
            if name.is_empty() {
                shape()
            } else {
                Error::BadMove(format!("'{name}' is not a cell of the base-{} board", layout.base))
            }
        })
    };
    let lower = text.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return Err(shape());
    }
    if lower == "pass" {
        return Ok(Written::Pass);
    }
    if let Some(rest) = lower.strip_prefix('+') {
        return Ok(Written::Deploy(cell(rest)?));
    }
    let (body, pass) = match lower.strip_suffix("pass") {
        Some(body) if body.ends_with(' ') => (body.trim_end(), true),
        Some(_) => return Err(shape()),
        None => (lower.as_str(), false),
    };
    if body.contains(char::is_whitespace) {
        return Err(shape());
    }
    // Cut into cells (a letter and a number) and the separators between them.
    let bytes = body.as_bytes();
    let mut cells = Vec::new();
    let mut seps = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        if i < bytes.len() && bytes[i].is_ascii_lowercase() {
            i += 1;
        } else {
            return Err(shape());
        }
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        cells.push(cell(&body[start..i])?);
        if i == bytes.len() {
            break;
        }
        match bytes[i] {
            b'x' | b'-' => seps.push(bytes[i] as char),
            _ => return Err(shape()),
        }
        i += 1;
    }
    if cells.len() < 2 {
        return Err(shape());
    }
    let from = cells[0];
    match seps.as_slice() {
        ['-'] if !pass => Ok(Written::Step(from, cells[1])),
        [first, ..] if *first == 'x' => {
            let last_is_step = *seps.last().unwrap() == '-';
            if seps[..seps.len() - 1].iter().any(|&s| s != 'x') || (last_is_step && pass) {
                return Err(shape());
            }
            let captures = if last_is_step { &cells[1..cells.len() - 1] } else { &cells[1..] };
            let end = if last_is_step {
                ChainEnd::Step(*cells.last().unwrap())
            } else if pass {
                ChainEnd::Pass
            } else {
                ChainEnd::Spent
            };
            Ok(Written::Capture { from, hops: captures.to_vec(), end })
        }
        _ => Err(shape()),
    }
}

/// A few legal moves, for error messages.
fn examples(pos: &Seesaw) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut shown: Vec<String> = moves.iter().take(4).map(|&m| format_move(pos, m)).collect();
    if moves.len() > 4 {
        shown.push("…".into());
    }
    shown.join(", ")
}

/// Reads a move and checks that it is legal in `pos`, saying why when it is not.
pub fn parse_move(pos: &Seesaw, text: &str) -> Result<SeesawMove, Error> {
    let layout = pos.layout();
    let name = |c: usize| layout.names[c].as_str();
    let written = read(layout, text)?;
    if pos.outcome().is_some() {
        return Err(Error::IllegalMove(format!("the game is over; '{}' cannot be played", text.trim())));
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let me = pos.mover();
    let illegal = |why: String| Err(Error::IllegalMove(why));
    let must_capture = pos.must_capture();
    let compulsory = || format!("a capture is compulsory; the captures here: {}", examples(pos));
    match written {
        Written::Pass => {
            if legal == [SeesawMove::PASS] {
                Ok(SeesawMove::PASS)
            } else {
                illegal(format!(
                    "{} may only pass when it has no other move (to stop a capture turn early, write e.g. 'd3xf4 pass'); moves here: {}",
                    side_name(me),
                    examples(pos)
                ))
            }
        }
        Written::Deploy(cell) => {
            if let Some(&mv) = legal.iter().find(|m| m.kind() == TurnKind::Deploy && m.to() == cell) {
                return Ok(mv);
            }
            if must_capture {
                return illegal(compulsory());
            }
            if pos.stack(cell).is_some() || pos.tile(cell).is_some() {
                illegal(format!(
                    "{} is not completely empty: a new stack needs a cell with no stack and no tile",
                    name(cell)
                ))
            } else {
                illegal(format!("{} is not next to a tile of {}", name(cell), side_name(me)))
            }
        }
        Written::Step(from, to) => {
            if let Some(&mv) = legal.iter().find(|m| m.kind() == TurnKind::Step && m.from() == from && m.to() == to) {
                return Ok(mv);
            }
            let Some(stack) = pos.stack(from).filter(|s| s.owner == me) else {
                return illegal(format!("{} has no stack on {}", side_name(me), name(from)));
            };
            if must_capture {
                return illegal(compulsory());
            }
            let heading = if Seesaw::moves_up(me, stack.size) { "up" } else { "down" };
            illegal(format!(
                "the {}-stack on {} cannot reach {}: it moves 1 to {} steps {heading} (up, up-left, up-right or their reverse) through cells without stacks",
                stack.size,
                name(from),
                name(to),
                stack.size
            ))
        }
        Written::Capture { from, hops, end } => {
            let paths = pos.chain_paths();
            if let Some(path) = paths
                .iter()
                .find(|p| p.mv.from() == from && p.end == end && p.hops.iter().map(|h| h.0).eq(hops.iter().copied()))
            {
                return Ok(path.mv);
            }
            if pos.stack(from).filter(|s| s.owner == me).is_none() {
                return illegal(format!("{} has no stack on {}", side_name(me), name(from)));
            }
            let mine: Vec<&ChainPath> = paths.iter().filter(|p| p.mv.from() == from).collect();
            if mine.is_empty() {
                return if paths.is_empty() {
                    illegal(format!("no capture is possible here; moves here: {}", examples(pos)))
                } else {
                    illegal(format!("the stack on {} cannot capture; the captures here: {}", name(from), examples(pos)))
                };
            }
            // Follow the written captures as far as they are legal.
            let mut done = name(from).to_string();
            for (i, &cell) in hops.iter().enumerate() {
                let prefix: Vec<&&ChainPath> = mine
                    .iter()
                    .filter(|p| p.hops.len() > i && p.hops[..i].iter().map(|h| h.0).eq(hops[..i].iter().copied()))
                    .collect();
                if prefix.is_empty() {
                    let left = mine
                        .iter()
                        .find(|p| p.hops.len() >= i && p.hops[..i].iter().map(|h| h.0).eq(hops[..i].iter().copied()))
                        .map(|p| p.hops[i - 1].1)
                        .unwrap_or(0);
                    return illegal(format!(
                        "after {done} no further capture is possible ({left} step{} left)",
                        if left == 1 { "" } else { "s" }
                    ));
                }
                if !prefix.iter().any(|p| p.hops[i].0 == cell) {
                    let options: Vec<String> = {
                        let mut o: Vec<String> = prefix.iter().map(|p| name(p.hops[i].0).to_string()).collect();
                        o.dedup();
                        o
                    };
                    return illegal(format!(
                        "after {done}, {} cannot be captured; it can capture {}",
                        name(cell),
                        options.join(" or ")
                    ));
                }
                done.push('x');
                done.push_str(name(cell));
            }
            let same: Vec<&&ChainPath> =
                mine.iter().filter(|p| p.hops.iter().map(|h| h.0).eq(hops.iter().copied())).collect();
            let Some(first) = same.first() else {
                return illegal(format!("after {done} a further capture is compulsory"));
            };
            let left = first.hops.last().map(|h| h.1).unwrap_or(0);
            match end {
                ChainEnd::Spent if left > 0 => illegal(format!(
                    "after {done} the stack has {left} step{} left: finish with a step such as '-{}' or with ' pass'",
                    if left == 1 { "" } else { "s" },
                    same.iter()
                        .find_map(|p| match p.end {
                            ChainEnd::Step(t) => Some(name(t)),
                            _ => None,
                        })
                        .unwrap_or("…")
                )),
                ChainEnd::Pass | ChainEnd::Step(_) if left == 0 => {
                    illegal(format!("after {done} the stack has no steps left: the turn ends there"))
                }
                ChainEnd::Step(to) => illegal(format!(
                    "after {done} the stack cannot step to {} with its {left} step{} left",
                    name(to),
                    if left == 1 { "" } else { "s" }
                )),
                _ => illegal(format!(
                    "'{}' is not a legal capture here; the captures here: {}",
                    text.trim(),
                    examples(pos)
                )),
            }
        }
    }
}
