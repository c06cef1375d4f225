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
            player: "ab:depth=4,time=250ms,margin=150",
            about: "thinks for a quarter of a second and now and then plays a clearly worse move",
        },
        LevelInfo { key: "fair", name: "Fair", player: "ab:time=800ms", about: "thinks for under a second" },
        LevelInfo { key: "strong", name: "Strong", player: "ab:time=2s,hash=64", about: "thinks for about two seconds" },
    ],
};
