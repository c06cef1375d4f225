//! `impl Game`: the contract every engine, the server and the command line
//! drive a Seesaw position through. Each call is dispatched to the position
//! with the mask type its board needs; notation, position text and views are
//! forwarded to their modules.

use tabula_core::cpu::at_best_level;
use tabula_core::{Error, Game, GameInfo, Options, Outcome, Side};

use super::geometry::Mask;
use super::info::INFO;
use super::rules::{with_pos, with_pos_mut, Board, Seesaw, SeesawMove};
use super::{notation, text, view};

impl Game for Seesaw {
    type Move = SeesawMove;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(options: &Options) -> Result<Self, Error> {
        Seesaw::from_options(options)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.mover()
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<SeesawMove>) {
        with_pos!(self, p => {
            if p.stacks[p.next].is_zero() {
                return;
            }
            let start = out.len();
            p.generate(out);
            if out.len() == start && p.can_move(p.next.opponent()) {
                out.push(SeesawMove::PASS);
            }
        })
    }

    #[inline]
    fn move_count(&self) -> usize {
        with_pos!(self, p => {
            if p.stacks[p.next].is_zero() {
                return 0;
            }
            match p.count() {
                0 => p.can_move(p.next.opponent()) as usize,
                n => n,
            }
        })
    }

    #[inline]
    fn pick_move(&self, scratch: &mut Vec<SeesawMove>, choose: impl FnOnce(usize) -> usize) -> Option<SeesawMove> {
        with_pos!(self, p => p.pick(scratch, choose))
    }

    /// One dispatch on the board's size for the whole playout, and the hash
    /// brought up to date once at its end rather than at every move. The
    /// loop runs in a copy compiled for the processor's level where it has
    /// the x86-64-v3 one ([`at_best_level`]): Seesaw's playouts gain a tenth
    /// to a fifth there. Piracy's were slower in such a copy and Leeward's
    /// and Warp & Weft's no faster, so the choice is each game's, measured.
    fn play_out(
        &mut self,
        max_moves: usize,
        scratch: &mut Vec<SeesawMove>,
        mut choose: impl FnMut(usize) -> usize,
    ) -> (Option<Outcome>, usize) {
        at_best_level(|| {
            with_pos_mut!(self, p => {
                let mut played = 0;
                let outcome = loop {
                    if played >= max_moves {
                        break None;
                    }
                    let Some(mv) = p.pick(scratch, &mut choose) else {
                        break p.outcome();
                    };
                    p.play_as::<false>(mv);
                    played += 1;
                };
                p.rehash();
                (outcome, played)
            })
        })
    }

    #[inline]
    fn play(&mut self, mv: SeesawMove) {
        with_pos_mut!(self, p => p.play(mv))
    }

    #[inline]
    fn undo(&mut self, mv: SeesawMove) {
        with_pos_mut!(self, p => p.undo(mv))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        with_pos!(self, p => p.outcome())
    }

    /// Seesaw has no draw rule and random games can run long: self-play
    /// matches stop a game after 300 turns and count it a draw.
    fn match_move_limit(&self) -> u32 {
        300
    }

    fn outcome_reason(&self) -> String {
        view::outcome_reason(self)
    }

    #[inline]
    fn hash(&self) -> u64 {
        with_pos!(self, p => p.hash)
    }

    fn parse_move(&self, text: &str) -> Result<SeesawMove, Error> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: SeesawMove) -> String {
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

    fn move_view(&self, mv: SeesawMove) -> serde_json::Value {
        serde_json::to_value(view::move_view(self, mv)).expect("a move view is plain data")
    }

    fn drawing(&self) -> String {
        view::drawing(self)
    }
}
