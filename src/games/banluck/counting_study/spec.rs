//! `[counting]`: the parameters of a counting experiment.

use serde::{Deserialize, Serialize};

use crate::games::banluck::multi::MAX_PLAYERS;

/// `[counting]`: the parameters of a counting experiment. Every key is
/// optional.
///
/// ```toml
/// kind = "counting"
/// [counting]
/// penetrations = [0.25, 0.5, 0.75]  # where decks are sampled for the EV-by-count chart, each 0 < p < 1
/// decks = 200                       # decks sampled per penetration (exact DP on each)
/// bin_width = 2.0                   # width of the true-count bins
/// info_seats = [1, 2, 3, 4, 5, 6, 7]  # table sizes for the worth of the other seats' specials
/// info_rounds = 5_000_000           # simulated rounds per table size (each played twice)
/// seed = 1                          # the seed of every sample and simulation
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CountingSpec {
    /// Shares of the deck dealt before a sampled deck, each strictly
    /// between 0 and 1.
    pub penetrations: Vec<f64>,
    /// Decks sampled per penetration.
    pub decks: u32,
    /// Width of a true-count bin (bins are centred on multiples of it).
    pub bin_width: f64,
    /// Table sizes (1..=7) at which the other seats' specials are valued.
    pub info_seats: Vec<usize>,
    /// Simulated rounds per table size for the within-round gain.
    pub info_rounds: u64,
    /// The seed of every sample and simulation.
    pub seed: u64,
}

impl Default for CountingSpec {
    fn default() -> Self {
        CountingSpec {
            penetrations: vec![0.25, 0.5, 0.75],
            decks: 200,
            bin_width: 2.0,
            info_seats: (1..=MAX_PLAYERS).collect(),
            info_rounds: 5_000_000,
            seed: 1,
        }
    }
}
