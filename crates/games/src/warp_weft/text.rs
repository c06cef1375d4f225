//! The position text: `;`-separated `key=value` fields,
//! `size=5;grid=3,1,…/…;taken=..x../…;shuttle=c3;next=weft;komi=4.5`, then
//! optionally `pie=true`, `swapped=true` and `board=N`. In `taken`, `.` is
//! unused, `r` is Weft's (red), `b` is Warp's (blue) and `x` is used by nobody
//! (the start cell). Rows are separated by `/`, top row first.

use tabula_core::Error;

use super::geometry::{cell_name, parse_cell, MAX_SIZE};
use super::rules::{Axis, WarpWeft};
use super::start::parse_komi;

/// Half points as people write them: `9` → `4.5`, `-3` → `-1.5`, `8` → `4`.
pub fn format_half_points(half: i32) -> String {
    if half % 2 == 0 {
        (half / 2).to_string()
    } else {
        let sign = if half < 0 { "-" } else { "" };
        format!("{sign}{}.5", half.abs() / 2)
    }
}

/// The position text of `pos` (see the module documentation).
pub fn to_text(pos: &WarpWeft) -> String {
    let n = pos.size();
    let rows = |cell_text: &dyn Fn(usize) -> String, sep: &str| -> String {
        (0..n).map(|r| (0..n).map(|c| cell_text(r * n + c)).collect::<Vec<_>>().join(sep)).collect::<Vec<_>>().join("/")
    };
    let grid = rows(&|cell| pos.value(cell).to_string(), ",");
    let taken = rows(
        &|cell| {
            match pos.taker(cell) {
                Some(Axis::Weft) => "r",
                Some(Axis::Warp) => "b",
                None if pos.is_used(cell) => "x",
                None => ".",
            }
            .to_string()
        },
        "",
    );
    let mut text = format!(
        "size={n};grid={grid};taken={taken};shuttle={};next={};komi={}",
        cell_name(n, pos.shuttle()),
        pos.axis_to_move().name().to_ascii_lowercase(),
        format_half_points(pos.komi2()),
    );
    if pos.pie {
        text.push_str(";pie=true");
    }
    if pos.swapped {
        text.push_str(";swapped=true");
    }
    if let Some(board) = pos.board() {
        text.push_str(&format!(";board={board}"));
    }
    text
}

/// Reads a position text, checking that it describes a position that play could reach.
pub fn from_text(text: &str) -> Result<WarpWeft, Error> {
    let bad = |msg: String| Error::BadPosition(msg);
    let mut size = None;
    let mut grid_text = None;
    let mut taken_text = None;
    let mut shuttle_text = None;
    let mut next = None;
    let mut komi2 = None;
    let mut pie = false;
    let mut swapped = false;
    let mut board = None;
    for field in text.trim().split(';').filter(|f| !f.trim().is_empty()) {
        let (key, value) =
            field.split_once('=').ok_or_else(|| bad(format!("field '{field}' should look like key=value")))?;
        let value = value.trim();
        match key.trim() {
            "size" => {
                let n: usize = value.parse().map_err(|_| bad(format!("size '{value}' is not a number")))?;
                if !(3..=MAX_SIZE).contains(&n) || n.is_multiple_of(2) {
                    return Err(bad(format!("size must be odd, from 3 to {MAX_SIZE}, not {n}")));
                }
                size = Some(n);
            }
            "grid" => grid_text = Some(value),
            "taken" => taken_text = Some(value),
            "shuttle" => shuttle_text = Some(value),
            "next" => {
                next = Some(match value {
                    "weft" => Axis::Weft,
                    "warp" => Axis::Warp,
                    _ => return Err(bad(format!("next must be weft or warp, not '{value}'"))),
                })
            }
            "komi" => {
                let k: f64 = value.parse().map_err(|_| bad(format!("komi '{value}' is not a number")))?;
                komi2 = Some(parse_komi(k).map_err(|e| bad(e.to_string()))?);
            }
            "pie" => pie = parse_flag(value).ok_or_else(|| bad(format!("pie must be true or false, not '{value}'")))?,
            "swapped" => {
                swapped =
                    parse_flag(value).ok_or_else(|| bad(format!("swapped must be true or false, not '{value}'")))?
            }
            "board" => board = Some(value.parse().map_err(|_| bad(format!("board '{value}' is not a number")))?),
            other => {
                return Err(bad(format!(
                    "unknown field '{other}' (known: size, grid, taken, shuttle, next, komi, pie, swapped, board)"
                )))
            }
        }
    }
    let missing = |name: &str| bad(format!("the position has no '{name}' field"));
    let n = size.ok_or_else(|| missing("size"))?;
    let grid_text = grid_text.ok_or_else(|| missing("grid"))?;
    let taken_text = taken_text.ok_or_else(|| missing("taken"))?;
    let shuttle_text = shuttle_text.ok_or_else(|| missing("shuttle"))?;
    let next = next.ok_or_else(|| missing("next"))?;
    let komi2 = komi2.ok_or_else(|| missing("komi"))?;

    let grid_rows: Vec<&str> = grid_text.split('/').collect();
    if grid_rows.len() != n {
        return Err(bad(format!("grid has {} rows, expected {n}", grid_rows.len())));
    }
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in grid_rows.iter().enumerate() {
        let cells: Vec<&str> = row.split(',').collect();
        if cells.len() != n {
            return Err(bad(format!("grid row {} has {} values, expected {n}", r + 1, cells.len())));
        }
        for v in cells {
            let v: i8 = v.trim().parse().ok().filter(|v: &i8| (-99..=99).contains(v)).ok_or_else(|| {
                bad(format!("grid value '{v}' in row {} is not a whole number from -99 to 99", r + 1))
            })?;
            values.push(v);
        }
    }

    let taken_rows: Vec<&str> = taken_text.split('/').collect();
    if taken_rows.len() != n {
        return Err(bad(format!("taken has {} rows, expected {n}", taken_rows.len())));
    }
    let mut pos = WarpWeft::with_grid(n, &values, komi2, pie, board);
    pos.used = 0;
    for (r, row) in taken_rows.iter().enumerate() {
        if row.chars().count() != n {
            return Err(bad(format!("taken row {} has {} marks, expected {n}", r + 1, row.chars().count())));
        }
        for (c, mark) in row.chars().enumerate() {
            let cell = r * n + c;
            let bit = 1u128 << cell;
            match mark {
                '.' => {}
                'x' => pos.used |= bit,
                'r' | 'b' => {
                    let axis = if mark == 'r' { Axis::Weft } else { Axis::Warp };
                    pos.used |= bit;
                    pos.taken[axis.index()] |= bit;
                    pos.points[axis.index()] += values[cell] as i16;
                }
                other => return Err(bad(format!("taken mark '{other}' in row {} is not one of . r b x", r + 1))),
            }
        }
    }
    let shuttle = parse_cell(n, shuttle_text).map_err(|e| bad(format!("shuttle: {e}")))?;
    if !pos.is_used(shuttle) {
        return Err(bad(format!("the shuttle's cell {} must be used", cell_name(n, shuttle))));
    }
    let (weft_moves, warp_moves) = (pos.taken[0].count_ones(), pos.taken[1].count_ones());
    let expected_next = if weft_moves == warp_moves { Axis::Weft } else { Axis::Warp };
    if weft_moves != warp_moves && weft_moves != warp_moves + 1 {
        return Err(bad(format!(
            "Weft has taken {weft_moves} cells and Warp {warp_moves}: Weft must have taken as many as Warp or one more"
        )));
    }
    if next != expected_next {
        return Err(bad(format!(
            "with Weft on {weft_moves} cells and Warp on {warp_moves}, it is {}'s turn, not {}'s",
            expected_next.name(),
            next.name()
        )));
    }
    if swapped && !pie {
        return Err(bad("swapped=true needs pie=true".into()));
    }
    pos.shuttle = shuttle as u8;
    pos.axis_to_move = next;
    pos.swapped = swapped;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

fn parse_flag(value: &str) -> Option<bool> {
    match value {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}
