//! Move notation: a move is the name of the cell the shuttle lands on
//! (`d4`, or `r,c` counted from 0); the pie swap is `swap`.

use tabula_core::Error;

use super::geometry::{cell_name, parse_cell};
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
    let cell = parse_cell(n, text)?;
    let name = cell_name(n, cell);
    let axis = pos.axis_to_move();
    if pos.targets() == 0 {
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
    Ok(WarpWeftMove { to: cell as u8, from: pos.shuttle() as u8 })
}

/// Writes a move: the target cell's name, or `swap`.
pub fn format_move(pos: &WarpWeft, mv: WarpWeftMove) -> String {
    if mv.is_swap() {
        "swap".to_string()
    } else {
        cell_name(pos.size(), mv.to as usize)
    }
}
