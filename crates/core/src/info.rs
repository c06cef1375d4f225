/// What the catalog, the command line and the server know about a game
/// without creating one: names, a description, its options and its levels.
#[derive(Debug)]
pub struct GameInfo {
    /// The name used in URLs and on the command line, e.g. `warp-weft`.
    pub slug: &'static str,
    /// The display name, e.g. `Warp & Weft`.
    pub name: &'static str,
    /// One line that makes someone want to play.
    pub tagline: &'static str,
    /// A catalog category, e.g. `Race`, `Territory`, `Capture`.
    pub category: &'static str,
    /// Who made the game and when, as far as known.
    pub origin: &'static str,
    /// The names of the two seats, first seat first, e.g. `["Weft", "Warp"]`.
    pub sides: [&'static str; 2],
    /// Every option the game accepts through `--option KEY=VALUE`.
    pub options: &'static [OptionSpec],
    /// The computer levels, weakest first.
    pub levels: &'static [LevelInfo],
}

/// One option a game accepts.
#[derive(Debug)]
pub struct OptionSpec {
    /// The key, e.g. `size`.
    pub key: &'static str,
    /// The value used when the option is not given.
    pub default: &'static str,
    /// The values allowed, if they form a short list (empty: free-form, checked by the game).
    pub choices: &'static [&'static str],
    /// One line of help.
    pub help: &'static str,
}

/// A computer level: a named player, described as data in the same player
/// language the command line accepts (`greedy:margin=4`, `ab:depth=4`, …).
#[derive(Debug)]
pub struct LevelInfo {
    /// The key used in player specs (`level:hard`) and the API, e.g. `hard`.
    pub key: &'static str,
    /// The name shown to people, e.g. `Hard`.
    pub name: &'static str,
    /// The player spec this level stands for.
    pub player: &'static str,
    /// One line about how it plays.
    pub about: &'static str,
}

impl GameInfo {
    /// The level with the given key, if the game has one.
    pub fn level(&self, key: &str) -> Option<&'static LevelInfo> {
        self.levels.iter().find(|l| l.key.eq_ignore_ascii_case(key))
    }
}
