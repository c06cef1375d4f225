//! The start position: each player's one-disc stack on a tile of its own in
//! its corner (South's at the bottom, North's at the top), South to move.

use tabula_core::{Error, GameInfo, Options};

use super::geometry::{layout, MAX_BASE, MIN_BASE};
use super::info::INFO;
use super::rules::{Builder, Seesaw, NORTH, SOUTH};

impl Seesaw {
    /// The start position on a board of `base`.
    pub fn with_base(base: usize) -> Result<Seesaw, Error> {
        if !(MIN_BASE..=MAX_BASE).contains(&base) {
            return Err(Error::BadOption(format!(
                "option 'base' must be a whole number from {MIN_BASE} to {MAX_BASE}, not {base}"
            )));
        }
        let [south, north] = layout(base).homes;
        let builder = Builder {
            base,
            stacks: vec![(south, SOUTH, 1), (north, NORTH, 1)],
            tiles: vec![(south, SOUTH), (north, NORTH)],
            next: SOUTH,
        };
        Ok(builder.build())
    }

    /// The start position the options ask for (checked against the catalog).
    pub(super) fn from_options(options: &Options) -> Result<Seesaw, Error> {
        let info: &GameInfo = &INFO;
        options.validate(info)?;
        let base = options.get_u64(info, "base")?;
        Seesaw::with_base(base.min(1_000) as usize)
    }
}
