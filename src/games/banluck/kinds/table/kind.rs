//! The table study as the one study skeleton's kind `table`: its section,
//! checks, computation (cached task by task, with its timings), manifest
//! parameters and page.

use std::path::Path;

use serde_json::{Value, json};

use super::load::load_table;
use super::model::TableModel;
use super::outputs::{TABLE_HTML_TEMPLATE, TABLE_MARKDOWN_TEMPLATE};
use super::rows::TableTables;
use super::run::run_table;
use super::spec::{TableExperiment, TableSpec};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentProblem, Manifest, RunOptions, StudyFile};
use crate::report::{Computed, Page, ReportError, StudyKind};

/// The table study (`kind = "table"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct TableStudy;

impl StudyKind for TableStudy {
    const KIND: &'static str = "table";
    type Section = TableSpec;
    type Experiment = TableExperiment;
    type Tables = TableTables;
    type Model = TableModel;

    fn load(
        &self,
        file: &StudyFile<'_>,
        section: Option<TableSpec>,
        problems: &mut Vec<ExperimentProblem>,
    ) -> Option<TableExperiment> {
        load_table(file, section.unwrap_or_default(), problems)
    }

    fn run(
        &self,
        experiment: &TableExperiment,
        folder: &Path,
        options: &RunOptions,
    ) -> Result<Computed<TableTables>, String> {
        let (tables, timings) = run_table(experiment, folder, options)?;
        Computed::with_timings(tables, &timings)
    }

    fn params(&self, experiment: &TableExperiment, _tables: &TableTables) -> Value {
        json!({ "table": experiment.spec, "rules_hash": rules_hash(&experiment.rules) })
    }

    fn page(
        &self,
        manifest: &Manifest,
        tables: TableTables,
    ) -> Result<Page<TableModel>, ReportError> {
        let model = TableModel::new(manifest, &tables)?;
        Ok(Page {
            headline: model.headline.clone(),
            model,
            templates: [
                ("table.md", TABLE_MARKDOWN_TEMPLATE),
                ("table.html", TABLE_HTML_TEMPLATE),
            ],
        })
    }
}
