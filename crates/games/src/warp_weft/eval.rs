//! What the computer believes about a Warp & Weft position: the score so far.

use tabula_core::time::{Duration, Instant};

use tabula_core::{Cancel, Evaluate, Game, Outcome, Solved, SolverMemory, PROVEN, WIN_SCORE};

use super::solver::{Known, Solver};
use super::text::format_half_points;

use super::rules::{Axis, WarpWeft, WarpWeftMove};

impl Evaluate for WarpWeft {
    /// The mover's lead in half points, komi included. Future points are
    /// left to the search: the position is cheap to look ahead from.
    #[inline]
    fn evaluate(&self) -> i32 {
        let me = self.axis_to_move();
        self.total2(me) - self.total2(me.other())
    }

    /// Bigger cells first: a cheap guess at the best move (a swap or a pass scores nothing).
    #[inline]
    fn order_hint(&self, mv: WarpWeftMove) -> i32 {
        if mv.is_landing() {
            self.value(mv.to as usize) as i32
        } else {
            0
        }
    }

    /// A finished game is worth a win plus the margin in half points, so an
    /// exact search also plays for the biggest win (or the smallest loss).
    #[inline]
    fn terminal_score(&self, _outcome: Outcome, _ply: u32) -> i32 {
        // The final margin says who won: no margin, no winner.
        final_score(self.evaluate())
    }

    /// Exact values from the solver (boards up to 7 × 7, any variant), keeping its table in `memory`.
    fn solve_moves(
        &self,
        limit: Option<Duration>,
        cancel: Option<&Cancel>,
        memory: &mut SolverMemory,
    ) -> Option<Vec<(WarpWeftMove, i32)>> {
        let solver = kept_solver(self, memory)?;
        solver.set_cancel(cancel.cloned());
        let now = self.evaluate();
        let values = solver.move_values(self, limit)?;
        let mut scored: Vec<(WarpWeftMove, i32)> =
            values.into_iter().map(|(mv, future)| (mv, final_score(now + 2 * future))).collect();
        // The pie swap hands the mover Weft's side of this very position, with
        // Warp to move: worth the opposite of Warp's best move.
        if self.swap_available() {
            let best = scored.first().map_or(0, |m| m.1);
            scored.push((WarpWeftMove::SWAP, -best));
            scored.sort_by_key(|m| std::cmp::Reverse(m.1));
        }
        Some(scored)
    }

    /// One best move by a single MTD(f) solve, without valuing the others.
    /// With `settle` the result comes first: one null-window search at the
    /// margin the mover needs to win (a second, where draws are possible, at
    /// the margin that draws), about half the work of the exact margin; then
    /// the margin itself, for as long as `settle` allows. Should that not
    /// finish, the move proven to reach the best margin so far is played (in
    /// a won or drawn position, one that keeps the result), or, in a lost
    /// position where nothing was proven, the one its move ordering likes best.
    fn solve_best(
        &self,
        limit: Option<Duration>,
        settle: Option<Duration>,
        cancel: Option<&Cancel>,
        memory: &mut SolverMemory,
    ) -> Option<Solved<WarpWeftMove>> {
        let solver = kept_solver(self, memory)?;
        solver.set_cancel(cancel.cloned());
        let nodes_before = solver.nodes();
        // Whether to take Warp's seat needs the exact value of the best move.
        if let Some(settle) = settle.filter(|_| !self.swap_available()) {
            let solved = settle_for_result(self, solver, limit, settle)?;
            return Some(Solved { nodes: solver.nodes() - nodes_before, ..solved });
        }
        let exact = solver.solve_from_estimate(self, limit)?;
        let best = Solved {
            mv: exact.best?,
            score: final_score(self.evaluate() + 2 * exact.margin),
            exact: true,
            nodes: solver.nodes() - nodes_before,
        };
        // Swapping seats is worth the opposite of the best move (see solve_moves).
        Some(if self.swap_available() && -best.score > best.score {
            Solved { mv: WarpWeftMove::SWAP, score: -best.score, ..best }
        } else {
            best
        })
    }

    /// The table every kept solver (players and hints) is made with.
    fn solver_table_mib(&self) -> usize {
        PLAYER_TABLE_MIB
    }

    /// `margin` (Weft's future points minus Warp's, no komi), `best`,
    /// `verdict` (who wins with the komi: weft, warp or draw), `nodes`, `time`.
    fn solve_report(&self, verdict_only: bool, threads: usize) -> Option<Vec<(&'static str, String)>> {
        let start = tabula_core::time::Instant::now();
        // A whole solve keeps 256 MiB: it took about as long as with the
        // player's 128 (the opening's margin, six boards, two threads), and
        // four times as big saved 3–5 % of the nodes and cost more than that
        // in the kernel's zeroing of its pages.
        let mut solver = Solver::new(self, SOLVE_TABLE_MIB)?;
        solver.set_threads(threads);
        let mover = self.axis_to_move();
        let sign = if mover == Axis::Weft { 1 } else { -1 };
        // The mover's lead so far in half points, komi included.
        let now = self.evaluate();
        let mut report = Vec::new();
        let winner = |weft_final2: i32| match weft_final2.signum() {
            1 => "weft",
            -1 => "warp",
            _ => "draw",
        };
        if verdict_only {
            // The mover wins iff 2·future + now > 0; a draw iff it is exactly 0.
            let win_at = (-now).div_euclid(2) + 1;
            let wins = solver.at_least(self, win_at, None)?;
            let mover_result = if wins {
                1
            } else if now % 2 == 0 && solver.at_least(self, -now / 2, None)? {
                0
            } else {
                -1
            };
            report.push(("verdict", winner(sign * mover_result).to_string()));
        } else {
            let exact = solver.solve_from_estimate(self, None)?;
            report.push(("margin", (sign * exact.margin).to_string()));
            report.push(("best", exact.best.map_or("none".into(), |m| self.format_move(m))));
            report.push(("verdict", winner(sign * (now + 2 * exact.margin)).to_string()));
        }
        report.push(("compensation", format!("{}", self.komi2() as f64 / 2.0)));
        report.push(("nodes", solver.nodes().to_string()));
        report.push(("time", format!("{:.3}", start.elapsed().as_secs_f64())));
        Some(report)
    }

    /// "wins by 3.5", "loses by 1.5", "draws" for proven scores; the lead otherwise.
    fn describe_score(&self, score: i32) -> String {
        if score >= PROVEN {
            format!("wins by {}", format_half_points(score - WIN_SCORE))
        } else if score <= -PROVEN {
            format!("loses by {}", format_half_points(-(score + WIN_SCORE)))
        } else if score == 0 {
            "draws".into()
        } else {
            format!("{} ahead", format_half_points(score))
        }
    }
}

/// The solver kept in `memory` for this board, made anew (with two threads
/// where the machine has them) when it holds none or one for another board.
fn kept_solver<'a>(pos: &WarpWeft, memory: &'a mut SolverMemory) -> Option<&'a mut Solver> {
    let reuse = memory.as_ref().and_then(|m| m.downcast_ref::<Solver>()).is_some_and(|s| s.fits(pos));
    if !reuse {
        let mut solver = Solver::new(pos, PLAYER_TABLE_MIB)?;
        // Perfect play and hints are worth a second core: two threads solve twice as fast.
        solver.set_threads(std::thread::available_parallelism().map_or(1, |n| n.get().min(2)));
        *memory = Some(Box::new(solver));
    }
    memory.as_mut()?.downcast_mut::<Solver>()
}

/// [`Evaluate::solve_best`] with a time to settle: the result, then the
/// margin until `settle` has passed since the start.
fn settle_for_result(
    pos: &WarpWeft,
    solver: &mut Solver,
    limit: Option<Duration>,
    settle: Duration,
) -> Option<Solved<WarpWeftMove>> {
    let start = Instant::now();
    let left = || limit.map(|l| l.saturating_sub(start.elapsed()));
    let now = pos.evaluate();
    // The mover wins iff 2·future + now > 0, and draws iff it is exactly 0.
    let win_at = (-now).div_euclid(2) + 1;
    let mut known = Known::default();
    known.learn(win_at, solver.test(pos, win_at, limit)?);
    if known.at_least.is_none() && now % 2 == 0 {
        let draw_at = -now / 2;
        known.learn(draw_at, solver.test(pos, draw_at, left())?);
    }
    let patience = settle.saturating_sub(start.elapsed());
    let guess = known.at_least.map_or_else(|| known.at_most.unwrap_or(0), |(v, _)| v);
    if let Some(exact) = solver.solve_knowing(pos, guess, known, Some(left().map_or(patience, |l| l.min(patience)))) {
        return Some(Solved { mv: exact.best?, score: final_score(now + 2 * exact.margin), exact: true, nodes: 0 });
    }
    // The margin solve may have proved more than the result's test: a higher
    // margin, or in a lost position the move that loses least so far. Failing
    // both, a lost position gets the solver's likeliest move: every move loses.
    let (bound, mv) = match (solver.proven(), known.at_least) {
        (Some(proven), _) => proven,
        (None, Some(won)) => won,
        (None, None) => (known.at_most?, solver.likely_best(pos)?),
    };
    Some(Solved { mv, score: final_score(now + 2 * bound), exact: false, nodes: 0 })
}

/// A final margin for the mover in half points (komi included) on the
/// [`Evaluate::terminal_score`] scale: a win or a loss by that much, or a draw.
#[inline]
fn final_score(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN_SCORE + margin,
        -1 => -WIN_SCORE + margin,
        _ => 0,
    }
}

/// The table of a player's (or hints') solver. A move must first fault in
/// and zero the table's pages, a cost paid before the first answer: Perfect's
/// first move on 20 fresh boards, each timed 256-128-128-256, took 41.8 s in
/// all with 128 MiB against 43.2 s with 256 (medians 1.67 s and 1.82 s);
/// the fewer transpositions kept cost less than the pages saved.
const PLAYER_TABLE_MIB: usize = 128;

/// The table of `tabula solve` (a whole solve from the opening, where the
/// zeroing matters less than on a first move).
const SOLVE_TABLE_MIB: usize = 256;
