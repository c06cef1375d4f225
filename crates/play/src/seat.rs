//! Who holds a seat of a match: a person or a computer player.

use tabula_core::{Error, GameInfo};
use tabula_search::{Envelope, PlayerSpec};

/// Who holds a seat.
#[derive(Debug, Clone)]
pub enum Seat {
    /// A person.
    Human,
    /// The computer, playing as the spec says (kept as typed, and parsed).
    Computer(String, PlayerSpec),
}

impl Seat {
    /// Reads `human` or a player spec for `game`.
    pub fn parse(text: &str, game: &'static GameInfo) -> Result<Seat, Error> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Computer(text.trim().to_string(), PlayerSpec::parse(text, game)?))
        }
    }

    /// Like [`Seat::parse`], but refuses players that ask for more than
    /// `envelope` allows (external engines, big tables, many threads): the
    /// server's limits, or what the player's device can give.
    pub fn parse_within(text: &str, game: &'static GameInfo, envelope: &Envelope) -> Result<Seat, Error> {
        let seat = Seat::parse(text, game)?;
        if let Seat::Computer(_, spec) = &seat {
            envelope.check(spec)?;
        }
        Ok(seat)
    }

    /// The seat as a player list writes it: `human`, or the player spec as typed.
    pub fn label(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Computer(text, _) => text,
        }
    }

    /// Whether a person holds the seat.
    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}
