//! The checks an experiment file of any kind goes through: which mistake
//! is reported first, figment's errors in the file author's words, grid
//! keys in a study's file and a study's section in a file of another kind.

use std::path::Path;

use super::error::{ExperimentError, ExperimentProblem};
use super::schema::ExperimentFile;

/// The first key of a figment error's path (an unknown top-level key is
/// its own), or `None` for a missing key.
pub(super) fn error_key(error: &figment::Error) -> Option<String> {
    match (error.path.first(), &error.kind) {
        (Some(key), _) => Some(key.clone()),
        (None, figment::error::Kind::UnknownField(field, _)) => Some(field.clone()),
        (None, _) => None,
    }
}

/// The sections of the registered study kinds `kinds` other than `kind`'s
/// present in the file (`this_one`: "a grid (kind = \"grid\")", "a
/// rotation", ...).
pub(super) fn other_sections(
    path: &Path,
    table: &toml::Table,
    kinds: &[&str],
    kind: &str,
    this_one: &str,
) -> Vec<ExperimentProblem> {
    kinds
        .iter()
        .copied()
        .filter(|&key| key != kind && table.contains_key(key))
        .map(|key| ExperimentProblem::Key {
            at: None,
            file: path.to_path_buf(),
            key: key.to_string(),
            found: String::new(),
            allowed: format!(
                "[{key}] belongs to `kind = \"{key}\"` experiments; this one is {this_one}"
            ),
        })
        .collect()
}

/// Grid-only keys present in a file of the kind `kind`.
pub(super) fn grid_keys_problems(
    path: &Path,
    spec: &ExperimentFile,
    kind: &str,
) -> Vec<ExperimentProblem> {
    let problem = |key: &str, allowed: String| ExperimentProblem::Key {
        at: None,
        file: path.to_path_buf(),
        key: key.to_string(),
        found: String::new(),
        allowed,
    };
    let mut problems = Vec::new();
    if spec.engines.is_some() {
        problems.push(problem(
            "engines",
            format!("a {kind} experiment has no engines: its parameters go in [{kind}]"),
        ));
    }
    if !spec.axis.is_empty() {
        problems.push(problem(
            "axis",
            format!("a {kind} experiment has no [[axis]]: only grid experiments (kind = \"grid\") vary rules"),
        ));
    }
    problems
}

/// figment's deserialization errors as experiment problems (an unknown
/// top-level key is told the sections of the study kinds `kinds` too).
pub(super) fn convert_figment_error(
    error: figment::Error,
    file: &Path,
    kinds: &[&str],
) -> ExperimentError {
    let problems = error
        .into_iter()
        .map(|e| {
            let (key, found, mut allowed) =
                crate::rules::describe_figment_error(&e, crate::rules::no_enum_words);
            if let figment::error::Kind::UnknownField(field, _) = &e.kind
                && (e.path.is_empty() || e.path == [field.clone()])
            {
                for kind in kinds {
                    allowed.push_str(&format!(", {kind}"));
                }
            }
            ExperimentProblem::Key {
                at: None,
                file: file.to_path_buf(),
                key,
                found,
                allowed,
            }
        })
        .collect();
    ExperimentError { problems }
}
