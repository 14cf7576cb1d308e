//! An experiment file's shared keys parsed, or the one mistake reported
//! first (as one serde pass over the whole file would), and the problems
//! of a grid when no game family is registered.

use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};

use super::checks::{convert_figment_error, error_key, other_sections};
use super::error::{ExperimentError, ExperimentProblem};
use super::grid_family::GridFamily;
use super::registry::Registry;
use super::schema::ExperimentFile;

/// The shared keys of the file, or its first mistake: serde reads the keys
/// in order (`axis`, `compare`, `engines`, `kind`, ...) and stops at the
/// first mistake, so of the mistakes in the shared keys, in `[engines]`
/// (which `reader`, the rules' family, reads), in a study's section and in
/// `kind`, the one at the first key is reported (a missing key comes
/// last), as when one pass read the whole file.
pub(super) fn first_mistake(
    path: &Path,
    text: &str,
    table: &toml::Table,
    registry: &Registry,
    reader: Option<&'static dyn GridFamily>,
) -> Result<ExperimentFile, ExperimentError> {
    let kinds = registry.kinds();
    // The studies' sections are theirs to read: the shared keys are read
    // without them.
    let mut shared = table.clone();
    shared.retain(|key, _| registry.study(key).is_none());
    let parsed = Figment::from(Toml::string(&shared.to_string())).extract::<ExperimentFile>();
    let mut first: Option<(String, ExperimentError)> = None;
    let mut offer = |key: String, error: ExperimentError| {
        if first.as_ref().is_none_or(|(k, _)| key < *k) {
            first = Some((key, error));
        }
    };
    if table.contains_key("engines")
        && let Some(family) = reader
        && let Err(error) = family.check_engines(text)
    {
        offer(
            "engines".into(),
            convert_figment_error(*error, path, &kinds),
        );
    }
    for study in registry.studies {
        if table.contains_key(study.kind())
            && let Err(error) = study.check_section(text)
        {
            offer(
                study.kind().into(),
                convert_figment_error(*error, path, &kinds),
            );
        }
    }
    if let Some(kind) = table.get("kind").and_then(toml::Value::as_str)
        && kind != "grid"
        && registry.study(kind).is_none()
    {
        let words: Vec<String> = std::iter::once("grid")
            .chain(kinds.iter().copied())
            .map(|k| format!("\"{k}\""))
            .collect();
        offer(
            "kind".into(),
            ExperimentError::single(ExperimentProblem::Key {
                at: None,
                file: path.to_path_buf(),
                key: "kind".into(),
                found: format!("\"{kind}\""),
                allowed: format!("allowed values: {}", words.join(", ")),
            }),
        );
    }
    match (parsed, first) {
        (Ok(spec), None) => Ok(spec),
        (Ok(_), Some((_, error))) => Err(error),
        (Err(error), first) => {
            // A missing key (no key in the path) comes after every other.
            let key = error_key(&error);
            let parse_error = convert_figment_error(error, path, &kinds);
            Err(match (first, key) {
                (Some((k, earlier)), Some(key)) if k < key => earlier,
                (Some((_, earlier)), None) => earlier,
                _ => parse_error,
            })
        }
    }
}

/// The problems of a grid file when no family is registered at all.
pub(super) fn no_family(
    path: &Path,
    table: &toml::Table,
    kinds: &[&'static str],
    spec: &ExperimentFile,
) -> ExperimentError {
    let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
        at: None,
        file: path.to_path_buf(),
        key: key.to_string(),
        found,
        allowed,
    };
    let mut problems = spec.common_problems(path);
    problems.extend(other_sections(
        path,
        table,
        kinds,
        "grid",
        "a grid (kind = \"grid\")",
    ));
    if spec.engines.is_none() {
        problems.push(key_problem(
            "engines",
            String::new(),
            "missing: this key is required".into(),
        ));
    }
    problems.push(key_problem(
        "rules",
        format!("\"{}\"", spec.rules.display()),
        "no game family is registered".into(),
    ));
    ExperimentError { problems }
}
