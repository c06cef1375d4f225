//! Every rule of Warp & Weft on concrete positions, pinned boards and
//! property tests (perft counts: `tests/data/warp-weft.perft`).

mod common;

use proptest::prelude::*;
use tabula_core::{Error, Game, Options, Outcome, Side};
use tabula_games::warp_weft::{generate_grid, Axis, WarpWeft, WarpWeftMove};

use common::{listed, play};

/// The start position with options given as `KEY=VALUE` pairs.
fn game(pairs: &[&str]) -> WarpWeft {
    common::game(pairs)
}

fn rows(grid: &[i8], n: usize) -> Vec<Vec<i8>> {
    grid.chunks(n).map(|r| r.to_vec()).collect()
}

// A 5×5 position written by hand: centre used, values chosen for easy sums.
const SMALL: &str = "size=5;grid=1,2,3,4,5/2,6,7,8,9/3,7,0,-1,-2/4,8,-1,-3,-4/5,9,-2,-4,-5;taken=...../...../..x../...../.....;shuttle=c3;next=weft;komi=4.5";

#[test]
fn board_1_is_pinned() {
    assert_eq!(
        rows(&generate_grid(1, 7, true), 7),
        vec![
            vec![-1, 5, 6, -1, 9, 8, 9],
            vec![5, 9, -4, -5, 7, 8, 5],
            vec![6, -4, 5, 2, 8, 3, 2],
            vec![-1, -5, 2, 0, 1, 8, 6],
            vec![9, 7, 8, 1, 2, 8, 3],
            vec![8, 8, 3, 8, 8, 3, 8],
            vec![9, 5, 2, 6, 3, 8, -2],
        ]
    );
}

#[test]
fn board_42_is_pinned() {
    assert_eq!(
        rows(&generate_grid(42, 7, true), 7),
        vec![
            vec![7, -3, 1, 1, -5, 9, 1],
            vec![-3, 4, -1, -3, 1, 3, -5],
            vec![1, -1, 2, 8, -1, 1, 7],
            vec![1, -3, 8, 0, 5, 6, 2],
            vec![-5, 1, -1, 5, 1, -3, -5],
            vec![9, 3, 1, 6, -3, 9, 5],
            vec![1, -5, 7, 2, -5, 5, 6],
        ]
    );
}

#[test]
fn the_seed_option_chooses_the_board() {
    let pos = game(&["seed=42"]);
    assert_eq!(pos.value(0), 7);
    assert_eq!(pos.board(), Some(42));
    assert_eq!(game(&[]).board(), Some(1), "board 1 is the default");
}

#[test]
fn asymmetric_boards_are_an_option() {
    let grid = generate_grid(3, 7, false);
    let mirrored = (0..7).all(|r| (0..7).all(|c| grid[r * 7 + c] == grid[c * 7 + r]));
    assert!(!mirrored, "board 3 drawn without symmetry should not mirror by chance");
    assert_eq!(grid[24], 0, "the centre is worth nothing");
    let pos = game(&["seed=3", "symmetric=false"]);
    assert_eq!(pos.value(1), grid[1]);
}

#[test]
fn sizes_five_seven_and_nine_are_offered() {
    for (n, first) in
        [(5, ["a3", "b3", "d3", "e3"].as_slice()), (9, ["a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5"].as_slice())]
    {
        let pos = game(&[&format!("size={n}")]);
        assert_eq!(pos.size(), n);
        assert_eq!(listed(&pos), first);
    }
    let err = WarpWeft::new(&Options::from_pairs(&["size=6"]).unwrap()).unwrap_err();
    assert!(matches!(err, Error::BadOption(_)), "{err}");
    let err = Options::from_pairs(&["colour=red"]).unwrap().validate(WarpWeft::info()).unwrap_err();
    assert!(err.to_string().contains("its options are: seed, size, komi, symmetric, pie"), "{err}");
}

#[test]
fn the_centre_is_used_at_the_start_and_weft_moves_along_its_row() {
    let pos = game(&[]);
    assert!(pos.is_used(24));
    assert_eq!(pos.shuttle(), 24);
    assert_eq!(pos.side_to_move(), Side::First);
    assert_eq!(pos.axis_to_move(), Axis::Weft);
    assert_eq!(listed(&pos), ["a4", "b4", "c4", "e4", "f4", "g4"]);
}

#[test]
fn warp_moves_along_the_column_of_the_cell_weft_took() {
    let mut pos = game(&[]);
    play(&mut pos, "b4");
    assert_eq!(pos.side_to_move(), Side::Second);
    assert_eq!(listed(&pos), ["b1", "b2", "b3", "b5", "b6", "b7"]);
    play(&mut pos, "b6");
    assert_eq!(listed(&pos), ["a6", "c6", "d6", "e6", "f6", "g6"]);
}

#[test]
fn used_cells_are_hopped_over_not_landed_on() {
    let mut pos = WarpWeft::from_text(SMALL).unwrap();
    play(&mut pos, "a3 a1 e1 e3");
    // Row 3 now holds a3 (Weft), c3 (the start) and e3 (Warp): Weft hops over c3 to reach d3.
    assert_eq!(listed(&pos), ["b3", "d3"]);
    let err = pos.parse_move("c3").unwrap_err();
    assert_eq!(err, Error::IllegalMove("c3 is already used".into()));
}

#[test]
fn the_mover_scores_the_cell_and_it_keeps_the_mover_colour() {
    let mut pos = WarpWeft::from_text(SMALL).unwrap();
    play(&mut pos, "b3 b2 e2");
    assert_eq!(pos.points(Axis::Weft), 7 + 9);
    assert_eq!(pos.points(Axis::Warp), 6);
    assert_eq!(pos.total2(Axis::Warp), 12 + 9, "Warp's total holds the 4.5 komi");
    assert_eq!(pos.taker(6), Some(Axis::Warp), "b2");
    assert_eq!(pos.taker(11), Some(Axis::Weft), "b3");
    assert_eq!(pos.taker(9), Some(Axis::Weft), "e2");
    assert_eq!(pos.taker(12), None, "the start cell belongs to nobody");
}

const GRID5: &str = "size=5;grid=1,2,3,4,5/2,6,7,8,9/3,7,0,-1,-2/4,8,-1,-3,-4/5,9,-2,-4,-5";

#[test]
fn the_game_ends_when_the_mover_has_no_unused_cell() {
    // Column c is used from top to bottom and Warp must move along it.
    let text = format!("{GRID5};taken=..r../..b../..x../..b../.rr..;shuttle=c5;next=warp;komi=4.5");
    let pos = WarpWeft::from_text(&text).unwrap();
    assert_eq!(listed(&pos), Vec::<String>::new());
    // Weft: 3 + 9 - 2 = 10; Warp: 7 - 1 = 6, plus 4.5 = 10.5. Unused cells count for nobody.
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(pos.outcome_reason(), "Warp has no unused cell in its column: Warp wins 10.5 to 10.");
}

#[test]
fn a_move_that_strands_the_opponent_ends_the_game_at_once() {
    // Weft (c1, b2, d4) to move along row 5 from Warp's a5; column c lacks only c5.
    let text = format!("{GRID5};taken=..r../.rb../..x../..br./b....;shuttle=a5;next=weft;komi=4.5");
    let pos = WarpWeft::from_text(&text).unwrap();
    assert_eq!(listed(&pos), ["b5", "c5", "d5", "e5"]);
    let c5 = pos.parse_move("c5").unwrap();
    let view = pos.move_view(c5);
    assert_eq!(view["strands"], true);
    assert_eq!(view["winner"], "Warp");
    let b5 = pos.parse_move("b5").unwrap();
    assert_eq!(pos.move_view(b5)["strands"], false);
    assert_eq!(pos.move_view(b5)["reply"]["cell"], "b4", "the best cell left in column b");
    assert_eq!(pos.move_view(b5)["net"], 9 - 8);
    let mut after = pos.clone();
    after.play(c5);
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::Second)));
    assert!(after.outcome_reason().starts_with("Warp has no unused cell in its column"));
}

#[test]
fn komi_decides_close_games_and_can_be_changed() {
    let text = format!("{GRID5};taken=..r../..b../..x../..b../.rr..;shuttle=c5;next=warp;komi=KOMI");
    let at = |komi: &str| WarpWeft::from_text(&text.replace("KOMI", komi)).unwrap().outcome();
    // Weft 10, Warp 6 before komi.
    assert_eq!(at("4.5"), Some(Outcome::Win(Side::Second)));
    assert_eq!(at("3.5"), Some(Outcome::Win(Side::First)));
    assert_eq!(at("4"), Some(Outcome::Draw));
    assert_eq!(game(&["komi=2.5"]).total2(Axis::Warp), 5);
    assert!(WarpWeft::new(&Options::from_pairs(&["komi=0.3"]).unwrap()).is_err());
}

#[test]
fn moves_are_written_as_letter_and_number_and_read_both_ways() {
    let pos = game(&[]);
    let mv = pos.parse_move("b4").unwrap();
    assert_eq!(mv, WarpWeftMove { to: 22, from: 24 });
    assert_eq!(pos.parse_move("3,1").unwrap(), mv, "row,col counted from 0");
    assert_eq!(pos.parse_move("B4").unwrap(), mv);
    assert_eq!(pos.format_move(mv), "b4");
    let nine = game(&["size=9"]);
    assert_eq!(nine.format_move(nine.parse_move("i5").unwrap()), "i5");
}

#[test]
fn bad_moves_say_what_is_wrong() {
    let pos = game(&[]);
    let err = |t: &str| pos.parse_move(t).unwrap_err();
    assert!(matches!(err("zz"), Error::BadMove(_)));
    assert!(matches!(err(""), Error::BadMove(_)));
    assert!(matches!(err("a0"), Error::BadMove(_)));
    assert_eq!(err("h4"), Error::BadMove("'h4' is off the 7×7 board".into()));
    assert_eq!(err("7,0"), Error::BadMove("'7,0' is off the 7×7 board".into()));
    assert_eq!(err("d4"), Error::IllegalMove("d4 is already used".into()));
    assert_eq!(err("b2"), Error::IllegalMove("b2 is not on Weft's line: Weft moves along row 4".into()));
    assert!(matches!(err("swap"), Error::IllegalMove(_)));
}

#[test]
fn the_start_position_text_is_exact() {
    let pos = WarpWeft::from_text(SMALL).unwrap();
    assert_eq!(pos.to_text(), SMALL);
    assert_eq!(
        game(&["size=5", "seed=7"]).to_text().split(";taken").nth(1).unwrap(),
        "=...../...../..x../...../.....;shuttle=c3;next=weft;komi=4.5;board=7"
    );
}

#[test]
fn broken_position_texts_are_rejected_with_a_reason() {
    let cases = [
        ("", "no 'size' field"),
        ("size=4;grid=", "size must be odd"),
        (&SMALL.replace("grid=1,2,3,4,5/", "grid=1,2,3,4/"), "grid row 1 has 4 values"),
        (&SMALL.replace("taken=...../", "taken=....q/"), "taken mark 'q'"),
        (&SMALL.replace("next=weft", "next=warp"), "it is Weft's turn"),
        (&SMALL.replace("shuttle=c3", "shuttle=a1"), "must be used"),
        (&SMALL.replace("komi=4.5", "komi=x"), "komi 'x'"),
        (&format!("{SMALL};colour=red"), "unknown field 'colour'"),
        (&format!("{SMALL};swapped=true"), "needs pie=true"),
        ("size=5;grid=1,2,3,4,5", "no 'taken' field"),
        ("nonsense", "should look like key=value"),
    ];
    for (text, expected) in cases {
        match WarpWeft::from_text(text) {
            Err(Error::BadPosition(msg)) => assert!(msg.contains(expected), "{text:?}: {msg}"),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
}

#[test]
fn the_pie_rule_lets_warp_take_wefts_seat_once() {
    let mut pos = game(&["pie=true"]);
    assert!(!listed(&pos).contains(&"swap".to_string()), "Weft cannot swap");
    play(&mut pos, "e4");
    assert_eq!(listed(&pos), ["e1", "e2", "e3", "e5", "e6", "e7", "swap"]);
    play(&mut pos, "swap");
    // The player in the second seat now owns Weft's cell and points; the first seat plays Warp and moves.
    assert_eq!(pos.seat_of(Axis::Weft), Side::Second);
    assert_eq!(pos.side_to_move(), Side::First);
    assert_eq!(pos.axis_to_move(), Axis::Warp);
    assert_eq!(listed(&pos), ["e1", "e2", "e3", "e5", "e6", "e7"], "no second swap");
    assert!(pos.to_text().ends_with(";pie=true;swapped=true;board=1"));
    let back = WarpWeft::from_text(&pos.to_text()).unwrap();
    assert_eq!(back, pos);
    pos.undo(WarpWeftMove::SWAP);
    assert_eq!(pos.seat_of(Axis::Weft), Side::First);
    let mut later = game(&["pie=true"]);
    play(&mut later, "e4 e1");
    assert!(!listed(&later).contains(&"swap".to_string()), "only Warp's first answer may swap");
}

#[test]
fn lines_mirror_across_the_diagonal() {
    let pos = game(&[]);
    let transpose = |cell: usize| (cell % 7) * 7 + cell / 7;
    for cell in 0..49 {
        let weft = pos.line_mask(Axis::Weft, cell);
        let warp = pos.line_mask(Axis::Warp, transpose(cell));
        let mirrored = (0..49).filter(|&c| weft & (1 << c) != 0).fold(0u128, |m, c| m | 1 << transpose(c));
        assert_eq!(mirrored, warp, "cell {cell}");
        assert_eq!(pos.value(cell), pos.value(transpose(cell)), "a symmetric board mirrors its values");
    }
}

/// A position reached by playing the choices (each taken modulo the legal count).
fn reached(seed: u64, size: usize, choices: &[usize]) -> (WarpWeft, Vec<WarpWeftMove>) {
    common::reached(game(&[&format!("seed={seed}"), &format!("size={size}"), "pie=true"]), choices)
}

proptest! {
    #[test]
    fn generated_boards_follow_the_rules(seed in any::<u64>(), size in prop::sample::select(vec![5usize, 7, 9])) {
        let grid = generate_grid(seed, size, true);
        let centre = size / 2 * size + size / 2;
        for r in 0..size {
            for c in 0..size {
                let v = grid[r * size + c];
                prop_assert_eq!(v, grid[c * size + r]);
                if r * size + c == centre {
                    prop_assert_eq!(v, 0);
                } else {
                    prop_assert!((-5..=-1).contains(&v) || (1..=9).contains(&v));
                }
            }
        }
    }

    #[test]
    fn play_and_undo_restore_the_position(seed in 0u64..1000, size in prop::sample::select(vec![5usize, 7, 9]), choices in prop::collection::vec(0usize..100, 0..60)) {
        let start = game(&[&format!("seed={seed}"), &format!("size={size}"), "pie=true"]);
        let (mut pos, line) = reached(seed, size, &choices);
        for &mv in line.iter().rev() {
            pos.undo(mv);
        }
        prop_assert_eq!(pos.hash(), start.hash());
        prop_assert_eq!(pos, start);
    }

    #[test]
    fn position_text_round_trips_with_the_same_hash(seed in 0u64..1000, size in prop::sample::select(vec![5usize, 7, 9]), choices in prop::collection::vec(0usize..100, 0..60)) {
        let (pos, _) = reached(seed, size, &choices);
        let back = WarpWeft::from_text(&pos.to_text()).unwrap();
        prop_assert_eq!(back.to_text(), pos.to_text());
        prop_assert_eq!(back.hash(), pos.hash());
        prop_assert_eq!(back, pos);
    }

    #[test]
    fn move_notation_round_trips(seed in 0u64..1000, choices in prop::collection::vec(0usize..100, 0..40)) {
        let (pos, _) = reached(seed, 7, &choices);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for mv in legal {
            prop_assert_eq!(pos.parse_move(&pos.format_move(mv)).unwrap(), mv);
        }
    }

    #[test]
    fn scores_are_the_sums_of_the_cells_taken(seed in 0u64..1000, choices in prop::collection::vec(0usize..100, 0..60)) {
        let (pos, _) = reached(seed, 7, &choices);
        for axis in [Axis::Weft, Axis::Warp] {
            let sum: i32 = (0..49).filter(|&c| pos.taker(c) == Some(axis)).map(|c| pos.value(c) as i32).sum();
            prop_assert_eq!(pos.points(axis), sum);
        }
        prop_assert_eq!(pos.outcome().is_some(), pos.move_count() == 0);
    }
}
