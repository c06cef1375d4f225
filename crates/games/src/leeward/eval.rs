//! What the computer believes about a Leeward position.
//!
//! Scores are from the side to move's point of view; an Oar is worth 300.
//! How much each term counts is a list of weights (`weights.rs`), so that
//! the tuner (`tune.rs`) can try others. The evaluation weighs:
//! - **material**: Sails, Kites and Oars still on the board;
//! - **the wind you leave**: the mover will leave one of three winds, and
//!   picks the one that lets the opponent take the least; whatever the best
//!   such wind still leaves open counts against it. The opponent's answer
//!   narrows the mover's next wind the same way, so the mover's own threats
//!   count only as far as they survive the opponent's choice;
//! - **Lamp safety**: in how many winds the enemy could take each Lamp, and
//!   how little room it has to step away;
//! - **landfall**: how many Lamp steps each Lamp is from the enemy's home
//!   (worth little while an enemy piece bars that square, and less while
//!   one of the Lamp's own pieces still stands there);
//! - a little for pieces near the centre, where every wind leaves them room;
//! - and all of it fades as the calm counter climbs towards the draw.

use tabula_core::{Evaluate, Game, Side};

use super::geometry::{
    kites_across_ew, kites_across_ns, oars_upwind, sail_reach, squares_of, Kind, Wind, AROUND, FULL, SIZE, SQUARES,
};
use super::rules::{home, Leeward, LeewardMove};
use super::weights::{at, Weights, PLAYED};

/// The worth of each kind (the Lamp is beyond price: losing it loses the
/// game), for move ordering; the evaluation's own values are in [`PLAYED`].
pub const VALUE: [i32; 4] = [0, 500, 350, 300];

/// The squares of each ring around the centre: d4 alone, the squares a
/// king step from it, and those two steps away.
const RINGS: [u64; 3] = [ring_mask(0), ring_mask(1), ring_mask(2)];

const fn ring_mask(k: usize) -> u64 {
    let mut mask = 0;
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % SIZE, sq / SIZE);
        let d = if f.abs_diff(3) > r.abs_diff(3) { f.abs_diff(3) } else { r.abs_diff(3) };
        if d == k {
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
fn best_prize(pos: &Leeward, victim: Side, targets: u64, w: &Weights) -> i32 {
    if targets == 0 {
        0
    } else if targets & pos.pieces(victim, Kind::Lamp) != 0 {
        w.0[at::LAMP_THREAT]
    } else if targets & pos.pieces(victim, Kind::Sail) != 0 {
        w.0[at::MEN]
    } else if targets & pos.pieces(victim, Kind::Kite) != 0 {
        w.0[at::MEN + 1]
    } else {
        w.0[at::MEN + 2]
    }
}

/// Material and a small bonus for pieces near the centre.
#[inline]
fn material(pos: &Leeward, side: Side, w: &Weights) -> i32 {
    let mut score = 0;
    let mut men = 0;
    for (i, kind) in [Kind::Sail, Kind::Kite, Kind::Oar].into_iter().enumerate() {
        let b = pos.pieces(side, kind);
        score += w.0[at::MEN + i] * b.count_ones() as i32;
        men |= b;
    }
    for (k, ring) in RINGS.iter().enumerate() {
        score += w.0[at::CENTRE + k] * (men & ring).count_ones() as i32;
    }
    score
}

/// Each side's Lamp's steps on each square to the enemy home:
/// `STEPS_TO_LANDFALL[side][square]`.
static STEPS_TO_LANDFALL: [[u8; SQUARES]; 2] = {
    let mut table = [[0; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % SIZE, sq / SIZE);
        // Ink heads for d7 (file 3, rank 6), Paper for d1 (file 3, rank 0).
        let across = f.abs_diff(3);
        table[0][sq] = if across > 6 - r { across } else { 6 - r } as u8;
        table[1][sq] = if across > r { across } else { r } as u8;
        sq += 1;
    }
    table
};

/// The landfall bonus of `side`'s Lamp, cut while an enemy piece stands on
/// the enemy home to bar it.
#[inline]
fn landfall(pos: &Leeward, side: Side, w: &Weights) -> i32 {
    let lamp = pos.pieces(side, Kind::Lamp);
    if lamp == 0 {
        return 0;
    }
    let steps = STEPS_TO_LANDFALL[side.index()][lamp.trailing_zeros() as usize & 63] as usize;
    if steps == 0 {
        return 0;
    }
    let bonus = w.0[at::LANDFALL + (steps - 1).min(5)];
    let goal = 1 << home(side.opponent());
    if pos.occupied(side.opponent()) & goal != 0 {
        bonus * w.0[at::LANDFALL_BARRED] / 1024
    } else if pos.occupied(side) & goal != 0 {
        bonus * w.0[at::LANDFALL_OWN_BARRED] / 1024
    } else {
        bonus
    }
}

/// The danger to `side`'s Lamp: by the number of winds (of four) in which
/// `enemy_reach` covers it, more when it has little room to step away.
#[inline]
fn lamp_danger(pos: &Leeward, side: Side, enemy_reach: &[u64; 4], w: &Weights) -> i32 {
    let lamp = pos.pieces(side, Kind::Lamp);
    let winds = enemy_reach.iter().filter(|&&r| r & lamp != 0).count();
    if winds == 0 {
        return 0;
    }
    let all = pos.occupied(Side::First) | pos.occupied(Side::Second);
    let room = (AROUND[lamp.trailing_zeros() as usize & 63] & !all).count_ones() as usize;
    w.0[at::LAMP_WINDS + winds - 1] + w.0[at::CRAMPED + room.min(3)]
}

/// How much of a score is left after `calm` quiet moves, per 1024: the
/// calm weights at every tenth move, on straight lines between.
#[inline]
fn calm_share(calm: u32, w: &Weights) -> i32 {
    let calm = calm.min(60) as usize;
    let (step, part) = (calm / 10, (calm % 10) as i32);
    let low = w.0[at::CALM + step];
    let high = w.0[at::CALM + (step + 1).min(6)];
    low + (high - low) * part / 10
}

/// The evaluation of `pos` for the side to move, with weights `w`.
#[inline]
pub fn evaluate_with(pos: &Leeward, w: &Weights) -> i32 {
    let me = pos.side_to_move();
    let them = me.opponent();
    let mine = reach_by_wind(pos, me);
    let theirs = reach_by_wind(pos, them);

    // The wind I leave: the least harmful of my three choices.
    let exposed = pos
        .wind()
        .turns()
        .iter()
        .map(|&wind| best_prize(pos, me, theirs[wind as usize] & pos.occupied(me), w))
        .min()
        .unwrap_or(0);
    // Their answer must turn whatever wind I leave, so by leaving the wind
    // in which I threaten least I keep it from coming back to me: the
    // worst they can hand me is my second-weakest wind.
    let (mut weakest, mut pressure) = (i32::MAX, i32::MAX);
    for reach in mine {
        let prize = best_prize(pos, them, reach & pos.occupied(them), w);
        if prize < weakest {
            pressure = weakest;
            weakest = prize;
        } else if prize < pressure {
            pressure = prize;
        }
    }
    let calm = pos.calm() as i32;
    let pressure_share = w.0[at::PRESSURE] + w.0[at::PRESSURE_CALM] * calm / 60;
    let mobility: i32 = mine.iter().map(|r| r.count_ones() as i32).sum::<i32>()
        - theirs.iter().map(|r| r.count_ones() as i32).sum::<i32>();

    let score = material(pos, me, w) - material(pos, them, w) - exposed * w.0[at::EXPOSED] / 1024
        + pressure * pressure_share / 1024
        + landfall(pos, me, w)
        - landfall(pos, them, w)
        - lamp_danger(pos, me, &theirs, w)
        + lamp_danger(pos, them, &mine, w)
        + w.0[at::MOBILITY] * mobility
        + w.0[at::TEMPO];
    // A quiet stretch heads for the calm draw: a lead counts for less the
    // longer it goes unused, so the side ahead looks for a capture.
    score * calm_share(pos.calm(), w) / 1024
}

impl Evaluate for Leeward {
    /// A step and a wind name another side's piece and another wind's
    /// meaning for each side (46 positions at depth 9: 4 % fewer positions;
    /// Seesaw, whose sides share good cells, searched 14–17 % more with it).
    const HISTORY_BY_MOVER: bool = true;

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
        evaluate_with(self, &PLAYED)
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

    /// The enemy Lamp stands beside the mover's empty home: unless the mover
    /// fills its home or takes that Lamp, the enemy makes landfall next move
    /// (how most games between the levels are won).
    #[inline]
    fn threatened(&self) -> bool {
        let me = self.side_to_move();
        let goal = home(me);
        let all = self.occupied(Side::First) | self.occupied(Side::Second);
        all & (1 << goal) == 0 && self.pieces(me.opponent(), Kind::Lamp) & AROUND[goal] != 0
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Leeward {
        <Leeward as Game>::from_text(text).unwrap()
    }

    /// Ink's landfall bonus with the played weights.
    fn ink_landfall(p: &Leeward) -> i32 {
        landfall(p, Side::First, &PLAYED)
    }

    #[test]
    fn a_lamp_barred_by_its_own_piece_counts_less_near_landfall() {
        // Ink's Lamp on c6, a step from d7; an Ink Oar, a Paper Oar, or nothing on d7.
        let open = pos("board=o6/2L4/7/7/7/7/l6;wind=E;next=paper;calm=0");
        let own = pos("board=o2O3/2L4/7/7/7/7/l6;wind=E;next=paper;calm=0");
        let enemy = pos("board=o2o3/2L4/7/7/7/7/l6;wind=E;next=paper;calm=0");
        let full = ink_landfall(&open);
        assert_eq!(full, PLAYED.0[at::LANDFALL]);
        assert_eq!(ink_landfall(&own), full * PLAYED.0[at::LANDFALL_OWN_BARRED] / 1024);
        assert_eq!(ink_landfall(&enemy), full * PLAYED.0[at::LANDFALL_BARRED] / 1024);
        assert!(ink_landfall(&own) < full, "the Oar must step off d7 before the Lamp can land");
    }
}
