//! The catalog entry, options and computer levels of Seesaw.

use tabula_core::{GameInfo, LevelInfo, OptionSpec};

/// Seesaw's catalog entry.
pub(super) static INFO: GameInfo = GameInfo {
    slug: "seesaw",
    name: "Seesaw",
    tagline: "Odd stacks march forward, even stacks fall back, and every promotion flips the direction.",
    category: "Capture",
    origin: "Alek Erickson and Michael Amundsen, 2021; rules as Ludii plays them",
    sides: ["South", "North"],
    options: &[OptionSpec {
        key: "base",
        default: "4",
        choices: &["3", "4", "5", "6", "7", "8"],
        help: "cells along each side of the hexagonal board (4: 37 cells, 5: 61 cells, 8: 169 cells)",
    }],
    levels: &[
        LevelInfo {
            key: "easy",
            name: "Easy",
            player: "greedy:margin=60",
            about: "takes what it sees, often not the best of it, and never looks at your reply",
        },
        LevelInfo {
            key: "medium",
            name: "Medium",
            player: "mcts:iters=3000",
            about: "plays out three thousand random games before each move",
        },
        LevelInfo {
            key: "hard",
            name: "Hard",
            player: "mcts:time=1s",
            about: "plays out random games for a second (about 150,000 on base 4) and reads forced wins exactly",
        },
    ],
};
