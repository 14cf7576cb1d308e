//! The starter files of `banluck-lab init`: the rules file of
//! [`starter_rules`] and a small grid experiment that uses it.

use std::path::{Path, PathBuf};

use crate::games::banluck::rules::starter_rules;

/// The rules file's name inside the folder the starter files go to.
pub const RULES_FILE: &str = "rules.toml";
/// The experiment file's name inside the folder the starter files go to.
pub const EXPERIMENT_FILE: &str = "experiment.toml";

/// Why the starter files were not written.
#[derive(Debug, thiserror::Error)]
pub enum StarterError {
    /// Files of these names exist and overwriting was not asked for.
    #[error("{} already exist(s); pass --force to overwrite", .0.join(", "))]
    Exists(Vec<String>),
    /// A folder or file could not be written.
    #[error("cannot write {path}: {reason}")]
    Write {
        /// The folder or file.
        path: String,
        /// The system's reason.
        reason: String,
    },
}

/// Writes the starter rules file and experiment into `dir` (created if
/// missing) and returns their paths, rules first.
///
/// # Errors
/// A starter file exists and `force` is false; a folder or file cannot be
/// written.
pub fn write_starter(dir: &Path, force: bool) -> Result<Vec<PathBuf>, StarterError> {
    let files = [
        (dir.join(RULES_FILE), starter_rules()),
        (dir.join(EXPERIMENT_FILE), starter_experiment()),
    ];
    if !force {
        let existing: Vec<String> = files
            .iter()
            .filter(|(path, _)| path.exists())
            .map(|(path, _)| path.display().to_string())
            .collect();
        if !existing.is_empty() {
            return Err(StarterError::Exists(existing));
        }
    }
    let cannot_write = |path: &Path, error: std::io::Error| StarterError::Write {
        path: path.display().to_string(),
        reason: error.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|e| cannot_write(dir, e))?;
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|e| cannot_write(path, e))?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// The starter experiment: every key of a grid experiment with a comment,
/// comparing the rules file with and without the dealer's reveal.
pub fn starter_experiment() -> String {
    format!(
        r#"# An experiment written by `banluck-lab init`. Run it with
#   banluck-lab run {EXPERIMENT_FILE}
# Paths in this file (rules, output) are relative to this file.

# kind: "grid" (the default) runs every rule variant x engine.
kind = "grid"
# name: a short name for the outputs.
name = "starter"
# question: the question this experiment answers, shown in its report.
question = "What is the player's edge under these rules, with and without the dealer's reveal?"
# rules: the base rules file.
rules = "{RULES_FILE}"
# output: the output folder (default: reports/<name> under the working directory).
output = "out"

# [[axis]]: one varied rule; the variants are the product of the axes.
[[axis]]
# name: the axis's short name.
name = "reveal"
# title: the axis's title in reports.
title = "Baseline dealer reveal"
# key: the dotted rules key that varies (or zip."key" = [...] for several keys at once).
key = "dealer.fixed.reveal"
# values: the key's values, one variant each.
values = ["off", "on"]
# labels: one label per value in reports.
labels = ["reveal=off", "reveal=on"]

# [engines.NAME]: the engines run on every variant (dp, cfr, sim).
[engines.dp]
"#
    )
}
