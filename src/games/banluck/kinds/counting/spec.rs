//! `[counting]`: the parameters of a counting experiment, and a checked
//! experiment's own part.

use serde::{Deserialize, Serialize};

use crate::games::banluck::rules::RuleSet;
use crate::games::banluck::table::play::MAX_PLAYERS;

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
/// sim_seats = [1, 4, 7]             # table sizes of the counting simulation
/// sim_penetrations = [0.5, 0.6, 0.75, 0.9]  # penetrations simulated (and a fresh deck every round)
/// sim_rounds = 200_000              # rounds per table size and penetration
/// exact_share = 0.001               # the chance that a simulated round is solved by the exact DP
/// edge_share = 0.05                 # the same for a round whose first-order EV is above -2 %
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
    /// Table sizes (1..=7) of the counting simulation.
    pub sim_seats: Vec<usize>,
    /// Penetrations of the counting simulation (a fresh deck every round is
    /// always played too), each strictly between 0 and 1.
    pub sim_penetrations: Vec<f64>,
    /// Rounds per table size and penetration.
    pub sim_rounds: u64,
    /// The chance that a simulated round is solved by the exact DP (the
    /// counter's and the perfect-information bettor's expected wins, the
    /// share at a positive edge).
    pub exact_share: f64,
    /// The chance that a simulated round whose first-order EV estimate is
    /// above [`crate::games::banluck::counting::EDGE_SCREEN`] is solved.
    pub edge_share: f64,
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
            sim_seats: vec![1, 4, 7],
            sim_penetrations: vec![0.5, 0.6, 0.75, 0.9],
            sim_rounds: 200_000,
            exact_share: 0.001,
            edge_share: 0.05,
            seed: 1,
        }
    }
}

/// A checked counting experiment's own part: its base rules and
/// parameters.
#[derive(Debug, Clone)]
pub struct CountingExperiment {
    /// The resolved base rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: CountingSpec,
}
