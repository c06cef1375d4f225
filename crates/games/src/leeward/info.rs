use tabula_core::{GameInfo, LevelInfo};

/// The catalog entry and computer levels of Leeward.
pub(super) static INFO: GameInfo = GameInfo {
    slug: "leeward",
    name: "Leeward",
    tagline: "Every piece sails by one shared wind, and each move ends by choosing the wind your rival must sail in.",
    category: "Capture",
    origin: "An original game written for Tabula; open points decided by Tabula",
    sides: ["Ink", "Paper"],
    options: &[],
    levels: &[
        LevelInfo {
            key: "easy",
            name: "Easy",
            player: "ab:depth=5,time=250ms,margin=200",
            about: "looks five moves ahead, which takes it a few hundredths of a second, then picks at random among the moves it rates near the best, so it now and then plays a clearly worse one",
        },
        LevelInfo { key: "fair", name: "Fair", player: "ab:time=400ms", about: "thinks for under half a second" },
        LevelInfo {
            key: "strong",
            name: "Strong",
            player: "ab:time=2s,hash=64,reduce=1,extend=1,contempt=100",
            about: "thinks for about two seconds, looks at unlikely moves less deeply so it sees further, looks once more at a Lamp about to land, and would rather play on than settle for a draw",
        },
    ],
};
