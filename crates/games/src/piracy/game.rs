//! `impl Game`: the contract every engine, the server and the command line
//! drive a Piracy position through. Legal moves, play and undo live here;
//! notation, position text and views are forwarded to their modules.

use tabula_core::{Error, Game, GameInfo, Options, Outcome, Side};

use super::info::INFO;
use super::rules::{Fate, Piracy, PiracyMove, Ship, NOBODY};
use super::{notation, text, view};

impl Game for Piracy {
    type Move = PiracyMove;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(options: &Options) -> Result<Self, Error> {
        Piracy::from_options(options)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<PiracyMove>) {
        if self.is_over() {
            return;
        }
        let ship = &self.ships[self.to_move];
        let blocked = self.blocked();
        let base = self.make_move(0);
        let (lo, hi) = Piracy::turn_range(ship);
        for turn in lo..=hi {
            if Piracy::target_bit(ship, turn) & blocked == 0 {
                out.push(PiracyMove { turn, ..base });
            }
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let ship = &self.ships[self.to_move];
        let blocked = self.blocked();
        let (lo, hi) = Piracy::turn_range(ship);
        let mut n = 0;
        for turn in lo..=hi {
            n += (Piracy::target_bit(ship, turn) & blocked == 0) as usize;
        }
        n
    }

    #[inline]
    fn play(&mut self, mv: PiracyMove) {
        let me = self.to_move.index();
        debug_assert_eq!(mv.seat().index(), me, "a move of the side to move");
        self.ply += 1;
        self.play_turn(me, mv);
        // The turn passes to the other ship while both sail, and stays
        // with the survivor once one has sunk.
        self.to_move = Side::from_index(if self.survivor == NOBODY { me ^ 1 } else { self.survivor as usize });
    }

    #[inline]
    fn undo(&mut self, mv: PiracyMove) {
        self.ply -= 1;
        let me = mv.seat().index();
        self.to_move = Side::from_index(me);
        self.ships[me] = Ship {
            stern: mv.stern,
            bow: mv.bow,
            heading: mv.heading,
            hits: mv.hits,
            circling: mv.circling,
            fate: Fate::Afloat,
        };
        self.owed = mv.owed_before();
        if mv.other_was_afloat() {
            let other = &mut self.ships[me ^ 1];
            other.hits = mv.other_hits;
            other.fate = Fate::Afloat;
            self.survivor = NOBODY;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (a, b) = (self.ships[0].afloat(), self.ships[1].afloat());
        Some(match (a, b) {
            (true, false) => Outcome::Win(Side::First),
            (false, true) => Outcome::Win(Side::Second),
            _ => Outcome::Draw,
        })
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.compute_hash()
    }

    fn parse_move(&self, text: &str) -> Result<PiracyMove, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: PiracyMove) -> String {
        notation::turn_name(mv.turn).to_string()
    }

    fn to_text(&self) -> String {
        text::to_text(self)
    }

    fn from_text(text: &str) -> Result<Self, Error> {
        text::from_text(text)
    }

    fn outcome_reason(&self) -> String {
        view::outcome_reason(self)
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(view::view(self)).expect("a view is plain data")
    }

    fn move_view(&self, mv: PiracyMove) -> serde_json::Value {
        serde_json::to_value(view::move_view(self, mv)).expect("a move view is plain data")
    }

    fn drawing(&self) -> String {
        view::drawing(self)
    }
}
