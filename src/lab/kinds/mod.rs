//! The experiment kinds beside the grid: `kind = "rotation"` (the rotating
//! bank, from [`crate::games::banluck::rotation`]) and `kind = "compare"`
//! (Banluck's best chart against blackjack basic strategy, from
//! [`crate::studies::compare`]). Each has its own parameter section
//! ([`super::sections`]), checked with the grid's error style, and its own
//! computation into plain rows that the report layer writes as Parquet
//! tables.

mod compare;
mod rotation;

use std::path::{Path, PathBuf};

use super::error::ExperimentProblem;
use super::schema::ExperimentFile;
use crate::games::banluck::rules::{RuleSet, load_rules};
use crate::rules::{GameKind, game_kind};

pub use compare::{CompareExperiment, CompareRow, CompareSummaryRow, load_compare, run_compare};
pub use rotation::{
    FairPeriodRow, RotationExperiment, RotationTables, load_rotation, run_rotation, with_reveal,
};

/// A problem at `key` of `file`.
pub(super) fn problem(
    file: &Path,
    key: &str,
    found: String,
    allowed: impl Into<String>,
) -> ExperimentProblem {
    ExperimentProblem::Key {
        file: file.to_path_buf(),
        key: key.to_string(),
        found,
        allowed: allowed.into(),
    }
}

/// Grid-only keys present in a file of another kind.
pub(super) fn grid_keys_problems(
    path: &Path,
    spec: &ExperimentFile,
    kind: &str,
) -> Vec<ExperimentProblem> {
    let mut problems = Vec::new();
    if spec.engines.is_some() {
        problems.push(problem(
            path,
            "engines",
            String::new(),
            format!("a {kind} experiment has no engines: its parameters go in [{kind}]"),
        ));
    }
    if !spec.axis.is_empty() {
        problems.push(problem(
            path,
            "axis",
            String::new(),
            format!("a {kind} experiment has no [[axis]]: only grid experiments (kind = \"grid\") vary rules"),
        ));
    }
    problems
}

/// The experiment's Banluck rules, or the problem naming `rules`.
pub(super) fn banluck_rules(
    path: &Path,
    spec: &ExperimentFile,
) -> Result<(PathBuf, RuleSet), ExperimentProblem> {
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let rules_file = folder.join(&spec.rules);
    let found = format!("\"{}\"", spec.rules.display());
    match game_kind(&rules_file) {
        Ok(GameKind::Banluck) => {}
        Ok(GameKind::Blackjack | GameKind::Baccarat) => {
            return Err(problem(
                path,
                "rules",
                found,
                "must be Banluck rules (a file without a `game` key)",
            ));
        }
        Err(error) => {
            return Err(problem(
                path,
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            ));
        }
    }
    load_rules(Some(&rules_file), &[])
        .map(|rules| (rules_file, rules))
        .map_err(|error| {
            problem(
                path,
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            )
        })
}

/// The output folder of `spec` (as for grids).
pub(super) fn output_of(path: &Path, spec: &ExperimentFile) -> PathBuf {
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    )
}
