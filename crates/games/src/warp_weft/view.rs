//! What the play page and `tabula show` need: the grid, who took what, the
//! scores, and for each legal move the line it hands over and the best reply.

use serde::Serialize;
use tabula_core::{Game, Outcome};

use super::geometry::{between, cell_name, mask_cells};
use super::rules::{Axis, WarpWeft, WarpWeftMove};
use super::text::format_half_points;

/// The game's own fields of a position (`view` in the API).
#[derive(Debug, Serialize)]
pub struct WarpWeftView {
    /// Width and height of the grid.
    pub size: usize,
    /// The board number the grid came from, if any.
    pub board: Option<u64>,
    /// The cells' values, row by row from the top.
    pub grid: Vec<Vec<i8>>,
    /// Whether each cell can no longer be landed on.
    pub used: Vec<Vec<bool>>,
    /// Who took each cell: `weft`, `warp`, `start` (the centre) or null.
    pub taken: Vec<Vec<Option<&'static str>>>,
    /// The shuttle's cell, e.g. `d4`.
    pub shuttle: String,
    /// The shuttle's row and column, from 0.
    pub shuttle_rc: [usize; 2],
    /// `weft` or `warp`.
    pub axis_to_move: String,
    /// The seat (0 or 1) playing each axis; the pie swap exchanges them.
    pub seats: ByAxis<usize>,
    /// Each axis's total, komi included.
    pub scores: ByAxis<f64>,
    /// Each axis's points, komi excluded.
    pub points: ByAxis<i32>,
    /// Warp's komi.
    pub komi: f64,
    /// Whether the pie rule is on.
    pub pie: bool,
    /// Whether Warp took Weft's seat.
    pub swapped: bool,
    /// How many unused cells each row and each column has left.
    pub unused: UnusedView,
    /// Whether each player may pass once (`pass=once`).
    pub pass_rule: bool,
    /// Whether each axis has used its pass.
    pub passed: ByAxis<bool>,
    /// Whether the side to move may pass now.
    pub can_pass: bool,
    /// What a slide adds to each unused cell it passes over (0: off).
    pub passover: i8,
    /// Whether a slide may not cross a used cell.
    pub blocking: bool,
}

/// One value for each axis.
#[derive(Debug, Serialize)]
pub struct ByAxis<T> {
    /// Weft's.
    pub weft: T,
    /// Warp's.
    pub warp: T,
}

/// Unused cells per line.
#[derive(Debug, Serialize)]
pub struct UnusedView {
    /// By row, from the top.
    pub rows: Vec<u32>,
    /// By column, from the left.
    pub cols: Vec<u32>,
}

/// What one legal move does, before it is played (`move_view` in the API).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum WarpWeftMoveView {
    /// The pie rule's seat swap: `{"swap": true}`.
    Swap {
        /// Always true.
        swap: bool,
    },
    /// A pass (`pass=once`): `{"pass": true, "open": […]}`.
    Pass {
        /// Always true.
        pass: bool,
        /// Where the opponent may then land, on their line through the shuttle.
        open: Vec<String>,
        /// Whether the opponent is then left with nowhere to land and no pass.
        strands: bool,
    },
    /// A landing on a cell.
    Cell(CellMoveView),
}

/// A landing on a cell: what it gains and what it hands the opponent.
#[derive(Debug, Serialize)]
pub struct CellMoveView {
    /// The cell's row and column, from 0.
    pub cell: [usize; 2],
    /// Its value.
    pub gain: i32,
    /// The cells of the line it hands the opponent.
    pub line: Vec<String>,
    /// The unused cells on that line, where the opponent may land.
    pub open: Vec<String>,
    /// With `passover`: the unused cells the slide passes over, which change value.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub passes_over: Vec<String>,
    /// The opponent's best immediate reply (null when stranded).
    pub reply: Option<ReplyView>,
    /// The gain less the reply's.
    pub net: i32,
    /// Whether the opponent is left with nowhere to land and no pass (the game ends).
    pub strands: bool,
    /// When it strands: the winning axis, or null for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<&'static str>>,
    /// When it strands: the final scores.
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_scores: Option<ByAxis<f64>>,
}

/// The opponent's best immediate reply.
#[derive(Debug, Serialize)]
pub struct ReplyView {
    /// Its cell, e.g. `d4`.
    pub cell: String,
    /// Its row and column, from 0.
    pub rc: [usize; 2],
    /// Its value.
    pub gain: i32,
}

/// Both axes' totals, komi included, as people count them.
fn scores(pos: &WarpWeft) -> ByAxis<f64> {
    ByAxis { weft: pos.total2(Axis::Weft) as f64 / 2.0, warp: pos.total2(Axis::Warp) as f64 / 2.0 }
}

/// The game's own fields: grid, used cells and their takers, shuttle, scores.
pub fn view(pos: &WarpWeft) -> WarpWeftView {
    let n = pos.size();
    let rows = |f: &dyn Fn(usize) -> bool| -> Vec<Vec<bool>> {
        (0..n).map(|r| (0..n).map(|c| f(r * n + c)).collect()).collect()
    };
    let unused_in = |mask: u128| (mask & !pos.used).count_ones();
    WarpWeftView {
        size: n,
        board: pos.board(),
        grid: (0..n).map(|r| (0..n).map(|c| pos.value(r * n + c)).collect()).collect(),
        used: rows(&|cell| pos.is_used(cell)),
        taken: (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match pos.taker(r * n + c) {
                        Some(Axis::Weft) => Some("weft"),
                        Some(Axis::Warp) => Some("warp"),
                        None if pos.is_used(r * n + c) => Some("start"),
                        None => None,
                    })
                    .collect()
            })
            .collect(),
        shuttle: cell_name(n, pos.shuttle()),
        shuttle_rc: [pos.shuttle() / n, pos.shuttle() % n],
        axis_to_move: pos.axis_to_move().name().to_ascii_lowercase(),
        seats: ByAxis { weft: pos.seat_of(Axis::Weft).index(), warp: pos.seat_of(Axis::Warp).index() },
        scores: scores(pos),
        points: ByAxis { weft: pos.points(Axis::Weft), warp: pos.points(Axis::Warp) },
        komi: pos.komi2() as f64 / 2.0,
        pie: pos.pie,
        swapped: pos.swapped,
        unused: UnusedView {
            rows: (0..n).map(|r| unused_in(pos.line_mask(Axis::Weft, r * n))).collect(),
            cols: (0..n).map(|c| unused_in(pos.line_mask(Axis::Warp, c))).collect(),
        },
        pass_rule: pos.variants().pass_once,
        passed: ByAxis { weft: pos.has_passed(Axis::Weft), warp: pos.has_passed(Axis::Warp) },
        can_pass: pos.pass_available(),
        passover: pos.variants().passover,
        blocking: pos.variants().blocking,
    }
}

/// For one legal move: the cell, its gain, the line handed over, the
/// opponent's best immediate reply on it, the net result, and whether the
/// move strands the opponent (and who would then win).
pub fn move_view(pos: &WarpWeft, mv: WarpWeftMove) -> WarpWeftMoveView {
    if mv.is_swap() {
        return WarpWeftMoveView::Swap { swap: true };
    }
    let n = pos.size();
    let names = |mask: u128| mask_cells(mask).map(|c| cell_name(n, c)).collect::<Vec<_>>();
    let mut after = pos.clone();
    after.play(mv);
    if mv.is_pass() {
        return WarpWeftMoveView::Pass { pass: true, open: names(after.targets()), strands: after.is_over() };
    }
    let to = mv.to as usize;
    let gain = pos.value(to) as i32;
    let handed = after.targets();
    // The reply's value after this slide's passover, if any.
    let reply = mask_cells(handed).max_by_key(|&c| (after.value(c), std::cmp::Reverse(c)));
    let reply_gain = reply.map_or(0, |cell| after.value(cell) as i32);
    let stranded = after.is_over();
    let passes_over =
        if pos.variants().passover != 0 { names(between(n, mv.from as usize, to) & !pos.used) } else { Vec::new() };
    WarpWeftMoveView::Cell(CellMoveView {
        cell: [to / n, to % n],
        gain,
        line: names(after.line_mask(after.axis_to_move(), to)),
        open: names(handed),
        passes_over,
        reply: reply.map(|cell| ReplyView { cell: cell_name(n, cell), rc: [cell / n, cell % n], gain: reply_gain }),
        net: gain - reply_gain,
        strands: stranded,
        winner: stranded.then(|| after.outcome().and_then(|o| o.winner()).map(|s| after.axis_of(s).name())),
        final_scores: stranded.then(|| scores(&after)),
    })
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
    if !pos.is_over() {
        return String::new();
    }
    let stuck = pos.axis_to_move;
    let line = match (stuck, pos.variants().blocking) {
        (Axis::Weft, false) => "row",
        (Axis::Warp, false) => "column",
        (Axis::Weft, true) => "row within reach",
        (Axis::Warp, true) => "column within reach",
    };
    let passes = if pos.variants().pass_once { " and no pass left" } else { "" };
    let score = |a: Axis| format_half_points(pos.total2(a));
    let verdict = match pos.result() {
        Outcome::Win(seat) => {
            let winner = pos.axis_of(seat);
            format!("{} wins {} to {}", winner.name(), score(winner), score(winner.other()))
        }
        Outcome::Draw => format!("a draw at {} all", score(Axis::Weft)),
    };
    format!("{} has no unused cell in its {line}{passes}: {verdict}.", stuck.name())
}
