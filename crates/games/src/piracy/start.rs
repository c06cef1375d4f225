//! The start position: Cook's ship in the south-west harbour heading
//! north-east, Silver's in the north-east one heading south-west, and the
//! island at one of nine places (chosen by the chart number, or named).

use tabula_core::{Error, GameInfo, Options, Side};

use super::geometry::{island_mask, parse_square, ISLAND_CORNERS};
use super::info::INFO;
use super::rules::{Piracy, Ship, NOBODY};

/// The start: Cook's stern on a1 and bow on b2 (north-east), Silver's stern
/// on h8 and bow on g7 (south-west).
pub const START_SHIPS: [Ship; 2] = [Ship::new(0, 9, 1), Ship::new(63, 54, 5)];

impl Piracy {
    /// The start position with the island at `ISLAND_CORNERS[island]`.
    pub fn start(island: usize) -> Piracy {
        assert!(island < ISLAND_CORNERS.len(), "there are nine island placements");
        Piracy {
            ships: START_SHIPS,
            island: island as u8,
            land: island_mask(ISLAND_CORNERS[island]),
            to_move: Side::First,
            ply: 0,
            owed: 0,
            survivor: NOBODY,
        }
    }

    /// Which of the nine placements the chart number `seed` gives.
    pub fn island_for_seed(seed: u64) -> usize {
        let mut rng = tabula_core::seeded_rng(seed);
        tabula_core::uniform_below(&mut rng, ISLAND_CORNERS.len() as u64) as usize
    }

    /// The start position the options ask for (checked against the catalog).
    pub(super) fn from_options(options: &Options) -> Result<Piracy, Error> {
        let info: &GameInfo = &INFO;
        options.validate(info)?;
        let seed = options.get_u64(info, "seed")?;
        let island = match options.get("island").unwrap_or("seed").trim().to_ascii_lowercase().as_str() {
            "seed" => Piracy::island_for_seed(seed),
            square => {
                let sq = parse_square(square).ok();
                ISLAND_CORNERS.iter().position(|&c| Some(c) == sq).ok_or_else(|| {
                    Error::BadOption(format!(
                        "option 'island' names the island's south-west square, one of c3, d3, e3, c4, d4, e4, c5, d5, e5 (or 'seed'), not '{square}'"
                    ))
                })?
            }
        };
        Ok(Piracy::start(island))
    }
}
