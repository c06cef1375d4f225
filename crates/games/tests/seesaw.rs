//! Every rule of Seesaw on hand-made positions, a plain re-statement of the
//! rules that the bitboard generator must agree with on every base (also
//! in perft), and property tests (perft counts: `tests/data/seesaw.perft`).

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabula_core::{Error, Evaluate, Game, Options, Outcome, Side};
use tabula_games::seesaw::{layout, Layout, Seesaw, SeesawMove, TurnKind};

use common::{legal, moves, strs};

/// A position from its text.
fn pos(text: &str) -> Seesaw {
    common::pos(text)
}

/// The position after a move given in notation.
fn after(p: &Seesaw, mv: &str) -> String {
    let mut next = p.clone();
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    next.play(m);
    next.to_text()
}

/// Each legal move with the position it leads to.
fn outcomes(p: &Seesaw) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = legal(p)
        .into_iter()
        .map(|m| {
            let mut next = p.clone();
            next.play(m);
            (p.format_move(m), next.to_text())
        })
        .collect();
    out.sort();
    out
}

// ---------------------------------------------------------------- the board

#[test]
fn boards_of_every_base_have_their_cells_and_corners() {
    for (base, cells, columns, south, north) in [
        (3, 19, "34543", "c1", "c5"),
        (4, 37, "4567654", "d1", "d7"),
        (5, 61, "567898765", "e1", "e9"),
        (7, 127, "78910111213121110987", "g1", "g13"),
        (8, 169, "89101112131415141312111098", "h1", "h15"),
    ] {
        let l = layout(base);
        assert_eq!(l.cells, cells);
        let heights: String =
            (0..2 * base - 1).map(|c| (0..l.cells).filter(|&i| l.column[i] == c).count().to_string()).collect();
        assert_eq!(heights, columns, "base {base}");
        assert_eq!(l.names[l.homes[0]], south);
        assert_eq!(l.names[l.homes[1]], north);
        // Every neighbour relation is mutual and every cell has 3 to 6 neighbours.
        for c in 0..l.cells {
            let around: Vec<usize> = l.neighbours[c].iter().flatten().copied().collect();
            assert!((3..=6).contains(&around.len()));
            for &n in &around {
                assert!(l.neighbours[n].contains(&Some(c)));
                assert_eq!(l.distance(c, n), 1);
            }
        }
    }
}

#[test]
fn neighbours_follow_the_ludii_geometry() {
    let l = layout(4);
    let around = |name: &str| {
        let c = l.cell(name).unwrap();
        let mut v: Vec<&str> = l.neighbours[c].iter().flatten().map(|&n| l.names[n].as_str()).collect();
        v.sort();
        v
    };
    assert_eq!(around("d1"), ["c1", "d2", "e1"]);
    assert_eq!(around("d3"), ["c2", "c3", "d2", "d4", "e2", "e3"]);
    // Left of the middle "up-right" is the next column one row up; from the middle rightward, the same row.
    assert_eq!(around("b2"), ["a1", "a2", "b1", "b3", "c2", "c3"]);
    assert_eq!(around("f2"), ["e2", "e3", "f1", "f3", "g1", "g2"]);
    assert_eq!(around("g4"), ["f4", "f5", "g3"]);
}

#[test]
fn the_base_option_picks_the_board() {
    let make = |b: &str| Seesaw::new(&Options::from_pairs(&[format!("base={b}")]).unwrap());
    assert_eq!(Seesaw::new(&Options::new()).unwrap().to_text(), "tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1");
    assert_eq!(make("5").unwrap().to_text(), "tiles:e1=1,e9=2;stacks:e1=1x1,e9=2x1;next:1");
    assert_eq!(make("3").unwrap().to_text(), "tiles:c1=1,c5=2;stacks:c1=1x1,c5=2x1;next:1");
    assert_eq!(make("7").unwrap().base(), 7);
    assert_eq!(make("8").unwrap().to_text(), "tiles:h15=2,h1=1;stacks:h15=2x1,h1=1x1;next:1");
    assert!(matches!(make("9"), Err(Error::BadOption(_))));
    assert!(matches!(make("2"), Err(Error::BadOption(_))));
    assert!(matches!(Seesaw::with_base(9), Err(Error::BadOption(_))));
}

// ---------------------------------------------------------------- the rules

#[test]
fn south_opens_with_three_steps_up_and_three_deploys() {
    let start = Seesaw::with_base(4).unwrap();
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(moves(&start), strs(&["d1-c1", "d1-d2", "d1-e1", "+c1", "+d2", "+e1"]));
    assert_eq!(after(&start, "+c1"), "tiles:c1=1,d1=1,d7=2;stacks:c1=1x1,d1=1x1,d7=2x1;next:2");
    assert_eq!(after(&start, "d1-d2"), "tiles:d1=1,d7=2;stacks:d2=1x1,d7=2x1;next:2");
    let mut north = start.clone();
    north.play(start.parse_move("d1-d2").unwrap());
    assert_eq!(moves(&north), strs(&["d7-c6", "d7-d6", "d7-e6", "+c6", "+d6", "+e6"]), "North's odd stacks move down");
}

#[test]
fn deploying_needs_a_completely_empty_cell_next_to_an_own_tile() {
    // North stands on South's tile d1: that tile still lets South deploy next to it.
    // c1 is a bare South tile (no deploy on it), e1 a bare North tile.
    let p = pos("tiles:c1=1,d1=1,d7=2,e1=2;stacks:d1=2x1,d5=1x1,d7=2x1;next:1");
    let deploys: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with('+')).collect();
    assert_eq!(deploys, strs(&["+b1", "+c2", "+d2"]));
    assert_eq!(after(&p, "+b1"), "tiles:b1=1,c1=1,d1=1,d7=2,e1=2;stacks:b1=1x1,d1=2x1,d5=1x1,d7=2x1;next:2");
    assert_eq!(
        p.parse_move("+c1"),
        Err(Error::IllegalMove(
            "c1 is not completely empty: a new stack needs a cell with no stack and no tile".into()
        ))
    );
    assert_eq!(p.parse_move("+d4"), Err(Error::IllegalMove("d4 is not next to a tile of South".into())));
    // A deployed stack never promotes, even where a stack of its size would.
    assert!(legal(&p).iter().filter(|m| m.kind() == TurnKind::Deploy).all(|m| !m.promotes()));
}

#[test]
fn odd_stacks_step_forward_and_even_stacks_backward_up_to_their_size() {
    let steps = |p: &Seesaw, from: &str| -> Vec<String> {
        moves(p)
            .into_iter()
            .filter(|m| m.starts_with(&format!("{from}-")))
            .map(|m| m[from.len() + 1..].to_string())
            .collect()
    };
    // South: the 2-stack on d4 goes down (backward) one or two cells, b2 is taken;
    // the 1-stack on b2 goes one cell up (forward).
    let south = pos("tiles:d1=1,d7=2;stacks:b2=1x1,d4=1x2,d7=2x1;next:1");
    assert_eq!(steps(&south, "d4"), strs(&["c2", "c3", "d2", "d3", "e2", "e3", "f2"]));
    assert_eq!(steps(&south, "b2"), strs(&["a2", "b3", "c3"]));
    // North: odd stacks go down (forward), even ones up. The 3-stack on f5 goes up to
    // three cells down, onto tiles too (f4); the 2-stack on a4 climbs to b5 and c6 and
    // no further (d7 is taken).
    let north = pos("tiles:d1=1,d7=2,f4=1;stacks:a1=1x1,a4=2x2,d7=2x1,f5=2x3;next:2");
    assert_eq!(steps(&north, "f5"), strs(&["c4", "d4", "d5", "e3", "e4", "e5", "f2", "f3", "f4", "g2", "g3", "g4"]));
    assert!(after(&north, "f5-f4").contains("f4=2x4"), "an odd North stack grows on a South tile");
    assert_eq!(steps(&north, "a4"), strs(&["b5", "c6"]));
    assert_eq!(steps(&north, "d7"), strs(&["c6", "d6", "e6"]));
}

#[test]
fn captures_are_compulsory_and_any_direction_is_allowed() {
    // South's 1-stack on d4 touches North's 1-stack on d3 below it: only that capture may be played.
    let p = pos("tiles:d1=1,d7=2;stacks:d1=1x1,d3=2x1,d4=1x1,d7=2x1;next:1");
    assert_eq!(moves(&p), strs(&["d4xd3"]));
    assert!(p.must_capture());
    assert_eq!(after(&p, "d4xd3"), "tiles:d1=1,d7=2;stacks:d1=1x1,d3=1x1,d7=2x1;next:2");
    let err = p.parse_move("d1-d2").unwrap_err();
    assert_eq!(err, Error::IllegalMove("a capture is compulsory; the captures here: d4xd3".into()));
    assert!(matches!(p.parse_move("+c1"), Err(Error::IllegalMove(_))));
}

#[test]
fn a_big_stack_needs_an_empty_cell_next_to_its_target() {
    // Ludii's capture range: a stack of k ≥ 2 takes an enemy that touches an empty
    // cell it can reach in 1..k−1 steps; its own cell does not count. South's 2-stack
    // on d1 touches c1 and d2, but only d2 also touches a reachable empty cell (e1).
    // After d1xd2 one step is left and c1 is next to d2: the capture continues.
    let p = pos("tiles:d1=1,d7=2;stacks:c1=2x1,d1=1x2,d2=2x1,d7=2x1;next:1");
    assert_eq!(outcomes(&p), vec![("d1xd2xc1".into(), "tiles:d1=1,d7=2;stacks:c1=1x2,d7=2x1;next:2".into())]);
    let err = p.parse_move("d1xc1").unwrap_err();
    assert_eq!(err, Error::IllegalMove("after d1, c1 cannot be captured; it can capture d2".into()));
}

#[test]
fn the_start_cell_does_not_count_on_base_5_either() {
    // The same on base 5, mirrored: e1 touches d1 and e2; only e2 touches f1.
    let p = pos("tiles:e1=1,e9=2;stacks:d1=2x1,e1=1x2,e2=2x1,e9=2x1;next:1");
    assert_eq!(outcomes(&p), vec![("e1xe2xd1".into(), "tiles:e1=1,e9=2;stacks:d1=1x2,e9=2x1;next:2".into())]);
    // With three discs the stack still cannot take d1 first (d1's empty neighbours
    // are out of reach); after e1xe2 the vacated e1 touches d1, so d1 falls next,
    // one step is left, and the stack passes or climbs one cell (back into e2 too).
    let q = pos("tiles:e1=1,e9=2;stacks:d1=2x1,e1=1x3,e2=2x1,e9=2x1;next:1");
    assert_eq!(moves(&q), strs(&["e1xe2xd1-pass", "e1xe2xd1-c1", "e1xe2xd1-d2", "e1xe2xd1-e2"]));
}

#[test]
fn a_capture_uses_the_shortest_path_through_empty_cells() {
    // Base 5. South's 4-stack on e3 captures North on e5; the straight way through e4 is
    // blocked by South's own 2-stack, so the path is e3-d3-d4-e5 (or via f3-f4): three
    // steps, one left. That one step goes down (even stack): to d4 or f4, or it passes.
    let p = pos("tiles:e1=1,e9=2;stacks:e3=1x4,e4=1x2,e5=2x1,e9=2x1;next:1");
    let from_e3: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("e3")).collect();
    assert_eq!(from_e3, strs(&["e3xe5-pass", "e3xe5-d4", "e3xe5-f4"]));
    // The 2-stack on e4 takes e5 in one step and may step straight back into e4, now empty.
    let back = p.parse_move("e4xe5-e4").unwrap();
    assert_eq!(back.from(), back.to());
    assert_eq!(after(&p, "e4xe5-e4"), "tiles:e1=1,e9=2;stacks:e3=1x4,e4=1x2,e9=2x1;next:2");
    let mut undone = p.clone();
    undone.play(back);
    undone.undo(back);
    assert_eq!(undone, p);
    assert_eq!(undone.hash(), p.hash());
    let view = p.move_view(p.parse_move("e3xe5-d4").unwrap());
    assert_eq!(view["parts"][0]["steps"], 3);
    assert_eq!(view["parts"][0]["left"], 1);
    assert_eq!(view["path"].as_array().unwrap().len(), 5, "e3, two cells around e4, e5, d4: {view}");
}

#[test]
fn an_adjacent_capture_costs_one_step_even_when_found_the_long_way() {
    // Base 5. South's 3-stack on e3 touches North on e4; e4 qualifies through the empty
    // d3 (one step away), and the capture itself costs one step: two are left.
    let p = pos("tiles:e1=1,e9=2;stacks:e3=1x3,e4=2x1,e9=2x1;next:1");
    let all = moves(&p);
    assert!(all.contains(&"e3xe4-e6".to_string()), "two steps up after the capture: {all:?}");
    assert!(all.contains(&"e3xe4-pass".to_string()));
    let view = p.move_view(p.parse_move("e3xe4-e6").unwrap());
    assert_eq!(view["parts"][0]["left"], 2);
}

#[test]
fn leftover_steps_after_a_capture_step_on_or_pass() {
    // South's 3-stack on d3 takes d4 (one step); nothing else is in range, so it may
    // pass or step one or two cells up (odd stack) from d4.
    let p = pos("tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d3=1x3,d4=2x1;next:1");
    assert_eq!(
        moves(&p),
        strs(&[
            "d3xd4-pass",
            "d3xd4-b4",
            "d3xd4-c4",
            "d3xd4-c5",
            "d3xd4-d5",
            "d3xd4-d6",
            "d3xd4-e4",
            "d3xd4-e5",
            "d3xd4-f4"
        ])
    );
    assert_eq!(after(&p, "d3xd4-pass"), "tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d4=1x3;next:2");
    // The older way of writing it, with a space, is still read as the same turn.
    assert_eq!(p.parse_move("d3xd4 pass").unwrap(), p.parse_move("d3xd4-pass").unwrap());
    assert_eq!(p.parse_move("D3xD4  PASS").unwrap(), p.parse_move("d3xd4-pass").unwrap());
    assert_eq!(after(&p, "D3xD4-d6"), "tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d6=1x3;next:2");
    let err = p.parse_move("d3xd4").unwrap_err();
    assert!(err.message().contains("2 steps left: finish with a step such as"), "{err}");
    assert!(p.parse_move("d3xd4-d3").is_err(), "an odd South stack never steps down");
    let view = p.move_view(p.parse_move("d3xd4-pass").unwrap());
    assert_eq!(view["pass"], true);
    assert_eq!(view["promotes"], false);
}

#[test]
fn a_capture_in_range_of_the_leftover_steps_is_compulsory() {
    // After d3xd4 two steps are left and d5 is next to d4 (and to the empty c4):
    // the stack must go on and take d5; d5 can also be taken at once with all three steps.
    let p = pos("tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d3=1x3,d4=2x1,d5=2x1;next:1");
    assert_eq!(moves(&p), strs(&["d3xd4xd5-pass", "d3xd4xd5-c5", "d3xd4xd5-d6", "d3xd4xd5-e5", "d3xd5"]));
    assert_eq!(after(&p, "d3xd5"), "tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d4=2x1,d5=1x3;next:2");
    assert_eq!(
        p.parse_move("d3xd4-pass").unwrap_err(),
        Error::IllegalMove("after d3xd4 a further capture is compulsory".into())
    );
    let view = p.move_view(p.parse_move("d3xd4xd5-d6").unwrap());
    assert_eq!(view["captures"], serde_json::json!(["d4", "d5"]));
    assert_eq!(view["parts"].as_array().unwrap().len(), 3);
    assert_eq!(view["parts"][1]["left"], 1);
}

#[test]
fn stacks_promote_by_parity_and_tile_owner() {
    // South 1-stack on c2 (odd: grows on North's tiles), South 2-stack on e3 (even:
    // grows on South's tiles). c3 and f2 are North tiles, b2, b3 and e2 South tiles.
    let p = pos("tiles:b2=1,b3=1,c3=2,d1=1,d7=2,e2=1,f2=2;stacks:c2=1x1,d7=2x1,e3=1x2;next:1");
    let text = |mv: &str| after(&p, mv);
    assert!(text("c2-c3").contains("c3=1x2"), "odd on the opponent's tile grows");
    assert!(text("c2-b2").contains("b2=1x1"), "odd on an own tile does not");
    assert!(text("c2-d3").contains("d3=1x1"), "no tile, no growth");
    assert!(text("e3-e2").contains("e2=1x3"), "even on an own tile grows");
    assert!(text("e3-f2").contains("f2=1x2"), "even on the opponent's tile does not");
    assert!(p.parse_move("c2-c3").unwrap().promotes());
    // North's odd stacks grow on South's tiles.
    let north = pos("tiles:d1=1,d6=1,d7=2;stacks:d1=1x1,d7=2x1;next:2");
    assert!(after(&north, "d7-d6").contains("d6=2x2"));
}

#[test]
fn a_pass_never_promotes() {
    // d4 is a North tile under North's 1-stack. South's 3-stack takes it with one step
    // and two left: passing there keeps 3 discs, although an odd South stack grows on a
    // North tile at the end of a step. Stepping on to the North tile d5 does grow.
    let p = pos("tiles:a4=2,d1=1,d4=2,d5=2,d7=2;stacks:a4=2x1,d3=1x3,d4=2x1;next:1");
    assert!(after(&p, "d3xd4-pass").contains("d4=1x3"));
    assert!(after(&p, "d3xd4-d5").contains("d5=1x4"));
    // A capture that uses the last step on such a tile does grow.
    let q = pos("tiles:a4=2,d1=1,d4=2,d7=2;stacks:a4=2x1,c3=1x1,d4=2x1;next:1");
    assert_eq!(after(&q, "c3xd4"), "tiles:a4=2,d1=1,d4=2,d7=2;stacks:a4=2x1,d4=1x2;next:2");
}

#[test]
fn taking_the_last_stack_wins() {
    let p = pos("tiles:d1=1,d7=2;stacks:d1=1x1,d3=2x1,d4=1x1;next:1");
    let text = after(&p, "d4xd3");
    assert_eq!(text, "tiles:d1=1,d7=2;stacks:d1=1x1,d3=1x1;next:2;winner:1");
    let done = pos(&text);
    assert_eq!(done.outcome(), Some(Outcome::Win(Side::First)));
    assert!(legal(&done).is_empty());
    assert_eq!(done.move_count(), 0);
    assert_eq!(done.outcome_reason(), "North has no stacks left: South wins.");
    assert!(matches!(done.parse_move("d1-d2"), Err(Error::IllegalMove(_))));
    assert_eq!(done.view()["winner"], "south");
}

#[test]
fn the_last_capture_with_steps_left_still_finishes_the_turn() {
    // North's only stack is on d4; South's 3-stack takes it with two steps left and
    // still steps or passes, so the winning positions differ in where it stops.
    let p = pos("tiles:d1=1,d5=2,d7=2;stacks:d3=1x3,d4=2x1;next:1");
    let all = outcomes(&p);
    assert_eq!(all.len(), 9);
    assert!(all.iter().all(|(_, text)| text.ends_with(";next:2;winner:1")));
    assert!(all.contains(&("d3xd4-d5".into(), "tiles:d1=1,d5=2,d7=2;stacks:d5=1x4;next:2;winner:1".into())));
    assert!(all.contains(&("d3xd4-pass".into(), "tiles:d1=1,d5=2,d7=2;stacks:d4=1x3;next:2;winner:1".into())));
}

/// The position from the spec where South can do nothing at all.
const STUCK: &str = "tiles:a1=1,a2=2,a3=2,a4=2,b1=1,b2=1,b3=1,b4=2,c1=1,c2=1,c3=1,c4=2,c5=2,c6=2,d1=1,d2=1,d3=1,d4=2,d5=2,d6=2,d7=2,e1=1,e2=1,e3=1,e4=2,e6=2,f1=1,f2=1,f3=2,f4=2,f5=2,g2=2,g3=2;stacks:d7=1x3,e2=2x2,g1=2x1,g3=2x1;next:1";

#[test]
fn a_player_without_a_legal_turn_passes() {
    let p = pos(STUCK);
    assert!(!p.can_move(Side::First) && p.can_move(Side::Second));
    assert_eq!(moves(&p), ["pass"]);
    assert_eq!(p.move_count(), 1);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.view()["forced_pass"], true);
    let text = after(&p, "pass");
    assert_eq!(text, STUCK.replace("next:1", "next:2"));
    // Pass is only for the stuck: elsewhere it is refused.
    let start = Seesaw::with_base(4).unwrap();
    assert!(matches!(start.parse_move("pass"), Err(Error::IllegalMove(_))));
    let mut q = p.clone();
    let mv = p.parse_move("pass").unwrap();
    q.play(mv);
    assert_eq!(q.side_to_move(), Side::Second);
    q.undo(mv);
    assert_eq!(q, p);
    assert_eq!(q.hash(), p.hash());
}

#[test]
fn when_neither_player_can_move_the_game_is_drawn() {
    // Every cell of the base-3 board holds a stack of two: nobody can step, deploy or
    // capture (a big stack needs an empty cell next to its target). Ludii would have both
    // pass and then declare the draw; Tabula declares it at once.
    let l = layout(3);
    let stacks: Vec<String> = (0..l.cells).map(|c| format!("{}={}x2", l.names[c], 1 + c % 2)).collect();
    let mut sorted = stacks.clone();
    sorted.sort();
    let p = pos(&format!("tiles:c1=1,c5=2;stacks:{};next:1", sorted.join(",")));
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    assert!(legal(&p).is_empty());
    assert!(p.outcome_reason().contains("drawn"));
}

#[test]
fn capture_orders_that_end_alike_are_one_move() {
    // South's 5-stack on d3 can take c4 and e4 (each next to d4) in either order and
    // end on either: each end position is listed once.
    let p = pos("tiles:d1=1,d7=2;stacks:c4=2x1,d3=1x5,d7=2x1,e4=2x1;next:1");
    let all = outcomes(&p);
    let texts: BTreeSet<&String> = all.iter().map(|(_, t)| t).collect();
    assert_eq!(texts.len(), all.len(), "{all:#?}");
    for (mv, _) in &all {
        assert_eq!(p.format_move(p.parse_move(mv).unwrap()), *mv);
    }
}

// ---------------------------------------------------------------- notation and text

#[test]
fn bad_moves_say_what_is_wrong() {
    let start = Seesaw::with_base(4).unwrap();
    let err = |t: &str| start.parse_move(t).unwrap_err();
    for text in [
        "",
        "zz9",
        "!!",
        "swap swap",
        "99999",
        "d1",
        "d1-",
        "d1xd2 -d3",
        "+",
        "d1--d2",
        "d1-d2-d3",
        "d1-d2 pass",
        "d1-d2-pass",
        "d1-pass",
        "-pass",
        "d1xd2 -pass",
        "d1xd2-d3-pass",
    ] {
        assert!(matches!(err(text), Error::BadMove(_)), "'{text}' gave {:?}", err(text));
    }
    assert_eq!(err("h1-h2"), Error::BadMove("'h1' is not a cell of the base-4 board".into()));
    assert_eq!(err("d8-d9"), Error::BadMove("'d8' is not a cell of the base-4 board".into()));
    assert_eq!(err("d7-d6"), Error::IllegalMove("South has no stack on d7".into()));
    assert!(err("d1-d3").message().starts_with("the 1-stack on d1 cannot reach d3"));
    assert!(err("+d3").message().contains("not next to a tile of South"));
    assert!(err("d1xd2").message().contains("no capture is possible here"));
}

#[test]
fn position_texts_round_trip_and_broken_ones_are_refused() {
    for text in [
        "tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1",
        STUCK,
        "tiles:d1=1,d7=2;stacks:d1=1x1,d3=1x1;next:2;winner:1",
        "tiles:e1=1,e9=2;stacks:e3=1x4,e4=1x2,e5=2x1,e9=2x1;next:1",
        // No start tiles: the base is said explicitly.
        "tiles:;stacks:a1=1x1,b2=2x1;next:1;base:4",
        // Entries sort as plain strings: "g13=2" comes before "g1=1".
        "tiles:g13=2,g1=1;stacks:a1=1x1,m7=2x12;next:2",
        // Base 8: cells beyond the 128th (o8 is the last of 169).
        "tiles:h15=2,h1=1,o8=1;stacks:a1=1x1,k10=1x2,o8=2x200;next:2",
    ] {
        assert_eq!(pos(text).to_text(), text);
    }
    let cases = [
        ("", "no 'tiles' field"),
        ("tiles:d1=1;stacks:d1=1x1;next:1", "cannot tell the board's size"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:3", "next must be 1 (South) or 2 (North)"),
        ("tiles:d1=1,d7=2;stacks:d1=1x0,d7=2x1;next:1", "must hold 1 to 255 discs"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1,d9=2x1;next:1", "'d9' is not a cell of the base-4 board"),
        ("tiles:d1=1,d7=2,d1=2;stacks:d1=1x1;next:1", "d1 has two tiles"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1,d1=2x1;next:1", "d1 has two stacks"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1;next:2", "the text must end with ;winner:1"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1;next:1", "the game ended before South could be to move"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1;winner:1", "the game is not over"),
        ("tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1;colour:red", "unknown field 'colour'"),
        ("tiles:d1=1,d7=2;stacks:d1=1-1;next:1", "should look like d1=1x2"),
        ("tiles:d1=1,d7=2;stacks:;next:1;base:9", "base must be a whole number from 3 to 8"),
        ("nonsense", "should look like key:value"),
    ];
    for (text, expected) in cases {
        match Seesaw::from_text(text) {
            Err(Error::BadPosition(msg)) => assert!(msg.contains(expected), "{text:?}: {msg}"),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
}

#[test]
fn views_tell_the_screen_what_it_needs() {
    let p = pos("tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d3=1x3,d4=2x1,d5=2x1;next:1");
    let v = p.view();
    assert_eq!(v["base"], 4);
    assert_eq!(v["cells"].as_array().unwrap().len(), 37);
    assert_eq!(v["must_capture"], true);
    assert_eq!(v["forced_captures"], serde_json::json!([{ "from": "d3", "targets": ["d4", "d5"] }]));
    assert_eq!(v["deploy_cells"], serde_json::json!([]));
    let stack = v["stacks"].as_array().unwrap().iter().find(|s| s["cell"] == "d3").unwrap().clone();
    assert_eq!(
        stack,
        serde_json::json!({ "cell": "d3", "owner": "south", "size": 3, "direction": "forward", "heading": "up", "on_tile": null })
    );
    let start = Seesaw::with_base(4).unwrap();
    assert_eq!(start.view()["deploy_cells"], serde_json::json!(["c1", "d2", "e1"]));
    // A new stack moves forward: up the board for South, down for North.
    assert_eq!(start.view()["deploy_heading"], "up");
    assert_eq!(pos("tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:2").view()["deploy_heading"], "down");
    let deploy = start.move_view(start.parse_move("+d2").unwrap());
    assert_eq!(deploy["kind"], "deploy");
    let step = start.move_view(start.parse_move("d1-d2").unwrap());
    assert_eq!(step["path"], serde_json::json!(["d1", "d2"]));
    assert!(start.drawing().contains("S1'"));
}

// ---------------------------------------------------------------- a plain re-statement of the rules

/// The rules written out directly on arrays, without bitboards, for comparison.
#[derive(Clone)]
struct Plain {
    l: &'static Layout,
    stack: Vec<Option<(usize, u8)>>,
    tile: Vec<Option<usize>>,
    next: usize,
}

impl Plain {
    fn of(p: &Seesaw) -> Plain {
        let l = p.layout();
        Plain {
            l,
            stack: (0..l.cells).map(|c| p.stack(c).map(|s| (s.owner.index(), s.size))).collect(),
            tile: (0..l.cells).map(|c| p.tile(c).map(Side::index)).collect(),
            next: p.mover().index(),
        }
    }

    fn around(&self, c: usize) -> Vec<usize> {
        self.l.neighbours[c].iter().flatten().copied().collect()
    }

    fn text(&self) -> String {
        let name = |c: usize| self.l.names[c].clone();
        let mut tiles: Vec<String> =
            (0..self.l.cells).filter_map(|c| self.tile[c].map(|o| format!("{}={}", name(c), o + 1))).collect();
        let mut stacks: Vec<String> = (0..self.l.cells)
            .filter_map(|c| self.stack[c].map(|(o, k)| format!("{}={}x{}", name(c), o + 1, k)))
            .collect();
        tiles.sort();
        stacks.sort();
        let mut t = format!("tiles:{};stacks:{};next:{}", tiles.join(","), stacks.join(","), self.next + 1);
        if !self.stack.iter().flatten().any(|s| s.0 == self.next) {
            t.push_str(&format!(";winner:{}", 2 - self.next));
        }
        t
    }

    /// Steps from `from` to every cell through cells without stacks.
    fn distances(&self, from: usize) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.l.cells];
        dist[from] = Some(0);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for n in self.around(c) {
                if dist[n].is_none() && self.stack[n].is_none() {
                    dist[n] = Some(dist[c].unwrap() + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// (enemy cell, steps used) for each capture of the stack on `at` with `range` steps.
    fn captures(&self, at: usize, range: u32) -> Vec<(usize, u32)> {
        let me = self.stack[at].unwrap().0;
        let dist = self.distances(at);
        let mut out = Vec::new();
        for e in 0..self.l.cells {
            if !matches!(self.stack[e], Some((o, _)) if o != me) {
                continue;
            }
            let around = self.around(e);
            let ok = if range == 1 {
                around.contains(&at)
            } else {
                around
                    .iter()
                    .any(|&c| c != at && self.stack[c].is_none() && matches!(dist[c], Some(d) if d >= 1 && d < range))
            };
            if ok {
                let shortest = around
                    .iter()
                    .filter_map(|&c| {
                        if c == at {
                            Some(0)
                        } else if self.stack[c].is_none() {
                            dist[c]
                        } else {
                            None
                        }
                    })
                    .min()
                    .unwrap();
                out.push((e, shortest + 1));
            }
        }
        out
    }

    /// Cells the stack on `at` reaches with 1..=range steps of its parity through empty cells.
    fn slides(&self, at: usize, range: u32) -> Vec<usize> {
        let (owner, size) = self.stack[at].unwrap();
        let up = (owner == 0) == (size % 2 == 1);
        let mut reached = vec![false; self.l.cells];
        let mut frontier = vec![at];
        for _ in 0..range {
            let mut next = Vec::new();
            for &c in &frontier {
                for n in self.around(c) {
                    let climbs = self.l.height2(n) > self.l.height2(c);
                    if climbs == up && self.stack[n].is_none() && !reached[n] {
                        reached[n] = true;
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        (0..self.l.cells).filter(|&c| reached[c]).collect()
    }

    fn moved(&self, from: usize, to: usize) -> Plain {
        let mut p = self.clone();
        let s = p.stack[from].take();
        p.stack[to] = s;
        p
    }

    /// The position at the end of the turn, the mover's stack on `at`, growing if `grow` allows.
    fn end(&self, at: usize, grow: bool) -> String {
        let mut p = self.clone();
        let (owner, size) = p.stack[at].unwrap();
        let wanted = if size % 2 == 1 { 1 - owner } else { owner };
        if grow && p.tile[at] == Some(wanted) {
            p.stack[at] = Some((owner, size + 1));
        }
        p.next = 1 - p.next;
        p.text()
    }

    fn chain(&self, at: usize, left: u32, out: &mut BTreeSet<String>) {
        for (e, used) in self.captures(at, left) {
            let b = self.moved(at, e);
            let left = left - used;
            if left == 0 {
                out.insert(b.end(e, true));
            } else if !b.captures(e, left).is_empty() {
                b.chain(e, left, out);
            } else {
                out.insert(b.end(e, false));
                for t in b.slides(e, left) {
                    out.insert(b.moved(e, t).end(t, true));
                }
            }
        }
    }

    /// Every end-of-turn position, the forced pass aside.
    fn turns(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mine: Vec<usize> =
            (0..self.l.cells).filter(|&c| matches!(self.stack[c], Some((o, _)) if o == self.next)).collect();
        for &f in &mine {
            let k = self.stack[f].unwrap().1 as u32;
            if !self.captures(f, k).is_empty() {
                self.chain(f, k, &mut out);
            }
        }
        if !out.is_empty() {
            return out;
        }
        for &f in &mine {
            let k = self.stack[f].unwrap().1 as u32;
            for t in self.slides(f, k) {
                out.insert(self.moved(f, t).end(t, true));
            }
        }
        for c in 0..self.l.cells {
            if self.stack[c].is_none()
                && self.tile[c].is_none()
                && self.around(c).iter().any(|&n| self.tile[n] == Some(self.next))
            {
                let mut p = self.clone();
                p.tile[c] = Some(self.next);
                p.stack[c] = Some((self.next, 1));
                p.next = 1 - p.next;
                out.insert(p.text());
            }
        }
        out
    }

    fn outcomes(&self) -> BTreeSet<String> {
        if !self.stack.iter().flatten().any(|s| s.0 == self.next) {
            return BTreeSet::new();
        }
        let mut out = self.turns();
        if out.is_empty() {
            let mut other = self.clone();
            other.next = 1 - self.next;
            if !other.turns().is_empty() {
                out.insert(other.text());
            }
        }
        out
    }
}

/// Picking the move of each index (what random playouts do) gives the move
/// listed at that index, and nothing once the game is over.
fn assert_picks_are_the_listed_moves(p: &Seesaw, moves: &[SeesawMove]) {
    let mut scratch = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let picked = p.pick_move(&mut scratch, |n| {
            assert_eq!(n, moves.len(), "the number of moves to pick from in {}", p.to_text());
            i
        });
        assert_eq!(picked, Some(mv), "move {i} of {}", p.to_text());
    }
    if moves.is_empty() {
        assert_eq!(p.pick_move(&mut scratch, |_| panic!("nothing to choose from")), None);
    }
}

#[test]
fn every_step_of_many_tall_stacks_is_picked_as_listed() {
    // Twelve two-disc stacks for South (each step found by a breadth-first
    // search), far from North's one stack: no capture, only steps and deploys.
    let talls = ["a2", "a3", "b2", "b3", "c2", "c3", "d2", "d3", "e2", "e3", "f2", "f3"];
    let stacks: Vec<String> = talls.iter().map(|c| format!("{c}=1x2")).collect();
    let p = pos(&format!("tiles:e1=1,e9=2;stacks:{},e9=2x1;next:1", stacks.join(",")));
    let moves = legal(&p);
    // Steps: a2 to a1 b1; b2, c2, d2, e2, f2 and f3 three cells each; the
    // six stacks walled in by the others none. Deploys: d1 and f1 (beside e1).
    let steps = moves.iter().filter(|m| m.kind() == TurnKind::Step).count();
    assert_eq!((steps, moves.len()), (20, 22), "{:?}", self::moves(&p));
    let f3 = p.layout().cell("f3").unwrap();
    let from_f3 = moves.iter().filter(|m| m.from() == f3).count();
    assert_eq!(from_f3, 3, "the twelfth tall stack steps to g2, g1 and h1");
    assert_picks_are_the_listed_moves(&p, &moves);
}

/// Plays random games on `base` and checks every position against [`Plain`].
fn agree_on_random_games(base: usize, games: u64, max_turns: usize) -> usize {
    let mut rng = tabula_core::seeded_rng(base as u64 * 1000 + games);
    let mut checked = 0;
    for _ in 0..games {
        let mut p = Seesaw::with_base(base).unwrap();
        for _ in 0..max_turns {
            let moves = legal(&p);
            let mut ours = BTreeSet::new();
            for &m in &moves {
                let mut next = p.clone();
                next.play(m);
                assert!(ours.insert(next.to_text()), "two moves reach the same position from {}", p.to_text());
            }
            assert_eq!(ours, Plain::of(&p).outcomes(), "base {base}, position {}", p.to_text());
            assert_eq!(moves.len(), p.move_count());
            assert_picks_are_the_listed_moves(&p, &moves);
            checked += 1;
            if moves.is_empty() {
                break;
            }
            // Prefer captures now and then so that long chains turn up.
            let caps: Vec<&SeesawMove> = moves.iter().filter(|m| m.kind() == TurnKind::Capture).collect();
            let pick = tabula_core::uniform_below(&mut rng, moves.len() as u64) as usize;
            let mv = if !caps.is_empty() && pick & 1 == 0 { *caps[pick % caps.len()] } else { moves[pick] };
            p.play(mv);
        }
    }
    checked
}

#[test]
fn the_generator_agrees_with_a_plain_statement_of_the_rules_on_every_base() {
    assert!(agree_on_random_games(4, 40, 300) > 2000);
    assert!(agree_on_random_games(5, 25, 300) > 2000);
    assert!(agree_on_random_games(3, 200, 200) > 1000);
    assert!(agree_on_random_games(6, 4, 250) > 500);
    assert!(agree_on_random_games(7, 3, 250) > 500);
    assert!(agree_on_random_games(8, 3, 250) > 500);
}

// ---------------------------------------------------------------- perft

/// Perft by the plain statement of the rules: end positions, recursively.
fn plain_perft(text: &str, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let next = Plain::of(&pos(text)).outcomes();
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter().map(|t| plain_perft(t, depth - 1)).sum()
}

#[test]
fn perft_agrees_with_the_plain_statement_of_the_rules() {
    assert_eq!(plain_perft(&Seesaw::with_base(4).unwrap().to_text(), 5), 17114);
    assert_eq!(plain_perft(&Seesaw::with_base(3).unwrap().to_text(), 5), 14608);
    assert_eq!(plain_perft(&Seesaw::with_base(8).unwrap().to_text(), 4), 1849);
}

// ---------------------------------------------------------------- properties

/// A position reached by playing the choices (each taken modulo the legal count).
fn reached(base: usize, choices: &[usize]) -> (Seesaw, Vec<SeesawMove>) {
    common::reached(Seesaw::with_base(base).unwrap(), choices)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn play_and_undo_restore_the_position_and_hash(base in 3usize..=8, choices in prop::collection::vec(0usize..1000, 0..150)) {
        let start = Seesaw::with_base(base).unwrap();
        let (mut p, line) = reached(base, &choices);
        for &mv in line.iter().rev() {
            p.undo(mv);
        }
        prop_assert_eq!(p.hash(), start.hash());
        prop_assert_eq!(p, start);
    }

    #[test]
    fn position_text_round_trips_with_the_same_hash(base in 3usize..=8, choices in prop::collection::vec(0usize..1000, 0..150)) {
        let (p, _) = reached(base, &choices);
        let back = Seesaw::from_text(&p.to_text()).unwrap();
        prop_assert_eq!(back.to_text(), p.to_text());
        prop_assert_eq!(back.hash(), p.hash());
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(p.outcome().is_some(), legal(&p).is_empty());
    }

    #[test]
    fn move_notation_round_trips(base in 3usize..=8, choices in prop::collection::vec(0usize..1000, 0..150)) {
        let (p, _) = reached(base, &choices);
        for mv in legal(&p) {
            let text = p.format_move(mv);
            prop_assert_eq!(p.parse_move(&text), Ok(mv), "{}", text);
            let view = p.move_view(mv);
            prop_assert!(!view.is_null());
        }
        let _ = p.evaluate();
    }
}

/// The screen is given every order of a capture chain that makes the same
/// turn, so a player may click it either way (oracle game 26, turn 61:
/// North's 4-stack on e3 takes e5 and f4 in either order).
#[test]
fn every_order_of_a_capture_chain_comes_with_its_move() {
    let p = pos("tiles:a1=1,a4=2,b1=1,b2=2,b3=2,b4=2,b5=2,c2=1,c5=2,c6=2,d1=1,d2=1,d3=1,d5=1,d6=2,d7=2,e1=1,e3=1,e4=1,f1=1,f2=1;stacks:a3=2x1,c5=1x2,e3=2x4,e5=1x1,f2=1x1,f4=1x1,g1=1x1;next:2");
    let orders_of = |text: &str| -> Vec<Vec<String>> {
        let mv = p.parse_move(text).unwrap();
        let view = serde_json::to_value(p.move_view(mv)).unwrap();
        let parts = |list: &serde_json::Value| {
            list.as_array().unwrap().iter().map(|x| x["to"].as_str().unwrap().to_string()).collect()
        };
        match view["orders"].as_array() {
            Some(orders) => orders.iter().map(parts).collect(),
            None => vec![parts(&view["parts"])],
        }
    };
    assert_eq!(orders_of("e3xe5xf4-e5"), [vec!["e5", "f4", "e5"], vec!["f4", "e5"]]);
    assert_eq!(orders_of("e3xf2xg1-f2"), [vec!["f2", "g1", "f2"], vec!["g1", "f2"]]);
    assert_eq!(orders_of("e3xe5xf4-g4"), [vec!["e5", "f4", "g4"]], "only one order makes this turn");
    // Every order takes the move's stacks and ends on its cell.
    for mv in legal(&p) {
        let view = serde_json::to_value(p.move_view(mv)).unwrap();
        for order in view["orders"].as_array().into_iter().flatten() {
            let parts = order.as_array().unwrap();
            let taken: BTreeSet<&str> =
                parts.iter().filter(|x| x["capture"] == true).map(|x| x["to"].as_str().unwrap()).collect();
            let captures: BTreeSet<&str> =
                view["captures"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            assert_eq!(taken, captures, "{}", view["notation"]);
            assert_eq!(parts.last().unwrap()["to"], view["to"], "{}", view["notation"]);
        }
    }
}
