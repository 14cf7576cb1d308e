//! The seam for experiment kinds beside the grid: a [`Study`] is one
//! `kind = "<name>"` of experiment file, registered in the
//! [`super::Registry`] beside the families. It reads its own section
//! (`[<name>]`), checks and loads the file into a [`StudyRun`], computes
//! and writes its tables, and renders its reports. The lab reads the keys
//! every kind shares and routes the file; the report layer routes an
//! output folder by its manifest's `kind`. Studies implement these
//! through `crate::report::StudyKind`, the one study skeleton.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use super::error::{ExperimentError, ExperimentProblem};
use super::manifest::{ExperimentHeader, Manifest};
use super::options::RunOptions;
use super::rendering::Rendering;
use crate::rules::{RulesError, RulesText};

/// An experiment file of a study's kind, as the lab hands it over: the
/// shared keys read and resolved, the base rules read once, and the
/// problems the lab found so far (the shared keys, grid keys, other kinds'
/// sections), which the study reports first.
#[derive(Debug, Clone)]
pub struct StudyFile<'a> {
    /// Its text (the study reads its section from it).
    pub text: &'a str,
    /// The keys every kind shares, resolved.
    pub header: ExperimentHeader,
    /// The base rules file, as written.
    pub rules: PathBuf,
    /// The base rules, read once (or why they cannot be).
    pub base_rules: Result<RulesText, RulesError>,
    /// The problems found by the lab, in order.
    pub problems: Vec<ExperimentProblem>,
}

impl StudyFile<'_> {
    /// The experiment file.
    pub fn path(&self) -> &Path {
        &self.header.file
    }

    /// A problem at `key` of the file.
    pub fn problem(
        &self,
        key: &str,
        found: String,
        allowed: impl Into<String>,
    ) -> ExperimentProblem {
        ExperimentProblem::Key {
            at: None,
            file: self.header.file.clone(),
            key: key.to_string(),
            found,
            allowed: allowed.into(),
        }
    }
}

/// One kind of experiment beside the grid.
pub trait Study: Send + Sync {
    /// The kind's name, as in `kind = "<name>"`; its parameters are the
    /// section `[<name>]`.
    fn kind(&self) -> &'static str;

    /// Reads the section `[<kind>]` of the experiment file's text (when
    /// present, whatever the file's kind), for its keys and types only.
    ///
    /// # Errors
    /// A key the study does not know or a value of the wrong type.
    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>>;

    /// Checks and loads an experiment file of this kind.
    ///
    /// # Errors
    /// The lab's problems and every one of the study's own, together.
    fn load(&'static self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError>;

    /// Renders an output folder of this kind, described by `manifest`,
    /// from its tables. `<name>.tera` files in `templates`, where given,
    /// replace the study's embedded templates of the same name.
    ///
    /// # Errors
    /// Why the folder could not be read or rendered, in words.
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String>;
}

/// What a study's run wrote: its manifest, not yet written (the report
/// dispatch writes it last, once, with the answer), and the tables.
#[derive(Debug, Clone)]
pub struct StudyOutcome {
    /// The manifest of the folder.
    pub manifest: Manifest,
    /// The tables written, in order (`answers.parquet`, ...).
    pub tables: Vec<&'static str>,
}

/// A loaded experiment of a study's kind, ready to run.
pub trait StudyRun: Send + Sync + Debug {
    /// The kind's name.
    fn kind(&self) -> &'static str;

    /// The keys every kind shares, resolved (name, output folder, ...).
    fn header(&self) -> &ExperimentHeader;

    /// Computes the experiment and writes its tables into `folder`
    /// (created if missing). A kind that caches its tasks recomputes them
    /// with `options.force` and shows progress bars with
    /// `options.progress` (shards do not apply).
    ///
    /// # Errors
    /// A computation or a write that failed, in words.
    fn run(&self, folder: &Path, options: &RunOptions) -> Result<StudyOutcome, String>;
}
