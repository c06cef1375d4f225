//! Piracy against a second, deliberately plain reading of the rules
//! (coordinates instead of tables, no undo), over many long games; and the
//! properties every position must keep: play and undo restore it and its
//! hash, the position text and the move notation round-trip, and the
//! lone-ship table agrees with a search of the survivor's moves.

use proptest::prelude::*;
use tabula_core::{Game, Outcome, Side};
use tabula_games::piracy::{horizon, survivor_safe, Piracy, PiracyMove};

/// The rules written out again, the obvious way.
mod reference {
    pub const DIRS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

    #[derive(Clone, Debug, PartialEq)]
    pub struct Ship {
        pub stern: (i32, i32),
        pub bow: (i32, i32),
        pub heading: i32,
        pub hits: i32,
        pub circling: i32,
        pub sunk: bool,
    }

    #[derive(Clone, Debug)]
    pub struct Game {
        pub ships: [Ship; 2],
        /// The island's south-west square.
        pub island: (i32, i32),
        pub next: usize,
        pub moves: i32,
        pub survivor: Option<usize>,
        pub owed: i32,
        /// `Some(winner)` once over (`Some(None)` for a draw).
        pub over: Option<Option<usize>>,
    }

    fn touching(a: (i32, i32), b: (i32, i32)) -> bool {
        a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
    }

    impl Game {
        pub fn new(island: (i32, i32)) -> Game {
            let ship = |stern, bow, heading| Ship { stern, bow, heading, hits: 0, circling: 0, sunk: false };
            Game {
                ships: [ship((0, 0), (1, 1), 1), ship((7, 7), (6, 6), 5)],
                island,
                next: 0,
                moves: 0,
                survivor: None,
                owed: 0,
                over: None,
            }
        }

        fn land(&self, (x, y): (i32, i32)) -> bool {
            let (ix, iy) = self.island;
            !(0..8).contains(&x) || !(0..8).contains(&y) || ((ix..=ix + 1).contains(&x) && (iy..=iy + 1).contains(&y))
        }

        fn ahead(ship: &Ship, turn: i32) -> (i32, (i32, i32)) {
            let h = (ship.heading + turn).rem_euclid(8);
            (h, (ship.bow.0 + DIRS[h as usize].0, ship.bow.1 + DIRS[h as usize].1))
        }

        /// The legal turns.
        pub fn moves(&self) -> Vec<i32> {
            if self.over.is_some() {
                return vec![];
            }
            let me = &self.ships[self.next];
            let other = &self.ships[1 - self.next];
            let corner = (me.bow.0 == 0 || me.bow.0 == 7) && (me.bow.1 == 0 || me.bow.1 == 7);
            let turns: Vec<i32> = if corner { (-2..=2).collect() } else { (-1..=1).collect() };
            turns
                .into_iter()
                .filter(|&t| {
                    let (_, to) = Game::ahead(me, t);
                    other.sunk || (to != other.stern && to != other.bow)
                })
                .collect()
        }

        pub fn runs_aground(&self, turn: i32) -> bool {
            self.land(Game::ahead(&self.ships[self.next], turn).1)
        }

        pub fn play(&mut self, turn: i32) {
            let me = self.next;
            let other = 1 - me;
            self.moves += 1;
            let other_was_afloat = !self.ships[other].sunk;
            let (h, to) = Game::ahead(&self.ships[me], turn);
            if self.land(to) {
                let ship = &mut self.ships[me];
                ship.sunk = true;
                ship.heading = h;
            } else {
                let mut full = false;
                {
                    let ship = &mut self.ships[me];
                    ship.stern = ship.bow;
                    ship.bow = to;
                    ship.heading = h;
                    if turn > 0 {
                        if ship.circling < 0 {
                            ship.circling = 0;
                        }
                        ship.circling += turn;
                    } else if turn < 0 {
                        if ship.circling > 0 {
                            ship.circling = 0;
                        }
                        ship.circling += turn;
                    }
                    if ship.circling.abs() >= 8 {
                        ship.circling = 0;
                        full = true;
                    }
                }
                if other_was_afloat {
                    let (stern, bow) = (self.ships[me].stern, self.ships[me].bow);
                    let target = &mut self.ships[other];
                    let count = [target.stern, target.bow]
                        .iter()
                        .filter(|&&sq| touching(sq, stern) || touching(sq, bow))
                        .count();
                    target.hits = (target.hits + count as i32).min(7);
                    if target.hits == 7 {
                        target.sunk = true;
                    }
                }
                if full {
                    let ship = &mut self.ships[me];
                    ship.hits += 1;
                    if ship.hits >= 7 {
                        ship.sunk = true;
                    }
                }
            }
            let (me_sunk, other_sunk) = (self.ships[me].sunk, self.ships[other].sunk);
            if other_was_afloat {
                match (me_sunk, other_sunk) {
                    (false, false) => {
                        if self.moves >= 490 {
                            self.over = Some(None);
                        }
                    }
                    (true, true) => self.over = Some(None),
                    (false, true) => {
                        self.survivor = Some(me);
                        self.owed = 7;
                    }
                    (true, false) => {
                        self.survivor = Some(other);
                        self.owed = 7;
                    }
                }
            } else {
                self.owed -= 1;
                if me_sunk {
                    self.over = Some(None);
                } else if self.owed == 0 {
                    self.over = Some(Some(me));
                }
            }
            // Turns alternate while both sail; then only the survivor moves.
            self.next = self.survivor.unwrap_or(other);
        }
    }
}

fn square_xy(square: u8) -> (i32, i32) {
    ((square % 8) as i32, (square / 8) as i32)
}

/// Checks that the position and the reference game agree on everything.
fn agree(pos: &Piracy, model: &reference::Game) -> Result<(), TestCaseError> {
    for seat in 0..2 {
        let (a, b) = (pos.ship(Side::from_index(seat)), &model.ships[seat]);
        prop_assert_eq!(square_xy(a.stern()), b.stern, "stern of seat {}", seat);
        prop_assert_eq!(square_xy(a.bow()), b.bow, "bow of seat {}", seat);
        prop_assert_eq!(a.heading() as i32, b.heading);
        prop_assert_eq!(a.hits() as i32, b.hits);
        prop_assert_eq!(a.circling() as i32, b.circling);
        prop_assert_eq!(!a.afloat(), b.sunk);
    }
    let outcome = model.over.map(|w| match w {
        Some(s) => Outcome::Win(Side::from_index(s)),
        None => Outcome::Draw,
    });
    prop_assert_eq!(pos.outcome(), outcome);
    if outcome.is_none() {
        prop_assert_eq!(pos.side_to_move().index(), model.next);
        prop_assert_eq!(pos.survivor(), model.survivor.map(Side::from_index));
        prop_assert_eq!(pos.moves_owed().map(i32::from), model.survivor.map(|_| model.owed));
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let turns: Vec<i32> = legal.iter().map(|m| m.turn() as i32).collect();
    prop_assert_eq!(turns, model.moves());
    prop_assert_eq!(pos.move_count(), legal.len());
    Ok(())
}

/// Plays a long game: mostly moves that stay at sea (as a captain would),
/// now and then any move at all. Returns the positions and moves.
fn long_game(island: usize, choices: &[u16]) -> Result<(Vec<Piracy>, Vec<PiracyMove>), TestCaseError> {
    let corner = tabula_games::piracy::ISLAND_CORNERS[island];
    let mut pos = Piracy::start(island);
    let mut model = reference::Game::new(square_xy(corner));
    let mut positions = vec![pos];
    let mut line = Vec::new();
    let mut i = 0;
    loop {
        agree(&pos, &model)?;
        let turns = model.moves();
        if turns.is_empty() {
            break;
        }
        let choice = choices[i % choices.len()] as usize;
        i += 1;
        // A captain keeps clear of traps: prefer moves after which the ship
        // could still sail on alone for a while (the choice only, not the checks).
        let seat = pos.side_to_move();
        let roomy = |t: i32, room: u8| {
            !model.runs_aground(t) && {
                let mut next = pos;
                next.play(pos.make_move(t as i8));
                horizon(&next, next.ship(seat)) >= room
            }
        };
        let open: Vec<i32> = turns.iter().copied().filter(|&t| t != 8 && roomy(t, 6)).collect();
        let safe: Vec<i32> = turns.iter().copied().filter(|&t| !model.runs_aground(t)).collect();
        let (wild, careless) = (choice % 50, choice % 7);
        let pool = if wild == 0 || safe.is_empty() {
            &turns
        } else if careless != 0 && !open.is_empty() {
            &open
        } else {
            &safe
        };
        let turn = pool[choice / 50 % pool.len()];
        let mv = pos
            .parse_move(tabula_games::piracy::turn_name(turn as i8))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(mv.turn() as i32, turn);
        pos.play(mv);
        model.play(turn);
        positions.push(pos);
        line.push(mv);
    }
    Ok((positions, line))
}

/// Whether a lone survivor can make all its owed moves, by trying every way.
fn survivor_can_finish(pos: &mut Piracy) -> bool {
    match pos.outcome() {
        Some(Outcome::Win(_)) => return true,
        Some(Outcome::Draw) => return false,
        None => {}
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().any(|mv| {
        pos.play(mv);
        let ok = survivor_can_finish(pos);
        pos.undo(mv);
        ok
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn the_rules_agree_with_the_reference(island in 0usize..9, choices in prop::collection::vec(0u16..5000, 1..64)) {
        long_game(island, &choices)?;
    }

    #[test]
    fn play_and_undo_restore_position_and_hash(island in 0usize..9, choices in prop::collection::vec(0u16..5000, 1..64)) {
        let (positions, line) = long_game(island, &choices)?;
        let mut pos = *positions.last().unwrap();
        for (k, &mv) in line.iter().enumerate().rev() {
            pos.undo(mv);
            prop_assert_eq!(pos, positions[k]);
            prop_assert_eq!(pos.hash(), positions[k].hash());
        }
    }

    #[test]
    fn texts_and_notation_round_trip(island in 0usize..9, choices in prop::collection::vec(0u16..5000, 1..64)) {
        let (positions, _) = long_game(island, &choices)?;
        for pos in &positions {
            let text = pos.to_text();
            let back = Piracy::from_text(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(&back, pos);
            prop_assert_eq!(back.to_text(), text);
            prop_assert_eq!(back.hash(), pos.hash());
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for mv in legal {
                let written = pos.format_move(mv);
                prop_assert_eq!(pos.parse_move(&written).unwrap(), mv, "{}", written);
            }
        }
    }

    #[test]
    fn the_lone_ship_table_matches_a_search(island in 0usize..9, choices in prop::collection::vec(0u16..5000, 1..64)) {
        let (positions, _) = long_game(island, &choices)?;
        for pos in positions {
            if let Some(safe) = survivor_safe(&pos) {
                prop_assert_eq!(safe, survivor_can_finish(&mut pos.clone()), "{}", pos.to_text());
            }
        }
    }
}

#[test]
fn distinct_positions_have_distinct_hashes() {
    let mut seen = std::collections::HashMap::new();
    let mut pos = Piracy::start(4);
    let mut stack = vec![(pos, 0u32)];
    while let Some((p, depth)) = stack.pop() {
        if let Some(other) = seen.insert(p.hash(), p) {
            assert_eq!(other, p, "two positions share a hash");
        }
        if depth == 9 {
            continue;
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        for mv in moves {
            pos = p;
            pos.play(mv);
            stack.push((pos, depth + 1));
        }
    }
    assert!(seen.len() > 5000);
}
