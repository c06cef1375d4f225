//! What the play page and `tabula show` need: the cells with coordinates
//! for drawing, tiles, stacks with their size and heading, the mover's
//! compulsory captures and deploy cells; for each move, its path step by step.

use std::collections::VecDeque;

use serde_json::{json, Value};
use tabula_core::{Game, Outcome, Side};

use super::geometry::{Layout, DIRECTIONS};
use super::info::INFO;
use super::notation::{format_move, path_of, side_name};
use super::rules::{ChainEnd, Seesaw, SeesawMove, TurnKind, NORTH, SOUTH};

fn side_key(side: Side) -> &'static str {
    if side == SOUTH {
        "south"
    } else {
        "north"
    }
}

/// The game's own fields (see the module documentation).
pub fn view(pos: &Seesaw) -> Value {
    let layout = pos.layout();
    let name = |c: usize| layout.names[c].clone();
    let cells: Vec<Value> = (0..layout.cells)
        .map(|c| {
            let (x, y) = layout.centre(c);
            json!({
                "name": name(c),
                "column": layout.column[c],
                "row": layout.row[c],
                "q": layout.q[c],
                "r": layout.r[c],
                "x": x,
                "y": y,
            })
        })
        .collect();
    let tiles: Vec<Value> = (0..layout.cells)
        .filter_map(|c| pos.tile(c).map(|owner| json!({ "cell": name(c), "owner": side_key(owner) })))
        .collect();
    let stacks: Vec<Value> = (0..layout.cells)
        .filter_map(|c| {
            pos.stack(c).map(|s| {
                let up = Seesaw::moves_up(s.owner, s.size);
                json!({
                    "cell": name(c),
                    "owner": side_key(s.owner),
                    "size": s.size,
                    "direction": if s.size % 2 == 1 { "forward" } else { "backward" },
                    "heading": if up { "up" } else { "down" },
                    "on_tile": pos.tile(c).map(side_key),
                })
            })
        })
        .collect();
    let outcome = pos.outcome();
    let must_capture = outcome.is_none() && pos.must_capture();
    let captures: Vec<Value> = if must_capture {
        pos.first_captures()
            .into_iter()
            .map(|(from, targets)| json!({ "from": name(from), "targets": targets.into_iter().map(name).collect::<Vec<_>>() }))
            .collect()
    } else {
        Vec::new()
    };
    let deploys: Vec<String> =
        if must_capture || outcome.is_some() { Vec::new() } else { pos.deploy_cells().into_iter().map(name).collect() };
    let material = |side: Side| {
        let (stacks, discs) = pos.material(side);
        json!({ "stacks": stacks, "discs": discs })
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    json!({
        "base": layout.base,
        "cells": cells,
        "tiles": tiles,
        "stacks": stacks,
        "mover": side_key(pos.mover()),
        "must_capture": must_capture,
        "forced_captures": captures,
        "deploy_cells": deploys,
        "forced_pass": legal == [SeesawMove::PASS],
        "material": { "south": material(SOUTH), "north": material(NORTH) },
        "winner": match outcome {
            Some(Outcome::Win(side)) => json!(side_key(side)),
            _ => Value::Null,
        },
        "draw": outcome == Some(Outcome::Draw),
    })
}

/// The cells on a shortest path from `from` to `goal`, `from` excluded, moving
/// only in `dirs` (indices into [`DIRECTIONS`]) and only through cells for
/// which `open` holds (`goal` itself need not be open).
fn route(layout: &Layout, from: usize, goal: usize, dirs: &[usize], open: &dyn Fn(usize) -> bool) -> Vec<usize> {
    let mut parent = vec![usize::MAX; layout.cells];
    parent[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for &d in dirs {
            let Some(n) = layout.neighbours[c][d] else { continue };
            if parent[n] != usize::MAX {
                continue;
            }
            if n == goal {
                parent[n] = c;
                let mut path = vec![n];
                let mut at = c;
                while at != from {
                    path.push(at);
                    at = parent[at];
                }
                path.reverse();
                return path;
            }
            if open(n) {
                parent[n] = c;
                queue.push_back(n);
            }
        }
    }
    vec![goal]
}

/// What the screen needs to replay one legal move: its kind, the cells
/// entered in order, each part of the turn with the steps left after it,
/// whether it ends with a pass, and whether the stack grows.
pub fn move_view(pos: &Seesaw, mv: SeesawMove) -> Value {
    let layout = pos.layout();
    let name = |c: usize| layout.names[c].clone();
    let names = |cells: &[usize]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
    let notation = format_move(pos, mv);
    match mv.kind() {
        TurnKind::Pass => json!({ "kind": "pass", "notation": notation, "forced": true }),
        TurnKind::Deploy => json!({
            "kind": "deploy",
            "notation": notation,
            "to": name(mv.to()),
            "promotes": false,
            "size_after": 1,
        }),
        TurnKind::Step | TurnKind::Capture => {
            let Some(stack) = pos.stack(mv.from()) else { return Value::Null };
            let all: Vec<usize> = (0..6).collect();
            let heading: Vec<usize> =
                if Seesaw::moves_up(stack.owner, stack.size) { vec![0, 1, 5] } else { vec![2, 3, 4] };
            debug_assert_eq!(DIRECTIONS.len(), 6);
            let mut vacated = vec![mv.from()];
            let open = |vacated: &[usize]| {
                let vacated = vacated.to_vec();
                move |c: usize| pos.stack(c).is_none() || vacated.contains(&c)
            };
            let mut path = vec![name(mv.from())];
            let mut parts = Vec::new();
            let mut at = mv.from();
            let mut passes = false;
            let mut left = stack.size as u32;
            if mv.kind() == TurnKind::Capture {
                let Some(chain) = path_of(pos, mv) else { return Value::Null };
                for &(cell, after) in &chain.hops {
                    let cells = route(layout, at, cell, &all, &open(&vacated));
                    path.extend(names(&cells));
                    parts.push(json!({
                        "to": name(cell),
                        "capture": true,
                        "captured_size": pos.stack(cell).map(|s| s.size),
                        "via": names(&cells),
                        "steps": left - after,
                        "left": after,
                    }));
                    left = after;
                    vacated.push(at);
                    vacated.push(cell);
                    at = cell;
                }
                match chain.end {
                    ChainEnd::Spent => {}
                    ChainEnd::Pass => passes = true,
                    ChainEnd::Step(_) => {}
                }
            }
            if at != mv.to() {
                let cells = route(layout, at, mv.to(), &heading, &open(&vacated));
                path.extend(names(&cells));
                parts.push(json!({
                    "to": name(mv.to()),
                    "capture": false,
                    "via": names(&cells),
                    "steps": cells.len(),
                    "left": left.saturating_sub(cells.len() as u32),
                }));
            }
            json!({
                "kind": if mv.kind() == TurnKind::Capture { "capture" } else { "step" },
                "notation": notation,
                "from": name(mv.from()),
                "to": name(mv.to()),
                "path": path,
                "parts": parts,
                "captures": mv.captured_cells().map(name).collect::<Vec<_>>(),
                "pass": passes,
                "promotes": mv.promotes(),
                "size_before": stack.size,
                "size_after": stack.size as u32 + mv.promotes() as u32,
            })
        }
    }
}

/// A terminal drawing: the columns of hexagons staggered by half a cell,
/// each stack as its owner's letter and size (`S2`, `N1`), bare tiles as
/// `s`/`n`, empty cells as `.`; the letters on top, the side to move below.
pub fn drawing(pos: &Seesaw) -> String {
    let layout = pos.layout();
    let columns = 2 * layout.base - 1;
    let top = (0..layout.cells).map(|c| layout.height2(c)).max().unwrap_or(0);
    let mut out = String::new();
    out.push(' ');
    for col in 0..columns {
        out.push_str(&format!("{:^4}", (b'a' + col as u8) as char));
    }
    out.push('\n');
    for h in (-top..=top).rev() {
        let mut line = String::from(" ");
        let mut any = false;
        for col in 0..columns {
            let cell = (0..layout.cells).find(|&c| layout.column[c] == col && layout.height2(c) == h);
            let text = match cell {
                None => String::new(),
                Some(c) => {
                    any = true;
                    match (pos.stack(c), pos.tile(c)) {
                        (Some(s), tile) => {
                            let letter = if s.owner == SOUTH { 'S' } else { 'N' };
                            let mark = match tile {
                                Some(SOUTH) => "'",
                                Some(_) => "\"",
                                None => "",
                            };
                            format!("{letter}{}{mark}", s.size)
                        }
                        (None, Some(owner)) => if owner == SOUTH { "s" } else { "n" }.to_string(),
                        (None, None) => ".".to_string(),
                    }
                }
            };
            line.push_str(&format!("{text:^4}"));
        }
        if any {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let status = match pos.outcome() {
        Some(Outcome::Win(side)) => format!("{} has won", side_name(side)),
        Some(Outcome::Draw) => "drawn: neither side can move".into(),
        None if pos.must_capture() => format!("{} to move and must capture", side_name(pos.mover())),
        None => format!("{} to move", side_name(pos.mover())),
    };
    out.push_str(&format!("S/N stack and size, ' on a South tile, \" on a North tile; s/n bare tile · {status}\n"));
    out
}

/// Why the game ended, in a sentence for the result banner (empty while it goes on).
pub fn outcome_reason(pos: &Seesaw) -> String {
    let name = |side: Side| INFO.sides[side.index()];
    match pos.outcome() {
        Some(Outcome::Win(winner)) => {
            format!("{} has no stacks left: {} wins.", name(winner.opponent()), name(winner))
        }
        Some(Outcome::Draw) => "Neither player can move: both would pass for ever, so the game is drawn.".into(),
        None => String::new(),
    }
}
