//! The start position: Oar, Kite, Sail, Lamp, Sail, Kite, Oar on each back
//! rank, one Oar in front of the Lamp, the wind blowing east, Ink to move.

use tabula_core::{Error, Options, Side};

use super::geometry::{Kind, Wind};
use super::info::INFO;
use super::rules::Leeward;

/// The starting layout of Ink's back rank, file a to g.
const BACK_RANK: [Kind; 7] = [Kind::Oar, Kind::Kite, Kind::Sail, Kind::Lamp, Kind::Sail, Kind::Kite, Kind::Oar];

impl Leeward {
    /// The start position the options ask for: Leeward has none, so any given is refused.
    pub(super) fn from_options(options: &Options) -> Result<Leeward, Error> {
        options.validate(&INFO)?;
        Ok(Leeward::start())
    }

    /// The start position: the wind blows east and Ink moves first.
    pub fn start() -> Leeward {
        let mut pos = Leeward::empty(Wind::E, Side::First, 0);
        for (file, &kind) in BACK_RANK.iter().enumerate() {
            pos.put(Side::First, kind, file);
            pos.put(Side::Second, kind, 6 * 7 + file);
        }
        pos.put(Side::First, Kind::Oar, 10);
        pos.put(Side::Second, Kind::Oar, 38);
        pos
    }
}
