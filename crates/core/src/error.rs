use std::fmt;

/// Everything that can go wrong when a person or a file hands Tabula a game,
/// a move, a position or an option. Each variant carries a sentence meant for
/// the person who typed the input: what was wrong and, where possible, what
/// would have been right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The move text could not be read at all (wrong shape).
    BadMove(String),
    /// The move text was readable but the move is not legal here.
    IllegalMove(String),
    /// A position text was malformed or describes an impossible position.
    BadPosition(String),
    /// An option key is unknown or its value is out of range.
    BadOption(String),
    /// No registered game has that name.
    UnknownGame(String),
    /// A player description (such as `ab:depth=4`) could not be read.
    BadPlayer(String),
}

impl Error {
    /// A short machine-readable name for the kind of error, used in JSON replies.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::BadMove(_) => "bad_move",
            Error::IllegalMove(_) => "illegal_move",
            Error::BadPosition(_) => "bad_position",
            Error::BadOption(_) => "bad_option",
            Error::UnknownGame(_) => "unknown_game",
            Error::BadPlayer(_) => "bad_player",
        }
    }

    /// The human-readable explanation.
    pub fn message(&self) -> &str {
        match self {
            Error::BadMove(m)
            | Error::IllegalMove(m)
            | Error::BadPosition(m)
            | Error::BadOption(m)
            | Error::UnknownGame(m)
            | Error::BadPlayer(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}
