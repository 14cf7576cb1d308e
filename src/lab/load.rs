//! Reading an experiment file: the schema, the base rules, every axis value
//! and every variant's rules checked before anything runs.

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Format, Toml};

use super::axes::{disambiguate_names, resolve_axis};
use super::engines::{Engine, EnginesSpec};
use super::error::{ExperimentError, ExperimentProblem};
use super::grid::{Axis, Variant};
use super::kinds::{CompareExperiment, RotationExperiment, load_compare, load_rotation};
use super::schema::{ExperimentFile, ExperimentKind};
use super::variants::resolve_variants;
use crate::games::banluck::rules::load_rules;

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

/// A grid experiment from its parsed file.
fn load_grid(path: &Path, spec: ExperimentFile) -> Result<Experiment, ExperimentError> {
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
        let mut kinds = std::collections::BTreeSet::new();
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
