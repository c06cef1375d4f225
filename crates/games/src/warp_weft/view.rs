//! What the play page and `tabula show` need: the grid, who took what, the
//! scores, and for each legal move the line it hands over and the best reply.

use serde_json::{json, Value};
use tabula_core::{Game, Outcome};

use super::geometry::{cell_name, mask_cells};
use super::rules::{Axis, WarpWeft, WarpWeftMove};
use super::text::format_half_points;

/// The game's own fields: grid, used cells and their takers, shuttle, scores.
pub fn view(pos: &WarpWeft) -> Value {
    let n = pos.size();
    let rows = |f: &dyn Fn(usize) -> Value| -> Value {
        Value::Array((0..n).map(|r| Value::Array((0..n).map(|c| f(r * n + c)).collect())).collect())
    };
    let unused_in = |mask: u128| (mask & !pos.used).count_ones();
    json!({
        "size": n,
        "board": pos.board(),
        "grid": rows(&|cell| json!(pos.value(cell))),
        "used": rows(&|cell| json!(pos.is_used(cell))),
        "taken": rows(&|cell| match pos.taker(cell) {
            Some(Axis::Weft) => json!("weft"),
            Some(Axis::Warp) => json!("warp"),
            None if pos.is_used(cell) => json!("start"),
            None => Value::Null,
        }),
        "shuttle": cell_name(n, pos.shuttle()),
        "shuttle_rc": [pos.shuttle() / n, pos.shuttle() % n],
        "axis_to_move": pos.axis_to_move().name().to_ascii_lowercase(),
        "seats": { "weft": pos.seat_of(Axis::Weft).index(), "warp": pos.seat_of(Axis::Warp).index() },
        "scores": {
            "weft": pos.total2(Axis::Weft) as f64 / 2.0,
            "warp": pos.total2(Axis::Warp) as f64 / 2.0,
        },
        "points": { "weft": pos.points(Axis::Weft), "warp": pos.points(Axis::Warp) },
        "komi": pos.komi2() as f64 / 2.0,
        "pie": pos.pie,
        "swapped": pos.swapped,
        "unused": {
            "rows": (0..n).map(|r| unused_in(pos.line_mask(Axis::Weft, r * n))).collect::<Vec<_>>(),
            "cols": (0..n).map(|c| unused_in(pos.line_mask(Axis::Warp, c))).collect::<Vec<_>>(),
        },
    })
}

/// For one legal move: the cell, its gain, the line handed over, the
/// opponent's best immediate reply on it, the net result, and whether the
/// move strands the opponent (and who would then win).
pub fn move_view(pos: &WarpWeft, mv: WarpWeftMove) -> Value {
    if mv.is_swap() {
        return json!({ "swap": true });
    }
    let n = pos.size();
    let to = mv.to as usize;
    let gain = pos.value(to) as i32;
    let mut after = pos.clone();
    after.play(mv);
    let handed = after.targets();
    let line: Vec<String> = mask_cells(after.line_mask(after.axis_to_move(), to)).map(|c| cell_name(n, c)).collect();
    let reply = mask_cells(handed).max_by_key(|&c| (pos.value(c), std::cmp::Reverse(c)));
    let mut out = json!({
        "cell": [to / n, to % n],
        "gain": gain,
        "line": line,
        "open": mask_cells(handed).map(|c| cell_name(n, c)).collect::<Vec<_>>(),
    });
    match reply {
        Some(cell) => {
            let reply_gain = pos.value(cell) as i32;
            out["reply"] = json!({ "cell": cell_name(n, cell), "rc": [cell / n, cell % n], "gain": reply_gain });
            out["net"] = json!(gain - reply_gain);
            out["strands"] = json!(false);
        }
        None => {
            out["reply"] = Value::Null;
            out["net"] = json!(gain);
            out["strands"] = json!(true);
            let winner = after.outcome().and_then(|o| o.winner()).map(|s| after.axis_of(s).name());
            out["winner"] = json!(winner);
            out["final"] = json!({
                "weft": after.total2(Axis::Weft) as f64 / 2.0,
                "warp": after.total2(Axis::Warp) as f64 / 2.0,
            });
        }
    }
    out
}

/// A terminal drawing: values, `[ ]` around Weft's cells, `( )` around Warp's,
/// `*` on the shuttle, `·` on the start cell; scores below.
pub fn drawing(pos: &WarpWeft) -> String {
    let n = pos.size();
    let mut out = String::from("   ");
    for c in 0..n {
        out.push_str(&format!("  {}  ", (b'a' + c as u8) as char));
    }
    out.push('\n');
    for r in 0..n {
        out.push_str(&format!("{:>2} ", r + 1));
        for c in 0..n {
            let cell = r * n + c;
            let v = pos.value(cell);
            let (open, close) = match pos.taker(cell) {
                Some(Axis::Weft) => ('[', ']'),
                Some(Axis::Warp) => ('(', ')'),
                None => (' ', ' '),
            };
            let body =
                if pos.is_used(cell) && pos.taker(cell).is_none() { " ·".to_string() } else { format!("{v:>2}") };
            let mark = if cell == pos.shuttle() { '*' } else { ' ' };
            out.push_str(&format!("{open}{body}{close}{mark}"));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "Weft {} · Warp {} (komi {}) · {} to move\n",
        format_half_points(pos.total2(Axis::Weft)),
        format_half_points(pos.total2(Axis::Warp)),
        format_half_points(pos.komi2()),
        pos.axis_to_move().name()
    ));
    out
}

/// Why the game ended, in a sentence for the result banner (empty while it goes on).
pub fn outcome_reason(pos: &WarpWeft) -> String {
    if pos.targets() != 0 {
        return String::new();
    }
    let stuck = pos.axis_to_move;
    let line = if stuck == Axis::Weft { "row" } else { "column" };
    let score = |a: Axis| format_half_points(pos.total2(a));
    let verdict = match pos.result() {
        Outcome::Win(seat) => {
            let winner = pos.axis_of(seat);
            format!("{} wins {} to {}", winner.name(), score(winner), score(winner.other()))
        }
        Outcome::Draw => format!("a draw at {} all", score(Axis::Weft)),
    };
    format!("{} has no unused cell in its {line}: {verdict}.", stuck.name())
}
