//! Seesaw on every board size, and base 8 in particular: its 169 cells do not
//! fit a `u128`, so its positions use a three-word mask and its moves carry
//! captures beyond the 128th cell. Perft anchors for every base, the rules
//! near base 8's far corner, hashes kept by play and undo, and notation.

mod common;

use tabula_core::{seeded_rng, uniform_below, Error, Game, Options, Outcome, Side};
use tabula_games::seesaw::{layout, Seesaw, SeesawMove, TurnKind};

use common::{legal, moves};

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

// ---------------------------------------------------------------- the board

#[test]
fn base_8_has_169_cells_in_15_columns() {
    let l = layout(8);
    assert_eq!(l.cells, 169);
    let columns: Vec<usize> = (0..15).map(|c| (0..l.cells).filter(|&i| l.column[i] == c).count()).collect();
    assert_eq!(columns, [8, 9, 10, 11, 12, 13, 14, 15, 14, 13, 12, 11, 10, 9, 8]);
    assert_eq!((l.names[l.homes[0]].as_str(), l.names[l.homes[1]].as_str()), ("h1", "h15"));
    assert_eq!(l.names[127], "k9");
    assert_eq!(l.names[128], "k10");
    assert_eq!(l.names[168], "o8");
    assert_eq!(l.cell("O8"), Some(168));
    assert_eq!(l.cell("o9"), None);
    assert_eq!(l.cell("p1"), None);
    assert_eq!(l.diameter, 14);
    // The last cell, the top of the rightmost column: below it, and to its left.
    let around: Vec<&str> = l.neighbours[168].iter().flatten().map(|&n| l.names[n].as_str()).collect();
    assert_eq!(around, ["o7", "n8", "n9"]);
}

#[test]
fn base_8_is_an_option_and_its_start_position_round_trips() {
    let start = Seesaw::new(&Options::from_pairs(&["base=8".to_string()]).unwrap()).unwrap();
    assert_eq!(start.base(), 8);
    let text = "tiles:h15=2,h1=1;stacks:h15=2x1,h1=1x1;next:1";
    assert_eq!(start.to_text(), text);
    let back = pos(text);
    assert_eq!(back, start);
    assert_eq!(back.hash(), start.hash());
    assert_eq!(back.base(), 8);
    assert_eq!(moves(&start), ["+g1", "+h2", "+i1", "h1-g1", "h1-h2", "h1-i1"]);
    let view = start.view();
    assert_eq!(view["base"], 8);
    assert_eq!(view["cells"].as_array().unwrap().len(), 169);
    assert!(start.drawing().lines().next().unwrap().contains('o'), "fifteen column letters");
    // The option stops at 8, and so does the position text.
    let nine = Seesaw::new(&Options::from_pairs(&["base=9".to_string()]).unwrap());
    assert!(matches!(nine, Err(Error::BadOption(_))));
    assert!(matches!(Seesaw::from_text("tiles:;stacks:a1=1x1,b1=2x1;next:1;base:9"), Err(Error::BadPosition(_))));
    // A hand-made base-8 position without its start tiles says its base.
    let bare = pos("tiles:;stacks:a1=1x1,o8=2x1;next:1;base:8");
    assert_eq!(bare.to_text(), "tiles:;stacks:a1=1x1,o8=2x1;next:1;base:8");
}

#[test]
fn a_move_holds_any_board_in_32_bytes() {
    // The captured cells (up to 169), from, to, the size that was under `to` and the
    // flags: the size every move list and search pays for, on every board.
    assert_eq!(std::mem::size_of::<SeesawMove>(), 32);
}

// ---------------------------------------------------------------- rules beyond the 128th cell

#[test]
fn a_capture_chain_with_promotion_near_base_8s_far_edge() {
    // South's 3-stack on n3 (cell 154) faces North's 1-stacks on n4 and n5 (155, 156);
    // n6 is a North tile. n4 is next to it: taking it costs one step and leaves two,
    // and then n5 (next to the empty o4 and m5) must fall too, with one step left:
    // pass, or one step up (n6, m6 or o5). n5 can also be taken at once, the long way
    // round n4 (three steps, none left). Only the step onto North's tile grows the
    // odd stack; the pass on n5 does not.
    let p = pos("tiles:h15=2,h1=1,n6=2;stacks:h15=2x1,n3=1x3,n4=2x1,n5=2x1;next:1");
    assert!(p.must_capture());
    assert_eq!(moves(&p), ["n3xn4xn5-m6", "n3xn4xn5-n6", "n3xn4xn5-o5", "n3xn4xn5-pass", "n3xn5"]);
    assert_eq!(after(&p, "n3xn4xn5-n6"), "tiles:h15=2,h1=1,n6=2;stacks:h15=2x1,n6=1x4;next:2");
    assert_eq!(after(&p, "n3xn4xn5-pass"), "tiles:h15=2,h1=1,n6=2;stacks:h15=2x1,n5=1x3;next:2");
    assert_eq!(after(&p, "n3xn4xn5-o5"), "tiles:h15=2,h1=1,n6=2;stacks:h15=2x1,o5=1x3;next:2");
    assert_eq!(after(&p, "n3xn5"), "tiles:h15=2,h1=1,n6=2;stacks:h15=2x1,n4=2x1,n5=1x3;next:2");
    let grow = p.parse_move("n3xn4xn5-n6").unwrap();
    assert!(grow.promotes());
    assert_eq!(grow.kind(), TurnKind::Capture);
    assert_eq!(grow.captured_cells().collect::<Vec<_>>(), [155, 156]);
    assert!(!p.parse_move("n3xn4xn5-pass").unwrap().promotes());
    // A further capture is compulsory after the first one.
    assert_eq!(
        p.parse_move("n3xn4-pass").unwrap_err(),
        Error::IllegalMove("after n3xn4 a further capture is compulsory".into())
    );
    let view = p.move_view(grow);
    assert_eq!(view["captures"], serde_json::json!(["n4", "n5"]));
    assert_eq!(view["path"], serde_json::json!(["n3", "n4", "n5", "n6"]));
    assert_eq!(view["size_after"], 4);
    // Every turn is taken back exactly.
    for mv in legal(&p) {
        let mut q = p.clone();
        q.play(mv);
        assert_ne!(q.hash(), p.hash());
        assert_eq!(q.hash(), pos(&q.to_text()).hash(), "{}", p.format_move(mv));
        q.undo(mv);
        assert_eq!(q, p);
        assert_eq!(q.hash(), p.hash());
    }
}

#[test]
fn the_last_cell_captures_and_promotes() {
    // North's 1-stack on o8, the 169th cell, must take South's 2-stack on o7 below it,
    // which stands on a South tile: the odd North stack grows there. The capture takes
    // South's last stack but h1, so the game goes on.
    let p = pos("tiles:h15=2,h1=1,o7=1;stacks:h1=1x1,o7=1x2,o8=2x1;next:2");
    assert_eq!(moves(&p), ["o8xo7"]);
    assert_eq!(after(&p, "o8xo7"), "tiles:h15=2,h1=1,o7=1;stacks:h1=1x1,o7=2x2;next:1");
    // Without h1 it is South's last stack, and North wins.
    let last = pos("tiles:h15=2,h1=1,o7=1;stacks:h15=2x1,o7=1x2,o8=2x1;next:2");
    let text = after(&last, "o8xo7");
    assert_eq!(text, "tiles:h15=2,h1=1,o7=1;stacks:h15=2x1,o7=2x2;next:1;winner:2");
    assert_eq!(pos(&text).outcome(), Some(Outcome::Win(Side::Second)));
}

// ---------------------------------------------------------------- hashes

#[test]
fn hashes_of_the_smaller_boards_did_not_change_when_base_8_came() {
    // Zobrist keys are fixed for every release: these were computed before base 8
    // existed (base 7's position has cells beyond the 64th, for the `u128` boards).
    assert_eq!(Seesaw::with_base(4).unwrap().hash(), 0xb611_9da4_b435_4c5a);
    assert_eq!(Seesaw::with_base(5).unwrap().hash(), 0x3c26_0c89_0b92_2b46);
    assert_eq!(pos("tiles:a4=2,d1=1,d7=2;stacks:a4=2x1,d3=1x3,d4=2x1,d5=2x1;next:1").hash(), 0x805f_2d99_76f8_17b8);
    assert_eq!(
        pos("tiles:g13=2,g1=1,k3=1,m2=2;stacks:a1=1x1,g13=1x40,k3=2x3,m7=2x12;next:2").hash(),
        0xf3c7_04cb_ff0e_9ac2
    );
}

/// Random games on base 8, captures preferred half the time so that long chains and
/// the far columns turn up; every position is checked and each game is taken back
/// move by move. Returns how many captures took a cell beyond the 128th.
fn random_games_on_base_8(games: u64, max_turns: usize) -> usize {
    let mut rng = seeded_rng(8_000 + games);
    let mut high_captures = 0;
    for _ in 0..games {
        let start = Seesaw::with_base(8).unwrap();
        let mut p = start.clone();
        let mut line: Vec<(SeesawMove, Seesaw)> = Vec::new();
        for _ in 0..max_turns {
            let all = legal(&p);
            if all.is_empty() {
                assert!(p.outcome().is_some());
                break;
            }
            assert_eq!(all.len(), p.move_count());
            for &mv in &all {
                let text = p.format_move(mv);
                assert_eq!(p.parse_move(&text), Ok(mv), "{text} in {}", p.to_text());
            }
            let captures: Vec<SeesawMove> = all.iter().copied().filter(|m| m.kind() == TurnKind::Capture).collect();
            let pick = uniform_below(&mut rng, all.len() as u64) as usize;
            let mv = if !captures.is_empty() && pick & 1 == 0 { captures[pick % captures.len()] } else { all[pick] };
            if mv.captured_cells().any(|c| c >= 128) {
                high_captures += 1;
            }
            line.push((mv, p.clone()));
            p.play(mv);
            let back = pos(&p.to_text());
            assert_eq!(back.hash(), p.hash(), "the kept hash is the hash of the position {}", p.to_text());
            assert_eq!(back, p);
        }
        while let Some((mv, before)) = line.pop() {
            p.undo(mv);
            assert_eq!(p.hash(), before.hash());
            assert_eq!(p, before);
        }
        assert_eq!(p, start);
    }
    high_captures
}

#[test]
fn play_and_undo_restore_position_and_hash_on_base_8() {
    let high = random_games_on_base_8(12, 300);
    assert!(high >= 10, "only {high} captures reached beyond the 128th cell");
}

// ---------------------------------------------------------------- notation

#[test]
fn base_8_moves_parse_and_format_back() {
    let start = Seesaw::with_base(8).unwrap();
    for text in ["h1-h2", "h1-g1", "h1-i1", "+g1", "+h2", "+i1"] {
        let mv = start.parse_move(text).unwrap();
        assert_eq!(start.format_move(mv), text);
    }
    assert_eq!(start.parse_move("H1-H2"), start.parse_move("h1-h2"));
    assert_eq!(start.parse_move("o9-o8"), Err(Error::BadMove("'o9' is not a cell of the base-8 board".into())));
    assert_eq!(start.parse_move("p1-p2"), Err(Error::BadMove("'p1' is not a cell of the base-8 board".into())));
    assert_eq!(start.parse_move("o8-o7"), Err(Error::IllegalMove("South has no stack on o8".into())));
    // Deploys and steps among the cells beyond the 128th.
    let p = pos("tiles:h15=2,h1=1,m1=1;stacks:h15=2x1,m1=1x2,o8=2x1;next:1");
    let all = moves(&p);
    assert!(all.contains(&"+l1".to_string()) && all.contains(&"+n1".to_string()), "{all:?}");
    for text in &all {
        let mv = p.parse_move(text).unwrap();
        assert_eq!(&p.format_move(mv), text);
    }
}

// ---------------------------------------------------------------- playouts

/// A random playout move by move, as the trait's default plays it.
fn play_out_one_by_one(p: &mut Seesaw, max: usize, seed: u64) -> (Option<Outcome>, usize) {
    let mut rng = seeded_rng(seed);
    let mut scratch = Vec::new();
    let mut played = 0;
    while played < max {
        let Some(mv) = p.pick_move(&mut scratch, |n| uniform_below(&mut rng, n as u64) as usize) else {
            return (p.outcome(), played);
        };
        p.play(mv);
        played += 1;
    }
    (None, played)
}

#[test]
fn a_whole_playout_at_once_plays_the_same_game_and_keeps_the_hash() {
    for base in 3..=8 {
        let start = Seesaw::new(&Options::from_pairs(&[format!("base={base}")]).unwrap()).unwrap();
        for seed in 0..40 {
            for max in [5, 100_000] {
                let mut by_moves = start.clone();
                let expected = play_out_one_by_one(&mut by_moves, max, seed);
                let mut at_once = start.clone();
                let mut rng = seeded_rng(seed);
                let got = at_once.play_out(max, &mut Vec::new(), |n| uniform_below(&mut rng, n as u64) as usize);
                assert_eq!(got, expected, "base {base}, seed {seed}, at most {max} moves");
                assert_eq!(at_once.to_text(), by_moves.to_text(), "base {base}, seed {seed}");
                assert_eq!(at_once.hash(), by_moves.hash(), "base {base}, seed {seed}: the hash is brought up to date");
                // What the playout kept up to date as it went (the cells
                // beside each side's tiles) gives the same turns.
                let (mut after_once, mut after_moves) = (Vec::new(), Vec::new());
                at_once.legal_moves(&mut after_once);
                by_moves.legal_moves(&mut after_moves);
                assert_eq!(after_once, after_moves, "base {base}, seed {seed}: the turns after the playout");
            }
        }
    }
}
