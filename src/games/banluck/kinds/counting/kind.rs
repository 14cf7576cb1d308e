//! The counting study as the one study skeleton's kind `counting`: its
//! section, checks, computation (with its timings), manifest parameters
//! and page.

use std::path::Path;

use serde_json::{Value, json};

use super::load::load_counting;
use super::model::CountingModel;
use super::outputs::{COUNTING_HTML_TEMPLATE, COUNTING_MARKDOWN_TEMPLATE};
use super::run::{CountingTables, run_counting};
use super::spec::{CountingExperiment, CountingSpec};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentProblem, Manifest, RunOptions, StudyFile};
use crate::report::{Computed, Page, ReportError, StudyKind};

/// The counting study (`kind = "counting"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingStudy;

impl StudyKind for CountingStudy {
    const KIND: &'static str = "counting";
    type Section = CountingSpec;
    type Experiment = CountingExperiment;
    type Tables = CountingTables;
    type Model = CountingModel;

    fn load(
        &self,
        file: &StudyFile<'_>,
        section: Option<CountingSpec>,
        problems: &mut Vec<ExperimentProblem>,
    ) -> Option<CountingExperiment> {
        load_counting(file, section.unwrap_or_default(), problems)
    }

    fn run(
        &self,
        experiment: &CountingExperiment,
        _folder: &Path,
        _options: &RunOptions,
    ) -> Result<Computed<CountingTables>, String> {
        let (tables, timings) = run_counting(experiment)?;
        Computed::with_timings(tables, &timings)
    }

    fn params(&self, experiment: &CountingExperiment, _tables: &CountingTables) -> Value {
        json!({ "counting": experiment.spec, "rules_hash": rules_hash(&experiment.rules) })
    }

    fn page(
        &self,
        manifest: &Manifest,
        tables: CountingTables,
    ) -> Result<Page<CountingModel>, ReportError> {
        let model = CountingModel::new(manifest, &tables)?;
        Ok(Page {
            headline: model.headline.clone(),
            model,
            templates: [
                ("counting.md", COUNTING_MARKDOWN_TEMPLATE),
                ("counting.html", COUNTING_HTML_TEMPLATE),
            ],
        })
    }
}
