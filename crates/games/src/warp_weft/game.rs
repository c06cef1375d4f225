//! `impl Game`: the contract every engine, the server and the command line
//! drive a Warp & Weft position through. Legal moves, play and undo live
//! here; notation, position text and views are forwarded to their modules.

use tabula_core::{Error, Game, GameInfo, Options, Outcome, Side};

use super::geometry::between;
use super::info::INFO;
use super::rules::{
    value_key, Axis, WarpWeft, WarpWeftMove, KEYS_FLAGS, KEYS_PASSED, KEYS_SHUTTLE, KEYS_WARP, KEYS_WEFT, KEY_SWAPPED,
    KEY_WARP_TO_MOVE,
};
use super::{notation, text, view};

impl Game for WarpWeft {
    type Move = WarpWeftMove;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(options: &Options) -> Result<Self, Error> {
        WarpWeft::from_options(options)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.seat_of(self.axis_to_move)
    }

    /// The landings on the mover's line, lowest cell first, then the pie
    /// swap and the pass where they are open.
    #[inline]
    fn legal_moves(&self, out: &mut Vec<WarpWeftMove>) {
        let mut targets = self.targets();
        let from = self.shuttle;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            out.push(WarpWeftMove { to, from });
        }
        if self.swap_available() {
            out.push(WarpWeftMove::SWAP);
        }
        if self.pass_available() {
            out.push(WarpWeftMove::pass(from));
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        self.targets().count_ones() as usize + self.swap_available() as usize + self.pass_available() as usize
    }

    #[inline]
    fn play(&mut self, mv: WarpWeftMove) {
        if mv.is_swap() {
            self.swapped = true;
            self.hash ^= KEYS_FLAGS[KEY_SWAPPED];
            return;
        }
        let axis = self.axis_to_move;
        if mv.is_pass() {
            self.passed[axis.index()] = true;
            self.hash ^= KEYS_PASSED[axis.index()] ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
            self.axis_to_move = axis.other();
            return;
        }
        let to = mv.to as usize;
        let bit = 1u128 << to;
        if self.variants.passover != 0 {
            self.pass_over(mv.from as usize, to, self.variants.passover);
            self.hash ^= value_key(to, self.grid[to]);
        }
        self.used |= bit;
        self.taken[axis.index()] |= bit;
        self.points[axis.index()] += self.grid[to] as i16;
        self.hash ^= KEYS_SHUTTLE[mv.from as usize]
            ^ KEYS_SHUTTLE[to]
            ^ if axis == Axis::Weft { KEYS_WEFT[to] } else { KEYS_WARP[to] }
            ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
        self.shuttle = mv.to;
        self.axis_to_move = axis.other();
    }

    #[inline]
    fn undo(&mut self, mv: WarpWeftMove) {
        if mv.is_swap() {
            self.swapped = false;
            self.hash ^= KEYS_FLAGS[KEY_SWAPPED];
            return;
        }
        let axis = self.axis_to_move.other();
        if mv.is_pass() {
            self.passed[axis.index()] = false;
            self.hash ^= KEYS_PASSED[axis.index()] ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
            self.axis_to_move = axis;
            return;
        }
        let to = mv.to as usize;
        let bit = 1u128 << to;
        self.used &= !bit;
        self.taken[axis.index()] &= !bit;
        self.points[axis.index()] -= self.grid[to] as i16;
        self.hash ^= KEYS_SHUTTLE[mv.from as usize]
            ^ KEYS_SHUTTLE[to]
            ^ if axis == Axis::Weft { KEYS_WEFT[to] } else { KEYS_WARP[to] }
            ^ KEYS_FLAGS[KEY_WARP_TO_MOVE];
        self.shuttle = mv.from;
        self.axis_to_move = axis;
        if self.variants.passover != 0 {
            self.hash ^= value_key(to, self.grid[to]);
            self.pass_over(mv.from as usize, to, -self.variants.passover);
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.is_over() {
            Some(self.result())
        } else {
            None
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<WarpWeftMove, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: WarpWeftMove) -> String {
        notation::format_move(self, mv)
    }

    fn to_text(&self) -> String {
        text::to_text(self)
    }

    fn from_text(text: &str) -> Result<Self, Error> {
        text::from_text(text)
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(view::view(self)).expect("a view is plain data")
    }

    fn move_view(&self, mv: WarpWeftMove) -> serde_json::Value {
        serde_json::to_value(view::move_view(self, mv)).expect("a move view is plain data")
    }

    fn outcome_reason(&self) -> String {
        view::outcome_reason(self)
    }

    fn drawing(&self) -> String {
        view::drawing(self)
    }
}

impl WarpWeft {
    /// `passover`: changes every unused cell strictly between `from` and
    /// `to` by `delta`, keeping the hash of their values (a slide, or with
    /// the opposite delta its undoing).
    #[inline]
    fn pass_over(&mut self, from: usize, to: usize, delta: i8) {
        let mut cells = between(self.n as usize, from, to) & !self.used;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            self.hash ^= value_key(cell, self.grid[cell]);
            self.grid[cell] += delta;
            self.hash ^= value_key(cell, self.grid[cell]);
        }
    }
}
