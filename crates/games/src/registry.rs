//! The list of every game Tabula knows. Adding a game is one line here.

use tabula_core::Error;
use tabula_search::GameEntry;

use crate::leeward::Leeward;
use crate::piracy::Piracy;
use crate::seesaw::Seesaw;
use crate::warp_weft::WarpWeft;

/// Warp & Weft, with its design note's study where threads are at hand (the study runs its games in parallel).
#[cfg(feature = "threads")]
const WARP_WEFT: GameEntry = GameEntry::of::<WarpWeft>().with_study(crate::warp_weft::study::run);
#[cfg(not(feature = "threads"))]
const WARP_WEFT: GameEntry = GameEntry::of::<WarpWeft>();

static GAMES: &[GameEntry] =
    &[GameEntry::of::<Leeward>(), WARP_WEFT, GameEntry::of::<Piracy>(), GameEntry::of::<Seesaw>()];

/// Every registered game, in catalog order.
pub fn registry() -> &'static [GameEntry] {
    GAMES
}

/// The game with the given slug (case-insensitive), or an error that lists the known ones.
pub fn find(slug: &str) -> Result<&'static GameEntry, Error> {
    GAMES.iter().find(|g| g.info().slug.eq_ignore_ascii_case(slug)).ok_or_else(|| {
        let known: Vec<&str> = GAMES.iter().map(|g| g.info().slug).collect();
        Error::UnknownGame(format!("no game called '{slug}'; known games: {}", known.join(", ")))
    })
}
