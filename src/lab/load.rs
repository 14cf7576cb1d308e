//! Reading an experiment file of any kind: the file and its base rules
//! read once, the shared keys checked (the first mistake reported, as one
//! pass over the file would), then the file handed to its rules' family (a
//! grid) or to its kind's study.

use std::path::{Path, PathBuf};

use super::checks::{grid_keys_problems, other_sections};
use super::error::{ExperimentError, ExperimentProblem};
use super::experiment::Experiment;
use super::family::Family;
use super::family_grid::FamilyGrid;
use super::grid_family::GridFamily;
use super::grid_load::{GridSource, load_family_grid};
use super::kinds::{Study, StudyFile, StudyRun};
use super::manifest::ExperimentHeader;
use super::mistakes::{first_mistake, no_family};
use super::registry::Registry;
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};
use crate::rules::{RuleProblem, RulesError, RulesText};

/// Any kind of checked experiment, as `kind` in the file says.
#[derive(Debug)]
pub enum AnyExperiment {
    /// `kind = "grid"` (the default): rule variants × engines.
    Grid(Box<Experiment>),
    /// The kind of a registered study (`"rotation"`, `"compare"`).
    Study(Box<dyn StudyRun>),
}

impl AnyExperiment {
    /// The output folder.
    pub fn output(&self) -> &Path {
        match self {
            AnyExperiment::Grid(e) => &e.output,
            AnyExperiment::Study(e) => &e.header().output,
        }
    }
}

/// A checked experiment file, ready for its family or study.
enum Checked<'a> {
    /// A grid, for its rules' family (the first family when their game is
    /// unknown: the source's rules then say why).
    Grid {
        family: &'static dyn GridFamily,
        source: GridSource<'a>,
    },
    /// A study's kind.
    Study {
        study: &'static dyn Study,
        file: StudyFile<'a>,
    },
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
    read_checked(path, registry, |checked| match checked {
        Checked::Grid { family, source } => family
            .load_grid(source)
            .map(|grid| AnyExperiment::Grid(Box::new(grid))),
        Checked::Study { study, file } => study.load(file).map(AnyExperiment::Study),
    })
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
    read_checked(path, registry, |checked| match checked {
        Checked::Grid { family, source } => family.load_grid(source),
        Checked::Study { .. } => Err(not_of_kind(
            path,
            "not a grid experiment: load it with `load_any_experiment` (`banluck-lab run` runs every kind)",
        )),
    })
}

/// Reads and checks the grid experiment file at `path`, whose rules must
/// be `family`'s, typed: every variant's rules and every engine as the
/// family's own types ([`FamilyGrid`]).
///
/// # Errors
/// As [`load_experiment`], and rules of another family's game.
pub fn load_grid<F: Family>(
    path: &Path,
    family: &'static F,
    registry: &Registry,
) -> Result<Experiment<FamilyGrid<F>>, ExperimentError> {
    read_checked(path, registry, |checked| match checked {
        Checked::Grid { mut source, .. } => {
            source.rules = source.rules.and_then(|rules| {
                if rules.game()? == family.game() {
                    Ok(rules)
                } else {
                    Err(RulesError::single(RuleProblem::Key {
                        origin: rules.path().display().to_string(),
                        line: None,
                        key: "game".into(),
                        found: format!("{:?}", rules.game()?),
                        allowed: format!("must be {:?} rules", family.game()),
                    }))
                }
            });
            load_family_grid(family, source)
        }
        Checked::Study { .. } => Err(not_of_kind(path, "not a grid experiment")),
    })
}

/// Reads and checks the experiment file at `path`, which must be of the
/// study kind `kind`, and hands it to `load` (a study's typed loader).
///
/// # Errors
/// The lab's problems, a file of another kind, and `load`'s.
pub fn load_study_file<T>(
    path: &Path,
    registry: &Registry,
    kind: &str,
    load: impl FnOnce(StudyFile<'_>) -> Result<T, ExperimentError>,
) -> Result<T, ExperimentError> {
    read_checked(path, registry, |checked| match checked {
        Checked::Study { study, file } if study.kind() == kind => load(file),
        _ => Err(not_of_kind(path, &format!("not a {kind} experiment"))),
    })
}

/// A file of another kind than the one asked for.
fn not_of_kind(path: &Path, allowed: &str) -> ExperimentError {
    ExperimentError::single(ExperimentProblem::Key {
        at: None,
        file: path.to_path_buf(),
        key: "kind".into(),
        found: String::new(),
        allowed: allowed.into(),
    })
}

/// Reads the experiment file at `path` once, checks it and hands it on;
/// every error gets the line and column of its key.
fn read_checked<T>(
    path: &Path,
    registry: &Registry,
    then: impl FnOnce(Checked<'_>) -> Result<T, ExperimentError>,
) -> Result<T, ExperimentError> {
    let text = read_text_capped(path, MAX_INPUT_FILE_BYTES).map_err(|e| {
        ExperimentError::single(ExperimentProblem::Unreadable {
            file: path.to_path_buf(),
            reason: e.reason,
        })
    })?;
    check(path, &text, registry, then).map_err(|error| error.locate(path, &text))
}

/// The base rules an experiment file names, read once.
struct BaseRules {
    /// The file, resolved against the experiment file.
    file: PathBuf,
    /// Its text, or why it cannot be read.
    text: Result<RulesText, RulesError>,
}

impl BaseRules {
    fn read(file: PathBuf) -> BaseRules {
        let text = RulesText::read(&file);
        BaseRules { file, text }
    }

    /// The rules, if their game is a registered family's (else why not).
    fn of_family(&self, registry: &Registry) -> Result<&RulesText, RulesError> {
        let rules = self.text.as_ref().map_err(Clone::clone)?;
        registry.family(rules).map(|_| rules)
    }
}

/// [`read_checked`] on the file's `text`, without line numbers.
fn check<T>(
    path: &Path,
    text: &str,
    registry: &Registry,
    then: impl FnOnce(Checked<'_>) -> Result<T, ExperimentError>,
) -> Result<T, ExperimentError> {
    let table = match text.parse::<toml::Table>() {
        Ok(table) => table,
        Err(error) => {
            return Err(ExperimentError::single(ExperimentProblem::Syntax {
                file: path.to_path_buf(),
                message: error.to_string().trim_end().to_string(),
            }));
        }
    };
    let kinds = registry.kinds();
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let base = table
        .get("rules")
        .and_then(toml::Value::as_str)
        .map(|rules| BaseRules::read(folder.join(rules)));
    // Who reads `[engines]`: the rules' family, else the first.
    let reader = base
        .as_ref()
        .and_then(|base| base.text.as_ref().ok())
        .and_then(|rules| registry.family(rules).ok())
        .or_else(|| registry.families.first().copied());
    let spec = first_mistake(path, text, &table, registry, reader)?;
    // Read above whenever `rules` parses.
    let base = base.unwrap_or_else(|| BaseRules::read(folder.join(&spec.rules)));
    if spec.kind.is_grid() {
        let Some(family) = reader else {
            return Err(no_family(path, &table, &kinds, &spec));
        };
        let source = GridSource {
            path,
            text,
            table: &table,
            rules: base.of_family(registry),
            spec,
            kinds: &kinds,
        };
        return then(Checked::Grid { family, source });
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
        &kinds,
        study.kind(),
        &format!("a {}", study.kind()),
    ));
    let output = spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    );
    let file = StudyFile {
        text,
        header: ExperimentHeader {
            file: path.to_path_buf(),
            name: spec.name,
            question: spec.question,
            notes: spec.notes.map(|notes| notes.trim().to_string()),
            rules_file: base.file,
            rules_description: base.text.as_ref().ok().and_then(RulesText::description),
            output,
        },
        rules: spec.rules,
        base_rules: base.text,
        problems,
    };
    then(Checked::Study { study, file })
}
