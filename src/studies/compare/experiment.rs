//! A compare experiment: its section as written and as checked.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::games::banluck::rules::RuleSet;
use crate::games::blackjack::rules::BlackjackRules;

/// `[compare]`: the blackjack rules the experiment's Banluck rules are
/// compared with.
///
/// ```toml
/// kind = "compare"
/// rules = "../rules/banluck.toml"               # the Banluck rules
/// [compare]
/// blackjack = "../rules/blackjack-6d-s17.toml"  # relative to the experiment file
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareSpec {
    /// The blackjack rules file (`game = "blackjack"`), relative to the
    /// experiment file.
    pub blackjack: PathBuf,
}

/// A checked compare experiment's own part: both rule sets.
#[derive(Debug, Clone)]
pub struct CompareExperiment {
    /// The blackjack rules file (resolved against the experiment file).
    pub blackjack_file: PathBuf,
    /// The resolved Banluck rules.
    pub rules: RuleSet,
    /// The resolved blackjack rules.
    pub blackjack: BlackjackRules,
}
