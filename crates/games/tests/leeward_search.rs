//! The generic alpha–beta search with Leeward's evaluation: it takes wins,
//! sees the wind it leaves, and plays at each level.

mod common;

use tabula_core::{Evaluate, Game, Outcome, Side, PROVEN};
use tabula_games::leeward::{Kind, Leeward};
use tabula_search::{AlphaBeta, PlayerSpec, SearchLimits};

/// A position from its text.
fn pos(text: &str) -> Leeward {
    common::pos(text)
}

fn best(p: &Leeward, depth: u32) -> (String, i32) {
    let result = AlphaBeta::<Leeward>::new(4).search(p, SearchLimits::depth(depth));
    (p.format_move(result.best.unwrap()), result.score)
}

/// Whether the side to move can take the enemy Lamp at once.
fn can_take_lamp(p: &Leeward) -> bool {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.iter().any(|m| m.captured() == Some(Kind::Lamp))
}

#[test]
fn the_search_takes_the_lamp() {
    let p = pos("board=7/7/7/S2l3/7/7/3L3;wind=E;next=ink;calm=0");
    let (mv, score) = best(&p, 3);
    assert!(mv.starts_with("a4xd4/"), "{mv}");
    assert!(score > PROVEN);
}

#[test]
fn the_search_makes_landfall() {
    let p = pos("board=7/2L4/7/7/l6/7/7;wind=E;next=ink;calm=5");
    let (mv, score) = best(&p, 3);
    assert!(mv.starts_with("c6d7/"), "{mv}");
    assert!(score > PROVEN);
}

#[test]
fn the_search_wins_by_the_wind_it_leaves() {
    // Paper's Lamp is boxed in; an east or south wind leaves its Sail on g1 nothing.
    let p = pos("board=lO5/OO5/7/7/7/7/3L2s;wind=N;next=ink;calm=0");
    let result = AlphaBeta::<Leeward>::new(4).search(&p, SearchLimits::depth(2));
    let mut after = p.clone();
    after.play(result.best.unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::First)), "{}", p.format_move(result.best.unwrap()));
    assert!(result.score > PROVEN);
}

#[test]
fn the_search_never_leaves_a_wind_that_gives_its_lamp_away() {
    // Paper's Sail on d5 runs south onto Ink's Lamp on d1 if Ink leaves a south
    // wind; Ink's Oar on d2 stands in the way only until it moves.
    let p = pos("board=6l/7/3s3/7/7/3O3/3L3;wind=E;next=ink;calm=0");
    for depth in 1..=4 {
        let result = AlphaBeta::<Leeward>::new(4).search(&p, SearchLimits::depth(depth));
        let mut after = p.clone();
        after.play(result.best.unwrap());
        assert!(!can_take_lamp(&after), "depth {depth}: {} hands Paper the Lamp", p.format_move(result.best.unwrap()));
    }
}

#[test]
fn the_evaluation_counts_material_and_stays_in_range() {
    let start = Leeward::start();
    let even = start.evaluate();
    assert!(even.abs() < 100, "the start is about even: {even}");
    // Ink an Oar up, Ink to move.
    let sail_up = pos("board=okslsk1/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0");
    assert!(sail_up.evaluate() > even + 200, "{}", sail_up.evaluate());
    // The same position with Paper to move looks bad for Paper.
    let paper_down = pos("board=okslsk1/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=paper;calm=0");
    assert!(paper_down.evaluate() < -200, "{}", paper_down.evaluate());
    // Ink's Lamp one step from an empty d7 weighs on Paper far more than one four steps away.
    let close = pos("board=o4lo/2L4/7/7/7/7/2S1S2;wind=N;next=paper;calm=0").evaluate();
    let far = pos("board=o4lo/7/7/7/2L4/7/2S1S2;wind=N;next=paper;calm=0").evaluate();
    assert!(close < far - 200, "{close} {far}");
    for p in [start, sail_up, paper_down] {
        assert!(p.evaluate().abs() < 10_000);
    }
}

#[test]
fn every_level_is_a_player_spec_that_moves() {
    let info = Leeward::info();
    assert_eq!(info.levels.iter().map(|l| l.key).collect::<Vec<_>>(), ["easy", "fair", "strong"]);
    for level in info.levels {
        let spec = PlayerSpec::parse(level.player, info).unwrap_or_else(|e| panic!("{}: {e}", level.key));
        assert!(matches!(spec, PlayerSpec::AlphaBeta { .. }), "{}", level.key);
    }
}

#[test]
fn the_plain_baseline_counts_material_only_and_searches_without_quiescence() {
    assert_eq!(Leeward::start().evaluate_plain(), 0);
    // Ink an Oar up: +300 for Ink to move, −300 for Paper, whatever else the full evaluation sees.
    let ink = pos("board=okslsk1/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0");
    assert_eq!(ink.evaluate_plain(), 300);
    let paper = pos("board=okslsk1/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=paper;calm=0");
    assert_eq!(paper.evaluate_plain(), -300);
    assert_ne!(ink.evaluate(), 300, "the full evaluation sees more than material");
    // The baseline player spec reads, prints back and moves.
    let spec = PlayerSpec::parse("ab:depth=3,plain=1", Leeward::info()).unwrap();
    assert!(matches!(spec, PlayerSpec::AlphaBeta { plain: true, .. }));
    assert!(spec.to_string().contains("plain=1"), "{spec}");
    let mut player = tabula_search::Player::new(spec, 1);
    assert!(player.choose(&Leeward::start()).unwrap().is_some());
    // A plain depth-1 search scores a quiet position by material alone.
    let mut plain = AlphaBeta::<Leeward>::new(1);
    plain.set_plain(true);
    let result = plain.search(&ink, SearchLimits::depth(1));
    let mut moves = Vec::new();
    ink.legal_moves(&mut moves);
    let best_material = moves
        .iter()
        .map(|&m| {
            let mut after = ink.clone();
            after.play(m);
            match after.outcome() {
                Some(_) => i32::MAX,
                None => -after.evaluate_plain(),
            }
        })
        .max()
        .unwrap();
    if best_material != i32::MAX {
        assert_eq!(result.score, best_material);
    }
}

/// A searcher with late-move reductions on.
fn reducing() -> AlphaBeta<Leeward> {
    let mut searcher = AlphaBeta::<Leeward>::new(4);
    searcher.set_reductions(true);
    searcher
}

#[test]
fn late_move_reductions_keep_the_tactics() {
    let lamp = pos("board=7/7/7/S2l3/7/7/3L3;wind=E;next=ink;calm=0");
    let landfall = pos("board=7/2L4/7/7/l6/7/7;wind=E;next=ink;calm=5");
    for (p, want) in [(&lamp, "a4xd4/"), (&landfall, "c6d7/")] {
        for depth in 3..=6 {
            let result = reducing().search(p, SearchLimits::depth(depth));
            let mv = p.format_move(result.best.unwrap());
            assert!(mv.starts_with(want) && result.score > PROVEN, "depth {depth}: {mv} {}", result.score);
        }
    }
    let guarded = pos("board=6l/7/3s3/7/7/3O3/3L3;wind=E;next=ink;calm=0");
    for depth in 3..=6 {
        let result = reducing().search(&guarded, SearchLimits::depth(depth));
        let mut after = guarded.clone();
        after.play(result.best.unwrap());
        assert!(!can_take_lamp(&after), "depth {depth}: {}", guarded.format_move(result.best.unwrap()));
    }
}

#[test]
fn late_move_reductions_reach_deeper_on_the_same_nodes() {
    // Thirty moves into a game between Strong and Fair.
    let middle = pos("board=1o2s2/1k3o1/2K2l1/5k1/3O2L/7/O1S1K1O;wind=E;next=ink;calm=5");
    let limits = SearchLimits { depth: 64, time: None, min_depth: 0, nodes: Some(2_000_000) };
    let full = AlphaBeta::<Leeward>::new(16).search(&middle, limits);
    let reduced = reducing().search(&middle, limits);
    // Nine plies before a move searched in vain was reduced a ply more (8 December 2026).
    assert_eq!((full.depth, reduced.depth), (6, 10), "depths finished on 2 M nodes");
}

#[test]
fn a_lamp_beside_an_empty_home_is_a_threat() {
    // Paper's Lamp on d2, beside Ink's home d1.
    assert!(pos("board=L5O/7/7/7/7/3l3/6o;wind=E;next=ink;calm=0").threatened());
    assert!(
        !pos("board=L5O/7/7/7/7/3l3/6o;wind=E;next=paper;calm=0").threatened(),
        "Paper's own Lamp threatens Paper nothing"
    );
    assert!(!pos("board=L5O/7/7/7/7/3l3/3O2o;wind=E;next=ink;calm=0").threatened(), "an Oar on d1 bars it");
    assert!(!pos("board=L5O/7/7/7/3l3/7/6o;wind=E;next=ink;calm=0").threatened(), "two steps away");
}

#[test]
fn the_threat_extension_sees_a_landfall_past_the_horizon() {
    // Paper's Lamp on d3 steps beside Ink's empty home, and nothing of Ink's can fill d1 or take the Lamp:
    // one ply shows only the step (the evaluation's bonus); the extension shows the win behind it.
    let p = pos("board=L5O/7/7/7/3l3/7/6o;wind=E;next=paper;calm=0");
    let plain = AlphaBeta::<Leeward>::new(4).search(&p, SearchLimits::depth(1));
    assert!(plain.score < PROVEN, "{}", plain.score);
    let mut extending = AlphaBeta::<Leeward>::new(4);
    extending.set_extensions(true);
    let result = extending.search(&p, SearchLimits::depth(1));
    let mut after = p.clone();
    after.play(result.best.unwrap());
    assert!(result.score > PROVEN && after.threatened(), "{} {}", p.format_move(result.best.unwrap()), result.score);
    // The player spec turns it on.
    let spec = PlayerSpec::parse("ab:depth=1,extend=1", Leeward::info()).unwrap();
    assert!(matches!(spec, PlayerSpec::AlphaBeta { extend: true, .. }));
    assert!(spec.to_string().contains("extend=1"), "{spec}");
}
