//! The position text: `;`-separated `key=value` fields,
//! `size=5;grid=3,1,…/…;taken=..x../…;shuttle=c3;next=weft;komi=4.5`, then
//! optionally `pie=true`, `swapped=true` and `board=N`. In `taken`, `.` is
//! unused, `r` is Weft's (red), `b` is Warp's (blue) and `x` is used by nobody
//! (the start cell). Rows are separated by `/`, top row first.

use tabula_core::{Error, Fields};

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

/// The fields of the position text, in the order they are written.
const FIELDS: &[&str] = &["size", "grid", "taken", "shuttle", "next", "komi", "pie", "swapped", "board"];

/// Reads a position text: its fields, then [`WarpWeft::check`] that play could reach it.
pub fn from_text(text: &str) -> Result<WarpWeft, Error> {
    let fields = Fields::read(text, '=', FIELDS)?;
    let n = read_size(fields.require("size")?)?;
    let grid = fields.require("grid")?;
    let taken = fields.require("taken")?;
    let shuttle = fields.require("shuttle")?;
    let next = read_next(fields.require("next")?)?;
    let komi2 = read_komi(fields.require("komi")?)?;
    let pie = read_flag(fields.get("pie"), "pie")?;
    let swapped = read_flag(fields.get("swapped"), "swapped")?;
    let board = fields.get("board").map(read_board).transpose()?;
    let values = read_grid(n, grid)?;
    let mut pos = WarpWeft::with_grid(n, &values, komi2, pie, board);
    read_taken(&mut pos, taken)?;
    pos.shuttle = parse_cell(n, shuttle).map_err(|e| bad(format!("shuttle: {e}")))? as u8;
    pos.axis_to_move = next;
    pos.swapped = swapped;
    pos.check()?;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

fn bad(message: String) -> Error {
    Error::BadPosition(message)
}

/// `size`: an odd width from 3 to [`MAX_SIZE`].
fn read_size(value: &str) -> Result<usize, Error> {
    let n: usize = value.parse().map_err(|_| bad(format!("size '{value}' is not a number")))?;
    if !(3..=MAX_SIZE).contains(&n) || n.is_multiple_of(2) {
        return Err(bad(format!("size must be odd, from 3 to {MAX_SIZE}, not {n}")));
    }
    Ok(n)
}

/// `grid`: `n` rows separated by `/`, each `n` values separated by `,`.
fn read_grid(n: usize, grid: &str) -> Result<Vec<i8>, Error> {
    let rows: Vec<&str> = grid.split('/').collect();
    if rows.len() != n {
        return Err(bad(format!("grid has {} rows, expected {n}", rows.len())));
    }
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
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
    Ok(values)
}

/// `taken`: one mark a cell, rows separated by `/`: `.` unused, `r` Weft's,
/// `b` Warp's, `x` used by nobody. Marks the cells and adds up the points.
fn read_taken(pos: &mut WarpWeft, taken: &str) -> Result<(), Error> {
    let n = pos.size();
    let rows: Vec<&str> = taken.split('/').collect();
    if rows.len() != n {
        return Err(bad(format!("taken has {} rows, expected {n}", rows.len())));
    }
    pos.used = 0;
    for (r, row) in rows.iter().enumerate() {
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
                    pos.points[axis.index()] += pos.value(cell) as i16;
                }
                other => return Err(bad(format!("taken mark '{other}' in row {} is not one of . r b x", r + 1))),
            }
        }
    }
    Ok(())
}

/// `next`: `weft` or `warp`.
fn read_next(value: &str) -> Result<Axis, Error> {
    match value {
        "weft" => Ok(Axis::Weft),
        "warp" => Ok(Axis::Warp),
        _ => Err(bad(format!("next must be weft or warp, not '{value}'"))),
    }
}

/// `komi`: Warp's komi, a whole or half number.
fn read_komi(value: &str) -> Result<i16, Error> {
    let komi: f64 = value.parse().map_err(|_| bad(format!("komi '{value}' is not a number")))?;
    parse_komi(komi).map_err(|e| bad(e.to_string()))
}

/// `pie` and `swapped`: `true` or `false`; false when left out.
fn read_flag(value: Option<&str>, name: &str) -> Result<bool, Error> {
    match value {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(bad(format!("{name} must be true or false, not '{other}'"))),
    }
}

/// `board`: the board number the grid came from.
fn read_board(value: &str) -> Result<u64, Error> {
    value.parse().map_err(|_| bad(format!("board '{value}' is not a number")))
}

impl WarpWeft {
    /// Checks that the position could arise in play: the shuttle on a used
    /// cell, Weft with as many cells as Warp or one more, the turn that
    /// follows from them, and a swap only under the pie rule.
    pub(super) fn check(&self) -> Result<(), Error> {
        let n = self.size();
        if !self.is_used(self.shuttle()) {
            return Err(bad(format!("the shuttle's cell {} must be used", cell_name(n, self.shuttle()))));
        }
        let (weft_moves, warp_moves) = (self.taken[0].count_ones(), self.taken[1].count_ones());
        let expected_next = if weft_moves == warp_moves { Axis::Weft } else { Axis::Warp };
        if weft_moves != warp_moves && weft_moves != warp_moves + 1 {
            return Err(bad(format!(
                "Weft has taken {weft_moves} cells and Warp {warp_moves}: Weft must have taken as many as Warp or one more"
            )));
        }
        if self.axis_to_move != expected_next {
            return Err(bad(format!(
                "with Weft on {weft_moves} cells and Warp on {warp_moves}, it is {}'s turn, not {}'s",
                expected_next.name(),
                self.axis_to_move.name()
            )));
        }
        if self.swapped && !self.pie {
            return Err(bad("swapped=true needs pie=true".into()));
        }
        Ok(())
    }
}
