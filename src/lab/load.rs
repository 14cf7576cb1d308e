//! Reading an experiment file: the schema, the base rules, every axis value
//! and every variant's rules checked before anything runs.

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Format, Toml};

use super::axes::{disambiguate_names, resolve_axis};
use super::checks::{convert_figment_error, error_key, grid_keys_problems, other_sections};
use super::error::{ExperimentError, ExperimentProblem};
use super::grid::{Axis, Variant};
use super::kinds::{StudyFile, StudyRun};
use super::registry::Registry;
use super::schema::ExperimentFile;
use super::study::{Engine, Family};
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
    /// The kind of a registered study (`"rotation"`, `"compare"`).
    Study(Box<dyn StudyRun>),
}

impl AnyExperiment {
    /// The output folder.
    pub fn output(&self) -> &Path {
        match self {
            AnyExperiment::Grid(e) => &e.output,
            AnyExperiment::Study(e) => e.output(),
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
    load_text(path, &text, registry).map_err(|error| error.locate(path, &text))
}

/// [`load_any_experiment`] on the file's `text`, without line numbers.
fn load_text(
    path: &Path,
    text: &str,
    registry: &Registry,
) -> Result<AnyExperiment, ExperimentError> {
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        Err(error) => {
            return Err(ExperimentError::single(ExperimentProblem::Syntax {
                file: path.to_path_buf(),
                message: error.to_string().trim_end().to_string(),
            }));
        }
    };
    // The studies' sections are theirs to read: the shared keys are read
    // without them.
    let mut shared = table.clone();
    shared.retain(|key, _| registry.study(key).is_none());
    let parsed = Figment::from(Toml::string(&shared.to_string())).extract::<ExperimentFile>();
    // serde reads the keys in order (`axis`, `compare`, `engines`, `kind`,
    // ...) and stops at the first mistake: of the mistakes in the shared
    // keys, in [engines] (which the rules' family reads), in a study's
    // section and in `kind`, the one at the first key is reported (a
    // missing key comes last), as when one pass read the whole file.
    let mut first: Option<(String, ExperimentError)> = None;
    let mut offer = |key: String, error: ExperimentError| {
        if first.as_ref().is_none_or(|(k, _)| key < *k) {
            first = Some((key, error));
        }
    };
    if table.contains_key("engines")
        && let Some(family) = family_of(path, &table, registry)
        && let Err(error) = family.engines(text)
    {
        offer(
            "engines".into(),
            convert_figment_error(*error, path, registry),
        );
    }
    for study in registry.studies {
        if table.contains_key(study.kind())
            && let Err(error) = study.check_section(text)
        {
            offer(
                study.kind().into(),
                convert_figment_error(*error, path, registry),
            );
        }
    }
    if let Some(kind) = table.get("kind").and_then(toml::Value::as_str)
        && kind != "grid"
        && registry.study(kind).is_none()
    {
        let words: Vec<String> = std::iter::once("grid")
            .chain(registry.studies.iter().map(|s| s.kind()))
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
    let spec = match (parsed, first) {
        (Ok(spec), None) => spec,
        (Ok(_), Some((_, error))) => return Err(error),
        (Err(error), first) => {
            // A missing key (no key in the path) comes after every other.
            let key = error_key(&error);
            let parse_error = convert_figment_error(error, path, registry);
            return Err(match (first, key) {
                (Some((k, earlier)), Some(key)) if k < key => earlier,
                (Some((_, earlier)), None) => earlier,
                _ => parse_error,
            });
        }
    };
    if spec.kind.is_grid() {
        return load_grid(path, text, &table, spec, registry).map(AnyExperiment::Grid);
    }
    let Some(study) = registry.study(spec.kind.name()) else {
        return Err(ExperimentError::single(ExperimentProblem::Key {
            at: None,
            file: path.to_path_buf(),
            key: "kind".into(),
            found: format!("\"{}\"", spec.kind.name()),
            allowed: "no such kind is registered".into(),
        }));
    };
    let mut problems = spec.common_problems(path);
    problems.extend(grid_keys_problems(path, &spec, study.kind()));
    problems.extend(other_sections(
        path,
        &table,
        registry,
        study.kind(),
        &format!("a {}", study.kind()),
    ));
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let output = spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    );
    study
        .load(StudyFile {
            path,
            text,
            name: spec.name,
            question: spec.question,
            rules: spec.rules,
            output,
            problems,
        })
        .map(AnyExperiment::Study)
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
        AnyExperiment::Study(_) => {
            Err(ExperimentError::single(ExperimentProblem::Key {
                at: None,
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
    table: &toml::Table,
    spec: ExperimentFile,
    registry: &Registry,
) -> Result<Experiment, ExperimentError> {
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
        registry,
        "grid",
        "a grid (kind = \"grid\")",
    ));
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
            Err(error) => return Err(convert_figment_error(*error, path, registry)),
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
    let points = axes.iter().try_fold(1u64, |product, axis| {
        product.checked_mul(u64::try_from(axis.labels.len()).unwrap_or(u64::MAX))
    });
    if let Err(why) = crate::limits::check(
        "grid points",
        points.unwrap_or(u64::MAX),
        crate::limits::MAX_GRID_POINTS,
    ) {
        problems.push(key_problem(
            "axis",
            String::new(),
            format!("the axes' product is too large: {why}"),
        ));
    }
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
