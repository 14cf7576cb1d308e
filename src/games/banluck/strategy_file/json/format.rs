//! What the JSON strategy file holds besides the strategies: its format
//! tag and version, a solver's notes, and what a read returns.

use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

/// The value of the `format` key.
pub const FORMAT: &str = "banluck-lab strategy";

/// The version of the format this crate writes and reads.
pub const VERSION: u64 = 1;

/// What a solver records with its strategy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileInfo {
    /// The engine that computed it, e.g. `dp`.
    pub engine: Option<String>,
    /// The strategy's exact value under the rules it was computed for.
    pub ev: Option<f64>,
    /// A sentence about it.
    pub description: Option<String>,
}

/// A strategy read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedStrategy {
    /// The player's strategy, sized for the rules it was read for.
    pub player: PlayerStrategy,
    /// The dealer's strategy, when the file gives one.
    pub dealer: Option<DealerStrategy>,
    /// The engine that wrote it, if recorded.
    pub engine: Option<String>,
    /// The hash of the rules it was computed for, if recorded.
    pub rules_hash: Option<String>,
    /// Its exact value under those rules, if recorded.
    pub ev: Option<f64>,
}
