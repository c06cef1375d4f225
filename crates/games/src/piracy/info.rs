use tabula_core::{GameInfo, LevelInfo, OptionSpec};

/// The catalog entry, options and computer levels of Piracy.
pub(super) static INFO: GameInfo = GameInfo {
    slug: "piracy",
    name: "Piracy",
    tagline: "Two ships that cannot stop: sail alongside to fire, and keep off the rocks.",
    category: "Duel",
    origin: "After an old keyboard game of Captain Cook against the pirate Silver; open points decided by Tabula",
    sides: ["Cook", "Silver"],
    options: &[
        OptionSpec {
            key: "seed",
            default: "1",
            choices: &[],
            help: "chart number: the same number always puts the island on the same square",
        },
        OptionSpec {
            key: "island",
            default: "seed",
            choices: &["seed", "c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"],
            help: "the island's south-west square; 'seed' lets the chart number choose it",
        },
    ],
    levels: &[
        LevelInfo {
            key: "easy",
            name: "Easy",
            player: "ab:depth=3,margin=250",
            about: "looks a move ahead for each ship and is often careless about it",
        },
        LevelInfo {
            key: "medium",
            name: "Medium",
            player: "ab:depth=8",
            about: "looks four moves ahead for each ship",
        },
        LevelInfo {
            key: "hard",
            name: "Hard",
            player: "ab:depth=64,time=1s,min_depth=14",
            about: "looks seven moves ahead for each ship or more, and knows every harbour and shoal",
        },
    ],
};
