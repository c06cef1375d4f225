//! Every rule of Leeward on a concrete position, the notation and position
//! text and the screen's fields (perft counts: `tests/data/leeward.perft`).
//!
//! Boards in position texts list rank 7 first; Ink is upper case, Paper lower
//! case (L Lamp, S Sail, K Kite, O Oar), digits count empty squares.

mod common;

use tabula_core::{Error, Game, Options, Outcome, Side};
use tabula_games::leeward::{Ending, Kind, Leeward, Turn, Wind};

use common::{moves, play, strs};

/// A position from its text.
fn pos(text: &str) -> Leeward {
    common::pos(text)
}

/// Where the piece on `from` may go (with `x` on a capture), each square
/// once, sorted; checks on the way that each comes with exactly the three
/// winds other than the present one.
fn targets(p: &Leeward, from: &str) -> Vec<String> {
    let all = moves(p);
    let mut out: Vec<String> = Vec::new();
    for m in all.iter().filter(|m| m.starts_with(from)) {
        let (squares, wind) = m.split_once('/').unwrap();
        let target = squares[from.len()..].to_string();
        if !out.contains(&target) {
            out.push(target.clone());
            let mut winds: Vec<&str> = all
                .iter()
                .filter(|n| n.split_once('/').unwrap().0 == squares)
                .map(|n| n.split_once('/').unwrap().1)
                .collect();
            winds.sort();
            let mut expected: Vec<String> =
                Wind::ALL.iter().filter(|&&w| w != p.wind()).map(|w| w.letter().to_string()).collect();
            expected.sort();
            assert_eq!(winds, expected, "{m}: every piece move comes with the three other winds");
        }
        assert_ne!(wind, p.wind().letter().to_string());
    }
    out.sort();
    out
}

/// The same position with another wind.
fn in_wind(text: &str, wind: char) -> Leeward {
    let at = text.find("wind=").unwrap() + 5;
    let mut t = text.to_string();
    t.replace_range(at..at + 1, &wind.to_string());
    pos(&t)
}

fn played(text: &str, line: &str) -> Leeward {
    let mut p = pos(text);
    play(&mut p, line);
    p
}

// ---------------------------------------------------------------- the start

const START: &str = "board=okslsko/3o3/7/7/7/3O3/OKSLSKO;wind=E;next=ink;calm=0";

#[test]
fn the_start_position_is_as_decided() {
    let start = Leeward::new(&Options::new()).unwrap();
    assert_eq!(start.to_text(), START);
    assert_eq!(start, Leeward::start());
    assert_eq!(start.side_to_move(), Side::First, "Ink moves first");
    assert_eq!(start.wind(), Wind::E, "the wind starts blowing east");
    assert_eq!(start.calm(), 0);
    for side in Side::BOTH {
        for (kind, n) in [(Kind::Lamp, 1), (Kind::Sail, 2), (Kind::Kite, 2), (Kind::Oar, 3)] {
            assert_eq!(start.pieces(side, kind).count_ones(), n, "{side:?} {kind:?}");
        }
    }
    assert_eq!(start.outcome(), None);
    assert_eq!(Leeward::info().sides, ["Ink", "Paper"]);
    let err = Options::from_pairs(&["size=9"]).unwrap().validate(Leeward::info()).unwrap_err();
    assert!(matches!(err, Error::BadOption(_)), "Leeward has no options: {err}");
}

#[test]
fn the_first_moves_are_nine_piece_moves_with_three_winds_each() {
    let start = Leeward::start();
    let mut expected = Vec::new();
    // Sails are blocked downwind (east) by their own Lamp and Kite; a1's Oar
    // has nothing upwind (west) of it.
    for piece_move in ["b1b2", "b1b3", "f1f2", "f1f3", "g1f2", "d2c2", "d2c3", "d1c2", "d1e2"] {
        for wind in ["N", "S", "W"] {
            expected.push(format!("{piece_move}/{wind}"));
        }
    }
    expected.sort();
    assert_eq!(moves(&start), expected);
    assert_eq!(start.move_count(), 27);
}

// ---------------------------------------------------------------- the Sail

// Ink: Lamp a1, Sail d4, Oar f4. Paper: Lamp g7, Oar d6, Kite b4.
const SAIL: &str = "board=6l/3o3/7/1k1S1O1/7/7/L6;wind=N;next=ink;calm=0";

#[test]
fn a_sail_runs_downwind_and_stops_at_the_first_piece() {
    // North: one empty square, then it may take the enemy Oar, and no further.
    assert_eq!(targets(&in_wind(SAIL, 'N'), "d4"), strs(&["d5", "xd6"]));
    // East: its own Oar on f4 stops it short.
    assert_eq!(targets(&in_wind(SAIL, 'E'), "d4"), strs(&["e4"]));
    // South: a clear run to the edge; it may stop on any square of it.
    assert_eq!(targets(&in_wind(SAIL, 'S'), "d4"), strs(&["d1", "d2", "d3"]));
    // West: the enemy Kite two squares away is the end of the run.
    assert_eq!(targets(&in_wind(SAIL, 'W'), "d4"), strs(&["c4", "xb4"]));
}

#[test]
fn a_sail_on_the_downwind_edge_cannot_move() {
    // Ink's Sail in the north-west corner, Paper's Lamp in the north-east one.
    let corner = "board=S5l/7/7/7/7/7/L6;wind=N;next=ink;calm=0";
    assert_eq!(targets(&in_wind(corner, 'N'), "a7"), Vec::<String>::new());
    assert_eq!(targets(&in_wind(corner, 'W'), "a7"), Vec::<String>::new());
    assert_eq!(targets(&in_wind(corner, 'E'), "a7"), strs(&["b7", "c7", "d7", "e7", "f7", "xg7"]));
    assert_eq!(targets(&in_wind(corner, 'S'), "a7"), strs(&["a2", "a3", "a4", "a5", "a6"]));
}

// ---------------------------------------------------------------- the Kite

// Ink: Lamp a1, Kite d4, Oars e4 and d2. Paper: Lamp g7, Sail b4, Oar d5.
const KITE: &str = "board=6l/7/3o3/1s1KO2/7/3O3/L6;wind=N;next=ink;calm=0";

#[test]
fn a_kite_steps_or_leaps_two_crosswind_over_anything() {
    // North or south wind: east and west. It leaps its own Oar on e4 to f4,
    // leaps the empty c4 to take the Sail on b4, and cannot land on e4.
    for wind in ['N', 'S'] {
        assert_eq!(targets(&in_wind(KITE, wind), "d4"), strs(&["c4", "f4", "xb4"]), "wind {wind}");
    }
    // East or west wind: north and south. It takes the Oar on d5 or leaps it
    // to d6; south it may step to d3 but not leap onto its own Oar on d2.
    for wind in ['E', 'W'] {
        assert_eq!(targets(&in_wind(KITE, wind), "d4"), strs(&["d3", "d6", "xd5"]), "wind {wind}");
    }
}

#[test]
fn a_leaped_piece_is_not_affected() {
    let over_own = played(KITE, "d4f4/E");
    assert_eq!(over_own.piece_at(sq("e4")), Some((Side::First, Kind::Oar)));
    assert_eq!(over_own.piece_at(sq("f4")), Some((Side::First, Kind::Kite)));
    let over_enemy = played(&in_wind(KITE, 'E').to_text(), "d4d6/N");
    assert_eq!(over_enemy.piece_at(sq("d5")), Some((Side::Second, Kind::Oar)));
    assert_eq!(over_enemy.piece_at(sq("d6")), Some((Side::First, Kind::Kite)));
    assert_eq!(over_enemy.calm(), 1, "a leap takes nothing");
}

// ---------------------------------------------------------------- the Oar

// Ink: Lamp a1, Oars d4 and e5. Paper: Lamp g7, Sail c3.
const OAR: &str = "board=6l/7/4O2/3O3/2s4/7/L6;wind=N;next=ink;calm=0";

#[test]
fn an_oar_steps_one_square_upwind_straight_or_slanting() {
    // Wind north, so upwind is south: d3 and the slants c3 (taking) and e3.
    assert_eq!(targets(&in_wind(OAR, 'N'), "d4"), strs(&["d3", "e3", "xc3"]));
    // Wind east, upwind west: c4, c5 and c3.
    assert_eq!(targets(&in_wind(OAR, 'E'), "d4"), strs(&["c4", "c5", "xc3"]));
    // Wind south, upwind north: d5 and c5; e5 holds its own Oar.
    assert_eq!(targets(&in_wind(OAR, 'S'), "d4"), strs(&["c5", "d5"]));
    // Wind west, upwind east: e4 and e3; e5 again its own.
    assert_eq!(targets(&in_wind(OAR, 'W'), "d4"), strs(&["e3", "e4"]));
}

// ---------------------------------------------------------------- the Lamp

// Ink: Lamp d4, Oar e3. Paper: Lamp g7, Oar c5.
const LAMP: &str = "board=6l/7/2o4/3L3/4O2/7/7;wind=N;next=ink;calm=0";

#[test]
fn a_lamp_steps_one_square_any_way_onto_empty_squares_in_any_wind() {
    for wind in ['N', 'E', 'S', 'W'] {
        // Not c5 (an enemy: the Lamp never captures) nor e3 (its own Oar).
        assert_eq!(targets(&in_wind(LAMP, wind), "d4"), strs(&["c3", "c4", "d3", "d5", "e4", "e5"]), "wind {wind}");
    }
    let corner = pos("board=6l/7/7/7/7/7/L6;wind=E;next=ink;calm=0");
    assert_eq!(targets(&corner, "a1"), strs(&["a2", "b1", "b2"]));
}

#[test]
fn a_lamp_never_captures() {
    let p = pos(LAMP);
    for text in ["d4xc5/E", "d4c5/E"] {
        match p.parse_move(text) {
            Err(Error::IllegalMove(msg)) => assert_eq!(msg, "the Lamp never captures, and c5 holds Paper's Oar"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- moves

#[test]
fn pieces_never_land_on_their_own_side_and_captures_are_optional() {
    // At the start every square next to the Ink Sails is Ink's: no move lands there.
    assert!(moves(&Leeward::start()).iter().all(|m| !m.contains('x')));
    // The Sail of SAIL may take d6 or stop short on d5: both are listed.
    let p = in_wind(SAIL, 'N');
    assert!(moves(&p).contains(&"d4d5/E".to_string()));
    assert!(moves(&p).contains(&"d4xd6/E".to_string()));
    let err = Leeward::start().parse_move("b1c1/N").unwrap_err();
    assert_eq!(err, Error::IllegalMove("c1 holds Ink's own Sail: a piece never lands on its own side".into()));
}

#[test]
fn a_captured_piece_is_gone_for_good() {
    let mut p = in_wind(SAIL, 'N');
    let before = p.clone();
    let mv = p.parse_move("d4xd6/E").unwrap();
    assert!(mv.is_capture());
    assert_eq!(mv.captured(), Some(Kind::Oar));
    p.play(mv);
    assert_eq!(p.piece_at(sq("d6")), Some((Side::First, Kind::Sail)));
    assert_eq!(p.pieces(Side::Second, Kind::Oar), 0);
    assert_eq!(p.lost(Side::Second, Kind::Oar), 3, "SAIL starts Paper with no Oar but d6");
    assert_eq!(
        p.view()["captured"].as_array().unwrap().iter().filter(|c| c["owner"] == "paper" && c["kind"] == "oar").count(),
        3
    );
    p.undo(mv);
    assert_eq!(p, before);
    assert_eq!(p.hash(), before.hash());
}

// ---------------------------------------------------------------- the wind

#[test]
fn the_wind_must_turn_left_right_or_about() {
    assert_eq!(Wind::E.turns(), [Wind::N, Wind::S, Wind::W]);
    assert_eq!(Wind::N.turns(), [Wind::W, Wind::E, Wind::S]);
    for wind in Wind::ALL {
        assert_eq!(wind.turn_to(wind.veer_left()), Some(Turn::Left));
        assert_eq!(wind.turn_to(wind.veer_right()), Some(Turn::Right));
        assert_eq!(wind.turn_to(wind.reversed()), Some(Turn::Reverse));
        assert_eq!(wind.turn_to(wind), None, "the wind may never stay");
    }
    let start = Leeward::start();
    let err = start.parse_move("b1b2/E").unwrap_err();
    assert_eq!(err, Error::IllegalMove("the wind must turn: it blows towards E now, so leave N, S or W".into()));
    let mut p = start.clone();
    play(&mut p, "b1b2/S");
    assert_eq!(p.wind(), Wind::S, "the new wind is the one the opponent moves in");
    assert_eq!(p.side_to_move(), Side::Second);
    // Paper's Sails now run south: c7 and e7 down their files.
    assert_eq!(targets(&p, "c7"), strs(&["c2", "c3", "c4", "c5", "c6", "xc1"]));
    assert_eq!(targets(&p, "e7"), strs(&["e2", "e3", "e4", "e5", "e6", "xe1"]));
}

// ---------------------------------------------------------------- the end

// Ink: Lamp d1, Sail a4. Paper: Lamp d4 alone.
const LAMP_HUNT: &str = "board=7/7/7/S2l3/7/7/3L3;wind=E;next=ink;calm=7";

#[test]
fn taking_the_enemy_lamp_wins_at_once() {
    let p = pos(LAMP_HUNT);
    assert_eq!(targets(&p, "a4"), strs(&["b4", "c4", "xd4"]));
    let won = played(LAMP_HUNT, "a4xd4/N");
    assert_eq!(won.ending(), Some(Ending::LampTaken { winner: Side::First }));
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(won.outcome_reason(), "Ink took Paper's Lamp: Ink wins.");
    assert_eq!(moves(&won), Vec::<String>::new());
    assert_eq!(won.move_count(), 0);
    assert_eq!(won.to_text(), "board=7/7/7/3S3/7/7/3L3;wind=N;next=paper;calm=0");
    assert_eq!(pos(&won.to_text()), won, "a finished position reads back");
    // A Kite leap and an Oar step take the Lamp just the same.
    assert_eq!(
        played("board=7/7/7/1K1l3/7/7/3L3;wind=N;next=ink;calm=0", "b4xd4/E").outcome(),
        Some(Outcome::Win(Side::First))
    );
    assert_eq!(
        played("board=7/7/3l3/4O2/7/7/3L3;wind=E;next=ink;calm=0", "e4xd5/N").outcome(),
        Some(Outcome::Win(Side::First))
    );
    let paper = played("board=7/7/7/7/7/3s3/3L2l;wind=S;next=paper;calm=0", "d2xd1/E");
    assert_eq!(paper.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(paper.outcome_reason(), "Paper took Ink's Lamp: Paper wins.");
}

#[test]
fn landfall_on_the_enemy_home_wins_at_once() {
    let text = "board=7/2L4/7/7/l6/7/7;wind=E;next=ink;calm=5";
    assert!(targets(&pos(text), "c6").contains(&"d7".to_string()));
    let won = played(text, "c6d7/N");
    assert_eq!(won.ending(), Some(Ending::Landfall { winner: Side::First }));
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(won.outcome_reason(), "Ink's Lamp made landfall on d7, Paper's home: Ink wins.");
    assert_eq!(won.move_count(), 0);
    let paper = played("board=7/7/7/7/L6/4l2/7;wind=W;next=paper;calm=0", "e2d1/N");
    assert_eq!(paper.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(paper.outcome_reason(), "Paper's Lamp made landfall on d1, Ink's home: Paper wins.");
    // A Lamp walking onto its own home square wins nothing.
    assert_eq!(played("board=7/7/7/7/7/4L2/6l;wind=W;next=ink;calm=0", "e2d1/N").outcome(), None);
}

#[test]
fn landfall_needs_an_empty_home_square() {
    let text = "board=3o3/2L4/7/7/l6/7/7;wind=E;next=ink;calm=5";
    assert_eq!(targets(&pos(text), "c6"), strs(&["b5", "b6", "b7", "c5", "c7", "d5", "d6"]));
    assert!(matches!(pos(text).parse_move("c6xd7/N"), Err(Error::IllegalMove(_))));
}

// Ink: Lamp d1, Sail a5. Paper: Lamp g7, Oar d5.
const CALM: &str = "board=6l/7/S2o3/7/7/7/3L3;wind=E;next=ink;calm=59";

#[test]
fn sixty_moves_without_a_capture_draw() {
    let drawn = played(CALM, "d1c2/N");
    assert_eq!(drawn.calm(), 60);
    assert_eq!(drawn.ending(), Some(Ending::Calm));
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    assert_eq!(drawn.outcome_reason(), "60 moves in a row without a capture: the game is drawn by calm.");
    assert_eq!(drawn.move_count(), 0);
    // Both sides' moves count.
    let two = played(&CALM.replace("calm=59", "calm=58"), "d1c2/N g7f7/E");
    assert_eq!(two.outcome(), Some(Outcome::Draw));
    // A capture sets the counter back to 0.
    let taken = played(CALM, "a5xd5/N");
    assert_eq!(taken.calm(), 0);
    assert_eq!(taken.outcome(), None);
    let mut back = taken.clone();
    back.undo(pos(CALM).parse_move("a5xd5/N").unwrap());
    assert_eq!(back.calm(), 59, "undoing a capture brings the old count back");
}

#[test]
fn a_win_on_the_sixtieth_quiet_move_is_a_win() {
    let won = played("board=7/2L4/7/7/7/7/l6;wind=E;next=ink;calm=59", "c6d7/N");
    assert_eq!(won.calm(), 60);
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::First)), "wins are checked before calm");
}

// Ink: Oars a6, b6, b7 around Paper's cornered Lamp a7; Ink Lamp d1. Paper: Lamp a7, Sail g1.
const BOXED: &str = "board=lO5/OO5/7/7/7/7/3L2s;wind=N;next=ink;calm=0";

#[test]
fn a_side_with_no_move_in_the_wind_it_was_left_loses() {
    // In an east or south wind Paper's Sail on g1 points off the board and its Lamp is boxed in.
    for wind in ["E", "S"] {
        let p = played(BOXED, &format!("d1e2/{wind}"));
        assert_eq!(moves(&p), Vec::<String>::new(), "wind {wind}");
        assert_eq!(p.ending(), Some(Ending::NoMove { loser: Side::Second }));
        assert_eq!(p.outcome(), Some(Outcome::Win(Side::First)));
        assert_eq!(
            p.outcome_reason(),
            format!(
                "Paper has no move with the wind blowing towards the {}: Ink wins.",
                if wind == "E" { "east" } else { "south" }
            )
        );
    }
    // A west wind lets the Sail run, and the game goes on.
    let p = played(BOXED, "d1e2/W");
    assert_eq!(p.outcome(), None);
    assert_eq!(targets(&p, "g1"), strs(&["a1", "b1", "c1", "d1", "e1", "f1"]));
    // The same position read from text is finished as it stands.
    let stuck = pos("board=lO5/OO5/7/7/7/4L2/6s;wind=E;next=paper;calm=3");
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Side::First)));
    // Calm is checked before the lack of a move.
    let calm = pos("board=lO5/OO5/7/7/7/4L2/6s;wind=E;next=paper;calm=60");
    assert_eq!(calm.outcome(), Some(Outcome::Draw));
}

#[test]
fn the_move_view_tells_which_winds_win_and_which_leave_pieces_open() {
    let p = pos(BOXED);
    let view = |t: &str| p.move_view(p.parse_move(t).unwrap());
    assert_eq!(view("d1e2/E")["result"], "win");
    assert_eq!(view("d1e2/W")["result"], serde_json::Value::Null);
    // From the start: the Oar to c3 leaving a south wind lets Paper's Sails
    // run down the c and e files onto c3 and e1.
    let start = Leeward::start();
    let mv = |t: &str| start.move_view(start.parse_move(t).unwrap());
    let south = mv("d2c3/S");
    assert_eq!(south["open"], serde_json::json!(["e1", "c3"]));
    assert_eq!(south["lamp_open"], false);
    assert_eq!(south["turn"], "right");
    assert_eq!(south["from"], "d2");
    assert_eq!(south["to"], "c3");
    assert_eq!(south["piece"], "oar");
    assert_eq!(south["wind"], "S");
    assert_eq!(south["captures"], false);
    assert_eq!(mv("d2c3/N")["open"], serde_json::json!([]));
    assert_eq!(mv("d2c3/N")["turn"], "left");
    assert_eq!(mv("d2c3/W")["open"], serde_json::json!([]));
    assert_eq!(mv("d2c3/W")["turn"], "reverse");
    let hunt = pos(LAMP_HUNT);
    let take = hunt.move_view(hunt.parse_move("a4xd4/N").unwrap());
    assert_eq!(take["captures"], true);
    assert_eq!(take["captured"], "lamp");
    assert_eq!(take["result"], "win");
    assert_eq!(take["reason"], "Ink took Paper's Lamp: Ink wins.");
}

// ---------------------------------------------------------------- notation

fn sq(name: &str) -> usize {
    tabula_games::leeward::parse_square(name).unwrap()
}

#[test]
fn moves_are_written_from_to_and_wind_with_x_on_a_capture() {
    let start = Leeward::start();
    let mv = start.parse_move("b1b3/W").unwrap();
    assert_eq!((mv.from(), mv.to(), mv.wind(), mv.old_wind()), (sq("b1"), sq("b3"), Wind::W, Wind::E));
    assert_eq!(start.format_move(mv), "b1b3/W");
    assert_eq!(start.parse_move(" B1B3/w ").unwrap(), mv, "case and spaces around do not matter");
    let hunt = pos(LAMP_HUNT);
    let take = hunt.parse_move("a4xd4/N").unwrap();
    assert_eq!(hunt.format_move(take), "a4xd4/N");
    assert_eq!(hunt.parse_move("a4d4/N").unwrap(), take, "a missing x is forgiven");
    assert_eq!(hunt.parse_move("A4XD4/n").unwrap(), take);
}

#[test]
fn bad_moves_say_what_is_wrong() {
    let start = Leeward::start();
    let err = |t: &str| start.parse_move(t).unwrap_err();
    let shape = |t: &str| {
        assert!(matches!(err(t), Error::BadMove(_)), "{t}: {:?}", err(t));
    };
    for t in ["", "zz", "pass", "b1-b3/W", "b1b3/", "b1b3/WN", "b1bb/W", "é1b3/W"] {
        shape(t);
    }
    assert_eq!(
        err("b1b3"),
        Error::BadMove("'b1b3' does not say which wind you leave: add /N, /E, /S or /W, such as b1b3/N".into())
    );
    assert_eq!(
        err("b1b3/Q"),
        Error::BadMove("'Q' in 'b1b3/Q' is not a wind: write N, E, S or W, the way the wind is to blow towards".into())
    );
    assert_eq!(
        err("h1b3/N"),
        Error::BadMove("'h1' is off the board: files run from a to g and ranks from 1 to 7".into())
    );
    assert_eq!(
        err("b1b8/N"),
        Error::BadMove("'b8' is off the board: files run from a to g and ranks from 1 to 7".into())
    );
    let illegal = |t: &str, msg: &str| assert_eq!(err(t), Error::IllegalMove(msg.into()), "{t}");
    illegal("c3c4/N", "there is no piece on c3");
    illegal("b7b6/N", "b7 holds Paper's Kite, but it is Ink's turn");
    illegal("b1b1/N", "a move must go somewhere: b1 to b1 stays put");
    illegal(
        "c1c2/N",
        "Ink's Sail on c1 cannot go to c2: a Sail runs downwind in a straight line, and with the wind blowing towards the east c2 is not downwind of c1",
    );
    illegal(
        "b1b4/N",
        "Ink's Kite on b1 cannot go to b4: a Kite goes crosswind, now north or south, one square or a leap of exactly two, and b4 is not such a square from b1",
    );
    illegal(
        "a1a2/N",
        "Ink's Oar on a1 cannot go to a2: an Oar takes one step upwind, now towards the west, straight or slanting, and a2 is not such a square from a1",
    );
    illegal(
        "d1d3/N",
        "Ink's Lamp on d1 cannot go to d3: a Lamp steps one square in any direction, and d3 is not next to d1",
    );
    illegal("b1xb2/N", "b2 is empty, so b1xb2 takes nothing: write b1b2/N");
    let sail = pos("board=6l/3o3/7/1k1S1O1/7/7/L6;wind=E;next=ink;calm=0");
    assert_eq!(
        sail.parse_move("d4g4/N").unwrap_err(),
        Error::IllegalMove(
            "Ink's Sail on d4 cannot go to g4: a Sail stops at the first piece in its way, and the one on f4 stands between d4 and g4".into()
        )
    );
    let over = played(LAMP_HUNT, "a4xd4/N");
    assert_eq!(
        over.parse_move("d1d2/E").unwrap_err(),
        Error::IllegalMove("the game is over (Ink took Paper's Lamp: Ink wins); no more moves".into())
    );
}

// ---------------------------------------------------------------- position text

#[test]
fn position_texts_read_back_exactly() {
    for text in [START, SAIL, KITE, OAR, LAMP, LAMP_HUNT, CALM, BOXED] {
        let p = pos(text);
        assert_eq!(p.to_text(), text);
        assert_eq!(pos(&p.to_text()).hash(), p.hash());
    }
    // Dots for empty squares and a missing calm counter are read too.
    let dotted = pos("board=......l/......./......./......./......./......./L......;next=ink;wind=e");
    assert_eq!(dotted.to_text(), "board=6l/7/7/7/7/7/L6;wind=E;next=ink;calm=0");
}

#[test]
fn broken_position_texts_are_rejected_with_a_reason() {
    let cases = [
        ("", "no 'board' field"),
        ("wind=E;next=ink", "no 'board' field"),
        ("board=6l/7/7/7/7/7/L6;next=ink", "no 'wind' field"),
        ("board=6l/7/7/7/7/7/L6;wind=E", "no 'next' field"),
        ("nonsense", "should look like key=value"),
        ("board=6l/7/7/7/7/L6;wind=E;next=ink", "the board has 6 ranks"),
        ("board=6l/7/7/7/7/7/L5;wind=E;next=ink", "rank 1 ('L5') covers 6 squares, not 7"),
        ("board=6l/7/7/7/7/7/L7;wind=E;next=ink", "rank 1 ('L7') covers more than 7 squares"),
        ("board=6l/7/7/7/7/7/Q6;wind=E;next=ink", "'Q' on rank 1 is not a piece"),
        ("board=6l/7/7/7/7/7/L6;wind=X;next=ink", "wind must be N, E, S or W"),
        ("board=6l/7/7/7/7/7/L6;wind=E;next=blue", "next must be ink or paper"),
        ("board=6l/7/7/7/7/7/L6;wind=E;next=ink;calm=x", "calm must be a whole number"),
        ("board=6l/7/7/7/7/7/L6;wind=E;next=ink;calm=61", "the calm counter is 61, but the game ends at 60"),
        ("board=6l/7/7/7/7/7/L6;wind=E;next=ink;colour=red", "unknown field 'colour'"),
        ("board=6l/7/7/7/7/7/LL5;wind=E;next=ink", "Ink has 2 Lamps"),
        ("board=6l/7/7/7/7/7/LOOOO2;wind=E;next=ink", "Ink has 4 Oars"),
        ("board=6l/7/7/7/7/7/7;wind=E;next=paper", "Ink's Lamp is missing"),
        ("board=3L2l/7/7/7/7/7/7;wind=E;next=ink", "Ink's Lamp stands on Paper's home"),
        ("board=7/7/7/7/7/7/L6;wind=E;next=paper;calm=4", "the calm counter must be 0, not 4"),
        ("board=3L3/7/7/7/7/7/7;wind=E;next=paper", "both a Lamp taken and a landfall"),
    ];
    for (text, expected) in cases {
        match Leeward::from_text(text) {
            Err(Error::BadPosition(msg)) => assert!(msg.contains(expected), "{text:?}: {msg}"),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- the screen

#[test]
fn the_view_has_pieces_wind_homes_and_captures() {
    let v = Leeward::start().view();
    assert_eq!(v["pieces"].as_array().unwrap().len(), 16);
    assert_eq!(
        v["pieces"][0],
        serde_json::json!({ "square": "a1", "file": 0, "rank": 0, "kind": "oar", "owner": "ink" })
    );
    assert_eq!(v["wind"], "E");
    assert_eq!(v["wind_name"], "east");
    assert_eq!(v["wind_degrees"], 90);
    assert_eq!(v["turns"], serde_json::json!({ "left": "N", "right": "S", "reverse": "W" }));
    assert_eq!(v["homes"], serde_json::json!({ "ink": "d1", "paper": "d7" }));
    assert_eq!(v["captured"], serde_json::json!([]));
    assert_eq!(v["to_move"], "ink");
    assert_eq!(v["calm"], 0);
    assert_eq!(v["calm_limit"], 60);
    let hunt = played(LAMP_HUNT, "a4xd4/N").view();
    let lost: Vec<(String, String)> = hunt["captured"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["owner"].as_str().unwrap().into(), c["kind"].as_str().unwrap().into()))
        .collect();
    assert_eq!(lost.iter().filter(|(o, k)| o == "paper" && k == "lamp").count(), 1);
    assert_eq!(lost.len(), 2 * 8 - 2, "every piece not on the board counts as captured");
}

#[test]
fn the_drawing_shows_the_board_and_the_wind() {
    let d = Leeward::start().drawing();
    assert!(d.contains(" 7  o k s l s k o  7"), "{d}");
    assert!(d.contains(" 1  O K S L S K O  1"), "{d}");
    assert!(d.contains("Wind → E (towards the east) · Ink to move · calm 0 of 60"), "{d}");
    let empty_home = pos("board=7/2L4/7/7/l6/7/7;wind=E;next=ink;calm=5").drawing();
    assert!(empty_home.contains(" 7  . . . + . . .  7"), "{empty_home}");
}
