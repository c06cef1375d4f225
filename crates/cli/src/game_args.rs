//! The arguments every game-making command shares, and turning them into a position.

use clap::Args;
use tabula_core::Options;
use tabula_games::find;
use tabula_search::AnyGame;

/// Which game, with which options, from which position.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game's name, e.g. warp-weft (see `tabula games`).
    pub game: String,
    /// The board number (the option `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves in notation to play first, separated by spaces.
    #[arg(long)]
    pub moves: Option<String>,
    /// A game option, KEY=VALUE; repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The options given, with `--seed` folded in.
    pub fn options(&self) -> Result<Options, String> {
        let mut options = Options::from_pairs(&self.options).map_err(|e| e.to_string())?;
        if let Some(seed) = self.seed {
            options.set("seed", &seed.to_string());
        }
        Ok(options)
    }

    /// The position these arguments describe, with `--moves` played.
    pub fn build(&self) -> Result<Box<dyn AnyGame>, String> {
        let entry = find(&self.game).map_err(|e| e.to_string())?;
        let options = self.options()?;
        let mut game = match &self.position {
            Some(text) => {
                // The position text fixes the game; options given too are checked, then the position decides.
                options.validate(entry.info()).map_err(|e| e.to_string())?;
                entry.from_text(text).map_err(|e| format!("bad position: {e}"))?
            }
            None => entry.create(&options).map_err(|e| e.to_string())?,
        };
        if let Some(moves) = &self.moves {
            for (i, mv) in moves.split_whitespace().enumerate() {
                game.play_text(mv).map_err(|e| format!("move {} '{mv}': {e}", i + 1))?;
            }
        }
        Ok(game)
    }
}
