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

use tabula_core::{Error, Side};

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
    Ok(ship)
}

/// Reads a position text, checking that it describes a position play could reach.
pub fn from_text(text: &str) -> Result<Piracy, Error> {
    let mut island = None;
    let mut ship_texts: [Option<&str>; 2] = [None, None];
    let mut next = None;
    let mut ply = None;
    let mut survivor = None;
    let mut owed = None;
    let mut seen: Vec<&str> = Vec::new();
    for field in text.trim().split(';').filter(|f| !f.trim().is_empty()) {
        let (key, value) =
            field.split_once('=').ok_or_else(|| bad(format!("field '{}' should look like key=value", field.trim())))?;
        let key = key.trim();
        if seen.contains(&key) {
            return Err(bad(format!("field '{key}' is given twice")));
        }
        seen.push(key);
        let value = value.trim();
        match key {
            "island" => {
                let sq = parse_square(value)?;
                island = Some(ISLAND_CORNERS.iter().position(|&c| c == sq).ok_or_else(|| {
                    bad(format!(
                        "the island's south-west square must be one of c3, d3, e3, c4, d4, e4, c5, d5, e5, not {value}"
                    ))
                })?);
            }
            "cook" => ship_texts[0] = Some(value),
            "silver" => ship_texts[1] = Some(value),
            "next" => next = Some(seat_named(value, "next")?),
            "ply" => {
                ply = Some(
                    value
                        .parse::<u16>()
                        .ok()
                        .filter(|p| *p <= MAX_MOVES + 2 * MOVES_OWED as u16)
                        .ok_or_else(|| bad(format!("ply must be a whole number from 0 to 504, not '{value}'")))?,
                )
            }
            "survivor" => survivor = Some(seat_named(value, "survivor")?),
            "owed" => {
                owed = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|o| *o <= MOVES_OWED)
                        .ok_or_else(|| bad(format!("owed must be a whole number from 0 to 7, not '{value}'")))?,
                )
            }
            other => {
                return Err(bad(format!(
                    "unknown field '{other}' (known: island, cook, silver, next, ply, survivor, owed)"
                )))
            }
        }
    }
    let missing = |name: &str| bad(format!("the position has no '{name}' field"));
    let island = island.ok_or_else(|| missing("island"))?;
    let land = island_mask(ISLAND_CORNERS[island]);
    let cook = parse_ship(ship_texts[0].ok_or_else(|| missing("cook"))?, Side::First, land)?;
    let silver = parse_ship(ship_texts[1].ok_or_else(|| missing("silver"))?, Side::Second, land)?;
    let next = next.ok_or_else(|| missing("next"))?;
    let ply = ply.ok_or_else(|| missing("ply"))?;

    let mut pos = Piracy::start(island);
    pos.ships = [cook, silver];
    pos.to_move = next.index() as u8;
    pos.ply = ply;
    match (cook.afloat(), silver.afloat()) {
        (true, true) => {
            if cook.mask() & silver.mask() != 0 {
                return Err(bad("the two ships cannot share a square".into()));
            }
            if survivor.is_some() || owed.is_some() {
                return Err(bad("survivor and owed belong to a game where a ship has sunk".into()));
            }
            if ply > MAX_MOVES {
                return Err(bad(format!("with both ships afloat the game ends at ply {MAX_MOVES}, not {ply}")));
            }
        }
        (false, false) => match survivor {
            None => {
                if owed.unwrap_or(0) != 0 {
                    return Err(bad("owed needs a survivor".into()));
                }
            }
            Some(s) => {
                let owed = owed.ok_or_else(|| missing("owed"))?;
                if owed >= MOVES_OWED {
                    return Err(bad(format!(
                        "{} sank on one of its own last moves, so it owes fewer than 7",
                        SHIP_NAMES[s.index()]
                    )));
                }
                pos.survivor = s.index() as u8;
                pos.owed = owed;
            }
        },
        (cook_afloat, _) => {
            let afloat = if cook_afloat { Side::First } else { Side::Second };
            let s = survivor.unwrap_or(afloat);
            if s != afloat {
                return Err(bad(format!(
                    "{} has sunk and {} is afloat, so the survivor is {}",
                    SHIP_NAMES[afloat.opponent().index()],
                    SHIP_NAMES[afloat.index()],
                    SHIP_NAMES[afloat.index()].to_ascii_lowercase()
                )));
            }
            pos.survivor = s.index() as u8;
            pos.owed = owed.ok_or_else(|| missing("owed"))?;
            if pos.owed > 0 && next != s {
                return Err(bad(format!(
                    "after a sinking only the survivor moves, so next must be {}",
                    SHIP_NAMES[s.index()].to_ascii_lowercase()
                )));
            }
        }
    }
    debug_assert!(pos.survivor <= NOBODY);
    Ok(pos)
}
