//! Baccarat's grid report: house edges by deck count, the simulation
//! checks, the count study and the charts of side-bet EV against true
//! count ([`BaccaratModel`]), its headline ([`headline`]) and its Tera
//! templates (`templates/report.md.tera`, `templates/report.html.tera`,
//! replaced file by file by `--templates`). [`BaccaratReport`] fills in
//! the one grid report (`crate::report::FamilyReport`).

mod data;
mod model;
mod summary;

pub use data::{BaccaratData, Bucket, Run};
pub use model::{BaccaratModel, BettorView, ChartView, CountRow, EdgeRow, EdgeTable, SimRow};
pub use summary::headline;

use crate::report::{FamilyReport, GridFolder, Page, ReportError};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// Baccarat's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct BaccaratReport;

impl FamilyReport for BaccaratReport {
    type Model = BaccaratModel;

    fn page(&self, folder: &GridFolder<'_>) -> Result<Page<BaccaratModel>, ReportError> {
        let data = BaccaratData::from_frames(folder.frames)?;
        let mut model = BaccaratModel::new(folder.manifest, &data)?;
        model.headline = headline(&model);
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
