//! The names people give their seats, and the online part of a match (seat
//! tokens, invitations, connections, the clock). Who holds a seat is
//! `tabula_play::Seat`.

use crate::clock::Clock;
use crate::error::ApiError;
use crate::secret;

/// The longest name a player may give.
pub const MAX_NAME_CHARS: usize = 40;

/// Checks and tidies a name a person gave: trimmed, at most [`MAX_NAME_CHARS`], no control characters.
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else { return Ok(None) };
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!("a name has at most {MAX_NAME_CHARS} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("a name cannot hold control characters"));
    }
    Ok(Some(name.to_string()))
}

/// The online part of a match: who holds the seats, who is connected, the clock.
#[derive(Debug, Clone, Default)]
pub struct Online {
    /// The hash of each seat's token, once the seat is held.
    pub tokens: [Option<[u8; 32]>; 2],
    /// The hash of the invitation to each free seat.
    pub invites: [Option<[u8; 32]>; 2],
    /// The clock, if the match is played with one.
    pub clock: Option<Clock>,
    /// Live connections per seat, to this server.
    pub connected: [u32; 2],
    /// Which seats have a live connection to another server sharing the store.
    pub elsewhere: [bool; 2],
}

impl Online {
    /// The seat a token holds; `Ok(None)` without a token, 403 for a token that holds none.
    pub fn seat_of(&self, token: Option<&str>) -> Result<Option<usize>, ApiError> {
        let Some(token) = token else { return Ok(None) };
        let h = secret::hash(token);
        (0..2)
            .find(|&s| self.tokens[s].is_some_and(|t| secret::same(&t, &h)))
            .map(Some)
            .ok_or_else(|| ApiError::forbidden("this seat token does not hold a seat of this match"))
    }
}
