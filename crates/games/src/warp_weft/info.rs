use tabula_core::{GameInfo, LevelInfo, OptionSpec};

/// The catalog entry, options and computer levels of Warp & Weft.
pub(super) static INFO: GameInfo = GameInfo {
    slug: "warp-weft",
    name: "Warp & Weft",
    tagline: "One shuttle, two players: every cell you take chooses the line your rival picks from.",
    category: "Numbers",
    origin: "A design note of 2024; rules as decided by Tabula",
    sides: ["Weft", "Warp"],
    options: &[
        OptionSpec { key: "seed", default: "1", choices: &[], help: "board number: the same number always gives the same grid" },
        OptionSpec { key: "size", default: "7", choices: &["5", "7", "9"], help: "width and height of the grid" },
        OptionSpec { key: "komi", default: "4.5", choices: &[], help: "points Warp starts with, to balance Weft's first pick" },
        OptionSpec { key: "symmetric", default: "true", choices: &["true", "false"], help: "mirror the grid across its diagonal so both players see the same world" },
        OptionSpec { key: "pie", default: "false", choices: &["true", "false"], help: "after Weft's first move, Warp may take Weft's seat instead of moving" },
        OptionSpec { key: "pass", default: "off", choices: &["off", "once"], help: "once: each player may pass once a game, even with no cell left on their line" },
        OptionSpec { key: "passover", default: "0", choices: &["-3", "-2", "-1", "0", "1", "2", "3"], help: "every unused cell a slide passes over changes by this much (0: off)" },
        OptionSpec { key: "blocking", default: "false", choices: &["true", "false"], help: "a slide may not cross a used cell: only the free cells up to the first used one each way" },
    ],
    levels: &[
        LevelInfo { key: "easy", name: "Easy", player: "greedy:margin=6", about: "grabs good cells, not always the best, and never looks at your reply" },
        LevelInfo { key: "medium", name: "Medium", player: "ab:depth=4", about: "looks four moves ahead" },
        LevelInfo { key: "hard", name: "Hard", player: "ab:depth=64,time=1s,min_depth=10,solve=1", about: "looks ten moves ahead or more, and plays perfectly once the rest of the game can be solved in half a second" },
        LevelInfo {
            key: "perfect",
            name: "Perfect",
            player: "solver:settle=1s",
            about: "solves the board exactly, thinking while you do, and never lets a won game go; once it has proved who wins it gives itself up to a second in all to find the biggest margin too, and on the portal a move that cannot be proved in ten seconds comes from a search",
        },
    ],
};
