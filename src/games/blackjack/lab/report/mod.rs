//! Blackjack's grid report: the classic rule-effects table computed
//! exactly, set beside the published figures and z-checked by simulation,
//! the simulated EV of every variant against its exact EV, the EV under each split
//! algorithm, and the basic-strategy chart of every variant as a colour
//! grid ([`BlackjackModel`]), its headline ([`headline`]) and its Tera
//! templates (`templates/report.md.tera`, `templates/report.html.tera`,
//! replaced file by file by `--templates`). [`BlackjackReport`] fills in
//! the one grid report (`crate::report::FamilyReport`).

mod data;
mod grid;
mod model;
mod published;
mod simcheck;
mod summary;

use std::path::Path;

pub use data::{BlackjackData, Cell, RulesView, Run, SimFigures, payout_words};
pub use grid::{ChartGrid, GridCell, GridGroup, GridRow, LEGEND, UPCARDS};
pub use model::{AlgorithmRow, BlackjackModel, ChartView, EffectRow, LegendEntry};
pub use published::{SOURCE, published_effect};
pub use simcheck::{SimEffect, SimRow, sim_rows};
pub use summary::{AGREEMENT_POINTS, headline};

use crate::report::{FamilyReport, Frames, GridFolder, Manifest, Page, ReportError, read_frames};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// Blackjack's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct BlackjackReport;

impl BlackjackReport {
    /// The model of the grid output folder `folder`, described by `manifest`.
    ///
    /// # Errors
    /// An unreadable table, or no exact run of the base.
    pub fn model(folder: &Path, manifest: &Manifest) -> Result<BlackjackModel, ReportError> {
        BlackjackReport::model_of(&read_frames(folder)?, manifest)
    }

    /// The model of the tables `frames`, described by `manifest`.
    fn model_of(frames: &Frames, manifest: &Manifest) -> Result<BlackjackModel, ReportError> {
        let data = BlackjackData::from_frames(frames)?;
        let mut model = BlackjackModel::new(manifest, &data)?;
        model.headline = headline(&model);
        Ok(model)
    }
}

impl FamilyReport for BlackjackReport {
    type Model = BlackjackModel;

    fn page(&self, folder: &GridFolder<'_>) -> Result<Page<BlackjackModel>, ReportError> {
        let model = BlackjackReport::model_of(folder.frames, folder.manifest)?;
        Ok(Page {
            headline: model.headline.clone(),
            model,
            templates: [
                ("report.md", MARKDOWN_TEMPLATE),
                ("report.html", HTML_TEMPLATE),
            ],
        })
    }
}
