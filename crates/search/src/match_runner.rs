//! Self-play matches between two player specs: pairs of games from the same
//! start with sides swapped, reproducible from one seed, run in parallel,
//! splittable into shards whose JSON-lines outputs merge into one result.

#[cfg(feature = "threads")]
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tabula_core::{seeded_rng, zobrist::splitmix64, Error, Options, Outcome, Side};

use crate::any_game::{AnyGame, GameEntry};
use crate::player::PlayerSpec;
use crate::random::random_index;
use crate::stats::GameResult;

/// Plays `moves` random moves on `game`, each drawn from the moves that
/// leave a game still to be played: not over, and not winnable by the side
/// to move with its next move. An opening that hands one side the game
/// decides both games of a pair alike and measures nothing; only when every
/// move does so is one of them played anyway.
pub fn play_random_opening(game: &mut dyn AnyGame, moves: u32, rng: &mut impl rand_core::RngCore) -> Result<(), Error> {
    for _ in 0..moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut quiet = Vec::new();
        for mv in &legal {
            game.play_text(mv)?;
            if game.outcome().is_none() && !wins_at_once(game)? {
                quiet.push(mv);
            }
            game.undo();
        }
        let pool: Vec<&String> = if quiet.is_empty() { legal.iter().collect() } else { quiet };
        game.play_text(pool[random_index(rng, pool.len())])?;
    }
    Ok(())
}

/// Whether the side to move has a move that wins the game at once.
fn wins_at_once(game: &mut dyn AnyGame) -> Result<bool, Error> {
    let mover = game.side_to_move();
    for mv in game.legal_moves() {
        game.play_text(&mv)?;
        let won = game.outcome() == Some(Outcome::Win(mover));
        game.undo();
        if won {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Everything that decides a match.
#[derive(Debug, Clone)]
pub struct MatchSetup {
    /// The game.
    pub entry: &'static GameEntry,
    /// Game options (a `seed` given here fixes the board for every game).
    pub options: Options,
    /// Player A and player B, as typed.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Games in all (rounded up to whole pairs).
    pub games: u64,
    /// The seed every random choice derives from.
    pub seed: u64,
    /// Games longer than this are stopped and counted as draws (`None`: the game's own limit).
    pub max_moves: Option<u32>,
    /// Random moves played at the start of each pair (the same for both games; see [`play_random_opening`]).
    pub random_moves: u32,
    /// This run's slice of the pairs: `(i, n)` runs pairs with `pair % n == i`.
    pub shard: (u64, u64),
}

/// One game of a match, as written to the JSON-lines output.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GameRecord {
    /// Index of the game within the whole match (pairs are 2k, 2k+1).
    pub index: u64,
    /// The seat A played: 0 moved first.
    pub a_seat: usize,
    /// The winning seat, or null for a draw.
    pub winner_seat: Option<usize>,
    /// A's score: 1, 0.5 or 0.
    pub a_score: f64,
    /// Moves played (including random opening moves).
    pub length: u32,
    /// Stopped at the move limit.
    pub adjudicated: bool,
    /// The start: the game's options as `key=value` pairs.
    pub start: Vec<String>,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// Players A and B, to check merged shards belong together.
    pub players: [String; 2],
}

impl GameRecord {
    /// What the statistics need.
    pub fn result(&self) -> GameResult {
        GameResult {
            a_score: self.a_score,
            winner_seat: self.winner_seat,
            length: self.length,
            adjudicated: self.adjudicated,
        }
    }
}

impl MatchSetup {
    /// Checks the setup: players must parse, the game must start.
    pub fn validate(&self) -> Result<(), Error> {
        let info = self.entry.info();
        PlayerSpec::parse(&self.a, info)?;
        PlayerSpec::parse(&self.b, info)?;
        self.entry.create(&self.options)?;
        if self.shard.1 == 0 || self.shard.0 >= self.shard.1 {
            return Err(Error::BadOption(format!(
                "shard {}/{} does not exist: use i/n with i < n",
                self.shard.0, self.shard.1
            )));
        }
        Ok(())
    }

    /// The indices of the games this shard plays.
    pub fn indices(&self) -> Vec<u64> {
        let pairs = self.games.div_ceil(2);
        (0..pairs).filter(|p| p % self.shard.1 == self.shard.0).flat_map(|p| [2 * p, 2 * p + 1]).collect()
    }

    /// The options of pair `pair`: a fresh board per pair where the game has a `seed` option.
    fn start_options(&self, pair: u64) -> Options {
        let mut options = self.options.clone();
        let has_seed = self.entry.info().options.iter().any(|o| o.key == "seed");
        if has_seed && !options.contains("seed") {
            let board = splitmix64(self.seed ^ splitmix64(pair)) % 1_000_000_000;
            options.set("seed", &board.to_string());
        }
        options
    }

    /// Plays game `index` of the match.
    pub fn play(&self, index: u64) -> Result<GameRecord, Error> {
        let info = self.entry.info();
        let pair = index / 2;
        let a_seat = (index % 2) as usize;
        let options = self.start_options(pair);
        let mut game = self.entry.create(&options)?;
        // The same random opening for both games of a pair.
        let mut opening = seeded_rng(splitmix64(self.seed ^ 0x0BE7 ^ splitmix64(pair)));
        play_random_opening(game.as_mut(), self.random_moves, &mut opening)?;
        let specs = [PlayerSpec::parse(&self.a, info)?, PlayerSpec::parse(&self.b, info)?];
        let mut players: Vec<_> = (0..2)
            .map(|seat| {
                let who = if seat == a_seat { 0 } else { 1 };
                game.new_player(&specs[who], splitmix64(self.seed ^ splitmix64(index * 2 + seat as u64 + 1)))
            })
            .collect();
        let mut adjudicated = false;
        let limit = self.max_moves.unwrap_or_else(|| game.match_move_limit());
        let mut played = game.history().len() as u32;
        while game.outcome().is_none() {
            if played >= limit {
                adjudicated = true;
                break;
            }
            let seat = game.side_to_move().index();
            let decision = players[seat]
                .choose(game.as_ref())?
                .ok_or_else(|| Error::BadPlayer("a player found no move in an unfinished game".into()))?;
            game.play_text(&decision.mv)?;
            played += 1;
        }
        let outcome = if adjudicated { Outcome::Draw } else { game.outcome().unwrap_or(Outcome::Draw) };
        let moves = game.history();
        Ok(GameRecord {
            index,
            a_seat,
            winner_seat: outcome.winner().map(Side::index),
            a_score: outcome.score_for(Side::from_index(a_seat)),
            length: moves.len() as u32,
            adjudicated,
            start: options.iter().map(|(k, v)| format!("{k}={v}")).collect(),
            moves,
            players: [self.a.clone(), self.b.clone()],
        })
    }

    /// Plays this shard's games (skipping those in `done`) on `threads`
    /// threads, calling `on_game` as each finishes. Returns all records by index.
    pub fn run(
        &self,
        threads: usize,
        done: &[u64],
        on_game: impl Fn(&GameRecord) + Sync,
    ) -> Result<Vec<GameRecord>, Error> {
        let todo: Vec<u64> = self.indices().into_iter().filter(|i| !done.contains(i)).collect();
        let play = |&i: &u64| {
            let record = self.play(i)?;
            on_game(&record);
            Ok(record)
        };
        #[cfg(feature = "threads")]
        let mut records = {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.max(1))
                .build()
                .map_err(|e| Error::BadOption(format!("cannot start {threads} threads: {e}")))?;
            pool.install(|| todo.par_iter().map(play).collect::<Result<Vec<_>, Error>>())?
        };
        // Without threads (WebAssembly in a page) the games are played one after another.
        #[cfg(not(feature = "threads"))]
        let mut records = {
            let _ = threads;
            todo.iter().map(play).collect::<Result<Vec<_>, Error>>()?
        };
        records.sort_by_key(|r| r.index);
        Ok(records)
    }
}

/// Merges the records of a match's shards, as `tabula match --merge` does:
/// one record per game index (the first one seen), ordered by index. Fails
/// if the records belong to different matches (other players).
pub fn merge_records(records: impl IntoIterator<Item = GameRecord>) -> Result<Vec<GameRecord>, Error> {
    let mut all: Vec<GameRecord> = Vec::new();
    for record in records {
        if let Some(first) = all.first() {
            if first.players != record.players {
                return Err(Error::BadPlayer(format!(
                    "the shards hold different matches ({} vs {} and {} vs {})",
                    first.players[0], first.players[1], record.players[0], record.players[1]
                )));
            }
        }
        if !all.iter().any(|r| r.index == record.index) {
            all.push(record);
        }
    }
    all.sort_by_key(|r| r.index);
    Ok(all)
}
