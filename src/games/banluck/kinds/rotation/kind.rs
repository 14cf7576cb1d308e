//! The rotation study as the one study skeleton's kind `rotation`: its
//! section, checks, computation, manifest parameters and page.

use std::path::Path;

use serde_json::{Value, json};

use super::load::load_rotation;
use super::model::RotationModel;
use super::outputs::{ROTATION_HTML_TEMPLATE, ROTATION_MARKDOWN_TEMPLATE};
use super::run::{RotationTables, run_rotation};
use super::spec::{RotationExperiment, RotationSpec};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentProblem, Manifest, RunOptions, StudyFile};
use crate::report::{Computed, Page, ReportError, StudyKind};

/// The rotation study (`kind = "rotation"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct RotationStudy;

impl StudyKind for RotationStudy {
    const KIND: &'static str = "rotation";
    type Section = RotationSpec;
    type Experiment = RotationExperiment;
    type Tables = RotationTables;
    type Model = RotationModel;

    fn load(
        &self,
        file: &StudyFile<'_>,
        section: Option<RotationSpec>,
        problems: &mut Vec<ExperimentProblem>,
    ) -> Option<RotationExperiment> {
        load_rotation(file, section.unwrap_or_default(), problems)
    }

    fn run(
        &self,
        experiment: &RotationExperiment,
        _folder: &Path,
        _options: &RunOptions,
    ) -> Result<Computed<RotationTables>, String> {
        run_rotation(experiment).map(Computed::new)
    }

    fn params(&self, experiment: &RotationExperiment, _tables: &RotationTables) -> Value {
        json!({ "rotation": experiment.spec, "rules_hash": rules_hash(&experiment.rules) })
    }

    fn page(
        &self,
        manifest: &Manifest,
        tables: RotationTables,
    ) -> Result<Page<RotationModel>, ReportError> {
        let model = RotationModel::new(manifest, &tables)?;
        Ok(Page {
            headline: model.headline.clone(),
            model,
            templates: [
                ("rotation.md", ROTATION_MARKDOWN_TEMPLATE),
                ("rotation.html", ROTATION_HTML_TEMPLATE),
            ],
        })
    }
}
