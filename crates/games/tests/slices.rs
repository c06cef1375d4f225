//! A decision thought in slices (`tabula_search::Slices`, the browser's
//! engine worker): it comes to the same decision as one call would, however
//! short the slices, and says what it has found between them.

use tabula_core::time::Duration;
use tabula_core::Options;
use tabula_games::find;
use tabula_search::{AnyGame, PlayerSpec, Slice, Slices};

/// The longest any decision here may take; none comes near it.
const CAP: Duration = Duration::from_secs(120);

fn game(slug: &str, options: &[&str], moves: &[&str]) -> Box<dyn AnyGame> {
    let mut game = find(slug).unwrap().create(&Options::from_pairs(options).unwrap()).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

fn spec(game: &dyn AnyGame, text: &str) -> PlayerSpec {
    PlayerSpec::parse(text, game.info()).unwrap()
}

/// Plays `game` on by its first legal moves until `left` moves remain for the mover or fewer.
fn near_the_end(game: &mut Box<dyn AnyGame>, left: usize) {
    while game.legal_moves().len() > left && game.outcome().is_none() {
        let mv = game.legal_moves()[0].clone();
        game.play_text(&mv).unwrap();
    }
}

#[test]
fn a_move_that_needs_no_search_is_decided_in_the_first_slice() {
    let game = game("warp-weft", &[], &[]);
    let spec = spec(game.as_ref(), "greedy");
    let mut player = game.new_player(&spec, 7);
    let mut slices = Slices::new(&spec, CAP);
    let Slice::Done(Some(decision)) = slices.next(player.as_mut(), game.as_ref(), Duration::from_secs(60)).unwrap()
    else {
        panic!("greedy decides at once");
    };
    assert!(game.legal_moves().contains(&decision.mv));
}

#[test]
fn a_fixed_depth_search_in_tiny_slices_reaches_its_depth_and_reports_on_the_way() {
    for slug in ["leeward", "piracy", "warp-weft"] {
        let game = game(slug, &[], &[]);
        let spec = spec(game.as_ref(), "ab:depth=5");
        let mut player = game.new_player(&spec, 7);
        let mut slices = Slices::new(&spec, CAP);
        let mut depths = Vec::new();
        let decision = slices
            .finish(player.as_mut(), game.as_ref(), Duration::from_millis(1), |p| {
                assert!(p.best.is_some(), "{slug}: a report names the best move so far");
                depths.push(p.depth);
            })
            .unwrap()
            .expect("the game goes on");
        assert_eq!(decision.depth, 5, "{slug}: the decision is the spec's depth");
        assert!(game.legal_moves().contains(&decision.mv), "{slug}: '{}' is legal", decision.mv);
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{slug}: the reported depth never falls: {depths:?}");
        assert!(depths.iter().all(|&d| d <= 5), "{slug}: no report beyond the spec's depth: {depths:?}");
        // The same search in one call: the same depth and score (the slices only split the time).
        let mut whole = game.new_player(&spec, 7);
        let once = whole.choose(game.as_ref()).unwrap().unwrap();
        assert_eq!((once.depth, once.score), (decision.depth, decision.score), "{slug}");
    }
}

#[test]
fn a_tree_search_in_slices_keeps_growing_one_tree() {
    let game = game("seesaw", &[], &[]);
    let spec = spec(game.as_ref(), "mcts:iters=3000");
    let mut player = game.new_player(&spec, 7);
    let mut slices = Slices::new(&spec, CAP);
    let mut reports = Vec::new();
    let decision = slices
        .finish(player.as_mut(), game.as_ref(), Duration::from_millis(1), |p| reports.push(p.clone()))
        .unwrap()
        .expect("the game goes on");
    assert!(game.legal_moves().contains(&decision.mv));
    assert!((3000..3100).contains(&decision.nodes), "the spec's playouts, over all slices: {}", decision.nodes);
    assert!(reports.iter().all(|p| p.playouts), "a tree search counts playouts");
    assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes), "the count grows slice by slice");
}

#[test]
fn perfect_play_in_slices_gives_the_solvers_exact_move() {
    let mut game = game("warp-weft", &["size=5"], &[]);
    near_the_end(&mut game, 3);
    let spec = spec(game.as_ref(), "level:perfect");
    let mut player = game.new_player(&spec, 7);
    let mut slices = Slices::new(&spec, CAP);
    let decision =
        slices.finish(player.as_mut(), game.as_ref(), Duration::from_millis(20), |_| {}).unwrap().expect("goes on");
    let mut whole = game.new_player(&spec, 7);
    let once = whole.choose(game.as_ref()).unwrap().unwrap();
    assert!(decision.exact, "the solver finished: {decision:?}");
    assert_eq!(decision.score, once.score, "the exact value, as one call gives it");
}

#[test]
fn the_whole_decision_ends_at_its_cap() {
    // An endless search (no time of its own, a depth it cannot reach) ends when the cap is spent.
    let game = game("leeward", &[], &[]);
    let spec = spec(game.as_ref(), "ab:depth=60");
    let mut player = game.new_player(&spec, 7);
    let mut slices = Slices::new(&spec, Duration::from_millis(30));
    let decision = slices
        .finish(player.as_mut(), game.as_ref(), Duration::from_millis(5), |_| {})
        .unwrap()
        .expect("the game goes on");
    assert!(decision.depth < 60, "stopped short of the spec's depth");
    assert!(game.legal_moves().contains(&decision.mv));
}
