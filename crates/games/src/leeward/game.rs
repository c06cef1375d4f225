//! `impl Game`: the contract every engine, the server and the command line
//! drive a Leeward position through. Legal moves, play and undo live here;
//! notation, position text and views are forwarded to their modules.

use tabula_core::{Error, Game, GameInfo, Options, Outcome, Side};

use super::geometry::{sail_reach, squares_of, AROUND, KITE, OAR};
use super::info::INFO;
use super::rules::{calm_key, piece_key, Ending, Leeward, LeewardMove, CALM_STEP_KEYS, TURN_KEYS};
use super::{notation, text, view};

impl Game for Leeward {
    type Move = LeewardMove;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(options: &Options) -> Result<Self, Error> {
        Leeward::from_options(options)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<LeewardMove>) {
        out.reserve(3 * 40);
        self.generate::<false>(out);
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.decided() {
            return 0;
        }
        let s = 4 * self.to_move.index();
        let own = self.occupied[self.to_move.index()];
        let all = self.occupied[0] | self.occupied[1];
        let not_own = !own;
        let w = self.wind as usize;
        let mut n = (AROUND[self.pieces[s].trailing_zeros() as usize] & !all).count_ones();
        for sq in squares_of(self.pieces[s + 1]) {
            n += (sail_reach(sq, self.wind, all) & not_own).count_ones();
        }
        for sq in squares_of(self.pieces[s + 2]) {
            n += (KITE[w][sq] & not_own).count_ones();
        }
        for sq in squares_of(self.pieces[s + 3]) {
            n += (OAR[w][sq] & not_own).count_ones();
        }
        3 * n as usize
    }

    #[inline]
    fn play(&mut self, mv: LeewardMove) {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board[from & 63];
        let captured = mv.captured_code();
        let side = self.to_move.index();
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        self.pieces[(piece as usize).wrapping_sub(1) & 7] ^= from_bit | to_bit;
        self.occupied[side & 1] ^= from_bit | to_bit;
        let mut h = self.hash ^ piece_key(piece, from) ^ piece_key(piece, to);
        let calm = self.calm;
        if captured != 0 {
            self.pieces[(captured as usize - 1) & 7] ^= to_bit;
            self.occupied[(side ^ 1) & 1] ^= to_bit;
            h ^= piece_key(captured, to) ^ calm_key(calm) ^ calm_key(0);
            self.calm_before[self.captures_on_record as usize & 15] = calm;
            self.captures_on_record += 1;
            self.calm = 0;
        } else {
            h ^= CALM_STEP_KEYS[calm as usize & 63];
            self.calm = calm + 1;
        }
        self.board[to & 63] = piece;
        self.board[from & 63] = 0;
        h ^= TURN_KEYS[self.wind as usize & 3][mv.wind() as usize & 3];
        self.wind = mv.wind();
        self.to_move = self.to_move.opponent();
        self.hash = h;
    }

    #[inline]
    fn undo(&mut self, mv: LeewardMove) {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board[to & 63];
        let captured = mv.captured_code();
        let mover = self.to_move.opponent();
        let side = mover.index();
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        self.pieces[(piece as usize).wrapping_sub(1) & 7] ^= from_bit | to_bit;
        self.occupied[side & 1] ^= from_bit | to_bit;
        let mut h = self.hash ^ piece_key(piece, from) ^ piece_key(piece, to);
        let calm = self.calm;
        if captured != 0 {
            self.pieces[(captured as usize - 1) & 7] ^= to_bit;
            self.occupied[(side ^ 1) & 1] ^= to_bit;
            h ^= piece_key(captured, to);
            self.captures_on_record -= 1;
            let slot = self.captures_on_record as usize & 15;
            self.calm = self.calm_before[slot];
            self.calm_before[slot] = 0;
            h ^= calm_key(calm) ^ calm_key(self.calm);
        } else {
            self.calm = calm - 1;
            h ^= CALM_STEP_KEYS[self.calm as usize & 63];
        }
        self.board[from & 63] = piece;
        self.board[to & 63] = captured;
        h ^= TURN_KEYS[self.wind as usize & 3][mv.old_wind() as usize & 3];
        self.wind = mv.old_wind();
        self.to_move = mover;
        self.hash = h;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(Ending::outcome)
    }

    fn outcome_reason(&self) -> String {
        view::outcome_reason(self)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<LeewardMove, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: LeewardMove) -> String {
        notation::format_move(mv)
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

    fn move_view(&self, mv: LeewardMove) -> serde_json::Value {
        serde_json::to_value(view::move_view(self, mv)).expect("a move view is plain data")
    }

    fn drawing(&self) -> String {
        view::drawing(self)
    }
}
