//! Baccarat's grid report: house edges by deck count, the simulation
//! checks, the count study and the charts of side-bet EV against true
//! count ([`BaccaratModel`]), its headline ([`headline`]) and its Tera
//! templates (`templates/report.md.tera`, `templates/report.html.tera`,
//! replaced file by file by `--templates`). [`BaccaratReport`] is its
//! `lab::GridReport`.

mod data;
mod model;
mod summary;

use std::path::Path;

pub use data::{BaccaratData, Bucket, Run};
pub use model::{BaccaratModel, BettorView, ChartView, CountRow, EdgeRow, EdgeTable, SimRow};
pub use summary::headline;

use crate::lab::{GridReport, Rendering};
use crate::report::{Manifest, ReportError, grid_rendering, read_frames};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// Baccarat's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct BaccaratReport;

impl BaccaratReport {
    /// The model of the grid output folder `folder`, described by `manifest`.
    ///
    /// # Errors
    /// An unreadable manifest or table, or a chart that cannot be drawn.
    pub fn model(folder: &Path, manifest: &Manifest) -> Result<BaccaratModel, ReportError> {
        let data = BaccaratData::from_frames(&read_frames(folder)?)?;
        let mut model = BaccaratModel::new(manifest, &data)?;
        model.headline = headline(&model);
        Ok(model)
    }
}

impl GridReport for BaccaratReport {
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        let model = BaccaratReport::model(folder, manifest).map_err(|e| e.to_string())?;
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
