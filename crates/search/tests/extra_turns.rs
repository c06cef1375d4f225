//! The search engines on a game where a player may move twice in a row, as
//! Piracy's survivor does: a take-away game in which taking three stones
//! earns another turn. Its value is computed here by a plain minimax that
//! follows the seats rather than negating, and every engine must agree.

use rand_core::SeedableRng;
use tabula_core::{Error, Evaluate, Game, GameInfo, Options, Outcome, Side, PROVEN};
use tabula_search::{greedy_move, AlphaBeta, Mcts, MctsLimits, SearchLimits};

static INFO: GameInfo = GameInfo {
    slug: "take-three",
    name: "Take three, go again",
    tagline: "",
    category: "Test",
    origin: "",
    sides: ["First", "Second"],
    options: &[],
    levels: &[],
};

/// A pile of stones; a move takes 1, 2 or 3 (taking 3 keeps the turn);
/// whoever takes the last stone wins.
#[derive(Clone, Debug, PartialEq)]
struct TakeThree {
    pile: u32,
    to_move: Side,
    /// The side that took the last stone, once the pile is empty.
    last: Side,
    /// Who moved before each move, to undo it.
    history: Vec<Side>,
}

impl TakeThree {
    fn with_pile(pile: u32) -> Self {
        TakeThree { pile, to_move: Side::First, last: Side::First, history: Vec::new() }
    }
}

impl Game for TakeThree {
    type Move = u32;
    fn info() -> &'static GameInfo {
        &INFO
    }
    fn new(_: &Options) -> Result<Self, Error> {
        Ok(TakeThree::with_pile(10))
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend((1..=3).filter(|&n| n <= self.pile));
    }
    fn play(&mut self, mv: u32) {
        self.history.push(self.to_move);
        self.pile -= mv;
        self.last = self.to_move;
        if mv != 3 {
            self.to_move = self.to_move.opponent();
        }
    }
    fn undo(&mut self, mv: u32) {
        self.pile += mv;
        self.to_move = self.history.pop().expect("a move to undo");
        self.last = self.history.last().copied().unwrap_or(Side::First);
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then_some(Outcome::Win(self.last))
    }
    fn hash(&self) -> u64 {
        (self.pile as u64) << 1 | self.to_move.index() as u64
    }
    fn parse_move(&self, text: &str) -> Result<u32, Error> {
        text.parse().map_err(|_| Error::BadMove(text.into()))
    }
    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.pile, self.to_move.index())
    }
    fn from_text(_: &str) -> Result<Self, Error> {
        Err(Error::BadPosition("not needed".into()))
    }
}

impl Evaluate for TakeThree {
    fn evaluate(&self) -> i32 {
        0
    }
}

/// Whether the side to move wins with best play, by minimax over seats.
fn mover_wins(pos: &mut TakeThree) -> bool {
    let me = pos.side_to_move();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        pos.play(mv);
        let won = match pos.outcome() {
            Some(Outcome::Win(w)) => w == me,
            Some(Outcome::Draw) => false,
            None => (pos.side_to_move() == me) == mover_wins(pos),
        };
        pos.undo(mv);
        won
    })
}

#[test]
fn the_reference_minimax_sees_the_extra_turn() {
    // With 3 stones the mover takes them all; with 4 it takes 3 and then the last one.
    // With 5: taking 3 leaves 2 for the mover again (it takes both); so every
    // pile from 1 to 5 is a win, while 6 is not what plain Nim(1–3) predicts.
    let wins: Vec<bool> = (1..=12).map(|n| mover_wins(&mut TakeThree::with_pile(n))).collect();
    let plain_nim: Vec<bool> = (1..=12).map(|n| n % 4 != 0).collect();
    assert_ne!(wins, plain_nim, "the extra turn must change some values");
    assert!(wins[..5].iter().all(|&w| w));
}

#[test]
fn alpha_beta_agrees_with_minimax_when_a_side_moves_twice() {
    for pile in 1..=24 {
        let game = TakeThree::with_pile(pile);
        let expected = mover_wins(&mut game.clone());
        for (mut searcher, with_table) in
            [(AlphaBeta::<TakeThree>::new(1), true), (AlphaBeta::<TakeThree>::without_table(), false)]
        {
            let result = searcher.search(&game, SearchLimits::depth(40));
            assert!(result.exact, "pile {pile}: the search reaches every end");
            assert_eq!(result.score >= PROVEN, expected, "pile {pile}: score {}", result.score);
            assert_eq!(result.score <= -PROVEN, !expected, "pile {pile}: score {}", result.score);
            // The move found keeps the win (without a table there is no line to read it from).
            if expected && with_table {
                let mut after = game.clone();
                after.play(result.best.expect("a move"));
                let still = match after.outcome() {
                    Some(Outcome::Win(w)) => w == game.side_to_move(),
                    _ => (after.side_to_move() == game.side_to_move()) == mover_wins(&mut after),
                };
                assert!(still, "pile {pile}: the best move {:?} throws the win away", result.best);
            }
        }
    }
}

#[test]
fn mcts_solver_agrees_with_minimax_when_a_side_moves_twice() {
    let mut rng = tabula_core::SeededRng::seed_from_u64(7);
    for pile in 1..=16 {
        let game = TakeThree::with_pile(pile);
        let expected = mover_wins(&mut game.clone());
        let mut mcts = Mcts::<TakeThree>::new();
        let limits = MctsLimits { iterations: Some(200_000), time: None, exploration: 1.4 };
        let result = mcts.search(&game, limits, &mut rng);
        assert!(result.exact, "pile {pile}: the solver proves the value");
        assert_eq!(result.score > 0, expected, "pile {pile}: score {}", result.score);
    }
}

#[test]
fn greedy_counts_a_win_on_a_second_turn_for_the_mover() {
    // Taking the last three stones wins, and keeps the turn: the finished
    // position has the winner to move, so its score must not be negated.
    let game = TakeThree::with_pile(3);
    let mut rng = tabula_core::SeededRng::seed_from_u64(1);
    let (mv, score) = greedy_move(&game, 0, &mut rng).expect("a move");
    assert_eq!(mv, 3);
    assert!(score >= PROVEN, "taking the last stones (and keeping the turn) wins: {score}");
}
