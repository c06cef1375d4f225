//! The match runner on a real game: reproducible, and shards add up to the whole.

use tabula_core::Options;
use tabula_games::find;
use tabula_search::{GameRecord, MatchSetup, Summary};

fn setup(shard: (u64, u64)) -> MatchSetup {
    MatchSetup {
        entry: find("warp-weft").unwrap(),
        options: Options::new(),
        a: "greedy:margin=4".into(),
        b: "random".into(),
        games: 24,
        seed: 7,
        max_moves: None,
        random_moves: 0,
        shard,
    }
}

fn summary(records: &[GameRecord]) -> Summary {
    Summary::of(&records.iter().map(GameRecord::result).collect::<Vec<_>>())
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let one = setup((0, 1)).run(2, &[], |_| {}).unwrap();
    let two = setup((0, 1)).run(1, &[], |_| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.len(), 24);
    // Each pair starts from one board, with A on each side once.
    assert_eq!(one[0].start, one[1].start);
    assert_ne!(one[0].start, one[2].start);
    assert_eq!((one[0].a_seat, one[1].a_seat), (0, 1));
}

#[test]
fn shards_merge_to_the_whole_match() {
    let whole = setup((0, 1)).run(1, &[], |_| {}).unwrap();
    let mut parts: Vec<GameRecord> = (0..3).flat_map(|i| setup((i, 3)).run(1, &[], |_| {}).unwrap()).collect();
    parts.sort_by_key(|r| r.index);
    assert_eq!(parts, whole);
    assert_eq!(summary(&parts), summary(&whole));
}

#[test]
fn a_resumed_run_plays_only_what_is_missing() {
    let whole = setup((0, 1)).run(1, &[], |_| {}).unwrap();
    let done: Vec<u64> = (0..10).collect();
    let rest = setup((0, 1)).run(1, &done, |_| {}).unwrap();
    assert_eq!(rest.len(), 14);
    assert_eq!(rest[..], whole[10..]);
}

/// Random openings never hand the game to one side: after two random moves
/// in Leeward (where a careless first move can leave the Lamp to be taken)
/// the game goes on and the side to move cannot win with its next move.
#[test]
fn random_openings_leave_a_game_to_play() {
    use tabula_core::{seeded_rng, Outcome};
    use tabula_search::play_random_opening;
    let entry = find("leeward").unwrap();
    let mut careless_first_moves = 0;
    for seed in 0..300u64 {
        let mut game = entry.create(&Options::new()).unwrap();
        play_random_opening(game.as_mut(), 2, &mut seeded_rng(seed)).unwrap();
        assert_eq!(game.history().len(), 2);
        assert_eq!(game.outcome(), None, "seed {seed}: {:?}", game.history());
        let mover = game.side_to_move();
        for mv in game.legal_moves() {
            let mut next = game.clone_box();
            next.play_text(&mv).unwrap();
            assert_ne!(
                next.outcome(),
                Some(Outcome::Win(mover)),
                "seed {seed}: {:?} then {mv} wins at once",
                game.history()
            );
        }
    }
    // The filter has work to do: some first moves of Leeward do lose at once.
    let start = entry.create(&Options::new()).unwrap();
    for first in start.legal_moves() {
        let mut game = start.clone_box();
        game.play_text(&first).unwrap();
        let mover = game.side_to_move();
        let loses = game.legal_moves().iter().any(|reply| {
            let mut next = game.clone_box();
            next.play_text(reply).unwrap();
            next.outcome() == Some(Outcome::Win(mover))
        });
        careless_first_moves += loses as u32;
    }
    assert!(careless_first_moves > 0);
}
