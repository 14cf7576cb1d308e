//! `kind = "table"`: Banluck at a table of K seats as a lab [`Study`] (issue
//! 18, item 3). Each variant — seats × the surrender rule — is one task:
//! the strategic dealer's best response ([`crate::games::banluck::table::dealer`])
//! with four dealers valued on the same rounds (the fixed dealer with the
//! reveal off and forced on, the strategic dealer with the reveal
//! forbidden and optimal), so that the reveal sweep's differences are
//! paired; and the rotation period under the fixed and the strategic
//! dealer. Tasks are cached by the lab's [`crate::lab::Cache`]; the tables
//! are written to Parquet and the report (`templates/table.{md,html}.tera`)
//! is rendered from them alone.
//!
//! Why a study and not a grid engine of the Banluck family: the reveal is
//! not a rule variant here but three dealers valued together on one set of
//! rounds (as grid variants they would be three solves, unpaired, at three
//! times the cost), and its outputs (dealer values, paired gains, reveal
//! policy by seat counts, rotation periods) need their own tables and
//! report, not the heads-up grid report's.

mod charts;
mod headline;
mod load;
mod model;
mod outputs;
mod rotation_rows;
mod rows;
mod run;
mod spec;
mod task;

use std::any::Any;
use std::path::{Path, PathBuf};

pub use headline::table_headline;
pub use model::TableModel;
pub use outputs::{
    DEVIATIONS, GAINS, REVEAL_POLICY, ROTATION, RUNS, SOLVES, TABLE_HTML_TEMPLATE,
    TABLE_MARKDOWN_TEMPLATE, TIMINGS, read_table_tables, write_table_outputs,
};
pub use rotation_rows::RotationRow;
pub use rows::{DealerRow, DeviationRow, GainRow, RevealPolicyRow, SolveRow, TableTables};
pub use run::{TimingRow, run_table};
pub use spec::{TableSpec, TableVariant};
pub use task::{DEALERS, ENGINE};

use crate::games::banluck::rules::RuleSet;
use crate::lab::{ExperimentError, Rendering, RunOptions, Study, StudyFile, StudyRun};

/// The table study (`kind = "table"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct TableStudy;

/// A checked table experiment.
#[derive(Debug, Clone)]
pub struct TableExperiment {
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
    /// The resolved base rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: TableSpec,
}

impl Study for TableStudy {
    fn kind(&self) -> &'static str {
        "table"
    }

    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>> {
        load::section(text).map(|_| ())
    }

    fn load(&self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError> {
        load::load_table(file).map(|e| Box::new(e) as Box<dyn StudyRun>)
    }

    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String> {
        outputs::render_table(folder, templates).map_err(|e| e.to_string())
    }
}

impl StudyRun for TableExperiment {
    fn kind(&self) -> &'static str {
        "table"
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn output(&self) -> &Path {
        &self.output
    }

    fn run(&self, folder: &Path) -> Result<String, String> {
        self.run_with(folder, &RunOptions::default())
    }

    fn run_with(&self, folder: &Path, options: &RunOptions) -> Result<String, String> {
        let (tables, timings) = run_table(self, folder, options)?;
        write_table_outputs(folder, self, &tables, &timings).map_err(|e| e.to_string())?;
        Ok([
            RUNS,
            GAINS,
            REVEAL_POLICY,
            SOLVES,
            ROTATION,
            DEVIATIONS,
            TIMINGS,
        ]
        .join(", "))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
