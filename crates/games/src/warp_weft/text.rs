//! The position text: `;`-separated `key=value` fields,
//! `size=5;grid=3,1,…/…;taken=..x../…;shuttle=c3;next=weft;komi=4.5`, then
//! optionally `pie=true`, `swapped=true`, the variants (`pass=once` with
//! `passed=weft`, `warp` or `both` once someone has passed, `passover=D`,
//! `blocking=true`) and `board=N`. In `taken`, `.` is unused, `r` is Weft's
//! (red), `b` is Warp's (blue) and `x` is used by nobody (the start cell).
//! Rows are separated by `/`, top row first. The grid holds the values as
//! they are now: with `passover` those of unused cells may have changed, and
//! a used cell keeps the value it was taken at.

use tabula_core::{Error, Fields};

use super::geometry::{cell_name, parse_cell, MAX_SIZE};
use super::rules::{Axis, Variants, WarpWeft};
use super::start::{parse_komi, parse_passover};

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
    let variants = pos.variants();
    if variants.pass_once {
        text.push_str(";pass=once");
        match (pos.has_passed(Axis::Weft), pos.has_passed(Axis::Warp)) {
            (true, true) => text.push_str(";passed=both"),
            (true, false) => text.push_str(";passed=weft"),
            (false, true) => text.push_str(";passed=warp"),
            (false, false) => {}
        }
    }
    if variants.passover != 0 {
        text.push_str(&format!(";passover={}", variants.passover));
    }
    if variants.blocking {
        text.push_str(";blocking=true");
    }
    if let Some(board) = pos.board() {
        text.push_str(&format!(";board={board}"));
    }
    text
}

/// The fields of the position text, in the order they are written.
const FIELDS: &[&str] = &[
    "size", "grid", "taken", "shuttle", "next", "komi", "pie", "swapped", "pass", "passed", "passover", "blocking",
    "board",
];

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
    let variants = Variants {
        pass_once: read_pass(fields.get("pass"))?,
        passover: fields.get("passover").map_or(Ok(0), |d| parse_passover(d).map_err(|e| bad(e.to_string())))?,
        blocking: read_flag(fields.get("blocking"), "blocking")?,
    };
    let passed = read_passed(fields.get("passed"))?;
    let board = fields.get("board").map(read_board).transpose()?;
    let values = read_grid(n, grid, variants.passover)?;
    let mut pos = WarpWeft::with_grid(n, &values, komi2, pie, variants, board);
    read_taken(&mut pos, taken)?;
    pos.shuttle = parse_cell(n, shuttle).map_err(|e| bad(format!("shuttle: {e}")))? as u8;
    pos.axis_to_move = next;
    pos.swapped = swapped;
    pos.passed = passed;
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

/// The largest value a cell may hold in a position text: 99, and with a
/// passover of `delta` so little that play can never take a value beyond
/// what a cell holds (127): a cell is passed over at most once for every
/// other cell of its row and column.
fn largest_value(n: usize, delta: i8) -> i8 {
    (i8::MAX as i32 - 2 * (n as i32 - 1) * (delta as i32).abs()).min(99) as i8
}

/// `grid`: `n` rows separated by `/`, each `n` values separated by `,`.
fn read_grid(n: usize, grid: &str, passover: i8) -> Result<Vec<i8>, Error> {
    let max = largest_value(n, passover);
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
            let v: i8 = v.trim().parse().ok().filter(|v: &i8| (-max..=max).contains(v)).ok_or_else(|| {
                bad(format!("grid value '{v}' in row {} is not a whole number from -{max} to {max}", r + 1))
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

/// `pass`: `once`, or `off` (the default).
fn read_pass(value: Option<&str>) -> Result<bool, Error> {
    match value {
        None | Some("off") => Ok(false),
        Some("once") => Ok(true),
        Some(other) => Err(bad(format!("pass must be once or off, not '{other}'"))),
    }
}

/// `passed`: who has used their pass: `weft`, `warp`, `both` or `none` (the default).
fn read_passed(value: Option<&str>) -> Result<[bool; 2], Error> {
    match value {
        None | Some("none") => Ok([false, false]),
        Some("weft") => Ok([true, false]),
        Some("warp") => Ok([false, true]),
        Some("both") => Ok([true, true]),
        Some(other) => Err(bad(format!("passed must be weft, warp, both or none, not '{other}'"))),
    }
}

/// `board`: the board number the grid came from.
fn read_board(value: &str) -> Result<u64, Error> {
    value.parse().map_err(|_| bad(format!("board '{value}' is not a number")))
}

impl WarpWeft {
    /// Checks that the position could arise in play: the shuttle on a used
    /// cell, Weft with as many moves (cells taken and a pass) as Warp or one
    /// more, the turn that follows from them, a swap only under the pie rule
    /// and a pass only under `pass=once`.
    pub(super) fn check(&self) -> Result<(), Error> {
        let n = self.size();
        if !self.is_used(self.shuttle()) {
            return Err(bad(format!("the shuttle's cell {} must be used", cell_name(n, self.shuttle()))));
        }
        if self.passed.contains(&true) && !self.variants.pass_once {
            return Err(bad("passed needs pass=once".into()));
        }
        let (weft_moves, warp_moves) = (self.moves_made(Axis::Weft), self.moves_made(Axis::Warp));
        let expected_next = if weft_moves == warp_moves { Axis::Weft } else { Axis::Warp };
        if weft_moves != warp_moves && weft_moves != warp_moves + 1 {
            let passes = if self.variants.pass_once { " (a pass counts as a move)" } else { "" };
            return Err(bad(format!(
                "Weft has made {weft_moves} moves and Warp {warp_moves}: Weft must have made as many as Warp or one more{passes}"
            )));
        }
        if self.axis_to_move != expected_next {
            return Err(bad(format!(
                "with {weft_moves} moves made by Weft and {warp_moves} by Warp, it is {}'s turn, not {}'s",
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
