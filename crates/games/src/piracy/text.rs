//! The position text: `;`-separated `key=value` fields, for example
//!
//! ```text
//! island=d4;cook=a1-b2,hits=0,circling=0;silver=h8-g7,hits=0,circling=0;next=cook;ply=0
//! ```
//!
//! A ship is `stern-bow`, then its hits (0–7) and circling count (−7…7,
//! positive for right turns), then for a sunk ship `sunk=shot` (seventh hit
//! from the other ship), `sunk=circled` (seventh hit from its own circling)
//! or `sunk=aground:NE` (the heading that drove its bow onto land; the ship
//! keeps the squares it had before). `ply` counts the moves played by both
//! ships. After a sinking, `survivor=cook` or `silver` names the ship
//! that outlived the other and `owed=N` the moves it must still make.

use tabula_core::{Error, Fields, Side};

use super::geometry::{
    heading_between, island_mask, parse_heading, parse_square, square_name, step, HARBOURS, HEADINGS, ISLAND_CORNERS,
};
use super::rules::{Fate, Piracy, Ship, HITS_TO_SINK, MAX_MOVES, MOVES_OWED, NOBODY, SHIP_NAMES};

fn ship_text(ship: &Ship) -> String {
    let mut text = format!(
        "{}-{},hits={},circling={}",
        square_name(ship.stern()),
        square_name(ship.bow()),
        ship.hits(),
        ship.circling()
    );
    match ship.fate() {
        Fate::Afloat => {}
        Fate::Aground => text.push_str(&format!(",sunk=aground:{}", HEADINGS[ship.heading() as usize])),
        fate => text.push_str(&format!(",sunk={}", fate.word().unwrap_or_default())),
    }
    text
}

/// The position text of `pos` (see the module documentation).
pub fn to_text(pos: &Piracy) -> String {
    let mut text = format!(
        "island={};cook={};silver={};next={};ply={}",
        square_name(pos.island_corner()),
        ship_text(pos.ship(Side::First)),
        ship_text(pos.ship(Side::Second)),
        SHIP_NAMES[pos.seat_to_move().index()].to_ascii_lowercase(),
        pos.ply()
    );
    if let Some(survivor) = pos.survivor() {
        text.push_str(&format!(";survivor={};owed={}", SHIP_NAMES[survivor.index()].to_ascii_lowercase(), pos.owed));
    }
    text
}

fn bad(msg: String) -> Error {
    Error::BadPosition(msg)
}

fn seat_named(value: &str, field: &str) -> Result<Side, Error> {
    match value.trim().to_ascii_lowercase().as_str() {
        "cook" => Ok(Side::First),
        "silver" => Ok(Side::Second),
        other => Err(bad(format!("{field} must be cook or silver, not '{other}'"))),
    }
}

/// Reads one ship (`a1-b2,hits=0,circling=0[,sunk=…]`) for seat `seat`.
fn parse_ship(text: &str, seat: Side, land: u64) -> Result<Ship, Error> {
    let name = SHIP_NAMES[seat.index()];
    let mut parts = text.split(',');
    let squares = parts.next().unwrap_or("").trim();
    let (stern, bow) = squares
        .split_once('-')
        .ok_or_else(|| bad(format!("{name} should be written stern-bow, such as a1-b2, not '{squares}'")))?;
    let stern = parse_square(stern).map_err(|e| bad(format!("{name}'s stern: {e}")))?;
    let bow = parse_square(bow).map_err(|e| bad(format!("{name}'s bow: {e}")))?;
    let sailing = heading_between(stern, bow).ok_or_else(|| {
        bad(format!("{name}'s stern {} and bow {} must be neighbouring squares", square_name(stern), square_name(bow)))
    })?;
    for sq in [stern, bow] {
        if land >> sq & 1 != 0 {
            return Err(bad(format!("{name} cannot lie on the island ({})", square_name(sq))));
        }
    }
    let mut ship = Ship::new(stern, bow, sailing);
    let mut seen: Vec<&str> = Vec::new();
    for part in parts {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| bad(format!("'{part}' in {name}'s entry should look like key=value")))?;
        let key = key.trim();
        let value = value.trim();
        if seen.contains(&key) {
            return Err(bad(format!("{name}'s '{key}' is given twice")));
        }
        seen.push(key);
        match key {
            "hits" => {
                ship.hits =
                    value.parse().ok().filter(|h| *h <= HITS_TO_SINK).ok_or_else(|| {
                        bad(format!("{name}'s hits must be a whole number from 0 to 7, not '{value}'"))
                    })?
            }
            "circling" => {
                ship.circling =
                    value.trim_start_matches('+').parse().ok().filter(|c: &i8| (-7..=7).contains(c)).ok_or_else(
                        || bad(format!("{name}'s circling must be a whole number from -7 to 7, not '{value}'")),
                    )?
            }
            "sunk" => {
                let (how, towards) = match value.split_once(':') {
                    Some((how, towards)) => (how.trim(), Some(towards.trim())),
                    None => (value, None),
                };
                ship.fate = match (how, towards) {
                    ("shot", None) => Fate::Shot,
                    ("circled", None) => Fate::Circled,
                    ("aground", Some(towards)) => {
                        ship.heading = parse_heading(towards).ok_or_else(|| {
                            bad(format!("{name} ran aground heading '{towards}', which is not one of N, NE, E, SE, S, SW, W, NW"))
                        })?;
                        Fate::Aground
                    }
                    ("aground", None) => {
                        return Err(bad(format!("{name} ran aground heading where? Write sunk=aground:NE and so on")))
                    }
                    _ => {
                        return Err(bad(format!(
                            "{name}'s 'sunk' must be shot, circled or aground:HEADING, not '{value}'"
                        )))
                    }
                };
            }
            other => return Err(bad(format!("{name} has no field '{other}' (known: hits, circling, sunk)"))),
        }
    }
    check_ship(name, &ship, sailing, land)?;
    Ok(ship)
}

/// Checks that a ship read from the text could be so: sunk exactly when it
/// took seven hits (or ran aground), and run aground only by a turn it could
/// make, onto land.
fn check_ship(name: &str, ship: &Ship, sailing: u8, land: u64) -> Result<(), Error> {
    let bow = ship.bow;
    match ship.fate {
        Fate::Afloat if ship.hits >= HITS_TO_SINK => {
            return Err(bad(format!("{name} has taken 7 hits, so it has sunk: add sunk=shot or sunk=circled")))
        }
        Fate::Shot | Fate::Circled if ship.hits < HITS_TO_SINK => {
            return Err(bad(format!("{name} sank by hits, so it must have taken 7, not {}", ship.hits)))
        }
        Fate::Aground => {
            if ship.hits >= HITS_TO_SINK {
                return Err(bad(format!("{name} had already sunk from its hits before it could run aground")));
            }
            let turn = ((ship.heading as i8 - sailing as i8 + 12) & 7) - 4;
            let harbour = HARBOURS >> bow & 1 != 0;
            if turn.abs() > if harbour { 2 } else { 1 } {
                return Err(bad(format!(
                    "{name}, sailing {} from {}, cannot turn to {} in one move",
                    HEADINGS[sailing as usize],
                    square_name(bow),
                    HEADINGS[ship.heading as usize]
                )));
            }
            if let Some(to) = step(bow, ship.heading) {
                if land >> to & 1 == 0 {
                    return Err(bad(format!(
                        "{name} heading {} from {} reaches open water at {}, not land",
                        HEADINGS[ship.heading as usize],
                        square_name(bow),
                        square_name(to)
                    )));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// The fields of the position text, in the order they are written.
const FIELDS: &[&str] = &["island", "cook", "silver", "next", "ply", "survivor", "owed"];

/// Reads a position text: its fields, then [`Piracy::check`] that play could reach it.
pub fn from_text(text: &str) -> Result<Piracy, Error> {
    let fields = Fields::read(text, '=', FIELDS)?;
    let island = read_island(fields.require("island")?)?;
    let land = island_mask(ISLAND_CORNERS[island]);
    let cook = parse_ship(fields.require("cook")?, Side::First, land)?;
    let silver = parse_ship(fields.require("silver")?, Side::Second, land)?;
    let next = seat_named(fields.require("next")?, "next")?;
    let ply = read_ply(fields.require("ply")?)?;
    let survivor = fields.get("survivor").map(|value| seat_named(value, "survivor")).transpose()?;
    let mut pos = Piracy::start(island);
    pos.ships = [cook, silver];
    pos.to_move = next;
    pos.ply = ply;
    // With one ship afloat, it is the survivor unless the text says otherwise;
    // with both sunk, only the text can say.
    let afloat = Side::BOTH.into_iter().filter(|&s| pos.ship(s).afloat()).collect::<Vec<_>>();
    let survivor = match afloat.as_slice() {
        [one] => Some(survivor.unwrap_or(*one)),
        _ => survivor,
    };
    pos.survivor = survivor.map_or(NOBODY, |s| s.index() as u8);
    pos.owed = match (fields.get("owed"), survivor) {
        (Some(value), _) => read_owed(value)?,
        (None, Some(_)) if afloat.len() < 2 => read_owed(fields.require("owed")?)?,
        (None, _) => 0,
    };
    pos.check()?;
    Ok(pos)
}

/// `island`: the island's south-west square, one of the nine placements.
fn read_island(value: &str) -> Result<usize, Error> {
    let sq = parse_square(value)?;
    ISLAND_CORNERS.iter().position(|&c| c == sq).ok_or_else(|| {
        bad(format!("the island's south-west square must be one of c3, d3, e3, c4, d4, e4, c5, d5, e5, not {value}"))
    })
}

/// `ply`: moves played by both ships.
fn read_ply(value: &str) -> Result<u16, Error> {
    value
        .parse::<u16>()
        .ok()
        .filter(|p| *p <= MAX_MOVES + 2 * MOVES_OWED as u16)
        .ok_or_else(|| bad(format!("ply must be a whole number from 0 to 504, not '{value}'")))
}

/// `owed`: the survivor's moves still to make.
fn read_owed(value: &str) -> Result<u8, Error> {
    value
        .parse::<u8>()
        .ok()
        .filter(|o| *o <= MOVES_OWED)
        .ok_or_else(|| bad(format!("owed must be a whole number from 0 to 7, not '{value}'")))
}

impl Piracy {
    /// Checks that the position could arise in play: ships apart while both
    /// sail and the game not past its last move, and after a sinking a
    /// survivor that is the ship afloat, owing what it can still owe and
    /// alone to move. (Each ship's own fate, hits and heading are checked as
    /// it is read.)
    pub(super) fn check(&self) -> Result<(), Error> {
        let [cook, silver] = self.ships;
        let survivor = self.survivor();
        match (cook.afloat(), silver.afloat()) {
            (true, true) => {
                if cook.mask() & silver.mask() != 0 {
                    return Err(bad("the two ships cannot share a square".into()));
                }
                if survivor.is_some() || self.owed != 0 {
                    return Err(bad("survivor and owed belong to a game where a ship has sunk".into()));
                }
                if self.ply > MAX_MOVES {
                    return Err(bad(format!(
                        "with both ships afloat the game ends at ply {MAX_MOVES}, not {}",
                        self.ply
                    )));
                }
            }
            (false, false) => match survivor {
                None if self.owed != 0 => return Err(bad("owed needs a survivor".into())),
                None => {}
                Some(s) if self.owed >= MOVES_OWED => {
                    return Err(bad(format!(
                        "{} sank on one of its own last moves, so it owes fewer than 7",
                        SHIP_NAMES[s.index()]
                    )))
                }
                Some(_) => {}
            },
            (cook_afloat, _) => {
                let afloat = if cook_afloat { Side::First } else { Side::Second };
                if survivor != Some(afloat) {
                    return Err(bad(format!(
                        "{} has sunk and {} is afloat, so the survivor is {}",
                        SHIP_NAMES[afloat.opponent().index()],
                        SHIP_NAMES[afloat.index()],
                        SHIP_NAMES[afloat.index()].to_ascii_lowercase()
                    )));
                }
                if self.owed > 0 && self.seat_to_move() != afloat {
                    return Err(bad(format!(
                        "after a sinking only the survivor moves, so next must be {}",
                        SHIP_NAMES[afloat.index()].to_ascii_lowercase()
                    )));
                }
            }
        }
        debug_assert!(self.survivor <= NOBODY);
        Ok(())
    }
}
