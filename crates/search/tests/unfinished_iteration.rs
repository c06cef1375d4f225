//! Iterative deepening keeps what an unfinished iteration found: on a small
//! tree whose best move changes between depth 1 and depth 2, a search cut off
//! in the middle of depth 2 plays the move depth 2 preferred.

use tabula_core::{Error, Evaluate, Game, GameInfo, Options, Outcome, Side};
use tabula_search::{AlphaBeta, SearchLimits};

static TREE_INFO: GameInfo = GameInfo {
    slug: "tree",
    name: "Tree",
    tagline: "",
    category: "Test",
    origin: "",
    sides: ["First", "Second"],
    options: &[],
    levels: &[],
};

/// How many replies the third root move has: far more than a small node
/// budget can search.
const WIDE: u16 = 1000;

/// A hand-made tree, written as the path of child indices from the root.
///
/// At the root the first player has three moves:
/// - `0` looks best one ply deep (+10) but its one reply costs 50;
/// - `1` looks even, and the worse of its two replies still gains 5;
/// - `2` looks bad (-20) and has [`WIDE`] replies, all good for the first
///   player but the last, which costs 100: refuting it takes a big search.
///
/// Below that every position has a single quiet move and is scored 0.
#[derive(Clone, Debug, PartialEq)]
struct Tree {
    path: Vec<u16>,
}

impl Tree {
    /// The number of moves in this position.
    fn width(&self) -> u16 {
        match self.path.as_slice() {
            [] => 3,
            [0] => 1,
            [1] => 2,
            [2] => WIDE,
            _ => 1,
        }
    }
}

impl Game for Tree {
    type Move = u16;
    fn info() -> &'static GameInfo {
        &TREE_INFO
    }
    fn new(_: &Options) -> Result<Self, Error> {
        Ok(Tree { path: Vec::new() })
    }
    fn side_to_move(&self) -> Side {
        Side::from_index(self.path.len() % 2)
    }
    fn legal_moves(&self, out: &mut Vec<u16>) {
        out.extend(0..self.width());
    }
    fn play(&mut self, mv: u16) {
        self.path.push(mv);
    }
    fn undo(&mut self, _mv: u16) {
        self.path.pop();
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn hash(&self) -> u64 {
        self.path.iter().fold(0xcbf2_9ce4_8422_2325, |h, &m| (h ^ (m as u64 + 1)).wrapping_mul(0x100_0000_01b3))
    }
    fn parse_move(&self, text: &str) -> Result<u16, Error> {
        text.parse().map_err(|_| Error::BadMove(text.into()))
    }
    fn format_move(&self, mv: u16) -> String {
        mv.to_string()
    }
    fn to_text(&self) -> String {
        format!("{:?}", self.path)
    }
    fn from_text(_: &str) -> Result<Self, Error> {
        Ok(Tree { path: Vec::new() })
    }
}

impl Evaluate for Tree {
    /// For the side to move.
    fn evaluate(&self) -> i32 {
        match self.path.as_slice() {
            [0] => -10,
            [1] => 0,
            [2] => 20,
            [0, _] => -50,
            [1, 0] => 5,
            [1, 1] => 8,
            [2, last] if *last == WIDE - 1 => -100,
            [2, _] => 100,
            _ => 0,
        }
    }
    /// Root move 1 before root move 2, so that a cut-off inside move 2's big
    /// subtree comes after move 1 has been searched; its refutation last.
    fn order_hint(&self, mv: u16) -> i32 {
        match self.path.as_slice() {
            [] | [2] => -(mv as i32),
            _ => 0,
        }
    }
}

#[test]
fn the_tree_is_as_described() {
    let mut s = AlphaBeta::<Tree>::new(1);
    let shallow = s.search(&Tree { path: vec![] }, SearchLimits::depth(1));
    assert_eq!((shallow.best, shallow.score), (Some(0), 10));
    let deep = s.search(&Tree { path: vec![] }, SearchLimits::depth(2));
    assert_eq!((deep.best, deep.score), (Some(1), 5));
}

#[test]
fn a_search_stopped_inside_an_iteration_plays_the_better_move_it_found() {
    let mut s = AlphaBeta::<Tree>::new(1);
    // Depth 1 costs 4 nodes; depth 2 reaches root move 2's wide subtree after
    // about 15 and is cut off there.
    let limits = SearchLimits { depth: 10, time: None, min_depth: 0, nodes: Some(60) };
    let result = s.search(&Tree { path: vec![] }, limits);
    assert_eq!(result.depth, 1, "depth 2 did not finish");
    assert_eq!(result.best, Some(1), "but it showed that move 1 beats depth 1's choice");
    assert_eq!(result.score, 5);
    assert_eq!(result.pv, vec![1]);
}

#[test]
fn a_search_stopped_before_any_root_move_is_searched_keeps_the_last_iteration() {
    let mut s = AlphaBeta::<Tree>::new(1);
    // Enough for depth 1 and the start of depth 2, not for its first root move's reply.
    let limits = SearchLimits { depth: 10, time: None, min_depth: 0, nodes: Some(6) };
    let result = s.search(&Tree { path: vec![] }, limits);
    assert_eq!((result.depth, result.best, result.score), (1, Some(0), 10));
}
