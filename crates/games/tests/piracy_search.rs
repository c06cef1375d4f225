//! The computer captains: they keep off the rocks when they can, finish a
//! sinking shot, and sail a survivor home; the levels parse and move.

mod common;

use tabula_core::{Evaluate, Game, Options};
use tabula_games::piracy::{survivor_safe, Piracy, DECIDED};
use tabula_search::{choose_move, PlayerSpec};

/// A position from its text.
fn pos(text: &str) -> Piracy {
    common::pos(text)
}

fn choice(p: &Piracy, spec: &str) -> String {
    let spec = PlayerSpec::parse(spec, Piracy::info()).unwrap();
    let mut rng = tabula_core::seeded_rng(5);
    let result = choose_move(p, &spec, &mut rng).expect("a move");
    p.format_move(result.best.unwrap())
}

// Cook's bow on b7 heading north: left and straight on lead into the corner
// or onto the coast within a move; only the right turn, to c8 and then east, stays at sea.
const CORNERED: &str = "island=d4;cook=b6-b7,hits=0,circling=0;silver=g2-g3,hits=0,circling=0;next=cook;ply=20";
const CORNERED_SURVIVOR: &str =
    "island=d4;cook=b6-b7,hits=2,circling=0;silver=g2-g3,hits=7,circling=0,sunk=shot;next=cook;ply=41;survivor=cook;owed=7";

#[test]
fn the_captains_keep_off_the_rocks() {
    for spec in ["level:medium", "ab:depth=12", "level:hard"] {
        assert_eq!(choice(&pos(CORNERED), spec), "R", "{spec}");
        assert_eq!(choice(&pos(CORNERED_SURVIVOR), spec), "R", "{spec} as the survivor");
    }
}

#[test]
fn a_survivor_with_room_is_a_decided_win_and_one_without_is_not() {
    let p = pos(CORNERED_SURVIVOR);
    assert_eq!(survivor_safe(&p), Some(true));
    assert_eq!(p.evaluate(), DECIDED);
    let mut q = p;
    q.play(q.parse_move("S").unwrap());
    assert_eq!(survivor_safe(&q), Some(false), "b8 heading north: every move runs aground");
    assert_eq!(q.evaluate(), 0);
}

#[test]
fn the_captains_fire_the_sinking_broadside() {
    let text = "island=e3;cook=b4-c5,hits=4,circling=0;silver=d7-e7,hits=5,circling=0;next=cook;ply=20";
    for spec in ["level:easy", "level:medium", "level:hard"] {
        assert_eq!(choice(&pos(text), spec), "S", "{spec}: two hits sink Silver");
    }
}

#[test]
fn every_level_moves_from_the_start_of_every_island() {
    let info = Piracy::info();
    assert_eq!(info.levels.iter().map(|l| l.key).collect::<Vec<_>>(), ["easy", "medium", "hard"]);
    for island in ["c3", "e5"] {
        let start = Piracy::new(&Options::from_pairs(&[format!("island={island}")]).unwrap()).unwrap();
        for level in ["easy", "medium"] {
            let mv = choice(&start, &format!("level:{level}"));
            assert!(["L", "S", "R"].contains(&mv.as_str()));
        }
    }
}
