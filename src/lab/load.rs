//! Reading an experiment file: the schema, the base rules, every axis value
//! and every variant's rules checked before anything runs.

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Format, Toml};

use super::axes::{disambiguate_names, resolve_axis};
use super::error::{ExperimentError, ExperimentProblem};
use super::grid::{Axis, Variant};
use super::kinds::{CompareExperiment, RotationExperiment, load_compare, load_rotation};
use super::schema::{ExperimentFile, ExperimentKind};
use super::study::{Engine, Family, Registry};
use super::variants::resolve_variants;

/// A checked experiment: every variant's rules resolved, every engine
/// available.
pub struct Experiment {
    /// The experiment file.
    pub file: PathBuf,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The base rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The output folder.
    pub output: PathBuf,
    /// The axes, in file order.
    pub axes: Vec<Axis>,
    /// The variants: the product of the axes, the base variant first.
    pub variants: Vec<Variant>,
    /// The game family of the rules.
    pub family: &'static dyn Family,
    /// The engines to run on every variant.
    pub engines: Vec<Box<dyn Engine>>,
}

impl std::fmt::Debug for Experiment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Experiment")
            .field("file", &self.file)
            .field("name", &self.name)
            .field("variants", &self.variants.len())
            .field(
                "engines",
                &self.engines.iter().map(|e| e.name()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Any kind of checked experiment, as `kind` in the file says.
#[derive(Debug)]
pub enum AnyExperiment {
    /// `kind = "grid"` (the default): rule variants × engines.
    Grid(Experiment),
    /// `kind = "rotation"`: the rotating bank.
    Rotation(RotationExperiment),
    /// `kind = "compare"`: Banluck's chart against blackjack basic strategy.
    Compare(CompareExperiment),
}

impl AnyExperiment {
    /// The output folder.
    pub fn output(&self) -> &Path {
        match self {
            AnyExperiment::Grid(e) => &e.output,
            AnyExperiment::Rotation(e) => &e.output,
            AnyExperiment::Compare(e) => &e.output,
        }
    }
}

/// Reads and checks the experiment file at `path`, of any kind.
///
/// # Errors
/// As [`load_experiment`] for grids; for the other kinds, keys of the
/// wrong kind and parameters out of range, named with the file and the key.
pub fn load_any_experiment(
    path: &Path,
    registry: &Registry,
) -> Result<AnyExperiment, ExperimentError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        ExperimentError::single(ExperimentProblem::Unreadable {
            file: path.to_path_buf(),
            reason: e.to_string(),
        })
    })?;
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        Err(error) => {
            return Err(ExperimentError::single(ExperimentProblem::Syntax {
                file: path.to_path_buf(),
                message: error.to_string().trim_end().to_string(),
            }));
        }
    };
    let parsed = Figment::from(Toml::string(&text)).extract::<ExperimentFile>();
    // serde reads the keys in order (`axis`, `engines`, `kind`, ...) and
    // stops at the first mistake: one in [engines] (which the rules' family
    // reads) is the one reported unless an `axis` mistake comes first.
    let axis_first = parsed
        .as_ref()
        .err()
        .is_some_and(|e| e.path.first().is_some_and(|key| key.as_str() < "engines"));
    if !axis_first
        && table.contains_key("engines")
        && let Some(family) = family_of(path, &table, registry)
        && let Err(error) = family.engines(&text)
    {
        return Err(convert_figment_error(*error, path));
    }
    let spec = parsed.map_err(|error| convert_figment_error(error, path))?;
    match spec.kind {
        ExperimentKind::Grid => load_grid(path, &text, spec, registry).map(AnyExperiment::Grid),
        ExperimentKind::Rotation => load_rotation(path, spec).map(AnyExperiment::Rotation),
        ExperimentKind::Compare => load_compare(path, spec).map(AnyExperiment::Compare),
    }
}

/// The family of the rules file an experiment file names (the first
/// registered one when it names none).
fn family_of(path: &Path, table: &toml::Table, registry: &Registry) -> Option<&'static dyn Family> {
    match table.get("rules").and_then(toml::Value::as_str) {
        Some(rules) => {
            let folder = path.parent().unwrap_or_else(|| Path::new("."));
            registry.family_for(&folder.join(rules))
        }
        None => registry.families.first().copied(),
    }
}

/// Reads and checks the grid experiment file at `path`.
///
/// # Errors
/// Every problem found: unreadable file, bad TOML, unknown or missing keys,
/// an empty grid, zip groups of unequal length, axis keys that are not rule
/// keys, values the rules reject, variants whose rules do not fit together,
/// engines this build lacks, a file of another `kind`. Each names the file
/// and the key.
pub fn load_experiment(path: &Path, registry: &Registry) -> Result<Experiment, ExperimentError> {
    match load_any_experiment(path, registry)? {
        AnyExperiment::Grid(experiment) => Ok(experiment),
        AnyExperiment::Rotation(_) | AnyExperiment::Compare(_) => {
            Err(ExperimentError::single(ExperimentProblem::Key {
                file: path.to_path_buf(),
                key: "kind".into(),
                found: String::new(),
                allowed: "not a grid experiment: load it with `load_any_experiment` (`banluck-lab run` runs every kind)".into(),
            }))
        }
    }
}

/// A grid experiment from its parsed file.
fn load_grid(
    path: &Path,
    text: &str,
    spec: ExperimentFile,
    registry: &Registry,
) -> Result<Experiment, ExperimentError> {
    let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
        file: path.to_path_buf(),
        key: key.to_string(),
        found,
        allowed,
    };
    let mut problems = spec.common_problems(path);
    for (key, present) in [
        ("rotation", spec.rotation.is_some()),
        ("compare", spec.compare.is_some()),
    ] {
        if present {
            problems.push(key_problem(
                key,
                String::new(),
                format!("[{key}] belongs to `kind = \"{key}\"` experiments; this one is a grid (kind = \"grid\")"),
            ));
        }
    }
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let rules_file = folder.join(&spec.rules);
    let family = registry.family_for(&rules_file);
    let engines = match (&spec.engines, family) {
        (Some(_), Some(family)) => match family.engines(text) {
            Ok(Ok(engines)) => engines,
            Ok(Err(message)) => {
                problems.push(key_problem("engines", String::new(), message));
                Vec::new()
            }
            Err(error) => return Err(convert_figment_error(*error, path)),
        },
        (Some(_), None) => Vec::new(),
        (None, _) => {
            problems.push(key_problem(
                "engines",
                String::new(),
                "missing: this key is required".into(),
            ));
            Vec::new()
        }
    };
    let Some(family) = family else {
        problems.push(key_problem(
            "rules",
            format!("\"{}\"", spec.rules.display()),
            "no game family is registered".into(),
        ));
        return Err(ExperimentError { problems });
    };
    if let Err(error) = family.load_rules(&rules_file, &[]) {
        problems.push(key_problem(
            "rules",
            format!("\"{}\"", spec.rules.display()),
            format!("the base rules do not load: {error}"),
        ));
        return Err(ExperimentError { problems });
    }
    if spec.axis.is_empty() {
        problems.push(key_problem(
            "axis",
            String::new(),
            "the grid is empty: add at least one [[axis]] with `key` and `values` (or a `zip` group)"
                .into(),
        ));
    }
    let mut axes = Vec::new();
    for (i, axis) in spec.axis.iter().enumerate() {
        match resolve_axis(path, i, axis) {
            Ok(resolved) => axes.push(resolved),
            Err(mut found) => problems.append(&mut found),
        }
    }
    disambiguate_names(&mut axes, &spec.axis);
    if !problems.is_empty() {
        return Err(ExperimentError { problems });
    }
    let variants = resolve_variants(path, family, &rules_file, &axes)?;
    let output = spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    );
    Ok(Experiment {
        file: path.to_path_buf(),
        name: spec.name,
        question: spec.question,
        rules_file,
        output,
        axes,
        variants,
        family,
        engines,
    })
}

/// figment's deserialization errors as experiment problems.
fn convert_figment_error(error: figment::Error, file: &Path) -> ExperimentError {
    let problems = error
        .into_iter()
        .map(|e| {
            let (key, found, allowed) =
                crate::rules::describe_figment_error(&e, crate::rules::no_enum_words);
            ExperimentProblem::Key {
                file: file.to_path_buf(),
                key,
                found,
                allowed,
            }
        })
        .collect();
    ExperimentError { problems }
}
