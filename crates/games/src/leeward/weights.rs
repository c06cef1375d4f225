//! The numbers Leeward's evaluation weighs a position by, kept as one flat
//! list so that the tuner ([`super::tune`], `examples/leeward_tune.rs`) can
//! adjust them one at a time and print the list back as Rust.
//!
//! [`PLAYED`] is what every level plays with. `docs/studies/leeward/tuning/`
//! tells how the tuner's sets fared against it.

/// How many weights the evaluation has.
pub const COUNT: usize = 35;

/// One value per weight, in the order of [`NAMES`]; evaluation units (an
/// Oar is worth about 300) unless a name says "per 1024".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; COUNT]);

/// Where each weight (or the first of a group) stands in the list.
pub mod at {
    /// The worth of a Sail, a Kite and an Oar (three weights).
    pub const MEN: usize = 0;
    /// A man on the centre square, one step from it, two steps (three weights).
    pub const CENTRE: usize = 3;
    /// What a threat on the Lamp counts for where threats are weighed.
    pub const LAMP_THREAT: usize = 6;
    /// The Lamp's bonus by its steps to the enemy home, 1 to 6 (six weights).
    pub const LANDFALL: usize = 7;
    /// The share of the landfall bonus kept while an enemy piece bars the home (per 1024).
    pub const LANDFALL_BARRED: usize = 13;
    /// The penalty by the number of winds, 1 to 4, in which the enemy could take the Lamp (four weights).
    pub const LAMP_WINDS: usize = 14;
    /// The extra danger to an exposed Lamp with 0, 1, 2 or more empty squares around it (four weights).
    pub const CRAMPED: usize = 18;
    /// The share of the best prize the mover's least harmful wind still leaves the enemy (per 1024).
    pub const EXPOSED: usize = 22;
    /// The share of the best prize the mover still threatens whatever wind the enemy leaves (per 1024).
    pub const PRESSURE: usize = 23;
    /// The share of that prize added on top as the calm counter nears the draw (per 1024, at sixty quiet moves).
    pub const PRESSURE_CALM: usize = 24;
    /// Being the one to move.
    pub const TEMPO: usize = 25;
    /// How much of the score is left after 0, 10, …, 60 quiet moves (per 1024; seven weights, straight lines between).
    pub const CALM: usize = 26;
    /// Each square the men could reach, summed over the four winds.
    pub const MOBILITY: usize = 33;
    /// The share of the landfall bonus kept while one of the Lamp's own pieces stands on the enemy home (per 1024).
    pub const LANDFALL_OWN_BARRED: usize = 34;
}

/// The name of each weight, for the tuner's report.
pub const NAMES: [&str; COUNT] = [
    "sail",
    "kite",
    "oar",
    "centre square",
    "centre ring 1",
    "centre ring 2",
    "lamp threat",
    "landfall 1",
    "landfall 2",
    "landfall 3",
    "landfall 4",
    "landfall 5",
    "landfall 6",
    "landfall barred (per 1024)",
    "lamp winds 1",
    "lamp winds 2",
    "lamp winds 3",
    "lamp winds 4",
    "cramped 0",
    "cramped 1",
    "cramped 2",
    "cramped 3+",
    "exposed (per 1024)",
    "pressure (per 1024)",
    "pressure at calm 60 (per 1024)",
    "tempo",
    "calm 0 (per 1024)",
    "calm 10 (per 1024)",
    "calm 20 (per 1024)",
    "calm 30 (per 1024)",
    "calm 40 (per 1024)",
    "calm 50 (per 1024)",
    "calm 60 (per 1024)",
    "mobility",
    "landfall barred by own piece (per 1024)",
];

/// The weights every level plays with: written by hand (the tuner's sets
/// foretell results better but made Strong no stronger against Fair; see
/// `docs/studies/leeward/tuning/README.md`).
pub const PLAYED: Weights = Weights([
    500, 350, 300, // men
    12, 8, 4,    // centre
    1600, // lamp threat
    320, 140, 70, 35, 15, 5,   // landfall
    256, // barred
    12, 40, 110, 220, // lamp winds
    80, 40, 15, 0,   // cramped
    384, // exposed
    256, // pressure
    0,   // pressure at calm 60
    12,  // tempo
    1024, 922, 819, 717, 614, 512, 410, // calm
    0,   // mobility
    256, // landfall barred by own piece
]);

impl Weights {
    /// The weights as Rust source for [`PLAYED`], one group a line.
    pub fn to_rust(&self) -> String {
        let w = &self.0;
        let group = |from: usize, to: usize| w[from..to].iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        let groups = [
            (at::MEN, at::CENTRE, "men"),
            (at::CENTRE, at::LAMP_THREAT, "centre"),
            (at::LAMP_THREAT, at::LANDFALL, "lamp threat"),
            (at::LANDFALL, at::LANDFALL_BARRED, "landfall"),
            (at::LANDFALL_BARRED, at::LAMP_WINDS, "barred"),
            (at::LAMP_WINDS, at::CRAMPED, "lamp winds"),
            (at::CRAMPED, at::EXPOSED, "cramped"),
            (at::EXPOSED, at::PRESSURE, "exposed"),
            (at::PRESSURE, at::PRESSURE_CALM, "pressure"),
            (at::PRESSURE_CALM, at::TEMPO, "pressure at calm 60"),
            (at::TEMPO, at::CALM, "tempo"),
            (at::CALM, at::MOBILITY, "calm"),
            (at::MOBILITY, at::LANDFALL_OWN_BARRED, "mobility"),
            (at::LANDFALL_OWN_BARRED, COUNT, "landfall barred by own piece"),
        ];
        let mut out = String::from("Weights([\n");
        for (from, to, name) in groups {
            out.push_str(&format!("    {}, // {name}\n", group(from, to)));
        }
        out.push_str("])");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_fill_the_list_in_order() {
        assert_eq!(at::LANDFALL_OWN_BARRED + 1, COUNT);
        assert_eq!(NAMES[at::LAMP_THREAT], "lamp threat");
        assert_eq!(NAMES[at::CALM], "calm 0 (per 1024)");
        assert_eq!(NAMES[at::MOBILITY], "mobility");
        let rust = PLAYED.to_rust();
        assert!(rust.starts_with("Weights([\n    500, 350, 300, // men\n"), "{rust}");
        assert_eq!(rust.lines().count(), 16);
    }
}
