//! What the play page and `tabula show` need: the cells with coordinates
//! for drawing, tiles, stacks with their size and heading, the mover's
//! compulsory captures and deploy cells; for each move, its path step by step.

use std::collections::VecDeque;

use serde::Serialize;
use tabula_core::{Game, Outcome, Side};

use super::geometry::{Layout, DIRECTIONS};
use super::info::INFO;
use super::notation::{format_move, side_name};
use super::rules::{ChainEnd, ChainPath, Seesaw, SeesawMove, TurnKind, NORTH, SOUTH};

/// The game's own fields of a position (`view` in the API).
#[derive(Debug, Serialize)]
pub struct SeesawView {
    /// Cells per side of the board.
    pub base: usize,
    /// Every cell, with its coordinates for drawing.
    pub cells: Vec<CellView>,
    /// Every tile.
    pub tiles: Vec<TileView>,
    /// Every stack.
    pub stacks: Vec<StackView>,
    /// `south` or `north`.
    pub mover: &'static str,
    /// Whether the mover must capture.
    pub must_capture: bool,
    /// When it must: each stack that can capture and the cells it can take first.
    pub forced_captures: Vec<CaptureView>,
    /// Where the mover may deploy (empty when it must capture or the game is over).
    pub deploy_cells: Vec<String>,
    /// `up` or `down` the board: the way a stack the mover deploys would move.
    pub deploy_heading: &'static str,
    /// Whether the mover's only move is a pass.
    pub forced_pass: bool,
    /// Each side's stacks and discs.
    pub material: BySide<MaterialView>,
    /// `south` or `north` once one has won.
    pub winner: Option<&'static str>,
    /// Whether the game is drawn (neither player can move).
    pub draw: bool,
}

/// One cell of the board.
#[derive(Debug, Serialize)]
pub struct CellView {
    /// Its name, e.g. `d4`.
    pub name: String,
    /// Its column, from 0 at the left.
    pub column: usize,
    /// Its row in the column, from 1 at the bottom (as in its name).
    pub row: usize,
    /// Axial coordinate: the column's offset from the middle column.
    pub q: i32,
    /// The second axial coordinate.
    pub r: i32,
    /// Its centre for drawing, in hexagon radii from the board's centre.
    pub x: f64,
    /// Its centre for drawing, in hexagon radii, growing upward.
    pub y: f64,
}

/// A tile.
#[derive(Debug, Serialize)]
pub struct TileView {
    /// Its cell.
    pub cell: String,
    /// `south` or `north`.
    pub owner: &'static str,
}

/// A stack.
#[derive(Debug, Serialize)]
pub struct StackView {
    /// Its cell.
    pub cell: String,
    /// `south` or `north`.
    pub owner: &'static str,
    /// Its discs.
    pub size: u8,
    /// `forward` (odd) or `backward` (even).
    pub direction: &'static str,
    /// `up` or `down` the board.
    pub heading: &'static str,
    /// The owner of the tile it stands on, if any.
    pub on_tile: Option<&'static str>,
}

/// A stack that can capture, and what it can take first.
#[derive(Debug, Serialize)]
pub struct CaptureView {
    /// The stack's cell.
    pub from: String,
    /// The enemy cells it can take first.
    pub targets: Vec<String>,
}

/// One value for each side.
#[derive(Debug, Serialize)]
pub struct BySide<T> {
    /// South's.
    pub south: T,
    /// North's.
    pub north: T,
}

/// A side's material.
#[derive(Debug, Serialize)]
pub struct MaterialView {
    /// Its stacks.
    pub stacks: u32,
    /// Its discs.
    pub discs: u32,
}

/// What one legal move does, step by step (`move_view` in the API).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum SeesawMoveView {
    /// The forced pass.
    Pass(PassView),
    /// A new stack and tile.
    Deploy(DeployView),
    /// A step or a capture chain.
    Move(StackMoveView),
}

/// The forced pass.
#[derive(Debug, Serialize)]
pub struct PassView {
    /// `pass`.
    pub kind: &'static str,
    /// The move as written.
    pub notation: String,
    /// Always true: a pass is never chosen.
    pub forced: bool,
}

/// A deploy.
#[derive(Debug, Serialize)]
pub struct DeployView {
    /// `deploy`.
    pub kind: &'static str,
    /// The move as written.
    pub notation: String,
    /// The cell deployed on.
    pub to: String,
    /// Always false.
    pub promotes: bool,
    /// Always 1.
    pub size_after: u32,
}

/// A step or a capture chain.
#[derive(Debug, Serialize)]
pub struct StackMoveView {
    /// `step` or `capture`.
    pub kind: &'static str,
    /// The move as written.
    pub notation: String,
    /// The stack's cell.
    pub from: String,
    /// Where it ends.
    pub to: String,
    /// Every cell entered, in order, `from` first.
    pub path: Vec<String>,
    /// Each capture, then the closing step, with the steps each uses.
    pub parts: Vec<PartView>,
    /// For a capture: every order of captures that makes this same turn,
    /// each as its parts (`parts` is the first), so that a screen can let a
    /// player click the chain in any of them, step by step.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<Vec<PartView>>,
    /// The cells whose stacks are taken.
    pub captures: Vec<String>,
    /// Whether the turn ends with a pass.
    pub pass: bool,
    /// Whether the stack grows at the end.
    pub promotes: bool,
    /// Its discs before.
    pub size_before: u8,
    /// Its discs after.
    pub size_after: u32,
}

/// One part of a turn: a capture or the closing step.
#[derive(Debug, Serialize)]
pub struct PartView {
    /// Where the part ends.
    pub to: String,
    /// Whether it is a capture.
    pub capture: bool,
    /// For a capture: the size of the stack taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured_size: Option<Option<u8>>,
    /// The cells entered, in order.
    pub via: Vec<String>,
    /// The steps it uses.
    pub steps: u32,
    /// The steps left after it.
    pub left: u32,
}

fn side_key(side: Side) -> &'static str {
    if side == SOUTH {
        "south"
    } else {
        "north"
    }
}

/// The game's own fields (see the module documentation).
pub fn view(pos: &Seesaw) -> SeesawView {
    let layout = pos.layout();
    let name = |c: usize| layout.names[c].clone();
    let cells = (0..layout.cells)
        .map(|c| {
            let (x, y) = layout.centre(c);
            CellView {
                name: name(c),
                column: layout.column[c],
                row: layout.row[c],
                q: layout.q[c],
                r: layout.r[c],
                x,
                y,
            }
        })
        .collect();
    let tiles = (0..layout.cells)
        .filter_map(|c| pos.tile(c).map(|owner| TileView { cell: name(c), owner: side_key(owner) }))
        .collect();
    let stacks = (0..layout.cells)
        .filter_map(|c| {
            pos.stack(c).map(|s| StackView {
                cell: name(c),
                owner: side_key(s.owner),
                size: s.size,
                direction: if s.size % 2 == 1 { "forward" } else { "backward" },
                heading: heading(s.owner, s.size),
                on_tile: pos.tile(c).map(side_key),
            })
        })
        .collect();
    let outcome = pos.outcome();
    let must_capture = outcome.is_none() && pos.must_capture();
    let forced_captures = if must_capture {
        pos.first_captures()
            .into_iter()
            .map(|(from, targets)| CaptureView { from: name(from), targets: targets.into_iter().map(name).collect() })
            .collect()
    } else {
        Vec::new()
    };
    let deploy_cells =
        if must_capture || outcome.is_some() { Vec::new() } else { pos.deploy_cells().into_iter().map(name).collect() };
    let material = |side: Side| {
        let (stacks, discs) = pos.material(side);
        MaterialView { stacks, discs }
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    SeesawView {
        base: layout.base,
        cells,
        tiles,
        stacks,
        mover: side_key(pos.mover()),
        must_capture,
        forced_captures,
        deploy_cells,
        deploy_heading: heading(pos.mover(), 1),
        forced_pass: legal == [SeesawMove::PASS],
        material: BySide { south: material(SOUTH), north: material(NORTH) },
        winner: match outcome {
            Some(Outcome::Win(side)) => Some(side_key(side)),
            _ => None,
        },
        draw: outcome == Some(Outcome::Draw),
    }
}

/// `up` or `down` the board: the way `owner`'s stack of `size` moves.
fn heading(owner: Side, size: u8) -> &'static str {
    if Seesaw::moves_up(owner, size) {
        "up"
    } else {
        "down"
    }
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
/// whether it ends with a pass, and whether the stack grows (`None` for a
/// move without a stack to make it, which no legal move is).
pub fn move_view(pos: &Seesaw, mv: SeesawMove) -> Option<SeesawMoveView> {
    let layout = pos.layout();
    let name = |c: usize| layout.names[c].clone();
    let names = |cells: &[usize]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
    let notation = format_move(pos, mv);
    match mv.kind() {
        TurnKind::Pass => Some(SeesawMoveView::Pass(PassView { kind: "pass", notation, forced: true })),
        TurnKind::Deploy => Some(SeesawMoveView::Deploy(DeployView {
            kind: "deploy",
            notation,
            to: name(mv.to()),
            promotes: false,
            size_after: 1,
        })),
        TurnKind::Step | TurnKind::Capture => {
            let stack = pos.stack(mv.from())?;
            let all: Vec<usize> = (0..6).collect();
            let heading: Vec<usize> =
                if Seesaw::moves_up(stack.owner, stack.size) { vec![0, 1, 5] } else { vec![2, 3, 4] };
            debug_assert_eq!(DIRECTIONS.len(), 6);
            // The cells entered and the parts of the turn, for one order of its captures.
            let walk = |chain: Option<&ChainPath>| {
                let mut vacated = vec![mv.from()];
                let open = |vacated: &[usize]| {
                    let vacated = vacated.to_vec();
                    move |c: usize| pos.stack(c).is_none() || vacated.contains(&c)
                };
                let mut path = vec![name(mv.from())];
                let mut parts = Vec::new();
                let mut at = mv.from();
                let mut left = stack.size as u32;
                for &(cell, after) in chain.map_or(&[][..], |c| &c.hops[..]) {
                    let cells = route(layout, at, cell, &all, &open(&vacated));
                    path.extend(names(&cells));
                    parts.push(PartView {
                        to: name(cell),
                        capture: true,
                        captured_size: Some(pos.stack(cell).map(|s| s.size)),
                        via: names(&cells),
                        steps: left - after,
                        left: after,
                    });
                    left = after;
                    vacated.push(at);
                    vacated.push(cell);
                    at = cell;
                }
                if at != mv.to() {
                    let cells = route(layout, at, mv.to(), &heading, &open(&vacated));
                    path.extend(names(&cells));
                    parts.push(PartView {
                        to: name(mv.to()),
                        capture: false,
                        captured_size: None,
                        via: names(&cells),
                        steps: cells.len() as u32,
                        left: left.saturating_sub(cells.len() as u32),
                    });
                }
                (path, parts)
            };
            let chains: Vec<ChainPath> = if mv.kind() == TurnKind::Capture {
                let chains: Vec<ChainPath> = pos.chain_paths().into_iter().filter(|p| p.mv == mv).collect();
                if chains.is_empty() {
                    return None;
                }
                chains
            } else {
                Vec::new()
            };
            let (path, parts) = walk(chains.first());
            let passes = chains.first().is_some_and(|c| c.end == ChainEnd::Pass);
            let orders = if chains.len() > 1 { chains.iter().map(|c| walk(Some(c)).1).collect() } else { Vec::new() };
            Some(SeesawMoveView::Move(StackMoveView {
                kind: if mv.kind() == TurnKind::Capture { "capture" } else { "step" },
                notation,
                from: name(mv.from()),
                to: name(mv.to()),
                path,
                parts,
                orders,
                captures: mv.captured_cells().map(name).collect(),
                pass: passes,
                promotes: mv.promotes(),
                size_before: stack.size,
                size_after: stack.size as u32 + mv.promotes() as u32,
            }))
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
