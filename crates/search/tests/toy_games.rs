//! The search machinery on games small enough to know the answers:
//! tic-tac-toe and a take-away game, written here and nowhere else.

use rand_core::SeedableRng;
use tabula_core::{Error, Evaluate, Game, GameInfo, LevelInfo, Options, Outcome, Side, PROVEN};
use tabula_search::{choose_move, greedy_move, perft, AlphaBeta, Mcts, MctsLimits, Player, PlayerSpec, SearchLimits};

static TTT_INFO: GameInfo = GameInfo {
    slug: "tic-tac-toe",
    name: "Tic-tac-toe",
    tagline: "",
    category: "Test",
    origin: "",
    sides: ["X", "O"],
    options: &[],
    levels: &[LevelInfo { key: "hard", name: "Hard", player: "ab:depth=9", about: "" }],
};

/// Tic-tac-toe: cells 0..9, X moves first.
#[derive(Clone, Debug, PartialEq)]
struct Ttt {
    cells: [u8; 9], // 0 empty, 1 X, 2 O
    to_move: Side,
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl Ttt {
    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let v = self.cells[l[0]];
            (v != 0 && v == self.cells[l[1]] && v == self.cells[l[2]]).then(|| Side::from_index(v as usize - 1))
        })
    }
}

impl Game for Ttt {
    type Move = u8;
    fn info() -> &'static GameInfo {
        &TTT_INFO
    }
    fn new(_: &Options) -> Result<Self, Error> {
        Ok(Ttt { cells: [0; 9], to_move: Side::First })
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.outcome().is_none() {
            out.extend((0..9u8).filter(|&c| self.cells[c as usize] == 0));
        }
    }
    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = self.to_move.index() as u8 + 1;
        self.to_move = self.to_move.opponent();
    }
    fn undo(&mut self, mv: u8) {
        self.cells[mv as usize] = 0;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(s) => Some(Outcome::Win(s)),
            None if self.cells.iter().all(|&c| c != 0) => Some(Outcome::Draw),
            None => None,
        }
    }
    fn hash(&self) -> u64 {
        self.cells.iter().fold(self.to_move.index() as u64, |h, &c| h * 3 + c as u64)
    }
    fn parse_move(&self, text: &str) -> Result<u8, Error> {
        text.parse().map_err(|_| Error::BadMove(text.into()))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn to_text(&self) -> String {
        self.cells.iter().map(|c| [".", "x", "o"][*c as usize]).collect()
    }
    fn from_text(text: &str) -> Result<Self, Error> {
        let mut pos = Ttt { cells: [0; 9], to_move: Side::First };
        for (i, ch) in text.chars().enumerate().take(9) {
            pos.cells[i] = match ch {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
        }
        let xs = pos.cells.iter().filter(|&&c| c == 1).count();
        let os = pos.cells.iter().filter(|&&c| c == 2).count();
        pos.to_move = if xs > os { Side::Second } else { Side::First };
        Ok(pos)
    }
}

impl Evaluate for Ttt {
    fn evaluate(&self) -> i32 {
        // Centre control, a deliberately weak hint.
        match self.cells[4] {
            0 => 0,
            c if c as usize - 1 == self.to_move.index() => 1,
            _ => -1,
        }
    }
}

fn ttt(text: &str) -> Ttt {
    Ttt::from_text(text).unwrap()
}

#[test]
fn perft_of_tic_tac_toe_matches_the_known_counts() {
    let mut start = ttt(".........");
    let counts: Vec<u64> = (1..=9).map(|d| perft(&mut start, d)).collect();
    assert_eq!(counts, [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
}

#[test]
fn alpha_beta_proves_the_empty_board_a_draw() {
    let result = AlphaBeta::<Ttt>::new(1).search(&ttt("........."), SearchLimits::depth(9));
    assert_eq!(result.score, 0);
    assert!(result.exact, "the whole game fits in nine plies");
}

#[test]
fn contempt_makes_a_draw_cost_the_side_that_searches() {
    // Every line of tic-tac-toe ends drawn with best play: worth −contempt to
    // whoever searches, X at the start or O one move in.
    for text in [".........", "x........"] {
        let mut searcher = AlphaBeta::<Ttt>::new(1);
        searcher.set_contempt(7);
        let result = searcher.search(&ttt(text), SearchLimits::depth(9));
        assert_eq!(result.score, -7, "{text}");
        searcher.set_contempt(0);
        assert_eq!(searcher.search(&ttt(text), SearchLimits::depth(9)).score, 0, "{text}");
    }
    // A player spec carries it and writes it back.
    let spec = PlayerSpec::parse("ab:depth=4,contempt=60", Ttt::info()).unwrap();
    assert!(matches!(spec, PlayerSpec::AlphaBeta { contempt: 60, .. }), "{spec:?}");
    assert!(spec.to_string().contains("contempt=60"), "{spec}");
}

#[test]
fn alpha_beta_finds_the_forced_win() {
    // X to move: x at 0 and 4, o at 1 and 8... X plays 6 (threatening 2 and 3) or wins at once?
    // x . .   X has a fork: 6 threatens 2 (via 2-4-6) and 3 (via 0-3-6).
    // . x .
    // . o o   O threatens 6 (6-7-8), so X must take 6 anyway.
    let pos = ttt("x...x..oo");
    let result = AlphaBeta::<Ttt>::new(1).search(&pos, SearchLimits::depth(9));
    assert_eq!(result.best, Some(6));
    assert!(result.score >= PROVEN, "a proven win, got {}", result.score);
    assert_eq!(result.pv.first(), Some(&6));
}

#[test]
fn alpha_beta_blocks_a_threat_it_cannot_beat() {
    // O to move must block X's row 0-1-2 at 2.
    let pos = ttt("xx..o....");
    let result = AlphaBeta::<Ttt>::new(1).search(&pos, SearchLimits::depth(9));
    assert_eq!(result.best, Some(2));
    assert_eq!(result.score, 0);
}

#[test]
fn the_table_does_not_change_the_value_at_fixed_depth() {
    for text in [".........", "x........", "x...o....", "xo..x....", "x...x..oo"] {
        for depth in 1..=6 {
            let with = AlphaBeta::<Ttt>::new(1).search(&ttt(text), SearchLimits::depth(depth));
            let without = AlphaBeta::<Ttt>::without_table().search(&ttt(text), SearchLimits::depth(depth));
            assert_eq!(with.score, without.score, "{text} at depth {depth}");
        }
    }
}

#[test]
fn greedy_takes_an_immediate_win() {
    let mut rng = tabula_core::SeededRng::seed_from_u64(1);
    let (mv, score) = greedy_move(&ttt("xx..o.o.."), 0, &mut rng).unwrap();
    assert_eq!(mv, 2);
    assert!(score >= PROVEN);
}

#[test]
fn player_specs_are_read_and_checked() {
    let info = Ttt::info();
    assert_eq!(PlayerSpec::parse("random", info).unwrap(), PlayerSpec::Random);
    assert_eq!(PlayerSpec::parse("greedy:margin=3", info).unwrap(), PlayerSpec::Greedy { margin: 3 });
    match PlayerSpec::parse("ab:depth=5,time=250ms,hash=8", info).unwrap() {
        PlayerSpec::AlphaBeta { limits, table_mib, .. } => {
            assert_eq!(limits.depth, 5);
            assert_eq!(limits.time, Some(std::time::Duration::from_millis(250)));
            assert_eq!(table_mib, 8);
        }
        other => panic!("{other:?}"),
    }
    match PlayerSpec::parse("level:hard", info).unwrap() {
        PlayerSpec::AlphaBeta { limits, .. } => assert_eq!(limits.depth, 9),
        other => panic!("{other:?}"),
    }
    let reducing = PlayerSpec::parse("ab:time=2s,reduce=1", info).unwrap();
    assert!(matches!(reducing, PlayerSpec::AlphaBeta { reduce: true, .. }), "{reducing:?}");
    assert_eq!(PlayerSpec::parse(&reducing.to_string(), info).unwrap(), reducing, "{reducing}");
    for (bad, says) in [
        ("level:godlike", "has no level 'godlike'"),
        ("ab:depth=x", "must be a whole number"),
        ("ab:speed=3", "has no setting 'speed'"),
        ("ab:time=3h", "is not a duration"),
        ("wizard", "unknown player"),
        ("ab:depth", "should look like key=value"),
        ("ab:reduce=2", "from 0 to 1"),
    ] {
        let err = PlayerSpec::parse(bad, info).unwrap_err();
        assert!(err.to_string().contains(says), "{bad}: {err}");
    }
}

#[test]
fn a_perfect_player_never_loses_to_random_play() {
    let spec = PlayerSpec::parse("level:hard", Ttt::info()).unwrap();
    let mut rng = tabula_core::SeededRng::seed_from_u64(9);
    for game in 0..20 {
        let mut pos = ttt(".........");
        let perfect = Side::from_index(game % 2);
        while pos.outcome().is_none() {
            let player = if pos.side_to_move() == perfect { spec.clone() } else { PlayerSpec::Random };
            let mv = choose_move(&pos, &player, &mut rng).unwrap().best.unwrap();
            pos.play(mv);
        }
        assert_ne!(pos.outcome(), Some(Outcome::Win(perfect.opponent())), "game {game}: {}", pos.to_text());
    }
}

#[test]
fn mcts_solver_proves_the_forced_win() {
    let pos = ttt("x...x..oo");
    let mut rng = tabula_core::SeededRng::seed_from_u64(3);
    let limits = MctsLimits { iterations: Some(20_000), time: None, exploration: 1.4 };
    let result = Mcts::<Ttt>::new().search(&pos, limits, &mut rng);
    assert_eq!(result.best, Some(6));
    assert!(result.exact, "the root is proven");
    assert!(result.score >= PROVEN);
    assert!(result.nodes < 20_000, "the proof stops the search early ({} iterations)", result.nodes);
}

#[test]
fn mcts_blocks_the_threat_and_keeps_its_tree() {
    let pos = ttt("xx..o....");
    let mut rng = tabula_core::SeededRng::seed_from_u64(4);
    let limits = MctsLimits { iterations: Some(5_000), time: None, exploration: 1.4 };
    let mut mcts = Mcts::<Ttt>::new();
    let result = mcts.search(&pos, limits, &mut rng);
    assert_eq!(result.best, Some(2));
    // Two moves later the tree below that position is reused, not rebuilt.
    let mut next = pos.clone();
    next.play(2);
    next.play(6);
    let one = MctsLimits { iterations: Some(1), ..limits };
    mcts.search(&next, one, &mut rng);
    let mut fresh = Mcts::<Ttt>::new();
    fresh.search(&next, one, &mut rng);
    assert!(
        mcts.tree_size() > fresh.tree_size() + 5,
        "kept {} nodes, a fresh tree has {}",
        mcts.tree_size(),
        fresh.tree_size()
    );
}

#[test]
fn two_threads_find_the_same_value() {
    for text in [".........", "x...o....", "x...x..oo"] {
        let one = AlphaBeta::<Ttt>::new(1).search(&ttt(text), SearchLimits::depth(9));
        let two = AlphaBeta::<Ttt>::new(1).search_parallel(&ttt(text), SearchLimits::depth(9), 2);
        assert_eq!(one.score, two.score, "{text}");
        // Whichever thread's iteration is reported, its move keeps the game's result.
        let mut after = ttt(text);
        after.play(two.best.expect("a move"));
        let reply = AlphaBeta::<Ttt>::new(1).search(&after, SearchLimits::depth(9));
        assert_eq!(-reply.score.signum(), two.score.signum(), "{text}");
        assert!(two.exact || two.depth == 9, "{text}: depth {}", two.depth);
    }
}

#[test]
fn a_careless_player_still_picks_among_good_moves() {
    // Margin 0 is exact play; with a margin, never a losing blunder (all other moves lose at once).
    let spec = PlayerSpec::parse("ab:depth=4,margin=1", Ttt::info()).unwrap();
    for seed in 0..10 {
        let mut player = Player::<Ttt>::new(spec.clone(), seed);
        let result = player.choose(&ttt("xx..o....")).unwrap().unwrap();
        assert_eq!(result.best, Some(2));
    }
}
