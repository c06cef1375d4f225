//! The position text: the canonical form the Ludii oracle uses:
//! `tiles:d1=1,d7=2;stacks:d1=1x1,d7=2x1;next:1`, players numbered 1
//! (South) and 2 (North), entries in plain string order, then `;winner:N`
//! once the game is won. The board size is read from the two start tiles,
//! which never leave their corners; a hand-made position without them
//! carries `;base:N`.

use tabula_core::{Error, Game, Outcome, Side};

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

/// Reads a position text, checking that it describes a position play could reach.
pub fn from_text(text: &str) -> Result<Seesaw, Error> {
    let bad = |msg: String| Error::BadPosition(msg);
    let mut tiles_text = None;
    let mut stacks_text = None;
    let mut next_text = None;
    let mut winner_text = None;
    let mut base_text = None;
    for field in text.trim().split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (key, value) =
            field.split_once(':').ok_or_else(|| bad(format!("field '{field}' should look like key:value")))?;
        let slot = match key.trim() {
            "tiles" => &mut tiles_text,
            "stacks" => &mut stacks_text,
            "next" => &mut next_text,
            "winner" => &mut winner_text,
            "base" => &mut base_text,
            other => {
                return Err(bad(format!("unknown field '{other}' (known: tiles, stacks, next, winner, base)")));
            }
        };
        if slot.replace(value.trim()).is_some() {
            return Err(bad(format!("field '{}' is given twice", key.trim())));
        }
    }
    let missing = |name: &str| bad(format!("the position has no '{name}' field"));
    let tiles_text = tiles_text.ok_or_else(|| missing("tiles"))?;
    let stacks_text = stacks_text.ok_or_else(|| missing("stacks"))?;
    let player = |value: &str, what: &str| match value {
        "1" => Ok(SOUTH),
        "2" => Ok(NORTH),
        _ => Err(bad(format!("{what} must be 1 (South) or 2 (North), not '{value}'"))),
    };
    let next = player(next_text.ok_or_else(|| missing("next"))?, "next")?;
    let winner = winner_text.map(|w| player(w, "winner")).transpose()?;

    let entries = |list: &str| -> Vec<String> {
        list.split(',').map(|e| e.trim().to_ascii_lowercase()).filter(|e| !e.is_empty()).collect()
    };
    let mut tile_entries = Vec::new();
    for entry in entries(tiles_text) {
        let (cell, owner) =
            entry.split_once('=').ok_or_else(|| bad(format!("tile '{entry}' should look like d1=1")))?;
        tile_entries.push((cell.trim().to_string(), player(owner.trim(), &format!("the owner of tile {cell}"))?));
    }
    let mut stack_entries = Vec::new();
    for entry in entries(stacks_text) {
        let shape = || bad(format!("stack '{entry}' should look like d1=1x2 (cell=player x discs)"));
        let (cell, rest) = entry.split_once('=').ok_or_else(shape)?;
        let (owner, size) = rest.split_once('x').ok_or_else(shape)?;
        let owner = player(owner.trim(), &format!("the owner of stack {cell}"))?;
        let size: u8 = size
            .trim()
            .parse()
            .ok()
            .filter(|s| (1..=MAX_STACK).contains(s))
            .ok_or_else(|| bad(format!("stack {cell} must hold 1 to {MAX_STACK} discs, not '{}'", size.trim())))?;
        stack_entries.push((cell.trim().to_string(), owner, size));
    }

    let base = match base_text {
        Some(b) => b
            .parse::<usize>()
            .ok()
            .filter(|b| (MIN_BASE..=MAX_BASE).contains(b))
            .ok_or_else(|| bad(format!("base must be a whole number from {MIN_BASE} to {MAX_BASE}, not '{b}'")))?,
        None => Layout::base_from_corners(|name| tile_entries.iter().find(|(c, _)| c == name).map(|e| e.1))
            .ok_or_else(|| {
                bad("cannot tell the board's size: the start tiles (South's on the bottom corner, e.g. d1=1 \
                     on base 4, and North's on the top corner, e.g. d7=2) are missing; add ;base:N"
                    .into())
            })?,
    };
    let layout = layout(base);
    let locate =
        |name: &str| layout.cell(name).ok_or_else(|| bad(format!("'{name}' is not a cell of the base-{base} board")));
    let mut builder = Builder { base, stacks: Vec::new(), tiles: Vec::new(), next };
    let mut seen = vec![false; layout.cells];
    for (name, owner) in &tile_entries {
        let cell = locate(name)?;
        if std::mem::replace(&mut seen[cell], true) {
            return Err(bad(format!("{name} has two tiles")));
        }
        builder.tiles.push((cell, *owner));
    }
    let mut seen = vec![false; layout.cells];
    for (name, owner, size) in &stack_entries {
        let cell = locate(name)?;
        if std::mem::replace(&mut seen[cell], true) {
            return Err(bad(format!("{name} has two stacks")));
        }
        builder.stacks.push((cell, *owner, *size));
    }
    let has_stacks = |side: Side| builder.stacks.iter().any(|s| s.1 == side);
    let (mover, other) = (next, next.opponent());
    match (has_stacks(mover), has_stacks(other)) {
        (true, true) => {
            if winner.is_some() {
                return Err(bad("the game is not over (both players have stacks), so it has no winner".into()));
            }
        }
        (false, true) => {
            if winner != Some(other) {
                return Err(bad(format!(
                    "{} has no stacks, so {} has won: the text must end with ;winner:{}",
                    side_name(mover),
                    side_name(other),
                    other.index() + 1
                )));
            }
        }
        (true, false) => {
            return Err(bad(format!(
                "{} has no stacks, so the game ended before {} could be to move",
                side_name(other),
                side_name(mover)
            )));
        }
        (false, false) => return Err(bad("neither player has a stack".into())),
    }
    Ok(builder.build())
}
