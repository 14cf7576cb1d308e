//! The poker family's grid report. For river spots: the answer in words
//! ([`headline`]), a table of the variants, and for each variant the 13×13
//! range grids per action of OOP's root decision and of IP's decision
//! after a check ([`PokerModel`], [`grids`]), rendered by its Tera
//! templates (`templates/report.md.tera`, `templates/report.html.tera`).
//! For turn spots ([`TurnModel`]): the answer in words
//! ([`turn_headline`]), the runs of every algorithm, and per variant the
//! convergence race against work with its chart, the aggregate strategy
//! per action, both players' EV by hand class and the range grids
//! (`templates/turn.md.tera`, `templates/turn.html.tera`). `--templates`
//! replaces them file by file (`report.md.tera`, `report.html.tera`).
//! [`PokerReport`] is its `lab::GridReport`.

mod data;
pub mod grids;
mod model;
mod summary;
pub mod turn_convergence;
mod turn_model;
mod turn_summary;

use std::path::Path;

pub use data::{Decision, PokerData, Run};
pub use model::{PokerModel, RunView, VariantRow, frequencies_in_words};
pub use summary::headline;
pub use turn_model::{TurnModel, VariantView};
pub use turn_summary::turn_headline;

use crate::lab::{GridReport, Rendering};
use crate::report::{Manifest, ReportError, grid_rendering, read_frames};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");
/// The embedded Markdown template of a turn experiment.
pub const TURN_MARKDOWN_TEMPLATE: &str = include_str!("templates/turn.md.tera");
/// The embedded HTML template of a turn experiment.
pub const TURN_HTML_TEMPLATE: &str = include_str!("templates/turn.html.tera");

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
        let manifest = Manifest::read(folder).map_err(|e| e.to_string())?;
        let data = PokerData::from_frames(&read_frames(folder).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
        // A turn spot's runs name the river card they report.
        if data.runs.iter().any(|run| run.river_card.is_some()) {
            let mut model = TurnModel::new(&manifest, &data);
            model.headline = turn_headline(&model);
            return grid_rendering(
                &model,
                model.headline.clone(),
                templates,
                [
                    ("report.md", TURN_MARKDOWN_TEMPLATE),
                    ("report.html", TURN_HTML_TEMPLATE),
                ],
            );
        }
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
