//! What the API sends about a match, as typed structs: the match view (also
//! the replay view of a past position) and its parts. Their JSON is
//! described in docs/api.md, "The match view"; a position without a match
//! (`POST /api/positions`) shares the parts it has in common.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use tabula_search::Decision;

/// One legal move with the game's annotations (what a screen needs to preview it).
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The game's annotations for it.
    pub info: Value,
}

/// One move of the history and the seat that made it.
#[derive(Debug, Clone, Serialize)]
pub struct Played {
    /// The move as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The seat that made it (0 moves first).
    pub side: usize,
}

/// How a game ended.
#[derive(Debug, Clone, Serialize)]
pub struct Ending {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in a sentence.
    pub reason: String,
}

/// What the computer last decided, for the side panel.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionView {
    /// The move it played.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its score for the mover (beyond ±500000, a proven result).
    pub score: i32,
    /// The depth of its last finished iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Whether the score is the game's exact value.
    pub exact: bool,
    /// Time spent, in milliseconds.
    pub elapsed_ms: u64,
    /// The line it expected, its move first.
    pub pv: Vec<String>,
}

impl From<&Decision> for DecisionView {
    fn from(d: &Decision) -> Self {
        DecisionView {
            mv: d.mv.clone(),
            score: d.score,
            depth: d.depth,
            nodes: d.nodes,
            exact: d.exact,
            elapsed_ms: d.elapsed.as_millis() as u64,
            pv: d.pv.clone(),
        }
    }
}

/// A clock as the view shows it (milliseconds).
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// What each side started with.
    pub initial: i64,
    /// What each move adds.
    pub increment: i64,
    /// Each side's time left as of the moment the view was made.
    pub remaining: [i64; 2],
    /// The side whose time runs, if any.
    pub running: Option<usize>,
}

/// The online part of a view.
#[derive(Debug, Clone, Serialize)]
pub struct OnlineView {
    /// The seat of whoever asked, if their token holds one.
    pub seat: Option<usize>,
    /// Which seats are held.
    pub joined: [bool; 2],
    /// Which seats have a live connection.
    pub connected: [bool; 2],
    /// The clock, if the match has one.
    pub clock: Option<ClockView>,
}

/// Where a replay view stands.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayPlace {
    /// The moves played up to the position shown.
    pub ply: usize,
    /// The moves of the whole match.
    pub plies: usize,
    /// Whether the match was played online.
    pub online: bool,
}

/// The credentials a person gets for a seat.
#[derive(Debug, Clone, Serialize)]
pub struct Credentials {
    /// The seat they hold.
    pub seat: usize,
    /// The secret that holds it (send it as `Authorization: Bearer`).
    pub token: String,
    /// The invitation to the other seat, for the one who created the match.
    pub invite: Option<String>,
}

/// A match as the play page is given it.
#[derive(Debug, Clone, Serialize)]
pub struct MatchView {
    /// The match's id, as used in URLs.
    pub id: String,
    /// The game's slug.
    pub game: &'static str,
    /// The options it was created with, as texts.
    pub options: BTreeMap<String, String>,
    /// Who holds each seat: `human` or a player spec, as typed.
    pub players: [String; 2],
    /// The names the players gave.
    pub names: [Option<String>; 2],
    /// The seats' names in the game.
    pub sides: [&'static str; 2],
    /// The position text.
    pub position: String,
    /// The seat to move.
    pub side_to_move: usize,
    /// Whether the seat to move is the computer's (and the game goes on).
    pub computer_to_move: bool,
    /// Whether whoever asked may move now.
    pub can_move: bool,
    /// The legal moves with their annotations (empty when nobody may move here).
    pub moves: Vec<MoveView>,
    /// The moves played.
    pub history: Vec<Played>,
    /// How the match ended, if it did.
    pub result: Option<Ending>,
    /// The game's own fields for drawing the position.
    pub state: Value,
    /// What the computer last decided.
    pub last_decision: Option<DecisionView>,
    /// Grows with every change.
    pub version: u64,
    /// When the match was created (Unix ms).
    pub created_at: i64,
    /// Whether it came from an imported record.
    pub imported: bool,
    /// Seats, connections and clock of an online match.
    pub online: Option<OnlineView>,
    /// For a replay view: where it stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay: Option<ReplayPlace>,
    /// For the one who just created or joined an online match: their seat's credentials.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials: Option<Credentials>,
}

/// The live message `{"type": "view", "view": …}` of a view.
pub fn view_message(view: &MatchView) -> String {
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(b"{\"type\":\"view\",\"view\":");
    serde_json::to_writer(&mut out, view).expect("a view can be written as JSON");
    out.push(b'}');
    String::from_utf8(out).expect("JSON is UTF-8")
}
