//! `kind = "rotation"`: the rotating bank as a lab [`Study`]. Its
//! parameters ([`RotationSpec`], `[rotation]`), their checks ([`load`]),
//! the computation into plain rows ([`run_rotation`]), the five Parquet
//! tables and manifest, and its report (model, headline wording and the
//! templates `templates/rotation.{md,html}.tera`, replaced file by file
//! by `rotation.md.tera` / `rotation.html.tera` given to `--templates`).

mod headline;
mod load;
mod model;
mod outputs;
mod run;
mod spec;

use std::any::Any;
use std::path::{Path, PathBuf};

pub use headline::rotation_headline;
pub use model::{ImbalanceLine, RotationModel, SessionLine};
pub use outputs::{
    ANSWERS, BANKER_SHARE, IMBALANCE, REVEAL_GAIN, ROTATION_HTML_TEMPLATE,
    ROTATION_MARKDOWN_TEMPLATE, SESSIONS, read_rotation_tables, write_rotation_outputs,
};
pub use run::{FairPeriodRow, RotationTables, run_rotation, with_reveal};
pub use spec::RotationSpec;

use crate::games::banluck::rules::RuleSet;
use crate::lab::{ExperimentError, Rendering, Study, StudyFile, StudyRun};

/// The rotation study (`kind = "rotation"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct RotationStudy;

/// A checked rotation experiment.
#[derive(Debug, Clone)]
pub struct RotationExperiment {
    /// The experiment file.
    pub file: PathBuf,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The output folder.
    pub output: PathBuf,
    /// The resolved rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: RotationSpec,
}

impl Study for RotationStudy {
    fn kind(&self) -> &'static str {
        "rotation"
    }

    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>> {
        load::section(text).map(|_| ())
    }

    fn load(&self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError> {
        load::load_rotation(file).map(|e| Box::new(e) as Box<dyn StudyRun>)
    }

    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String> {
        outputs::render_rotation(folder, templates).map_err(|e| e.to_string())
    }
}

impl StudyRun for RotationExperiment {
    fn kind(&self) -> &'static str {
        "rotation"
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn output(&self) -> &Path {
        &self.output
    }

    fn run(&self, folder: &Path) -> Result<String, String> {
        let tables = run_rotation(self)?;
        write_rotation_outputs(folder, self, &tables).map_err(|e| e.to_string())?;
        Ok([ANSWERS, IMBALANCE, SESSIONS, BANKER_SHARE, REVEAL_GAIN].join(", "))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
