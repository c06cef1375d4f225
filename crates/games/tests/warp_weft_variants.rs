//! The design note's three variants of Warp & Weft (`pass=once`,
//! `passover=D`, `blocking=true`) on concrete positions, their perft counts
//! against a brute force written here from the rules alone (not from the
//! game's code), and property tests over every combination.

mod common;

use proptest::prelude::*;
use tabula_core::{Error, Game, Options, Outcome, Side};
use tabula_games::warp_weft::{Axis, WarpWeft, WarpWeftMove};

use common::perft_data::{self, Start};
use common::{listed, play, played};

fn game(pairs: &[&str]) -> WarpWeft {
    common::game(pairs)
}

/// The hand-written 5 × 5 grid of `warp_weft.rs`:
/// ```text
///      a  b  c  d  e
///  1   1  2  3  4  5
///  2   2  6  7  8  9
///  3   3  7  0 -1 -2
///  4   4  8 -1 -3 -4
///  5   5  9 -2 -4 -5
/// ```
const GRID5: &str = "size=5;grid=1,2,3,4,5/2,6,7,8,9/3,7,0,-1,-2/4,8,-1,-3,-4/5,9,-2,-4,-5";
const START5: &str = "taken=...../...../..x../...../.....;shuttle=c3;next=weft;komi=4.5";

/// The 5 × 5 grid at the start, with extra fields such as `pass=once`.
fn small(extra: &str) -> WarpWeft {
    common::pos(&format!("{GRID5};{START5}{extra}"))
}

fn value_at(pos: &WarpWeft, cell: &str) -> i8 {
    pos.value(tabula_games::warp_weft::parse_cell(pos.size(), cell).unwrap())
}

// ---- pass=once -------------------------------------------------------------

#[test]
fn a_pass_is_one_more_move_and_hands_the_turn_over_with_the_shuttle_in_place() {
    let mut pos = small(";pass=once");
    assert_eq!(listed(&pos), ["a3", "b3", "d3", "e3", "pass"]);
    play(&mut pos, "pass");
    assert_eq!(pos.axis_to_move(), Axis::Warp);
    assert_eq!(pos.shuttle(), 12, "the shuttle stays on c3");
    assert_eq!(pos.points(Axis::Weft), 0, "a pass scores nothing");
    assert!(pos.has_passed(Axis::Weft) && !pos.has_passed(Axis::Warp));
    // Warp moves along its own line through the shuttle, and may still pass.
    assert_eq!(listed(&pos), ["c1", "c2", "c4", "c5", "pass"]);
    play(&mut pos, "c1");
    assert_eq!(listed(&pos), ["a1", "b1", "d1", "e1"], "Weft's pass is spent");
    assert_eq!(
        pos.parse_move("pass").unwrap_err(),
        Error::IllegalMove("Weft has already passed once this game".into())
    );
    assert_eq!(pos.format_move(WarpWeftMove::pass(2)), "pass");
}

#[test]
fn a_pass_is_refused_without_the_variant() {
    let pos = small("");
    assert_eq!(
        pos.parse_move("pass").unwrap_err(),
        Error::IllegalMove("pass is only allowed in the pass=once variant".into())
    );
    assert!(!listed(&pos).contains(&"pass".to_string()));
}

/// Weft took c1, b5 and c5 (10 points), Warp c2 and c4 (6 and 4.5 komi);
/// Warp is to move on column c, which is used from top to bottom.
const STUCK: &str = "taken=..r../..b../..x../..b../.rr..;shuttle=c5;next=warp;komi=4.5";

#[test]
fn a_player_with_no_cell_left_must_pass_and_the_game_ends_only_without_one() {
    let mut pos = common::pos::<WarpWeft>(&format!("{GRID5};{STUCK};pass=once"));
    assert_eq!(pos.outcome(), None, "Warp still holds its pass");
    assert_eq!(listed(&pos), ["pass"]);
    play(&mut pos, "pass");
    // Weft moves along row 5 from c5; b5 and c5 are used.
    assert_eq!(listed(&pos), ["a5", "d5", "e5", "pass"]);
    let over = common::pos::<WarpWeft>(&format!("{GRID5};{STUCK};pass=once;passed=both"));
    assert_eq!(over.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(over.outcome_reason(), "Warp has no unused cell in its column and no pass left: Warp wins 10.5 to 10.");
    assert_eq!(over.parse_move("pass").unwrap_err(), Error::IllegalMove("the game is over; nobody can pass".into()));
}

#[test]
fn two_passes_in_a_row_give_the_first_player_the_same_line_again() {
    let pos = played(&small(";pass=once"), "pass pass");
    assert_eq!(pos.axis_to_move(), Axis::Weft);
    assert_eq!(listed(&pos), ["a3", "b3", "d3", "e3"]);
    assert!(pos.to_text().ends_with(";pass=once;passed=both"));
}

#[test]
fn the_pie_swap_may_answer_a_first_move_that_is_a_pass() {
    let pos = played(&small(";pie=true;pass=once"), "pass");
    assert_eq!(listed(&pos), ["c1", "c2", "c4", "c5", "swap", "pass"]);
    let swapped = played(&pos, "swap");
    assert_eq!(swapped.seat_of(Axis::Weft), Side::Second, "the second seat took over Weft, pass spent");
    assert!(swapped.has_passed(Axis::Weft));
    assert_eq!(listed(&swapped), ["c1", "c2", "c4", "c5", "pass"]);
}

#[test]
fn position_texts_carry_who_has_passed_and_are_checked() {
    let pos = played(&small(";pass=once"), "d3 pass");
    let text = pos.to_text();
    assert!(text.ends_with(";pass=once;passed=warp"), "{text}");
    assert_eq!(common::pos::<WarpWeft>(&text), pos);
    let bad = |text: String, expected: &str| match WarpWeft::from_text(&text) {
        Err(Error::BadPosition(msg)) => assert!(msg.contains(expected), "{text}: {msg}"),
        other => panic!("{text}: {other:?}"),
    };
    bad(format!("{GRID5};{START5};passed=weft"), "passed needs pass=once");
    bad(format!("{GRID5};{START5};pass=twice"), "pass must be once or off");
    bad(format!("{GRID5};{START5};pass=once;passed=nobody"), "passed must be weft, warp, both or none");
    // Weft passed, so it is Warp's turn.
    bad(format!("{GRID5};{START5};pass=once;passed=weft"), "it is Warp's turn, not Weft's");
}

// ---- passover=D ------------------------------------------------------------

#[test]
fn cells_passed_over_change_by_the_passover_and_the_landing_cell_scores_its_value_then() {
    let mut pos = small(";passover=2");
    play(&mut pos, "a3");
    assert_eq!(value_at(&pos, "b3"), 9, "7 passed over, plus 2");
    assert_eq!(pos.points(Axis::Weft), 3);
    play(&mut pos, "a5");
    assert_eq!(value_at(&pos, "a4"), 6);
    assert_eq!(pos.points(Axis::Warp), 5);
    // Weft slides the whole of row 5: b5, c5 and d5 change, e5 scores as it stands.
    play(&mut pos, "e5");
    assert_eq!([value_at(&pos, "b5"), value_at(&pos, "c5"), value_at(&pos, "d5")], [11, 0, -2]);
    assert_eq!(pos.points(Axis::Weft), 3 - 5);
    // Warp then slides up column e over e4, e3 and e2 and takes e1.
    play(&mut pos, "e1");
    assert_eq!([value_at(&pos, "e2"), value_at(&pos, "e3"), value_at(&pos, "e4")], [11, 0, -2]);
    assert_eq!(pos.points(Axis::Warp), 5 + 5);
    // Landing on a changed cell scores its new value.
    play(&mut pos, "b1");
    assert_eq!(value_at(&pos, "c1"), 5, "c1 and d1 were passed over on the way to b1");
    play(&mut pos, "b5");
    assert_eq!(pos.points(Axis::Warp), 10 + 11, "b5 was 9, passed over once");
    assert_eq!(value_at(&pos, "b3"), 11, "b3 (already 9) passed over again");
}

#[test]
fn used_cells_keep_the_value_they_were_taken_at() {
    let mut pos = small(";passover=-1");
    play(&mut pos, "a3 a1 e1 e3");
    assert_eq!(value_at(&pos, "b3"), 7 - 1, "passed over on the way to a3");
    assert_eq!(value_at(&pos, "c1"), 3 - 1, "passed over on the way to e1");
    // From e3 to b3 Weft hops over d3 and the start cell c3: only d3 changes,
    // and b3 scores what it holds now.
    play(&mut pos, "b3");
    assert_eq!((value_at(&pos, "c3"), value_at(&pos, "d3")), (0, -2));
    assert_eq!(pos.points(Axis::Weft), 3 + 5 + 6);
    // A cell taken keeps its value when later slides pass over it.
    play(&mut pos, "b5");
    assert_eq!(value_at(&pos, "b3"), 6);
    assert_eq!(value_at(&pos, "b4"), 8 - 1);
}

#[test]
fn position_texts_carry_the_changed_values_and_undo_restores_them() {
    let start = small(";passover=3");
    let mut pos = start.clone();
    let line: Vec<WarpWeftMove> = ["e3", "e1", "a1", "a5"]
        .iter()
        .map(|m| {
            let mv = pos.parse_move(m).unwrap();
            pos.play(mv);
            mv
        })
        .collect();
    let text = pos.to_text();
    assert!(text.contains("grid=1,5,6,7,5/") && text.ends_with(";passover=3"), "{text}");
    let back = common::pos::<WarpWeft>(&text);
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(back, pos);
    for mv in line.into_iter().rev() {
        pos.undo(mv);
    }
    assert_eq!(pos, start);
    assert_eq!(pos.hash(), start.hash());
}

#[test]
fn the_passover_and_the_values_it_may_reach_are_bounded() {
    let err = WarpWeft::new(&Options::from_pairs(&["passover=4"]).unwrap()).unwrap_err();
    assert!(err.to_string().contains("must be one of -3, -2, -1, 0, 1, 2, 3, not '4'"), "{err}");
    let nine = game(&["size=9", "passover=3"]).to_text();
    let first = nine.split("grid=").nth(1).unwrap().split(',').next().unwrap().to_string();
    // A cell of a 9 × 9 board is passed over at most 16 times: 79 + 16 × 3 still fits.
    let too_big = nine.replacen(&format!("grid={first},"), "grid=80,", 1);
    match WarpWeft::from_text(&too_big) {
        Err(Error::BadPosition(msg)) => assert!(msg.contains("from -79 to 79"), "{msg}"),
        other => panic!("{other:?}"),
    }
    assert!(WarpWeft::from_text(&nine.replacen(&format!("grid={first},"), "grid=79,", 1)).is_ok());
}

#[test]
fn hints_name_the_cells_passed_over_and_the_reply_at_its_new_value() {
    let pos = small(";passover=3");
    let a3 = pos.parse_move("a3").unwrap();
    let view = pos.move_view(a3);
    assert_eq!(view["passes_over"], serde_json::json!(["b3"]));
    assert_eq!(view["reply"]["cell"], "a5", "column a: 1, 2, 4, 5 — none passed over");
    let d3 = pos.parse_move("d3").unwrap();
    assert!(pos.move_view(d3).get("passes_over").is_none(), "a neighbour passes over nothing");
}

// ---- blocking=true ---------------------------------------------------------

#[test]
fn with_blocking_a_slide_stops_before_the_first_used_cell_each_way() {
    let line = "b3 b4 e4 e3";
    let plain = played(&small(""), line);
    assert_eq!(listed(&plain), ["a3", "d3"], "hopping over b3 and c3 reaches a3");
    let blocked = played(&small(";blocking=true"), line);
    assert_eq!(listed(&blocked), ["d3"]);
    assert_eq!(
        blocked.parse_move("a3").unwrap_err(),
        Error::IllegalMove("a3 is beyond b3 and c3: with blocking, a slide cannot cross a used cell".into())
    );
    // After d3, Warp's column d is open both ways.
    assert_eq!(listed(&played(&blocked, "d3")), ["d1", "d2", "d4", "d5"]);
}

#[test]
fn with_blocking_a_player_walled_in_on_both_sides_is_stranded() {
    // Weft took b1 and a3, Warp b3 and a5; the shuttle is on b3, between a3 and the start cell.
    let taken = "taken=.r.../...../rbx../...../b....;shuttle=b3;next=weft;komi=4.5";
    let plain = common::pos::<WarpWeft>(&format!("{GRID5};{taken}"));
    assert_eq!(listed(&plain), ["d3", "e3"]);
    let blocked = common::pos::<WarpWeft>(&format!("{GRID5};{taken};blocking=true"));
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(blocked.outcome_reason(), "Weft has no unused cell in its row within reach: Warp wins 16.5 to 5.");
    assert!(blocked.to_text().ends_with(";blocking=true"));
    // Warp's landing on b3 walls Weft in, and the hint says so.
    let before = common::pos::<WarpWeft>(&format!(
        "{GRID5};taken=.r.../...../r.x../...../b....;shuttle=b1;next=warp;komi=4.5;blocking=true"
    ));
    assert_eq!(listed(&before), ["b2", "b3", "b4", "b5"]);
    let view = before.move_view(before.parse_move("b3").unwrap());
    assert_eq!((view["strands"].clone(), view["winner"].clone()), (true.into(), "Warp".into()));
    assert_eq!(before.move_view(before.parse_move("b2").unwrap())["strands"], false);
}

#[test]
fn every_variant_is_an_option_with_its_own_line_of_help() {
    let info = WarpWeft::info();
    for key in ["pass", "passover", "blocking"] {
        let option = info.options.iter().find(|o| o.key == key).unwrap();
        assert!(!option.help.is_empty() && !option.help.contains('\n'), "{key}");
    }
    let all = game(&["pass=once", "passover=-2", "blocking=true", "pie=true", "size=5", "komi=3"]);
    let text = all.to_text();
    assert!(text.ends_with(";pie=true;pass=once;passover=-2;blocking=true;board=1"), "{text}");
    assert_eq!(common::pos::<WarpWeft>(&text), all);
    assert_eq!(game(&[]).variants(), Default::default(), "every variant is off by default");
}

// ---- a brute force of the rules, written from their words --------------------

/// The game as the rules say it, with nested vectors and coordinates: no
/// masks, no tables, nothing shared with the game's own code.
#[derive(Clone)]
struct Plain {
    value: Vec<Vec<i32>>,
    used: Vec<Vec<bool>>,
    /// The shuttle's row and column.
    at: (usize, usize),
    weft_to_move: bool,
    /// Whether Weft (0) and Warp (1) may still pass; both false without the variant.
    pass_left: [bool; 2],
    passover: i32,
    blocking: bool,
    /// Weft's points minus Warp's so far.
    lead: i32,
}

/// A move of [`Plain`]: a cell (row, column) or a pass.
#[derive(Clone, Copy)]
enum PlainMove {
    Land(usize, usize),
    Pass,
}

impl Plain {
    /// The start position of `pos`'s board (read cell by cell through its public accessors).
    fn start(pos: &WarpWeft, pass_once: bool, passover: i32, blocking: bool) -> Plain {
        let n = pos.size();
        let value = (0..n).map(|r| (0..n).map(|c| pos.value(r * n + c) as i32).collect()).collect();
        let mut used = vec![vec![false; n]; n];
        used[n / 2][n / 2] = true;
        Plain {
            value,
            used,
            at: (n / 2, n / 2),
            weft_to_move: true,
            pass_left: [pass_once; 2],
            passover,
            blocking,
            lead: 0,
        }
    }

    fn moves(&self) -> Vec<PlainMove> {
        let n = self.used.len() as i64;
        let (r, c) = (self.at.0 as i64, self.at.1 as i64);
        let ways: [(i64, i64); 2] = if self.weft_to_move { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] };
        let mut out = Vec::new();
        for (dr, dc) in ways {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (0..n).contains(&rr) && (0..n).contains(&cc) {
                if self.used[rr as usize][cc as usize] {
                    if self.blocking {
                        break;
                    }
                } else {
                    out.push(PlainMove::Land(rr as usize, cc as usize));
                }
                rr += dr;
                cc += dc;
            }
        }
        if self.pass_left[usize::from(!self.weft_to_move)] {
            out.push(PlainMove::Pass);
        }
        out
    }

    fn after(&self, mv: PlainMove) -> Plain {
        let mut next = self.clone();
        match mv {
            PlainMove::Pass => next.pass_left[usize::from(!self.weft_to_move)] = false,
            PlainMove::Land(r, c) => {
                // Every unused cell strictly between the shuttle and (r, c) changes.
                let (dr, dc) = ((r as i64 - self.at.0 as i64).signum(), (c as i64 - self.at.1 as i64).signum());
                let (mut rr, mut cc) = (self.at.0 as i64 + dr, self.at.1 as i64 + dc);
                while (rr, cc) != (r as i64, c as i64) {
                    if !next.used[rr as usize][cc as usize] {
                        next.value[rr as usize][cc as usize] += self.passover;
                    }
                    rr += dr;
                    cc += dc;
                }
                next.used[r][c] = true;
                next.lead += if self.weft_to_move { next.value[r][c] } else { -next.value[r][c] };
                next.at = (r, c);
            }
        }
        next.weft_to_move = !self.weft_to_move;
        next
    }

    /// Positions at `depth` and the sum of Weft's lead over them.
    fn perft(&self, depth: u32) -> (u64, i64) {
        if depth == 0 {
            return (1, self.lead as i64);
        }
        self.moves().into_iter().map(|m| self.after(m).perft(depth - 1)).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }
}

/// The game's own perft, with the same sum of Weft's lead over the positions reached.
fn engine_perft(pos: &mut WarpWeft, depth: u32) -> (u64, i64) {
    if depth == 0 {
        return (1, (pos.points(Axis::Weft) - pos.points(Axis::Warp)) as i64);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut total = (0, 0);
    for mv in moves {
        pos.play(mv);
        let (n, lead) = engine_perft(pos, depth - 1);
        pos.undo(mv);
        total = (total.0 + n, total.1 + lead);
    }
    total
}

/// The variant options of a perft case (None for a position text or the pie rule, which the brute force leaves out).
fn plain_of(pairs: &[String]) -> Option<(WarpWeft, Plain)> {
    if pairs.iter().any(|p| p.starts_with("pie=")) {
        return None;
    }
    let get = |key: &str| pairs.iter().find_map(|p| p.strip_prefix(&format!("{key}=")).map(str::to_string));
    let pos: WarpWeft = common::game(&pairs.iter().map(String::as_str).collect::<Vec<_>>());
    let plain = Plain::start(
        &pos,
        get("pass").as_deref() == Some("once"),
        get("passover").map_or(0, |d| d.parse().unwrap()),
        get("blocking").as_deref() == Some("true"),
    );
    Some((pos, plain))
}

/// Every count of `warp-weft.perft` for a start position (without the pie
/// rule) up to this many positions is worked out again by the brute force.
const BRUTE_FORCE_LEAVES: u64 = 300_000;

#[test]
fn the_perft_file_agrees_with_a_brute_force_of_the_rules() {
    let mut checked = 0;
    for case in perft_data::read("warp-weft") {
        let Start::Options(pairs) = &case.start else { continue };
        let Some((_, plain)) = plain_of(pairs) else { continue };
        for (depth, &expected) in (1..).zip(&case.counts).filter(|(_, &n)| n <= BRUTE_FORCE_LEAVES) {
            assert_eq!(plain.perft(depth).0, expected, "warp-weft.perft line {}: depth {depth}", case.line);
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} counts were checked");
}

#[test]
fn the_points_of_every_line_of_play_agree_with_the_brute_force() {
    // Passover changes values, not the tree: the sum of Weft's lead over every
    // position five moves in checks every value taken on the way.
    for options in [
        vec!["size=5", "passover=3"],
        vec!["size=5", "passover=-2", "pass=once"],
        vec!["size=7", "passover=1", "blocking=true", "seed=9"],
        vec!["size=7", "passover=-3", "pass=once", "blocking=true", "seed=4"],
        vec!["size=9", "passover=2", "seed=5"],
    ] {
        let pairs: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        let (mut pos, plain) = plain_of(&pairs).unwrap();
        assert_eq!(engine_perft(&mut pos, 5), plain.perft(5), "{options:?}");
    }
}

/// Every combination of the variants with the pie rule, as options.
fn variant_options() -> impl Strategy<Value = Vec<String>> {
    (any::<bool>(), -3i8..=3, any::<bool>(), any::<bool>(), prop::sample::select(vec![5usize, 7, 9]), 0u64..500)
        .prop_map(|(pass, passover, blocking, pie, size, seed)| {
            let mut pairs = vec![format!("size={size}"), format!("seed={seed}"), format!("passover={passover}")];
            if pass {
                pairs.push("pass=once".into());
            }
            if blocking {
                pairs.push("blocking=true".into());
            }
            if pie {
                pairs.push("pie=true".into());
            }
            pairs
        })
}

proptest! {
    #[test]
    fn play_undo_text_and_hash_hold_in_every_variant(pairs in variant_options(), choices in prop::collection::vec(0usize..100, 0..70)) {
        let start = game(&pairs.iter().map(String::as_str).collect::<Vec<_>>());
        let (mut pos, line) = common::reached(start.clone(), &choices);
        // The text is the position, hash included.
        let back = WarpWeft::from_text(&pos.to_text()).unwrap();
        prop_assert_eq!(back.hash(), pos.hash());
        prop_assert_eq!(&back, &pos);
        // Notation reads back every legal move.
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        prop_assert_eq!(pos.move_count(), legal.len());
        prop_assert_eq!(pos.outcome().is_some(), legal.is_empty());
        for &mv in &legal {
            prop_assert_eq!(pos.parse_move(&pos.format_move(mv)).unwrap(), mv);
        }
        // Scores are the values the cells were taken at.
        for axis in [Axis::Weft, Axis::Warp] {
            let sum: i32 = (0..pos.cells()).filter(|&c| pos.taker(c) == Some(axis)).map(|c| pos.value(c) as i32).sum();
            prop_assert_eq!(pos.points(axis), sum);
        }
        for &mv in line.iter().rev() {
            pos.undo(mv);
        }
        prop_assert_eq!(pos.hash(), start.hash());
        prop_assert_eq!(pos, start);
    }
}
