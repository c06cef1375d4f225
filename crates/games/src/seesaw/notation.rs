//! Move notation: a turn is written as its parts: `+c2` deploys on c2; `d1-d3` steps the
//! stack on d1 to d3; `d3xf4xg5` captures on f4 and then on g5; a capture
//! turn with steps left ends with the leftover step (`d3xf4-f5`) or with a
//! pass (`d3xf4-pass`); `pass` alone is the forced pass of a player who
//! has no other move. A turn is always one word, so that records, the UGI
//! protocol and every list of moves separated by spaces read it back whole;
//! the older `d3xf4 pass`, with a space, is still read. When several capture
//! orders end in the same position the turn is written in the first order
//! found (captures taken lowest cell first), and any of its orders is read
//! back as the same move.

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

/// How a capture path is written: `d3xf4xg5-g6` or `d3xf4-pass`.
pub fn path_text(layout: &Layout, path: &ChainPath) -> String {
    let mut text = layout.names[path.mv.from()].clone();
    for &(cell, _) in &path.hops {
        text.push('x');
        text.push_str(&layout.names[cell]);
    }
    match path.end {
        ChainEnd::Spent => {}
        ChainEnd::Pass => text.push_str(PASS_END),
        ChainEnd::Step(to) => {
            text.push('-');
            text.push_str(&layout.names[to]);
        }
    }
    text
}

/// How a capture turn that stops with steps left ends: one word with the captures.
const PASS_END: &str = "-pass";

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
             (more captures 'd3xf4xg5', then '-g6' or '-pass' if steps are left), or 'pass'"
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
    // `d3xf4-pass`, or the older `d3xf4 pass`.
    let (body, pass) = match lower.strip_suffix("pass") {
        Some(body) if body.ends_with('-') => (&body[..body.len() - 1], true),
        Some(body) if body.ends_with(char::is_whitespace) => (body.trim_end(), true),
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
    let written = read(pos.layout(), text)?;
    if pos.outcome().is_some() {
        return Err(Error::IllegalMove(format!("the game is over; '{}' cannot be played", text.trim())));
    }
    match written {
        Written::Pass => pass_turn(pos),
        Written::Deploy(cell) => deploy_turn(pos, cell),
        Written::Step(from, to) => step_turn(pos, from, to),
        Written::Capture { from, hops, end } => capture_turn(pos, text, from, &hops, end),
    }
}

/// The legal turns of the position.
fn legal(pos: &Seesaw) -> Vec<SeesawMove> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal
}

fn illegal<T>(why: String) -> Result<T, Error> {
    Err(Error::IllegalMove(why))
}

/// The message when a capture was compulsory and something else was written.
fn compulsory(pos: &Seesaw) -> String {
    format!("a capture is compulsory; the captures here: {}", examples(pos))
}

/// `pass`: only for a player with no other move.
fn pass_turn(pos: &Seesaw) -> Result<SeesawMove, Error> {
    if legal(pos) == [SeesawMove::PASS] {
        return Ok(SeesawMove::PASS);
    }
    illegal(format!(
        "{} may only pass when it has no other move (to stop a capture turn early, write e.g. 'd3xf4-pass'); moves here: {}",
        side_name(pos.mover()),
        examples(pos)
    ))
}

/// `+c2`: a new stack and tile on an empty cell next to one of the mover's tiles.
fn deploy_turn(pos: &Seesaw, cell: usize) -> Result<SeesawMove, Error> {
    if let Some(&mv) = legal(pos).iter().find(|m| m.kind() == TurnKind::Deploy && m.to() == cell) {
        return Ok(mv);
    }
    let name = &pos.layout().names[cell];
    if pos.must_capture() {
        illegal(compulsory(pos))
    } else if pos.stack(cell).is_some() || pos.tile(cell).is_some() {
        illegal(format!("{name} is not completely empty: a new stack needs a cell with no stack and no tile"))
    } else {
        illegal(format!("{name} is not next to a tile of {}", side_name(pos.mover())))
    }
}

/// `d1-d3`: a stack's steps through empty cells, by its parity.
fn step_turn(pos: &Seesaw, from: usize, to: usize) -> Result<SeesawMove, Error> {
    let found = legal(pos).into_iter().find(|m| m.kind() == TurnKind::Step && m.from() == from && m.to() == to);
    if let Some(mv) = found {
        return Ok(mv);
    }
    let (me, names) = (pos.mover(), &pos.layout().names);
    let Some(stack) = pos.stack(from).filter(|s| s.owner == me) else {
        return illegal(format!("{} has no stack on {}", side_name(me), names[from]));
    };
    if pos.must_capture() {
        return illegal(compulsory(pos));
    }
    let heading = if Seesaw::moves_up(me, stack.size) { "up" } else { "down" };
    illegal(format!(
        "the {}-stack on {} cannot reach {}: it moves 1 to {} steps {heading} (up, up-left, up-right or their reverse) through cells without stacks",
        stack.size, names[from], names[to], stack.size
    ))
}

/// `d3xf4xg5`, `d3xf4-f5`, `d3xf4-pass`: a capture chain, found among the
/// chains of the position in any of its orders, or the reason it is not one.
fn capture_turn(pos: &Seesaw, text: &str, from: usize, hops: &[usize], end: ChainEnd) -> Result<SeesawMove, Error> {
    let paths = pos.chain_paths();
    let same_hops =
        |p: &ChainPath, n: usize| p.hops.len() >= n && p.hops[..n].iter().map(|h| h.0).eq(hops[..n].iter().copied());
    if let Some(path) = paths
        .iter()
        .find(|p| p.mv.from() == from && p.end == end && p.hops.len() == hops.len() && same_hops(p, hops.len()))
    {
        return Ok(path.mv);
    }
    let (me, name) = (pos.mover(), |c: usize| pos.layout().names[c].as_str());
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
    let done = written_captures(pos, from, hops, &mine)?;
    let same: Vec<&&ChainPath> =
        mine.iter().filter(|p| p.hops.len() == hops.len() && same_hops(p, hops.len())).collect();
    let Some(first) = same.first() else {
        return illegal(format!("after {done} a further capture is compulsory"));
    };
    let left = first.hops.last().map(|h| h.1).unwrap_or(0);
    let plural = if left == 1 { "" } else { "s" };
    match end {
        ChainEnd::Spent if left > 0 => {
            let step = same.iter().find_map(|p| match p.end {
                ChainEnd::Step(t) => Some(name(t)),
                _ => None,
            });
            illegal(format!(
                "after {done} the stack has {left} step{plural} left: finish with a step such as '-{}' or with '-pass'",
                step.unwrap_or("…")
            ))
        }
        ChainEnd::Pass | ChainEnd::Step(_) if left == 0 => {
            illegal(format!("after {done} the stack has no steps left: the turn ends there"))
        }
        ChainEnd::Step(to) => {
            illegal(format!("after {done} the stack cannot step to {} with its {left} step{plural} left", name(to)))
        }
        _ => illegal(format!("'{}' is not a legal capture here; the captures here: {}", text.trim(), examples(pos))),
    }
}

/// Follows the written captures of the stack on `from` as far as they are
/// legal: the chain written so far (`d3xf4`), or why the next one is not.
fn written_captures(pos: &Seesaw, from: usize, hops: &[usize], mine: &[&ChainPath]) -> Result<String, Error> {
    let name = |c: usize| pos.layout().names[c].as_str();
    let mut done = name(from).to_string();
    for (i, &cell) in hops.iter().enumerate() {
        let agrees = |p: &&&ChainPath, len: usize| {
            p.hops.len() >= len && p.hops[..i].iter().map(|h| h.0).eq(hops[..i].iter().copied())
        };
        let prefix: Vec<&&ChainPath> = mine.iter().filter(|p| agrees(p, i + 1)).collect();
        if prefix.is_empty() {
            let left = mine.iter().find(|p| agrees(p, i)).map(|p| p.hops[i - 1].1).unwrap_or(0);
            return illegal(format!(
                "after {done} no further capture is possible ({left} step{} left)",
                if left == 1 { "" } else { "s" }
            ));
        }
        if !prefix.iter().any(|p| p.hops[i].0 == cell) {
            let mut options: Vec<&str> = prefix.iter().map(|p| name(p.hops[i].0)).collect();
            options.dedup();
            return illegal(format!(
                "after {done}, {} cannot be captured; it can capture {}",
                name(cell),
                options.join(" or ")
            ));
        }
        done.push('x');
        done.push_str(name(cell));
    }
    Ok(done)
}
