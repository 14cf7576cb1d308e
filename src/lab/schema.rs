//! The experiment-file schema, as written in `experiments/*.toml`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize};

use super::error::ExperimentProblem;

/// An experiment file (`experiments/*.toml`): a question, a base rule set,
/// a grid of rule variants, and the engines to run on every variant.
///
/// ```toml
/// name = "reveal"                     # letters, digits, - and _; names the output folder
/// question = "How much is the dealer's selective reveal worth?"
/// rules = "../rules/house-draw.toml"  # the base rules file, relative to this file
/// output = "../reports/reveal"        # optional, relative to this file;
///                                     # default: reports/<name> in the working directory
///
/// # One [[axis]] per knob. The variants are the cartesian product of the
/// # axes (the last axis varies fastest); the first value of every axis
/// # makes the base variant, which the headline and the sensitivity table
/// # compare the others against.
/// [[axis]]
/// key = "payouts.ban_ban"             # a dotted rule key, as in `--set`
/// values = [3, 2]                     # TOML values, as a rules file would write them
/// name = "ban_ban"                    # optional; default: the key's last part
/// labels = ["ban_ban=3:1", "ban_ban=2:1"]  # optional; default: "<name>=<value>"
/// title = "The Ban Ban payout"        # optional; names the knob in the headline
///
/// # A zip group: keys that change together. Value i of the axis sets value
/// # i of every key, so all lists must be equally long.
/// [[axis]]
/// name = "reveal"
/// labels = ["reveal=off", "reveal=on"]
/// title = "Selective reveal"
/// zip."dealer.allow_reveal" = [false, true]
/// zip."dealer.fixed.reveal" = ["off", "on"]
///
/// # The engines, each run on every variant (at least one).
/// [engines.dp]                        # exact best response to [dealer.fixed]; no parameters
///
/// [engines.cfr]                       # CFR equilibrium with a strategic dealer
/// algorithm = "cfr_plus"              # or "dcfr"
/// target_exploitability = 1e-6        # stop at this exploitability (units per hand) ...
/// max_iterations = 20000              # ... or after this many iterations
/// check_every = 25                    # a convergence row every this many iterations
///
/// [engines.sim]                       # Monte Carlo check of the exact values
/// hands = 10_000_000                  # hands per variant (default 1_000_000)
/// seed = 2026                         # default 1; the same seed gives the same numbers on any thread count
/// strategy = "dp"                     # the player plays the exact optimum ("dp") or the best chart ("chart")
/// ```
///
/// Every engine parameter is optional (the defaults are shown for cfr).
/// A variant is named by its labels joined with ", " (e.g.
/// `reveal=on, ban_ban=2:1`); its rules are what
/// `banluck-lab rules show RULES --set key=value ...` prints for its values:
/// the base file with its `extends` chain, the `BANLUCK_*` environment, then
/// the variant's values. Every variant is loaded and checked before
/// anything runs; mistakes are reported with the file, the key and what is
/// allowed, and exit with code 2.
///
/// `banluck-lab run` writes into the output folder `runs.parquet` (one row
/// per variant × engine, every resolved rule key a column), `strategies.parquet`
/// (long format, one row per action of an information set),
/// `convergence.parquet`, `manifest.json`, `report.md` and `report.html`.
/// Results are cached per variant and engine under `<output>/.cache/`,
/// keyed by the resolved rules hash, the engine, its parameters and the
/// crate version: a second run, or a run after an interrupted one,
/// recomputes only what is missing.
///
/// `kind` selects what the file computes: `"grid"` (the default, above)
/// or a registered [`super::Study`] (`"rotation"`, the rotating bank;
/// `"compare"`, Banluck's chart against blackjack basic strategy), whose
/// parameters are the section named after it (`[rotation]`, `[compare]`).
/// Those kinds have no `[[axis]]` and no `[engines]`. This struct holds the
/// keys every kind shares; the lab takes the studies' sections out of the
/// file before reading it, and each study reads its own.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentFile {
    /// What the experiment computes (default `grid`).
    #[serde(default)]
    pub kind: ExperimentKind,
    /// Short name: letters, digits, `-` and `_`; the default output folder is
    /// `reports/<name>`.
    pub name: String,
    /// The question the experiment answers, as a sentence.
    pub question: String,
    /// What a reader should know to read the answer (which figures are
    /// exact and which simulated, why these base rules): shown under the
    /// report's title.
    #[serde(default)]
    pub notes: Option<String>,
    /// The base rules file, relative to the experiment file.
    pub rules: PathBuf,
    /// The output folder, relative to the experiment file (default
    /// `reports/<name>` in the working directory).
    pub output: Option<PathBuf>,
    /// The axes of the grid, in order (at least one).
    #[serde(default)]
    pub axis: Vec<AxisSpec>,
    /// The engines to run on every variant (grid experiments only, where
    /// it is required); the rules file's family reads the table.
    pub engines: Option<EnginesTable>,
}

impl ExperimentFile {
    /// The checks every kind shares: the name and the question.
    pub(super) fn common_problems(&self, path: &Path) -> Vec<ExperimentProblem> {
        let spec = self;
        let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
            at: None,
            file: path.to_path_buf(),
            key: key.to_string(),
            found,
            allowed,
        };
        let mut problems = Vec::new();
        let name_ok = !spec.name.is_empty()
            && spec
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !name_ok {
            problems.push(key_problem(
                "name",
                format!("\"{}\"", spec.name),
                "must be letters, digits, - and _ (it names the output folder)".into(),
            ));
        }
        if spec.question.trim().is_empty() {
            problems.push(key_problem(
                "question",
                String::new(),
                "must state the question the experiment answers, as a sentence".into(),
            ));
        }
        problems
    }
}

/// `[engines]` as written: any table of keys, read by the rules file's
/// family ([`super::Family::engines`]).
#[derive(Debug, Clone, Deserialize)]
pub struct EnginesTable {
    /// The engine tables by name.
    #[serde(flatten)]
    pub engines: toml::Table,
}

/// What an experiment file computes: `kind = "grid"` (the default) or the
/// kind of a registered [`super::Study`] (`"rotation"`, `"compare"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ExperimentKind(String);

/// The kind of grid experiments.
const GRID: &str = "grid";

impl ExperimentKind {
    /// The kind named `name`.
    pub fn new(name: &str) -> ExperimentKind {
        ExperimentKind(name.to_string())
    }

    /// The kind's name as written in experiment files.
    pub fn name(&self) -> &str {
        &self.0
    }

    /// Whether this is the default kind (manifests leave it out).
    pub fn is_grid(&self) -> bool {
        self.0 == GRID
    }
}

impl Default for ExperimentKind {
    fn default() -> Self {
        ExperimentKind::new(GRID)
    }
}

impl<'de> Deserialize<'de> for ExperimentKind {
    /// Any word (the lab checks it against the registered kinds); a value
    /// that is no word is named as for an enum of words.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Word;
        impl serde::de::Visitor<'_> for Word {
            type Value = ExperimentKind;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("enum ExperimentKind")
            }
            fn visit_str<E: serde::de::Error>(self, word: &str) -> Result<ExperimentKind, E> {
                Ok(ExperimentKind::new(word))
            }
        }
        deserializer.deserialize_str(Word)
    }
}

/// One `[[axis]]`: either one `key` with its `values`, or a `zip` group of
/// keys with equally long value lists.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AxisSpec {
    /// The dotted rule key this axis varies (with `values`).
    pub key: Option<String>,
    /// The values of `key`, in order; the first belongs to the base variant.
    pub values: Option<Vec<toml::Value>>,
    /// Keys that change together: dotted rule key → list of values.
    pub zip: Option<toml::Table>,
    /// The axis name used in default labels (default: the last part of
    /// `key`; required for a zip group).
    pub name: Option<String>,
    /// One label per value, used in variant names instead of
    /// `<name>=<value>`.
    pub labels: Option<Vec<String>>,
    /// What the axis changes, in words, for the headline (default: the
    /// name).
    pub title: Option<String>,
}
