//! Every rule of Piracy on concrete positions, with the exact moves and
//! results expected; the island placements; notation and position text
//! (perft counts: `tests/data/piracy.perft`).

mod common;

use tabula_core::{Error, Game, Options, Outcome, Side};
use tabula_games::piracy::{Fate, Piracy};

use common::{listed, play};

/// The start position with options given as `KEY=VALUE` pairs.
fn game(pairs: &[&str]) -> Piracy {
    common::game(pairs)
}

/// A position from its text.
fn pos(text: &str) -> Piracy {
    common::pos(text)
}

fn after(text: &str, line: &str) -> Piracy {
    let mut p = pos(text);
    play(&mut p, line);
    p
}

/// A ship as `stern-bow heading hits circling`, for compact assertions.
fn ship(p: &Piracy, seat: usize) -> String {
    let view = p.view();
    let s = &view["ships"][seat];
    format!(
        "{}-{} {} {} {}",
        s["stern"].as_str().unwrap(),
        s["bow"].as_str().unwrap(),
        s["heading"].as_str().unwrap(),
        s["hits"],
        s["circling"]
    )
}

const START: &str = "island=d4;cook=a1-b2,hits=0,circling=0;silver=h8-g7,hits=0,circling=0;next=cook;ply=0";

// ---------- Board, ships, island ----------

#[test]
fn the_start_position() {
    let p = game(&["island=d4"]);
    assert_eq!(p.to_text(), START);
    assert_eq!(p.side_to_move(), Side::First, "Cook moves first");
    assert_eq!(ship(&p, 0), "a1-b2 NE 0 0");
    assert_eq!(ship(&p, 1), "h8-g7 SW 0 0");
    assert_eq!(listed(&p), ["L", "S", "R"]);
    assert_eq!(p.outcome(), None);
    let view = p.view();
    assert_eq!(view["island_squares"], serde_json::json!(["d4", "e4", "d5", "e5"]));
    assert_eq!(view["harbours"], serde_json::json!(["a1", "h1", "a8", "h8"]));
    assert_eq!(view["moves_owed"], serde_json::Value::Null);
    assert_eq!(view["ships"][0]["name"], "Cook");
    assert_eq!(view["ships"][1]["name"], "Silver");
    assert_eq!(view["ships"][0]["sunk"], false);
}

#[test]
fn the_seed_places_the_island_in_one_of_nine_places() {
    // Pinned: changing how seeds become islands would change every shared chart.
    let islands: Vec<String> = (0..12u64)
        .map(|seed| {
            let p = game(&[&format!("seed={seed}")]);
            p.view()["island"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(islands, ["c3", "c5", "e5", "d5", "d3", "d5", "d4", "c3", "c5", "c5", "c3", "c3"]);
    // The default chart is number 1.
    assert_eq!(game(&[]).view()["island"], "c5");
    // Every one of the nine placements comes up, and nothing else.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        seen.insert(game(&[&format!("seed={seed}")]).view()["island"].as_str().unwrap().to_string());
    }
    let all: Vec<&str> = vec!["c3", "c4", "c5", "d3", "d4", "d5", "e3", "e4", "e5"];
    assert_eq!(seen.iter().map(String::as_str).collect::<Vec<_>>(), all);
}

#[test]
fn the_island_option_chooses_the_placement() {
    for square in ["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"] {
        let p = game(&[&format!("island={square}"), "seed=77"]);
        assert_eq!(p.view()["island"], square);
    }
    assert_eq!(game(&["island=seed", "seed=2"]).view()["island"], "e5");
    for bad in ["island=f6", "island=a1", "island=b3", "island=zz"] {
        let err = Piracy::new(&Options::from_pairs(&[bad]).unwrap()).unwrap_err();
        assert!(matches!(err, Error::BadOption(_)), "{bad}: {err:?}");
    }
}

// ---------- A move ----------

#[test]
fn a_move_advances_the_bow_and_the_stern_follows() {
    assert_eq!(ship(&after(START, "L"), 0), "b2-b3 N 0 -1");
    assert_eq!(ship(&after(START, "S"), 0), "b2-c3 NE 0 0");
    assert_eq!(ship(&after(START, "R"), 0), "b2-c2 E 0 1");
    // Then Silver: it turns the other way round the compass.
    assert_eq!(ship(&after(START, "S L"), 1), "g7-g6 S 0 -1");
    assert_eq!(ship(&after(START, "S R"), 1), "g7-f7 W 0 1");
}

#[test]
fn ninety_degree_turns_only_with_the_bow_in_a_harbour() {
    // Cook's bow in the harbour a1, heading south: only the turn east stays at sea.
    let p = pos("island=d4;cook=a2-a1,hits=0,circling=0;silver=h8-g7,hits=0,circling=0;next=cook;ply=8");
    assert_eq!(listed(&p), ["LL", "L", "S", "R", "RR"]);
    assert_eq!(ship(&after(&p.to_text(), "LL"), 0), "a1-b1 E 0 -2");
    for turn in ["L", "S", "R", "RR"] {
        assert_eq!(after(&p.to_text(), turn).ship(Side::First).fate(), Fate::Aground, "{turn}");
    }
    // Away from the corners a 90° turn is refused.
    let err = pos(START).parse_move("LL").unwrap_err();
    assert!(matches!(err, Error::IllegalMove(_)), "{err:?}");
    assert!(err.to_string().contains("harbour"), "{err}");
    assert!(pos(START).parse_move("RR").is_err());
}

#[test]
fn running_aground_sinks_the_ship() {
    // Off the board: Cook's bow on b8 heading north can only drive onto land,
    // and must still move.
    let p = pos("island=d4;cook=b7-b8,hits=1,circling=2;silver=h1-g2,hits=0,circling=0;next=cook;ply=12");
    assert_eq!(listed(&p), ["L", "S", "R"]);
    let q = after(&p.to_text(), "S");
    assert_eq!(q.ship(Side::First).fate(), Fate::Aground);
    assert_eq!(q.ship(Side::First).circling(), 2, "circling does not change on the fatal move");
    assert_eq!(q.ship(Side::Second).hits(), 0, "a ship that runs aground deals no hits");
    assert_eq!(q.view()["ships"][0]["aground_at"], serde_json::Value::Null);
    assert_eq!(q.view()["ships"][0]["aground_xy"], serde_json::json!([1, 8]));
    // Onto the island: Cook sails straight from the start into d4.
    let q = after(START, "S L S");
    assert_eq!(q.ship(Side::First).fate(), Fate::Aground);
    assert_eq!(q.view()["ships"][0]["aground_at"], "d4");
    assert_eq!(q.view()["ships"][0]["sunk"], true);
    assert_eq!(q.to_text(), "island=d4;cook=b2-c3,hits=0,circling=0,sunk=aground:NE;silver=g7-g6,hits=0,circling=-1;next=silver;ply=3;survivor=silver;owed=7");
    assert_eq!(q.outcome(), None);
    assert_eq!(listed(&q), ["L", "S", "R"], "the survivor sails on");
}

#[test]
fn ramming_is_not_allowed_even_if_the_only_other_move_sinks() {
    // Cook c3-d4 heading NE; Silver on e4-e5 blocks north-east and east; the
    // island c5 lies north. The one legal move is the one onto the island.
    let text = "island=c5;cook=c3-d4,hits=0,circling=0;silver=e4-e5,hits=0,circling=0;next=cook;ply=10";
    let p = pos(text);
    assert_eq!(listed(&p), ["L"]);
    for turn in ["S", "R"] {
        let err = p.parse_move(turn).unwrap_err();
        assert!(matches!(err, Error::IllegalMove(_)), "{err:?}");
        assert!(err.to_string().contains("ram"), "{err}");
    }
    assert_eq!(p.move_count(), 1);
    let q = after(text, "L");
    assert_eq!(q.ship(Side::First).fate(), Fate::Aground);
    assert_eq!(q.view()["ships"][0]["aground_at"], "d5");
    assert_eq!(q.survivor(), Some(Side::Second));
}

#[test]
fn a_sunk_ship_is_no_obstacle() {
    // Silver has sunk on e4-e5; Cook may sail through its squares.
    let text = "island=c5;cook=c3-d4,hits=0,circling=0;silver=e4-e5,hits=7,circling=0,sunk=shot;next=cook;ply=11;survivor=cook;owed=6";
    assert_eq!(listed(&pos(text)), ["L", "S", "R"]);
    assert_eq!(ship(&after(text, "S"), 0), "d4-e5 NE 0 0");
}

// ---------- Hits ----------

const ALONGSIDE: &str = "island=e3;cook=b4-c5,hits=0,circling=0;silver=d7-e7,hits=0,circling=0;next=cook;ply=20";

#[test]
fn a_hit_for_every_square_of_the_other_ship_beside_the_mover() {
    assert_eq!(after(ALONGSIDE, "L").ship(Side::Second).hits(), 1, "c5-c6 touches d7 only");
    assert_eq!(after(ALONGSIDE, "S").ship(Side::Second).hits(), 2, "c5-d6 touches d7 and e7");
    assert_eq!(after(ALONGSIDE, "R").ship(Side::Second).hits(), 0, "c5-d5 touches neither");
    assert_eq!(after(ALONGSIDE, "S").ship(Side::First).hits(), 0, "the mover takes none");
    // The stern counts too, and a square touching both of ours counts once.
    let text = "island=e3;cook=b4-c5,hits=0,circling=0;silver=b6-a7,hits=0,circling=0;next=cook;ply=20";
    assert_eq!(after(text, "R").ship(Side::Second).hits(), 1, "b6 beside the stern c5");
    assert_eq!(after(text, "L").ship(Side::Second).hits(), 1, "b6 beside both c5 and c6");
    // Hits only come from moving: Silver, still beside Cook, fires back on its move.
    let q = after(ALONGSIDE, "S S");
    assert_eq!(ship(&q, 1), "e7-f7 E 2 0");
    assert_eq!(q.ship(Side::First).hits(), 1, "f7 is not beside Cook, e7 is");
    // The move view tells the screen.
    let p = pos(ALONGSIDE);
    let mv = p.parse_move("S").unwrap();
    let info = p.move_view(mv);
    assert_eq!(info["to"], "d6");
    assert_eq!(info["hits"], 2);
    assert_eq!(info["heading"], "NE");
}

#[test]
fn seven_hits_sink_a_ship_and_the_survivor_owes_seven_moves() {
    let text = ALONGSIDE.replace("silver=d7-e7,hits=0", "silver=d7-e7,hits=5");
    let mut p = after(&text, "S");
    assert_eq!(p.ship(Side::Second).fate(), Fate::Shot);
    assert_eq!(p.ship(Side::Second).hits(), 7);
    assert_eq!(p.survivor(), Some(Side::First));
    assert_eq!(p.moves_owed(), Some(7), "the sinking move does not count");
    assert_eq!(p.view()["moves_owed"], 7);
    // The turn stays with the survivor, which sails on alone.
    assert_eq!(p.side_to_move(), Side::First);
    assert!(p.to_text().contains("next=cook"), "{}", p.to_text());
    assert_eq!(listed(&p), ["L", "S", "R"]);
    // Seven moves in a row: R R L R R S S from d6.
    for (i, turn) in ["R", "R", "L", "R", "R", "S", "S"].iter().enumerate() {
        assert_eq!(p.outcome(), None);
        assert_eq!(p.side_to_move(), Side::First, "Cook's move {} of 7", i + 1);
        play(&mut p, turn);
        assert_eq!(p.moves_owed(), Some(6 - i as u8));
    }
    assert_eq!(ship(&p, 0), "h2-h1 S 0 2");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(p.outcome_reason(), "Silver sank under its seventh hit; Cook sailed its seven more moves and wins.");
    assert!(listed(&p).is_empty());
}

#[test]
fn a_survivor_that_sinks_too_only_draws() {
    // Cook's bow in the corner h8 heading north-east: every turn runs aground.
    let text = "island=d4;cook=g7-h8,hits=2,circling=0;silver=c3-c2,hits=7,circling=0,sunk=shot;next=cook;ply=30;survivor=cook;owed=3";
    let p = pos(text);
    assert_eq!(listed(&p), ["LL", "L", "S", "R", "RR"]);
    let q = after(text, "RR");
    assert_eq!(q.outcome(), Some(Outcome::Draw));
    assert_eq!(q.outcome_reason(), "Silver sank under its seventh hit, but Cook ran aground on the coast beyond h8 before its seven moves were done: a draw.");
    // And by its own circling, with six hits and a count of seven.
    let text = "island=e5;cook=c2-c3,hits=6,circling=7;silver=h2-h3,hits=0,circling=0,sunk=aground:NE;next=cook;ply=31;survivor=cook;owed=7";
    let q = after(text, "R");
    assert_eq!(q.ship(Side::First).fate(), Fate::Circled);
    assert_eq!(q.outcome(), Some(Outcome::Draw));
}

// ---------- Circling ----------

fn circling(hits: u8, count: i8, turn: &str) -> (u8, i8, Fate) {
    let text =
        format!("island=e5;cook=c2-c3,hits={hits},circling={count};silver=h8-g7,hits=0,circling=0;next=cook;ply=20");
    let p = after(&text, turn);
    (p.ship(Side::First).hits(), p.ship(Side::First).circling(), p.ship(Side::First).fate())
}

#[test]
fn the_circling_count_and_its_self_inflicted_hit() {
    assert_eq!(circling(0, 3, "S"), (0, 3, Fate::Afloat), "straight on changes nothing");
    assert_eq!(circling(0, 3, "R"), (0, 4, Fate::Afloat), "a right turn adds one");
    assert_eq!(circling(0, 3, "L"), (0, -1, Fate::Afloat), "a left turn after right ones starts again");
    assert_eq!(circling(0, -2, "L"), (0, -3, Fate::Afloat));
    assert_eq!(circling(0, -2, "R"), (0, 1, Fate::Afloat));
    assert_eq!(circling(0, 7, "R"), (1, 0, Fate::Afloat), "the eighth eighth is a hit, and the count restarts");
    assert_eq!(circling(2, -7, "L"), (3, 0, Fate::Afloat));
    assert_eq!(circling(6, 7, "R"), (7, 0, Fate::Circled), "the seventh hit sinks, even self-inflicted");
    // A whole circle from scratch: eight right turns, straight moves between
    // them do not reset the count (Silver sails to and fro meanwhile).
    let mut p = pos("island=c3;cook=e5-e6,hits=0,circling=0;silver=a8-a7,hits=0,circling=0;next=cook;ply=20");
    play(&mut p, "R S R S R S R S S S R S R LL R S");
    assert_eq!(ship(&p, 0), "f3-e4 NW 0 7");
    assert_eq!(ship(&p, 1), "b1-c1 E 0 -2");
    play(&mut p, "R");
    assert_eq!(ship(&p, 0), "e4-e5 N 1 0");
}

#[test]
fn a_harbour_turn_counts_two() {
    let base = |count: i8, hits: u8| {
        format!("island=d4;cook=a2-a1,hits={hits},circling={count};silver=h8-g7,hits=0,circling=0;next=cook;ply=8")
    };
    assert_eq!(ship(&after(&base(-5, 0), "LL"), 0), "a1-b1 E 0 -7");
    assert_eq!(ship(&after(&base(-6, 0), "LL"), 0), "a1-b1 E 1 0");
    assert_eq!(ship(&after(&base(-7, 0), "LL"), 0), "a1-b1 E 1 0", "past a full circle the count still starts from 0");
    assert_eq!(ship(&after(&base(3, 0), "LL"), 0), "a1-b1 E 0 -2");
}

#[test]
fn both_ships_sinking_on_one_move_is_a_draw() {
    // Cook turns right for its eighth eighth, and its broadside gives Silver a seventh hit.
    let text = "island=e3;cook=b4-c5,hits=6,circling=7;silver=b6-a7,hits=6,circling=0;next=cook;ply=40";
    let q = after(text, "R");
    assert_eq!(q.ship(Side::First).fate(), Fate::Circled);
    assert_eq!(q.ship(Side::Second).fate(), Fate::Shot);
    assert_eq!(q.outcome(), Some(Outcome::Draw));
    assert_eq!(q.moves_owed(), None);
    assert_eq!(
        q.outcome_reason(),
        "On one move Cook sank when a full circle of its own gave it a seventh hit and Silver sank under its seventh hit: a draw."
    );
    let info = pos(text).move_view(pos(text).parse_move("R").unwrap());
    assert_eq!(info["sinks_other"], true);
    assert_eq!(info["sinks_self"], true);
    assert_eq!(info["circle_hit"], true);
    assert_eq!(pos(text).to_text(), Piracy::from_text(text).unwrap().to_text());
    assert_eq!(q.to_text(), "island=e3;cook=c5-d5,hits=7,circling=0,sunk=circled;silver=b6-a7,hits=7,circling=0,sunk=shot;next=silver;ply=41");
}

#[test]
fn a_ship_that_circles_itself_under_leaves_the_other_as_survivor() {
    let text = "island=e5;cook=c2-c3,hits=6,circling=7;silver=h8-g7,hits=0,circling=0;next=cook;ply=20";
    let q = after(text, "R");
    assert_eq!(q.ship(Side::First).fate(), Fate::Circled);
    assert_eq!(q.survivor(), Some(Side::Second));
    assert_eq!(q.moves_owed(), Some(7));
    assert_eq!(q.side_to_move(), Side::Second, "Silver starts its seven moves at once");
}

// ---------- The end ----------

#[test]
fn both_afloat_after_move_490_is_a_draw() {
    let text = "island=d4;cook=c2-c3,hits=3,circling=1;silver=f7-f6,hits=4,circling=0;next=cook;ply=489";
    let q = after(text, "S");
    assert_eq!(q.outcome(), Some(Outcome::Draw));
    assert_eq!(q.outcome_reason(), "Both ships are still afloat after 490 moves: a draw.");
    assert!(listed(&q).is_empty());
    let err = q.parse_move("S").unwrap_err();
    assert!(matches!(err, Error::IllegalMove(_)));
    // But a sinking on move 490 is played out: the survivor makes its seven moves.
    let text = ALONGSIDE.replace("silver=d7-e7,hits=0", "silver=d7-e7,hits=5").replace("ply=20", "ply=489");
    let q = after(&text, "S");
    assert_eq!(q.outcome(), None);
    assert_eq!(q.moves_owed(), Some(7));
    let mut q = q;
    play(&mut q, "R R L R R S S");
    assert_eq!(q.ply(), 497);
    assert_eq!(q.outcome(), Some(Outcome::Win(Side::First)));
}

// ---------- Notation and position text ----------

#[test]
fn move_notation() {
    let p = pos(START);
    for (text, turn) in [("L", -1), ("s", 0), (" R ", 1)] {
        let mv = p.parse_move(text).unwrap();
        assert_eq!(mv.turn(), turn);
        assert_eq!(p.parse_move(&p.format_move(mv)).unwrap(), mv);
    }
    for bad in ["", "X", "LLL", "left", "b3", "1"] {
        let err = p.parse_move(bad).unwrap_err();
        assert!(matches!(err, Error::BadMove(_)), "{bad}: {err:?}");
    }
    let err = p.parse_move("pass").unwrap_err();
    assert!(matches!(err, Error::BadMove(_)), "there is no pass in Piracy: {err:?}");
    let harbour = pos("island=d4;cook=a2-a1,hits=0,circling=0;silver=h8-g7,hits=0,circling=0;next=cook;ply=8");
    assert_eq!(harbour.parse_move("ll").unwrap().turn(), -2);
    assert_eq!(harbour.parse_move("RR").unwrap().turn(), 2);
}

#[test]
fn position_texts_round_trip() {
    for text in [
        START,
        "island=c5;cook=c3-d4,hits=0,circling=0,sunk=aground:N;silver=e4-e5,hits=0,circling=0;next=silver;ply=11;survivor=silver;owed=7",
        "island=e3;cook=c5-d5,hits=7,circling=0,sunk=circled;silver=b6-a7,hits=7,circling=0,sunk=shot;next=silver;ply=41",
        "island=d4;cook=g7-h8,hits=2,circling=0,sunk=aground:SE;silver=c3-c2,hits=7,circling=0,sunk=shot;next=silver;ply=31;survivor=cook;owed=2",
        "island=e5;cook=c2-c3,hits=6,circling=-7;silver=h8-g7,hits=3,circling=5;next=silver;ply=490",
    ] {
        let p = pos(text);
        assert_eq!(p.to_text(), text);
        assert_eq!(Piracy::from_text(&p.to_text()).unwrap(), p);
    }
    // Spaces and a plus sign are forgiven; the text written is canonical.
    let p = pos(" island=d4 ; cook=A1-B2,circling=+0 ; silver=h8-g7,hits=0,circling=0 ; next=Cook ; ply=0 ");
    assert_eq!(p.to_text(), START);
}

#[test]
fn bad_position_texts_say_what_is_wrong() {
    let cases = [
        ("", "no 'island'"),
        ("island=f6;cook=a1-b2;silver=h8-g7;next=cook;ply=0", "south-west square"),
        ("island=d4;cook=a1-c3;silver=h8-g7;next=cook;ply=0", "neighbouring"),
        ("island=d4;cook=c3-d4;silver=h8-g7;next=cook;ply=0", "island"),
        ("island=d4;cook=a1-b2;silver=b2-c3;next=cook;ply=0", "share a square"),
        ("island=d4;cook=a1-b2,hits=8;silver=h8-g7;next=cook;ply=0", "hits"),
        ("island=d4;cook=a1-b2,hits=7;silver=h8-g7;next=cook;ply=0", "sunk=shot"),
        ("island=d4;cook=a1-b2,circling=8;silver=h8-g7;next=cook;ply=0", "circling"),
        ("island=d4;cook=a1-b2,sunk=aground:N;silver=h8-g7;next=cook;ply=3;survivor=silver;owed=7", "open water"),
        ("island=d4;cook=a1-b2;silver=h8-g7;next=cook;ply=491", "ends at ply 490"),
        ("island=d4;cook=a1-b2;silver=h8-g7;next=blackbeard;ply=0", "cook or silver"),
        ("island=d4;cook=a1-b2;silver=h8-g7;next=cook;ply=0;wind=n", "unknown field"),
        ("island=d4;cook=a1-b2;silver=h8-g7;next=cook;ply=0;owed=3", "a ship has sunk"),
        (
            "island=d4;cook=a1-b2;silver=h8-g7,hits=7,sunk=shot;next=cook;ply=9;survivor=silver;owed=7",
            "survivor is cook",
        ),
        ("island=d4;cook=a1-b2;silver=h8-g7,hits=7,sunk=shot;next=cook;ply=9", "no 'owed'"),
        ("island=d4;cook=a1-b2;cook=a1-b2;silver=h8-g7;next=cook;ply=0", "twice"),
    ];
    for (text, needle) in cases {
        match Piracy::from_text(text) {
            Err(Error::BadPosition(msg)) => assert!(msg.contains(needle), "{text}: '{msg}' should mention '{needle}'"),
            other => panic!("{text}: expected a bad position, got {other:?}"),
        }
    }
}

#[test]
fn the_view_lists_both_ships_cook_first() {
    let q = after(ALONGSIDE, "S R");
    let view = q.view();
    let ships = view["ships"].as_array().unwrap();
    assert_eq!(ships.len(), 2);
    assert_eq!(ships[0]["name"], "Cook");
    assert_eq!(ships[0]["stern"], "c5");
    assert_eq!(ships[0]["bow"], "d6");
    assert_eq!(ships[0]["heading"], "NE");
    assert_eq!(ships[0]["hits"], 1);
    assert_eq!(ships[0]["circling"], 0);
    assert_eq!(ships[0]["sunk"], false);
    assert_eq!(ships[1]["name"], "Silver");
    assert_eq!(ships[1]["stern"], "e7");
    assert_eq!(ships[1]["bow"], "f6");
    assert_eq!(ships[1]["heading"], "SE");
    assert_eq!(ships[1]["hits"], 2);
    assert_eq!(ships[1]["circling"], 1);
    assert_eq!(view["moves_owed"], serde_json::Value::Null);
    assert_eq!(view["to_move"], "Cook");
    assert!(q.drawing().contains("Silver e7-f6 heading SE"));
}

// ---------- Perft ----------
