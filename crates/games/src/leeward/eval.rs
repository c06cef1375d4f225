//! What the computer believes about a Leeward position.
//!
//! Scores are from the side to move's point of view; an Oar is worth 300.
//! The evaluation weighs:
//! - **material**: Sails, Kites and Oars still on the board;
//! - **the wind you leave**: the mover will leave one of three winds, and
//!   picks the one that lets the opponent take the least; whatever the best
//!   such wind still leaves open counts against it. The opponent's answer
//!   narrows the mover's next wind the same way, so the mover's own threats
//!   count only as far as they survive the opponent's choice;
//! - **Lamp safety**: in how many winds the enemy could take each Lamp, and
//!   how little room it has to step away;
//! - **landfall**: how many Lamp steps each Lamp is from the enemy's home
//!   (worth little while an enemy piece bars that square);
//! - a little for pieces near the centre, where every wind leaves them room;
//! - and all of it fades as the calm counter climbs towards the draw.

use tabula_core::{Evaluate, Game, Side};

use super::geometry::{
    kites_across_ew, kites_across_ns, oars_upwind, sail_reach, squares_of, Kind, Wind, AROUND, FULL, SIZE, SQUARES,
};
use super::rules::{home, Leeward, LeewardMove};

/// The worth of each kind (the Lamp is beyond price: losing it loses the game).
pub const VALUE: [i32; 4] = [0, 500, 350, 300];
/// What a threat on the Lamp counts for in the threat terms.
const LAMP_THREAT: i32 = 1600;
/// Bonus by the Lamp's distance in steps from the enemy home.
const LANDFALL: [i32; SIZE] = [0, 320, 140, 70, 35, 15, 5];
/// Penalty by the number of winds (of four) in which the enemy could take the Lamp.
const LAMP_WINDS: [i32; 5] = [0, 12, 40, 110, 220];
/// Extra danger to an exposed Lamp by its empty neighbours (0, 1, 2, more).
const CRAMPED: [i32; 4] = [80, 40, 15, 0];
/// Being the one to move.
const TEMPO: i32 = 12;
/// The evaluation shrinks by this fraction per quiet move (1/100): to 40 %
/// at the calm draw.
const CALM_FADE: i32 = 100;

/// Squares at most `k` king steps from the centre, for k = 0, 1, 2.
const NEAR_CENTRE: [u64; 3] = [near_centre(0), near_centre(1), near_centre(2)];

const fn near_centre(k: usize) -> u64 {
    let mut mask = 0;
    let mut sq = 0;
    while sq < SIZE * SIZE {
        let (f, r) = (sq % SIZE, sq / SIZE);
        if f.abs_diff(3) <= k && r.abs_diff(3) <= k {
            mask |= 1 << sq;
        }
        sq += 1;
    }
    mask
}

/// Every square `side`'s Sails, Kites and Oars could move to, in each wind `[N, E, S, W]`.
#[inline]
fn reach_by_wind(pos: &Leeward, side: Side) -> [u64; 4] {
    let all = pos.occupied(Side::First) | pos.occupied(Side::Second);
    let mut reach = oars_upwind(pos.pieces(side, Kind::Oar));
    let kites = pos.pieces(side, Kind::Kite);
    let (across_ew, across_ns) = (kites_across_ew(kites), kites_across_ns(kites));
    reach[0] |= across_ew;
    reach[2] |= across_ew;
    reach[1] |= across_ns;
    reach[3] |= across_ns;
    for sq in squares_of(pos.pieces(side, Kind::Sail)) {
        for (w, r) in reach.iter_mut().enumerate() {
            *r |= sail_reach(sq, Wind::from_index(w), all);
        }
    }
    let own = pos.occupied(side);
    reach.map(|r| r & !own & FULL)
}

/// What the best prize among `targets` (squares of `victim`'s pieces) is worth.
#[inline]
fn best_prize(pos: &Leeward, victim: Side, targets: u64) -> i32 {
    if targets == 0 {
        0
    } else if targets & pos.pieces(victim, Kind::Lamp) != 0 {
        LAMP_THREAT
    } else if targets & pos.pieces(victim, Kind::Sail) != 0 {
        VALUE[Kind::Sail as usize]
    } else if targets & pos.pieces(victim, Kind::Kite) != 0 {
        VALUE[Kind::Kite as usize]
    } else {
        VALUE[Kind::Oar as usize]
    }
}

/// Material and a small bonus for pieces near the centre.
#[inline]
fn material(pos: &Leeward, side: Side) -> i32 {
    let mut score = 0;
    let mut men = 0;
    for kind in [Kind::Sail, Kind::Kite, Kind::Oar] {
        let b = pos.pieces(side, kind);
        score += VALUE[kind as usize] * b.count_ones() as i32;
        men |= b;
    }
    score + 4 * NEAR_CENTRE.iter().map(|m| (men & m).count_ones() as i32).sum::<i32>()
}

/// The landfall bonus of each side's Lamp on each square, by its steps to
/// the enemy home: `LANDFALL_AT[side][square]`.
static LANDFALL_AT: [[i32; SQUARES]; 2] = {
    let mut table = [[0; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % SIZE, sq / SIZE);
        // Ink heads for d7 (file 3, rank 6), Paper for d1 (file 3, rank 0).
        let across = f.abs_diff(3);
        let to_d7 = if across > 6 - r { across } else { 6 - r };
        let to_d1 = if across > r { across } else { r };
        table[0][sq] = LANDFALL[to_d7];
        table[1][sq] = LANDFALL[to_d1];
        sq += 1;
    }
    table
};

/// The landfall bonus of `side`'s Lamp, cut to a quarter while an enemy
/// piece stands on the enemy home to bar it.
#[inline]
fn landfall(pos: &Leeward, side: Side) -> i32 {
    let lamp = pos.pieces(side, Kind::Lamp);
    if lamp == 0 {
        return 0;
    }
    let bonus = LANDFALL_AT[side.index()][lamp.trailing_zeros() as usize];
    if pos.occupied(side.opponent()) & (1 << home(side.opponent())) != 0 {
        bonus / 4
    } else {
        bonus
    }
}

/// The danger to `side`'s Lamp: by the number of winds (of four) in which
/// `enemy_reach` covers it, more when it has little room to step away.
#[inline]
fn lamp_danger(pos: &Leeward, side: Side, enemy_reach: &[u64; 4]) -> i32 {
    let lamp = pos.pieces(side, Kind::Lamp);
    let winds = enemy_reach.iter().filter(|&&r| r & lamp != 0).count();
    if winds == 0 {
        return 0;
    }
    let all = pos.occupied(Side::First) | pos.occupied(Side::Second);
    let room = (AROUND[lamp.trailing_zeros() as usize & 63] & !all).count_ones() as usize;
    LAMP_WINDS[winds] + CRAMPED[room.min(CRAMPED.len() - 1)]
}

impl Evaluate for Leeward {
    /// Material only (the pieces' values, nothing else), for the plain baseline opponent.
    fn evaluate_plain(&self) -> i32 {
        let me = self.side_to_move();
        let count = |side: Side| -> i32 {
            [Kind::Sail, Kind::Kite, Kind::Oar]
                .iter()
                .map(|&k| VALUE[k as usize] * self.pieces(side, k).count_ones() as i32)
                .sum()
        };
        count(me) - count(me.opponent())
    }

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let them = me.opponent();
        let mine = reach_by_wind(self, me);
        let theirs = reach_by_wind(self, them);

        // The wind I leave: the least harmful of my three choices.
        let exposed = self
            .wind()
            .turns()
            .iter()
            .map(|&w| best_prize(self, me, theirs[w as usize] & self.occupied(me)))
            .min()
            .unwrap_or(0);
        // Their answer must turn whatever wind I leave, so by leaving the wind
        // in which I threaten least I keep it from coming back to me: the
        // worst they can hand me is my second-weakest wind.
        let (mut weakest, mut pressure) = (i32::MAX, i32::MAX);
        for reach in mine {
            let prize = best_prize(self, them, reach & self.occupied(them));
            if prize < weakest {
                pressure = weakest;
                weakest = prize;
            } else if prize < pressure {
                pressure = prize;
            }
        }

        let score = material(self, me) - material(self, them) - exposed * 3 / 8 + pressure / 4 + landfall(self, me)
            - landfall(self, them)
            - lamp_danger(self, me, &theirs)
            + lamp_danger(self, them, &mine)
            + TEMPO;
        // A quiet stretch heads for the calm draw: a lead counts for less the
        // longer it goes unused, so the side ahead looks for a capture.
        score * (CALM_FADE - self.calm() as i32) / CALM_FADE
    }

    /// Winning moves first, then captures, biggest prize taken by the smallest piece first.
    #[inline]
    fn order_hint(&self, mv: LeewardMove) -> i32 {
        match mv.captured() {
            Some(Kind::Lamp) => 20_000,
            Some(victim) => 1_000 + VALUE[victim as usize] / 10 - self.mover_value(mv.from()) / 100,
            None if mv.to() == home(self.side_to_move().opponent()) && self.is_lamp(mv.from()) => 20_000,
            None => 0,
        }
    }

    /// Captures and landfall: the moves that change the game at once.
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<LeewardMove>) {
        self.captures_and_landfalls(out);
    }

    /// Random playouts take a win when one is on the board (the enemy Lamp
    /// or landfall), and otherwise pick uniformly.
    #[inline]
    fn playout_choice(&self, moves: &[LeewardMove], random: u64) -> usize {
        let goal = home(self.side_to_move().opponent());
        let lamp = self.lamp(self.side_to_move());
        moves
            .iter()
            .position(|mv| mv.captured() == Some(Kind::Lamp) || (mv.to() == goal && Some(mv.from()) == lamp))
            .unwrap_or_else(|| (((random >> 32) * moves.len() as u64) >> 32) as usize)
    }
}

impl Leeward {
    #[inline]
    fn mover_value(&self, sq: usize) -> i32 {
        self.piece_at(sq).map_or(0, |(_, kind)| VALUE[kind as usize])
    }

    #[inline]
    fn is_lamp(&self, sq: usize) -> bool {
        matches!(self.piece_at(sq), Some((_, Kind::Lamp)))
    }
}
