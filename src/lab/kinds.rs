//! The seam for experiment kinds beside the grid: a [`Study`] is one
//! `kind = "<name>"` of experiment file, registered in the
//! [`super::Registry`] beside the families. It reads its own section
//! (`[<name>]`), checks and loads the file into a [`StudyRun`], computes
//! and writes its tables and manifest, and renders its reports. The lab
//! reads the keys every kind shares and routes the file; the report layer
//! routes an output folder by its manifest's `kind`.

use std::any::Any;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

use super::error::{ExperimentError, ExperimentProblem};
use super::runner::RunOptions;
use super::study::Rendering;

/// An experiment file of a study's kind, as the lab hands it over: the
/// shared keys read, the output folder resolved, and the problems the lab
/// found so far (the shared keys, grid keys, other kinds' sections), which
/// the study reports first.
#[derive(Debug, Clone)]
pub struct StudyFile<'a> {
    /// The experiment file.
    pub path: &'a Path,
    /// Its text (the study reads its section from it).
    pub text: &'a str,
    /// The experiment's short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The base rules file, as written.
    pub rules: PathBuf,
    /// The output folder (the file's `output`, else `reports/<name>`).
    pub output: PathBuf,
    /// The problems found by the lab, in order.
    pub problems: Vec<ExperimentProblem>,
}

impl StudyFile<'_> {
    /// The base rules file, resolved against the experiment file.
    pub fn rules_file(&self) -> PathBuf {
        let folder = self.path.parent().unwrap_or_else(|| Path::new("."));
        folder.join(&self.rules)
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
            file: self.path.to_path_buf(),
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
    fn load(&self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError>;

    /// Renders an output folder of this kind from its tables and manifest.
    /// `<name>.tera` files in `templates`, where given, replace the
    /// study's embedded templates of the same name.
    ///
    /// # Errors
    /// Why the folder could not be read or rendered, in words.
    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String>;
}

/// A loaded experiment of a study's kind, ready to run.
pub trait StudyRun: Send + Sync + Debug {
    /// The kind's name.
    fn kind(&self) -> &'static str;

    /// The experiment's short name.
    fn name(&self) -> &str;

    /// The output folder.
    fn output(&self) -> &Path;

    /// Computes the experiment and writes its tables and `manifest.json`
    /// into `folder` (created if missing); returns the names of the tables
    /// written, for the summary line.
    ///
    /// # Errors
    /// A computation or a write that failed, in words.
    fn run(&self, folder: &Path) -> Result<String, String>;

    /// [`StudyRun::run`] with the runner's options: a kind that caches its
    /// tasks recomputes them with `force` and shows progress bars with
    /// `progress` (shards do not apply). By default the options are unused.
    ///
    /// # Errors
    /// As [`StudyRun::run`].
    fn run_with(&self, folder: &Path, options: &RunOptions) -> Result<String, String> {
        let _ = options;
        self.run(folder)
    }

    /// The experiment as its study's own type (for tests and tools).
    fn as_any(&self) -> &dyn Any;
}
