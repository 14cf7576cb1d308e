//! Banluck's grid report: its model ([`ReportModel`]: the sensitivity
//! table, strategy charts, convergence, simulation checks and provenance),
//! its headline wording ([`headline`]) and its Tera templates
//! (`templates/report.md.tera`, `templates/report.html.tera`, replaced
//! file by file by `report.md.tera` / `report.html.tera` in the folder
//! given to `--templates`). [`BanluckReport`] is its `lab::GridReport`.

mod charts;
mod data;
mod model;
mod summary;

use std::path::Path;

pub use charts::{ChartModel, ChartRow, MAX_CHARTS};
pub use data::{CellView, PointView, ReportData, RunView};
pub use model::ReportModel;
pub use summary::{Effect, SimCheck, Z_LIMIT, effect_sentence, effects, headline, void_sentence};

use crate::lab::{GridReport, Rendering};
use crate::report::{Manifest, ReportError, grid_rendering, read_frames};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// Banluck's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct BanluckReport;

impl BanluckReport {
    /// The model of the grid output folder `folder`, described by `manifest`.
    ///
    /// # Errors
    /// An unreadable manifest or table, or a chart that cannot be drawn.
    pub fn model(folder: &Path, manifest: &Manifest) -> Result<ReportModel, ReportError> {
        let data = ReportData::from_frames(&read_frames(folder)?)?;
        ReportModel::new(manifest, &data)
    }
}

impl GridReport for BanluckReport {
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        let model = BanluckReport::model(folder, manifest).map_err(|e| e.to_string())?;
        grid_rendering(
            &model,
            model.headline.clone(),
            templates,
            [
                ("report.md", MARKDOWN_TEMPLATE),
                ("report.html", HTML_TEMPLATE),
            ],
        )
    }
}
