//! Shards of a match, merged by `merge_records` (as `tabula match --merge`
//! and the Python package's Ray runner do), give the records of one run.

use tabula_core::Options;
use tabula_games::find;
use tabula_search::{merge_records, MatchSetup};

fn setup(shard: (u64, u64)) -> MatchSetup {
    MatchSetup {
        entry: find("warp-weft").unwrap(),
        options: Options::from_pairs(&["size=5"]).unwrap(),
        a: "greedy".into(),
        b: "random".into(),
        games: 10,
        seed: 3,
        max_moves: None,
        random_moves: 0,
        shard,
    }
}

#[test]
fn merged_shards_equal_one_run() {
    let whole = setup((0, 1)).run(1, &[], |_| {}).unwrap();
    let mut shards = Vec::new();
    for i in (0..3).rev() {
        shards.extend(setup((i, 3)).run(1, &[], |_| {}).unwrap());
    }
    // A game seen twice (a shard run again) counts once.
    shards.push(whole[4].clone());
    assert_eq!(merge_records(shards).unwrap(), whole);
}

#[test]
fn records_of_another_match_are_refused() {
    let mut records = setup((0, 1)).run(1, &[], |_| {}).unwrap();
    records[3].players[1] = "ab:depth=2".into();
    let error = merge_records(records).unwrap_err().to_string();
    assert_eq!(error, "the shards hold different matches (greedy vs random and greedy vs ab:depth=2)");
}
