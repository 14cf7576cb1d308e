//! Reading an experiment file: the schema, the base rules, every axis value
//! and every variant's rules checked before anything runs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Format, Toml};
use rayon::prelude::*;

use super::engines::Engine;
use super::error::{ExperimentError, ExperimentProblem};
use super::grid::{Axis, Variant, describe, product, value_text};
use super::kinds::{CompareExperiment, RotationExperiment, load_compare, load_rotation};
use super::schema::{AxisSpec, EnginesSpec, ExperimentFile, ExperimentKind};
use crate::games::banluck::rules::load_rules;
use crate::rules::{Override, RuleProblem, RulesError};

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
    /// The engines' parameters as written.
    pub engines_spec: EnginesSpec,
    /// The engines to run on every variant.
    pub engines: Vec<Box<dyn Engine>>,
}

impl std::fmt::Debug for Experiment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Experiment")
            .field("file", &self.file)
            .field("name", &self.name)
            .field("variants", &self.variants.len())
            .field("engines", &self.engines_spec.names())
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
pub fn load_any_experiment(path: &Path) -> Result<AnyExperiment, ExperimentError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        ExperimentError::single(ExperimentProblem::Unreadable {
            file: path.to_path_buf(),
            reason: e.to_string(),
        })
    })?;
    if let Err(error) = text.parse::<toml::Table>() {
        return Err(ExperimentError::single(ExperimentProblem::Syntax {
            file: path.to_path_buf(),
            message: error.to_string().trim_end().to_string(),
        }));
    }
    let spec: ExperimentFile = Figment::from(Toml::string(&text))
        .extract()
        .map_err(|error| convert_figment_error(error, path))?;
    match spec.kind {
        ExperimentKind::Grid => load_grid(path, spec).map(AnyExperiment::Grid),
        ExperimentKind::Rotation => load_rotation(path, spec).map(AnyExperiment::Rotation),
        ExperimentKind::Compare => load_compare(path, spec).map(AnyExperiment::Compare),
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
pub fn load_experiment(path: &Path) -> Result<Experiment, ExperimentError> {
    match load_any_experiment(path)? {
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

/// The checks every kind shares: the name and the question.
pub(super) fn common_problems(path: &Path, spec: &ExperimentFile) -> Vec<ExperimentProblem> {
    let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
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

/// A grid experiment from its parsed file.
fn load_grid(path: &Path, spec: ExperimentFile) -> Result<Experiment, ExperimentError> {
    let key_problem = |key: &str, found: String, allowed: String| ExperimentProblem::Key {
        file: path.to_path_buf(),
        key: key.to_string(),
        found,
        allowed,
    };
    let mut problems = common_problems(path, &spec);
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
    let engines_spec = match spec.engines.clone() {
        Some(engines) => engines,
        None => {
            problems.push(key_problem(
                "engines",
                String::new(),
                "missing: this key is required".into(),
            ));
            EnginesSpec::default()
        }
    };
    let engines = match engines_spec.engines() {
        Ok(engines) if engines.is_empty() => {
            if spec.engines.is_some() {
                problems.push(key_problem(
                    "engines",
                    String::new(),
                    "no engine: add [engines.dp], [engines.cfr] or [engines.sim]".into(),
                ));
            }
            Vec::new()
        }
        Ok(engines) => engines,
        Err(message) => {
            problems.push(key_problem("engines", String::new(), message));
            Vec::new()
        }
    };
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let rules_file = folder.join(&spec.rules);
    if let Err(error) = load_rules(Some(&rules_file), &[]) {
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
    let variants = resolve_variants(path, &rules_file, &axes)?;
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
        engines_spec,
        engines,
    })
}

/// Checks one `[[axis]]` and resolves its keys, values and labels.
fn resolve_axis(
    file: &Path,
    index: usize,
    spec: &AxisSpec,
) -> Result<Axis, Vec<ExperimentProblem>> {
    let at = |key: &str| format!("axis.{index}.{key}");
    let problem = |key: String, found: String, allowed: String| ExperimentProblem::Key {
        file: file.to_path_buf(),
        key,
        found,
        allowed,
    };
    // (file key, rule key, values) per rule key of the axis.
    let columns: Vec<(String, String, Vec<toml::Value>)> =
        match (&spec.key, &spec.values, &spec.zip) {
            (Some(key), Some(values), None) => vec![(at("values"), key.clone(), values.clone())],
            (None, None, Some(zip)) => {
                let mut columns = Vec::new();
                flatten(zip, "", &mut columns);
                if columns.is_empty() {
                    return Err(vec![problem(
                        at("zip"),
                        String::new(),
                        "the zip group is empty: give each key a list of values".into(),
                    )]);
                }
                let mut problems = Vec::new();
                let columns = columns
                    .into_iter()
                    .filter_map(|(key, value)| match value {
                        toml::Value::Array(values) => {
                            Some((format!("{}.\"{key}\"", at("zip")), key, values))
                        }
                        other => {
                            problems.push(problem(
                                format!("{}.\"{key}\"", at("zip")),
                                other.to_string(),
                                "must be a list of values, one per point of the axis".into(),
                            ));
                            None
                        }
                    })
                    .collect();
                if !problems.is_empty() {
                    return Err(problems);
                }
                columns
            }
            (Some(_), None, None) => {
                return Err(vec![problem(
                    at("values"),
                    String::new(),
                    "missing: an axis with `key` needs `values = [...]`".into(),
                )]);
            }
            (None, Some(_), None) => {
                return Err(vec![problem(
                    at("key"),
                    String::new(),
                    "missing: name the dotted rule key the `values` are for".into(),
                )]);
            }
            _ => {
                return Err(vec![problem(
                    format!("axis.{index}"),
                    String::new(),
                    "give either `key` with `values`, or a `zip` table of keys with value lists"
                        .into(),
                )]);
            }
        };
    let lengths: BTreeSet<usize> = columns.iter().map(|(_, _, v)| v.len()).collect();
    if lengths.len() > 1 {
        let found = columns
            .iter()
            .map(|(_, key, v)| format!("{key} has {}", v.len()))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(vec![problem(
            at("zip"),
            found,
            "every key of a zip group needs the same number of values".into(),
        )]);
    }
    let count = lengths.into_iter().next().unwrap_or(0);
    if count == 0 {
        return Err(vec![problem(
            columns[0].0.clone(),
            "[]".into(),
            "the axis has no values: the grid would be empty; give at least one".into(),
        )]);
    }
    let mut problems = Vec::new();
    let mut values: Vec<Vec<Override>> = vec![Vec::new(); count];
    for (file_key, rule_key, list) in &columns {
        // `value_text` makes every value a valid `--set` value; only the
        // key can be malformed, and then every value is.
        for (i, value) in list.iter().enumerate() {
            let text = value_text(value);
            let set: Override = match format!("{rule_key}={text}").parse() {
                Ok(set) => set,
                Err(message) => {
                    problems.push(problem(
                        file_key.clone(),
                        format!("\"{rule_key}\""),
                        message,
                    ));
                    break;
                }
            };
            values[i].push(set);
        }
    }
    let name = spec.name.clone().unwrap_or_else(|| {
        columns
            .iter()
            .map(|(_, key, _)| key.rsplit('.').next().unwrap_or(key).to_string())
            .collect::<Vec<_>>()
            .join("+")
    });
    let labels = match &spec.labels {
        Some(labels) if labels.len() != count => {
            problems.push(problem(
                at("labels"),
                format!("{} labels", labels.len()),
                format!("give one label per value ({count})"),
            ));
            Vec::new()
        }
        Some(labels) => labels.clone(),
        None => (0..count)
            .map(|i| {
                let shown: Vec<String> = values[i].iter().map(|s| s.value.clone()).collect();
                format!("{name}={}", shown.join("/"))
            })
            .collect(),
    };
    let distinct: BTreeSet<&String> = labels.iter().collect();
    if distinct.len() != labels.len() {
        problems.push(problem(
            at("labels"),
            format!("{labels:?}"),
            "labels must differ from each other (they name the variants)".into(),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Axis {
        title: spec.title.clone().unwrap_or_else(|| name.clone()),
        name,
        keys: columns.iter().map(|(_, key, _)| key.clone()).collect(),
        labels,
        values,
    })
}

/// Gives axes whose default names collide (e.g. `dealer.min_total` and
/// `player.min_total`) their full key as name, and relabels them.
fn disambiguate_names(axes: &mut [Axis], specs: &[AxisSpec]) {
    let names: Vec<String> = axes.iter().map(|a| a.name.clone()).collect();
    for (axis, spec) in axes.iter_mut().zip(specs) {
        let clash = names.iter().filter(|n| **n == axis.name).count() > 1;
        if !clash || spec.name.is_some() {
            continue;
        }
        let full = axis.keys.join("+");
        if spec.labels.is_none() {
            for (label, sets) in axis.labels.iter_mut().zip(&axis.values) {
                let shown: Vec<&str> = sets.iter().map(|s| s.value.as_str()).collect();
                *label = format!("{full}={}", shown.join("/"));
            }
        }
        if spec.title.is_none() {
            axis.title = full.clone();
        }
        axis.name = full;
    }
}

/// Flattens nested tables into dotted keys (`a = { b = [..] }` → `a.b`).
fn flatten(table: &toml::Table, prefix: &str, out: &mut Vec<(String, toml::Value)>) {
    for (key, value) in table {
        let dotted = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(inner) => flatten(inner, &dotted, out),
            other => out.push((dotted, other.clone())),
        }
    }
}

/// Where in the experiment file a rules problem belongs: the axis that sets
/// the rule key (or its parent table, for an unknown key), else `None`.
fn axis_of_problem(axes: &[Axis], problem: &RuleProblem) -> Option<(String, String, String)> {
    let RuleProblem::Key {
        key,
        found,
        allowed,
        ..
    } = problem
    else {
        return None;
    };
    let unknown = allowed.starts_with("unknown key");
    axes.iter().enumerate().find_map(|(i, axis)| {
        axis.keys.iter().find_map(|axis_key| {
            let under = axis_key == key || axis_key.starts_with(&format!("{key}."));
            if unknown && under {
                Some((
                    if axis.keys.len() == 1 {
                        format!("axis.{i}.key")
                    } else {
                        format!("axis.{i}.zip")
                    },
                    format!("\"{axis_key}\""),
                    {
                        let rest = allowed.trim_start_matches("unknown key; ");
                        if axis_key == key {
                            format!("not a rule key; {rest}")
                        } else {
                            format!("not a rule key: `{key}` does not exist; {rest}")
                        }
                    },
                ))
            } else if axis_key == key {
                let file_key = if axis.keys.len() == 1 {
                    format!("axis.{i}.values")
                } else {
                    format!("axis.{i}.zip.\"{key}\"")
                };
                Some((
                    file_key,
                    found.clone(),
                    format!("rule key `{key}`: {allowed}"),
                ))
            } else {
                None
            }
        })
    })
}

/// Every point of the grid with its rules (loaded in parallel). Problems
/// with an axis's own key or values are reported once against the axis;
/// other problems (values that do not fit together) against the first
/// variant showing them, with the number of variants affected.
fn resolve_variants(
    file: &Path,
    rules_file: &Path,
    axes: &[Axis],
) -> Result<Vec<Variant>, ExperimentError> {
    let points = product(axes);
    let results: Vec<Result<Variant, (String, RulesError)>> = points
        .into_par_iter()
        .map(|positions| {
            let (name, overrides) = describe(axes, &positions);
            match load_rules(Some(rules_file), &overrides) {
                Ok(rules) => Ok(Variant {
                    name,
                    positions,
                    overrides,
                    rules,
                }),
                Err(error) => Err((name, error)),
            }
        })
        .collect();
    let mut variants = Vec::with_capacity(results.len());
    // (problem, number of variants showing it), in order of appearance.
    let mut problems: Vec<(ExperimentProblem, usize)> = Vec::new();
    let mut note =
        |problem: ExperimentProblem, same: &dyn Fn(&ExperimentProblem) -> bool| match problems
            .iter_mut()
            .find(|(p, _)| same(p))
        {
            Some((_, count)) => *count += 1,
            None => problems.push((problem, 1)),
        };
    for result in results {
        let (name, error) = match result {
            Ok(variant) => {
                variants.push(variant);
                continue;
            }
            Err(failure) => failure,
        };
        let mut rest = Vec::new();
        for problem in error.problems {
            match axis_of_problem(axes, &problem) {
                Some((key, found, allowed)) => {
                    let problem = ExperimentProblem::Key {
                        file: file.to_path_buf(),
                        key,
                        found,
                        allowed,
                    };
                    note(problem.clone(), &|p| *p == problem);
                }
                None => rest.push(problem),
            }
        }
        if !rest.is_empty() {
            let error = RulesError { problems: rest };
            let text = error.to_string();
            note(
                ExperimentProblem::Variant {
                    file: file.to_path_buf(),
                    variant: name,
                    error,
                    others: 0,
                },
                &|p| matches!(p, ExperimentProblem::Variant { error, .. } if error.to_string() == text),
            );
        }
    }
    if problems.is_empty() {
        return Ok(variants);
    }
    let problems = problems
        .into_iter()
        .map(|(problem, count)| match problem {
            ExperimentProblem::Variant {
                file,
                variant,
                error,
                ..
            } => ExperimentProblem::Variant {
                file,
                variant,
                error,
                others: count - 1,
            },
            other => other,
        })
        .collect();
    Err(ExperimentError { problems })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `body` as an experiment file next to a copy of the canonical
    /// rules and loads it.
    fn load(body: &str) -> (tempfile::TempDir, Result<Experiment, ExperimentError>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy("rules/banluck.toml", dir.path().join("banluck.toml")).unwrap();
        let file = dir.path().join("x.toml");
        std::fs::write(&file, body).unwrap();
        let loaded = load_experiment(&file);
        (dir, loaded)
    }

    const HEAD: &str =
        "name = \"x\"\nquestion = \"What?\"\nrules = \"banluck.toml\"\n[engines.dp]\n";

    fn message(result: Result<Experiment, ExperimentError>) -> (ExperimentError, String) {
        let error = result.unwrap_err();
        let text = error.to_string();
        (error, text)
    }

    #[test]
    fn a_grid_of_one_axis_and_one_zip_group_makes_named_variants() {
        let body = format!(
            "{HEAD}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"off\", \"on\"]\n\
             [[axis]]\nname = \"surrender\"\nlabels = [\"always\", \"never\"]\n\
             zip.\"dealer.allow_surrender\" = [true, false]\nzip.dealer.fixed.surrender = [\"always\", \"never\"]\n"
        );
        let (_dir, loaded) = load(&body);
        let experiment = loaded.unwrap();
        let names: Vec<&str> = experiment
            .variants
            .iter()
            .map(|v| v.name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "reveal=off, always",
                "reveal=off, never",
                "reveal=on, always",
                "reveal=on, never"
            ]
        );
        let last = &experiment.variants[3].rules;
        assert!(!last.dealer.allow_surrender);
        assert_eq!(
            last.dealer.fixed.reveal,
            crate::games::banluck::rules::RevealPolicy::On
        );
        assert_eq!(experiment.output, Path::new("reports/x"));
        assert_eq!(experiment.axes[1].keys.len(), 2);
    }

    #[test]
    fn an_unknown_key_is_named_with_the_allowed_keys() {
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\nvalue = 2\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.value"), "{text}");
        assert!(text.contains("x.toml") && text.contains("values"), "{text}");
    }

    #[test]
    fn an_axis_key_that_is_not_a_rule_key_names_the_rule_key() {
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"dealer.fixed.revel\"\nvalues = [\"on\"]\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.key"), "{text}");
        assert!(
            text.contains("\"dealer.fixed.revel\": not a rule key"),
            "{text}"
        );
        assert!(text.contains("reveal"), "{text}");
    }

    #[test]
    fn a_value_the_rules_reject_names_the_allowed_values() {
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"off\", \"maybe\"]\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.values"), "{text}");
        assert!(
            text.contains("\"maybe\"") && text.contains("\"on\""),
            "{text}"
        );
    }

    #[test]
    fn an_empty_grid_is_an_error() {
        let (_dir, loaded) = load(HEAD);
        let (error, text) = message(loaded);
        assert!(error.names_key("axis"), "{text}");
        assert!(text.contains("grid is empty"), "{text}");
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"deck.decks\"\nvalues = []\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.values"), "{text}");
    }

    #[test]
    fn zip_groups_of_unequal_length_are_an_error() {
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nname = \"s\"\nzip.\"dealer.allow_surrender\" = [true, false]\n\
             zip.\"dealer.fixed.surrender\" = [\"always\"]\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.zip"), "{text}");
        assert!(text.contains("dealer.fixed.surrender has 1"), "{text}");
    }

    #[test]
    fn variants_whose_values_do_not_fit_together_are_named() {
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"dealer.min_total\"\nvalues = [16, 17]\n\
             [[axis]]\nkey = \"deck.decks\"\nvalues = [1, 2]\n"
        ));
        let (_, text) = message(loaded);
        assert!(
            text.contains("variant `min_total=17, decks=1` (and 1 more variant)"),
            "{text}"
        );
        assert!(text.contains("dealer.reveal_totals"), "{text}");
        let (_dir, loaded) = load(&format!(
            "{HEAD}[[axis]]\nkey = \"dealer.fixed.stand_on\"\nvalues = [17, 15]\n"
        ));
        let (error, text) = message(loaded);
        assert!(error.names_key("axis.0.values"), "{text}");
        assert!(text.contains("rule key `dealer.fixed.stand_on`"), "{text}");
    }

    #[test]
    fn missing_keys_and_unknown_engines_are_named() {
        let (_dir, loaded) = load("name = \"x\"\nrules = \"banluck.toml\"\n[engines.dpp]\n");
        let (error, text) = message(loaded);
        assert!(
            error.names_key("question") || error.names_key("engines.dpp"),
            "{text}"
        );
    }

    #[test]
    fn every_shipped_experiment_loads() {
        let mut files: Vec<PathBuf> = std::fs::read_dir("experiments")
            .unwrap()
            .map(|e| e.unwrap().path())
            .chain([PathBuf::from("benches/sweep-1000.toml")])
            .collect();
        files.sort();
        assert!(files.len() >= 6);
        let mut kinds = BTreeSet::new();
        for file in files {
            match load_any_experiment(&file).unwrap_or_else(|e| panic!("{e}")) {
                AnyExperiment::Grid(experiment) => {
                    assert!(!experiment.variants.is_empty(), "{}", file.display());
                    kinds.insert("grid");
                }
                AnyExperiment::Rotation(experiment) => {
                    assert!(!experiment.spec.people.is_empty());
                    kinds.insert("rotation");
                    let error = load_experiment(&file).unwrap_err();
                    assert!(error.names_key("kind"), "{error}");
                }
                AnyExperiment::Compare(_) => {
                    kinds.insert("compare");
                }
            }
        }
        assert_eq!(kinds.len(), 3);
    }
}
