//! The poker family's grid report: the answer in words ([`headline`]), a
//! table of the variants, and for each variant the 13×13 range grids per
//! action of OOP's root decision and of IP's decision after a check
//! ([`PokerModel`], [`grids`]), rendered by its Tera templates
//! (`templates/report.md.tera`, `templates/report.html.tera`, replaced
//! file by file by `--templates`). [`PokerReport`] is its
//! `lab::GridReport`.

mod data;
pub mod grids;
mod model;
mod summary;

use std::path::Path;

pub use data::{Decision, PokerData, Run};
pub use model::{PokerModel, RunView, VariantRow, frequencies_in_words};
pub use summary::headline;

use crate::lab::{GridReport, Rendering};
use crate::report::{Manifest, ReportError, grid_rendering, read_frames};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");

/// The poker family's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct PokerReport;

impl PokerReport {
    /// The model of the grid output folder `folder`.
    ///
    /// # Errors
    /// An unreadable manifest or table.
    pub fn model(folder: &Path) -> Result<PokerModel, ReportError> {
        let manifest = Manifest::read(folder)?;
        let data = PokerData::from_frames(&read_frames(folder)?)?;
        let mut model = PokerModel::new(&manifest, &data);
        model.headline = headline(&model);
        Ok(model)
    }
}

impl GridReport for PokerReport {
    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String> {
        let model = PokerReport::model(folder).map_err(|e| e.to_string())?;
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
