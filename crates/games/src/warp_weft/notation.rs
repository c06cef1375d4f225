//! Move notation: a move is the name of the cell the shuttle lands on
//! (`d4`, or `r,c` counted from 0); the pie swap is `swap`, and a pass
//! (`pass=once`) is `pass`.

use tabula_core::Error;

use super::geometry::{between, cell_name, mask_cells, parse_cell};
use super::rules::{Axis, WarpWeft, WarpWeftMove};

/// Reads a move and checks that it is legal in `pos`, saying why when it is not.
pub fn parse_move(pos: &WarpWeft, text: &str) -> Result<WarpWeftMove, Error> {
    let n = pos.size();
    if text.trim().eq_ignore_ascii_case("swap") {
        return if pos.swap_available() {
            Ok(WarpWeftMove::SWAP)
        } else {
            Err(Error::IllegalMove(
                "swap is only allowed with the pie rule, as Warp's answer to Weft's first move".into(),
            ))
        };
    }
    let axis = pos.axis_to_move();
    if text.trim().eq_ignore_ascii_case("pass") {
        return if pos.pass_available() {
            Ok(WarpWeftMove::pass(pos.shuttle() as u8))
        } else if !pos.variants().pass_once {
            Err(Error::IllegalMove("pass is only allowed in the pass=once variant".into()))
        } else if pos.is_over() {
            Err(Error::IllegalMove("the game is over; nobody can pass".into()))
        } else {
            Err(Error::IllegalMove(format!("{} has already passed once this game", axis.name())))
        };
    }
    let cell = parse_cell(n, text)?;
    let name = cell_name(n, cell);
    if pos.is_over() {
        return Err(Error::IllegalMove(format!("the game is over; {name} cannot be played")));
    }
    if pos.line_mask(axis, pos.shuttle()) & (1u128 << cell) == 0 {
        let line = match axis {
            Axis::Weft => format!("row {}", pos.shuttle() / n + 1),
            Axis::Warp => format!("column {}", (b'a' + (pos.shuttle() % n) as u8) as char),
        };
        return Err(Error::IllegalMove(format!(
            "{name} is not on {}'s line: {} moves along {line}",
            axis.name(),
            axis.name()
        )));
    }
    if pos.is_used(cell) {
        return Err(Error::IllegalMove(format!("{name} is already used")));
    }
    if pos.targets() & (1u128 << cell) == 0 {
        // Only the blocking variant leaves an unused cell of the line out of reach.
        let from = pos.shuttle();
        let wall = mask_cells(between(n, from, cell) & pos.used).map(|c| cell_name(n, c)).collect::<Vec<_>>();
        return Err(Error::IllegalMove(format!(
            "{name} is beyond {}: with blocking, a slide cannot cross a used cell",
            wall.join(" and ")
        )));
    }
    Ok(WarpWeftMove { to: cell as u8, from: pos.shuttle() as u8 })
}

/// Writes a move: the target cell's name, `swap` or `pass`.
pub fn format_move(pos: &WarpWeft, mv: WarpWeftMove) -> String {
    if mv.is_swap() {
        "swap".to_string()
    } else if mv.is_pass() {
        "pass".to_string()
    } else {
        cell_name(pos.size(), mv.to as usize)
    }
}
