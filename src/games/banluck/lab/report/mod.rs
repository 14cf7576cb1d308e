//! Banluck's grid report: its model ([`ReportModel`]: the sensitivity
//! table, strategy charts, convergence, simulation checks and provenance),
//! its headline wording ([`headline`]) and its Tera templates
//! (`templates/report.md.tera`, `templates/report.html.tera`, replaced
//! file by file by `report.md.tera` / `report.html.tera` in the folder
//! given to `--templates`). [`BanluckReport`] fills in the one grid report
//! (`crate::report::FamilyReport`).

mod charts;
mod data;
mod model;
mod sentences;
mod summary;

pub use charts::{ChartModel, ChartRow, MAX_CHARTS};
pub use data::{CellView, PointView, ReportData, RunView};
pub use model::ReportModel;
pub use sentences::{Effect, effect_sentence, void_sentence};
pub use summary::{SimCheck, Z_LIMIT, effects, headline};

use crate::report::{FamilyReport, GridFolder, Page, ReportError};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// Banluck's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct BanluckReport;

impl FamilyReport for BanluckReport {
    type Model = ReportModel;

    fn page(&self, folder: &GridFolder<'_>) -> Result<Page<ReportModel>, ReportError> {
        let data = ReportData::from_frames(folder.frames)?;
        let model = ReportModel::new(folder.manifest, &data)?;
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
