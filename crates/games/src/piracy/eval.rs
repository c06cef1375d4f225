//! What the computer believes about a Piracy position.
//!
//! The heart of it is a small exact table: for a ship sailing alone, how
//! many more moves it can make without sinking, from every bow, heading,
//! circling count and number of hits left (capped at [`HORIZON_CAP`]).
//! It decides the survivor's seven moves exactly, and tells the search,
//! at the edge of what it can see, which ship is sailing into a trap.

use std::sync::OnceLock;

use tabula_core::{Evaluate, PROVEN};

use super::geometry::{island_mask, HARBOURS, ISLAND_CORNERS, TARGET};
use super::rules::{Piracy, PiracyMove, Ship, HITS_TO_SINK};

/// The lone-ship table counts moves up to this many.
pub const HORIZON_CAP: u8 = 12;

/// What a decided ending is worth before the game is over: the survivor
/// can surely make its remaining moves.
pub const DECIDED: i32 = 90_000;

/// Value of the hits a ship has taken, 0 to 6 (a ship with 7 has sunk).
const HIT_VALUE: [i32; 7] = [0, 300, 620, 960, 1330, 1750, 2250];

/// Penalty for a ship that can make only `m` more moves before land or its
/// own circling sinks it, whatever it does.
const TRAPPED: [i32; HORIZON_CAP as usize + 1] = [40_000, 30_000, 15_000, 6_000, 2_000, 600, 200, 60, 0, 0, 0, 0, 0];

/// Bonus for the side to move at this distance from the other ship
/// (nearest squares, king steps): it has the first chance to fire.
const INITIATIVE: [i32; 8] = [0, 40, 30, 15, 5, 0, 0, 0];

const STATES: usize = 64 * 8 * 15 * 3;

#[inline]
fn state_index(bow: u8, heading: u8, circling: i8, lives: u8) -> usize {
    ((bow as usize * 8 + heading as usize) * 15 + (circling + 7) as usize) * 3 + (lives as usize - 1)
}

/// The lone-ship table of one island placement.
fn build_table(island: usize) -> Box<[u8]> {
    let land = island_mask(ISLAND_CORNERS[island]);
    let mut alive = vec![true; STATES];
    let mut horizon = vec![0u8; STATES];
    for k in 1..=HORIZON_CAP {
        let mut next = vec![false; STATES];
        for bow in 0..64u8 {
            if land >> bow & 1 != 0 {
                continue;
            }
            let turns: &[i8] = if HARBOURS >> bow & 1 != 0 { &[-2, -1, 0, 1, 2] } else { &[-1, 0, 1] };
            for heading in 0..8u8 {
                for circling in -7..=7i8 {
                    for lives in 1..=3u8 {
                        let ok = turns.iter().any(|&turn| {
                            let h = ((heading as i8 + turn) & 7) as u8;
                            let to = TARGET[bow as usize][h as usize];
                            if to == 0 || to & land != 0 {
                                return false;
                            }
                            let (c, full) = Piracy::circling_after(circling, turn);
                            let left = lives - full as u8;
                            left > 0 && alive[state_index(to.trailing_zeros() as u8, h, c, left)]
                        });
                        if ok {
                            let i = state_index(bow, heading, circling, lives);
                            next[i] = true;
                            horizon[i] = k;
                        }
                    }
                }
            }
        }
        alive = next;
    }
    horizon.into_boxed_slice()
}

static TABLES: [OnceLock<Box<[u8]>>; 9] = [const { OnceLock::new() }; 9];

/// How many more moves `ship` could make alone before it must sink
/// (capped at [`HORIZON_CAP`]), around the island of `pos`.
#[inline]
pub fn horizon(pos: &Piracy, ship: &Ship) -> u8 {
    let island = pos.island_index();
    let table = TABLES[island].get_or_init(|| build_table(island));
    let lives = (HITS_TO_SINK - ship.hits().min(HITS_TO_SINK - 1)).min(3);
    table[state_index(ship.bow(), ship.heading(), ship.circling(), lives)]
}

/// Whether the survivor can make all the moves it owes, however it is steered
/// (`None` while both ships sail, or once the game is over).
pub fn survivor_safe(pos: &Piracy) -> Option<bool> {
    let seat = pos.survivor()?;
    let ship = pos.ship(seat);
    if !ship.afloat() || pos.is_over() {
        return None;
    }
    Some(horizon(pos, ship) >= pos.moves_owed().unwrap_or(0))
}

/// Fewest king steps between a square of one ship and a square of the other.
fn distance(a: &Ship, b: &Ship) -> usize {
    let d = |x: u8, y: u8| {
        let (dx, dy) = ((x % 8) as i32 - (y % 8) as i32, (x / 8) as i32 - (y / 8) as i32);
        dx.abs().max(dy.abs()) as usize
    };
    d(a.stern(), b.stern()).min(d(a.stern(), b.bow())).min(d(a.bow(), b.stern())).min(d(a.bow(), b.bow()))
}

/// A ship's risk from its own circling: only a count near a full circle matters.
fn circling_risk(ship: &Ship) -> i32 {
    let c = ship.circling().unsigned_abs() as i32;
    if c < 5 {
        return 0;
    }
    let weight = if ship.hits() + 1 >= HITS_TO_SINK { 400 } else { 40 };
    (c - 4) * weight
}

impl Evaluate for Piracy {
    /// Hits taken by each ship, how close each is to a trap it cannot
    /// leave, its circling, and the mover's chance to fire first. After a
    /// sinking: whether the survivor can make its remaining moves.
    fn evaluate(&self) -> i32 {
        let me = self.seat_to_move();
        if !self.both_afloat() {
            let Some(survivor) = self.survivor() else { return 0 };
            let value = match survivor_safe(self) {
                Some(true) => DECIDED,
                _ => 0,
            };
            return if survivor == me { value } else { -value };
        }
        let mine = self.ship(me);
        let theirs = self.ship(me.opponent());
        HIT_VALUE[theirs.hits() as usize] - HIT_VALUE[mine.hits() as usize] + TRAPPED[horizon(self, theirs) as usize]
            - TRAPPED[horizon(self, mine) as usize]
            + circling_risk(theirs)
            - circling_risk(mine)
            + INITIATIVE[distance(mine, theirs).min(7)]
    }

    /// Broadsides first, then the rest; running aground last.
    #[inline]
    fn order_hint(&self, mv: PiracyMove) -> i32 {
        if self.runs_aground(mv.turn()) {
            return -10_000;
        }
        1000 * self.hits_dealt(mv.turn()) as i32 - mv.turn().abs() as i32
    }

    /// Scores in words; a survivor sure of its last moves counts as winning.
    fn describe_score(&self, score: i32) -> String {
        if score >= PROVEN {
            "wins".into()
        } else if score <= -PROVEN {
            "loses".into()
        } else if score >= DECIDED / 2 {
            "wins: the survivor can make its last moves".into()
        } else if score <= -DECIDED / 2 {
            "loses: the survivor can make its last moves".into()
        } else {
            format!("{score:+}")
        }
    }

    /// The moves that fire on the other ship.
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<PiracyMove>) {
        if !self.both_afloat() || self.is_over() {
            return;
        }
        let mut all = [self.make_move(0); 5];
        let mut n = 0;
        for turn in -2..=2 {
            if self.allows(turn) && self.hits_dealt(turn) > 0 {
                all[n] = self.make_move(turn);
                n += 1;
            }
        }
        out.extend_from_slice(&all[..n]);
    }
}
