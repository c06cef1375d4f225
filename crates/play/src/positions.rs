//! `POST /api/positions`: the rules answered without a match. A page that
//! shows positions of its own (a rules diagram, a replay, an analysis)
//! sends a start (options or a position text) and moves, and gets back what
//! a match view holds: the position, its legal moves with the game's
//! annotations, the history, the result and the game's own drawing fields.
//! So no page needs its own copy of any rule.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_core::Error;
use tabula_search::AnyGame;

pub use crate::views::{Ending, MoveView, Played};

/// The most moves one request may replay (a long game's worth).
pub const MAX_MOVES: usize = 600;

/// What a page asks: a start and moves from it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The game's slug.
    pub game: String,
    /// Its options, as for a new match (text, numbers or booleans).
    #[serde(default)]
    pub options: BTreeMap<String, Value>,
    /// A position text to start from instead of the options' start.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves in the game's notation, played in turn from the start.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Also describe every position along the way (its text, seat to move, drawing fields and result).
    #[serde(default)]
    pub each: bool,
}

/// A position as the rules see it, shaped like the match view's fields of the same names.
#[derive(Debug, Serialize)]
pub struct PositionView {
    /// The game's slug.
    pub game: &'static str,
    /// The seats' names in the game.
    pub sides: [&'static str; 2],
    /// The position text.
    pub position: String,
    /// The seat to move.
    pub side_to_move: usize,
    /// The legal moves with their annotations (empty once the game is over).
    pub moves: Vec<MoveView>,
    /// The moves played from the start.
    pub history: Vec<Played>,
    /// How the game ended, if it did.
    pub result: Option<Ending>,
    /// The game's own fields for drawing the position.
    pub state: Value,
}

impl PositionView {
    /// Describes `game`, reached by `history`.
    pub fn of(game: &dyn AnyGame, history: &[Played]) -> Self {
        let info = game.info();
        let result =
            game.outcome().map(|o| Ending { winner: o.winner().map(|s| s.index()), reason: game.outcome_reason() });
        let moves = if result.is_some() {
            Vec::new()
        } else {
            game.move_views().into_iter().map(|(mv, info)| MoveView { mv, info }).collect()
        };
        PositionView {
            game: info.slug,
            sides: info.sides,
            position: game.to_text(),
            side_to_move: game.side_to_move().index(),
            moves,
            history: history.iter().map(|p| Played { mv: p.mv.clone(), side: p.side }).collect(),
            result,
            state: game.view(),
        }
    }
}

/// One position along the way: what drawing it needs, without its legal moves or history.
#[derive(Debug, Serialize)]
pub struct PositionStep {
    /// The position text.
    pub position: String,
    /// The seat to move.
    pub side_to_move: usize,
    /// How the game ended there, if it did.
    pub result: Option<Ending>,
    /// The game's own fields for drawing the position.
    pub state: Value,
}

impl PositionStep {
    fn of(game: &dyn AnyGame) -> Self {
        PositionStep {
            position: game.to_text(),
            side_to_move: game.side_to_move().index(),
            result: game
                .outcome()
                .map(|o| Ending { winner: o.winner().map(|s| s.index()), reason: game.outcome_reason() }),
            state: game.view(),
        }
    }
}

/// The answer: the last position, and with `each` every one on the way.
#[derive(Debug, Serialize)]
pub struct PositionReply {
    /// The position after all the moves.
    #[serde(flatten)]
    pub last: PositionView,
    /// With `each`: the start and the position after each move, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<PositionStep>>,
}

/// Plays the request's moves from its start and describes where they lead.
/// (The server refuses more than [`MAX_MOVES`] moves before it asks.)
pub fn answer(request: PositionRequest, options: BTreeMap<String, String>) -> Result<PositionReply, Error> {
    let mut game = crate::start_game(&request.game, &options, request.position.as_deref())?;
    let mut history = Vec::with_capacity(request.moves.len());
    let mut positions = request.each.then(|| vec![PositionStep::of(game.as_ref())]);
    for (i, mv) in request.moves.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(Error::IllegalMove(format!("move {} ('{mv}'): the game is already over", i + 1)));
        }
        let side = game.side_to_move().index();
        let written = game.play_text(mv).map_err(|e| match e {
            Error::BadMove(m) => Error::BadMove(format!("move {} ('{mv}'): {m}", i + 1)),
            Error::IllegalMove(m) => Error::IllegalMove(format!("move {} ('{mv}'): {m}", i + 1)),
            other => other,
        })?;
        history.push(Played { mv: written, side });
        if let Some(all) = positions.as_mut() {
            all.push(PositionStep::of(game.as_ref()));
        }
    }
    Ok(PositionReply { last: PositionView::of(game.as_ref(), &history), positions })
}
