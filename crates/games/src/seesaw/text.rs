//! The position text: the canonical form the Ludii oracle uses:
//! `tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1`, players numbered 1
//! (South) and 2 (North), entries in plain string order, then `;winner:N`
//! once the game is won. The board size is read from the two start tiles,
//! which never leave their corners; a hand-made position without them
//! carries `;base:N`.

use tabula_core::{Error, Fields, Game, Outcome, Side};

use super::geometry::{layout, Layout, MAX_BASE, MIN_BASE};
use super::notation::side_name;
use super::rules::{Builder, Seesaw, MAX_STACK, NORTH, SOUTH};

/// The position text (see the module documentation).
pub fn to_text(pos: &Seesaw) -> String {
    let layout = pos.layout();
    let mut tiles: Vec<String> = (0..layout.cells)
        .filter_map(|c| pos.tile(c).map(|owner| format!("{}={}", layout.names[c], owner.index() + 1)))
        .collect();
    tiles.sort();
    let mut stacks: Vec<String> = (0..layout.cells)
        .filter_map(|c| pos.stack(c).map(|s| format!("{}={}x{}", layout.names[c], s.owner.index() + 1, s.size)))
        .collect();
    stacks.sort();
    let mut text = format!("tiles:{};stacks:{};next:{}", tiles.join(","), stacks.join(","), pos.mover().index() + 1);
    if let Some(Outcome::Win(winner)) = pos.outcome() {
        text.push_str(&format!(";winner:{}", winner.index() + 1));
    }
    let corner_base = Layout::base_from_corners(|name| layout.cell(name).and_then(|c| pos.tile(c)));
    if corner_base != Some(layout.base) {
        text.push_str(&format!(";base:{}", layout.base));
    }
    text
}

/// The fields of the position text, in the order they are written.
const FIELDS: &[&str] = &["tiles", "stacks", "next", "winner", "base"];

/// Reads a position text: its fields, then [`Seesaw::check`] that play could
/// reach it, and that `winner` says who has won.
pub fn from_text(text: &str) -> Result<Seesaw, Error> {
    let fields = Fields::read(text, ':', FIELDS)?;
    let tiles = read_tiles(fields.require("tiles")?)?;
    let stacks = read_stacks(fields.require("stacks")?)?;
    let next = read_player(fields.require("next")?, "next")?;
    let winner = fields.get("winner").map(|w| read_player(w, "winner")).transpose()?;
    let base = match fields.get("base") {
        Some(value) => read_base(value)?,
        None => {
            Layout::base_from_corners(|name| tiles.iter().find(|(c, _)| c == name).map(|e| e.1)).ok_or_else(|| {
                bad("cannot tell the board's size: the start tiles (South's on the bottom corner, e.g. d1=1 \
                 on base 4, and North's on the top corner, e.g. d7=2) are missing; add ;base:N"
                    .into())
            })?
        }
    };
    let layout = layout(base);
    let locate =
        |name: &str| layout.cell(name).ok_or_else(|| bad(format!("'{name}' is not a cell of the base-{base} board")));
    let mut builder = Builder { base, stacks: Vec::new(), tiles: Vec::new(), next };
    let mut seen = vec![false; layout.cells];
    for (name, owner) in &tiles {
        let cell = locate(name)?;
        if std::mem::replace(&mut seen[cell], true) {
            return Err(bad(format!("{name} has two tiles")));
        }
        builder.tiles.push((cell, *owner));
    }
    let mut seen = vec![false; layout.cells];
    for (name, owner, size) in &stacks {
        let cell = locate(name)?;
        if std::mem::replace(&mut seen[cell], true) {
            return Err(bad(format!("{name} has two stacks")));
        }
        builder.stacks.push((cell, *owner, *size));
    }
    let pos = builder.build();
    pos.check()?;
    // `check` leaves the mover without stacks only when the other has won.
    let (mover, other) = (next, next.opponent());
    let over = pos.material(mover).0 == 0;
    if !over && winner.is_some() {
        return Err(bad("the game is not over (both players have stacks), so it has no winner".into()));
    }
    if over && winner != Some(other) {
        return Err(bad(format!(
            "{} has no stacks, so {} has won: the text must end with ;winner:{}",
            side_name(mover),
            side_name(other),
            other.index() + 1
        )));
    }
    Ok(pos)
}

fn bad(message: String) -> Error {
    Error::BadPosition(message)
}

/// A player: `1` (South) or `2` (North); `what` names the value in a message.
fn read_player(value: &str, what: &str) -> Result<Side, Error> {
    match value {
        "1" => Ok(SOUTH),
        "2" => Ok(NORTH),
        _ => Err(bad(format!("{what} must be 1 (South) or 2 (North), not '{value}'"))),
    }
}

/// The `,`-separated entries of a list, lower case.
fn entries(list: &str) -> Vec<String> {
    list.split(',').map(|e| e.trim().to_ascii_lowercase()).filter(|e| !e.is_empty()).collect()
}

/// `tiles`: `cell=player` entries.
fn read_tiles(list: &str) -> Result<Vec<(String, Side)>, Error> {
    let mut tiles = Vec::new();
    for entry in entries(list) {
        let (cell, owner) =
            entry.split_once('=').ok_or_else(|| bad(format!("tile '{entry}' should look like d1=1")))?;
        tiles.push((cell.trim().to_string(), read_player(owner.trim(), &format!("the owner of tile {cell}"))?));
    }
    Ok(tiles)
}

/// `stacks`: `cell=player x discs` entries.
fn read_stacks(list: &str) -> Result<Vec<(String, Side, u8)>, Error> {
    let mut stacks = Vec::new();
    for entry in entries(list) {
        let shape = || bad(format!("stack '{entry}' should look like d1=1x2 (cell=player x discs)"));
        let (cell, rest) = entry.split_once('=').ok_or_else(shape)?;
        let (owner, size) = rest.split_once('x').ok_or_else(shape)?;
        let owner = read_player(owner.trim(), &format!("the owner of stack {cell}"))?;
        let size: u8 = size
            .trim()
            .parse()
            .ok()
            .filter(|s| (1..=MAX_STACK).contains(s))
            .ok_or_else(|| bad(format!("stack {cell} must hold 1 to {MAX_STACK} discs, not '{}'", size.trim())))?;
        stacks.push((cell.trim().to_string(), owner, size));
    }
    Ok(stacks)
}

/// `base`: cells per side, for a position whose start tiles do not say.
fn read_base(value: &str) -> Result<usize, Error> {
    value
        .parse::<usize>()
        .ok()
        .filter(|b| (MIN_BASE..=MAX_BASE).contains(b))
        .ok_or_else(|| bad(format!("base must be a whole number from {MIN_BASE} to {MAX_BASE}, not '{value}'")))
}

impl Seesaw {
    /// Checks that the position could arise in play: the player to move
    /// still has a stack unless the other has just taken its last, and the
    /// other player has one (the game ends when a player's last is taken).
    pub(super) fn check(&self) -> Result<(), Error> {
        let mover = self.mover();
        let other = mover.opponent();
        let has_stacks = |side: Side| self.material(side).0 > 0;
        match (has_stacks(mover), has_stacks(other)) {
            (_, true) => Ok(()),
            (true, false) => Err(bad(format!(
                "{} has no stacks, so the game ended before {} could be to move",
                side_name(other),
                side_name(mover)
            ))),
            (false, false) => Err(bad("neither player has a stack".into())),
        }
    }
}
