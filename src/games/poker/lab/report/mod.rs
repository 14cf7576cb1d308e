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
//! For flop spots the turn's model with the flop's words
//! ([`flop_headline`]: the flop strategy, why, and what the card
//! abstraction costs) and templates (`templates/flop.md.tera`,
//! `templates/flop.html.tera`): every run's full-game exploitability
//! against work, exact and bucketed, and the flop's range grids.
//! A turn or flop folder with its `timings.parquet` also gets the race against
//! wall time ([`TimingModel`]) in `timing.md` and `timing.html`
//! (`timing.md.tera`, `timing.html.tera`), which are not committed: their
//! seconds differ on every run. Without `timings.parquet` (a fresh
//! clone) they are not written and any old ones stay.
//! [`PokerReport`] fills in the one grid report
//! (`crate::report::FamilyReport`).

mod data;
mod flop_summary;
pub mod grids;
mod model;
mod summary;
pub mod turn_convergence;
mod turn_evs;
mod turn_model;
mod turn_summary;
pub mod turn_timing;

use std::path::Path;

use serde::Serialize;

pub use data::{Decision, PokerData, Run};
pub use flop_summary::flop_headline;
pub use model::{PokerModel, RunView, VariantRow, frequencies_in_words};
pub use summary::headline;
pub use turn_model::{TurnModel, VariantView};
pub use turn_summary::turn_headline;
pub use turn_timing::TimingModel;

use crate::atomic::write_atomic;
use crate::report::{
    FamilyReport, Frames, GridFolder, Manifest, Page, ReportError, TIMINGS, render_templates,
};
use turn_timing::{TIMING_HTML_TEMPLATE, TIMING_MARKDOWN_TEMPLATE};

/// The embedded Markdown template.
pub const MARKDOWN_TEMPLATE: &str = include_str!("templates/report.md.tera");
/// The embedded HTML template.
pub const HTML_TEMPLATE: &str = include_str!("templates/report.html.tera");
/// The embedded Markdown template of a turn experiment.
pub const TURN_MARKDOWN_TEMPLATE: &str = include_str!("templates/turn.md.tera");
/// The embedded HTML template of a turn experiment.
pub const TURN_HTML_TEMPLATE: &str = include_str!("templates/turn.html.tera");
/// The embedded Markdown template of a flop experiment.
pub const FLOP_MARKDOWN_TEMPLATE: &str = include_str!("templates/flop.md.tera");
/// The embedded HTML template of a flop experiment.
pub const FLOP_HTML_TEMPLATE: &str = include_str!("templates/flop.html.tera");

/// The poker family's grid report.
#[derive(Debug, Clone, Copy, Default)]
pub struct PokerReport;

/// A poker report's model: a river spot's, or a turn or flop spot's.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum PokerPage {
    /// River spots.
    River(PokerModel),
    /// Turn and flop spots.
    Street(TurnModel),
}

impl PokerReport {
    /// Writes `timing.md` and `timing.html` (each atomically) into the turn
    /// folder `folder` if its `timings.parquet` is there; does nothing
    /// otherwise.
    ///
    /// # Errors
    /// A timings table without its columns, a template that does not
    /// render, or a file that cannot be written.
    pub fn write_timing(
        folder: &Path,
        manifest: &Manifest,
        data: &PokerData,
        frames: &Frames,
        templates: Option<&Path>,
    ) -> Result<(), ReportError> {
        if !folder.join(TIMINGS).is_file() {
            return Ok(());
        }
        let model = TimingModel::new(manifest, data, frames)?;
        let rendered = render_templates(
            &model,
            templates,
            [
                ("timing.md", TIMING_MARKDOWN_TEMPLATE),
                ("timing.html", TIMING_HTML_TEMPLATE),
            ],
        )?;
        for (name, text) in [
            ("timing.md", &rendered.markdown),
            ("timing.html", &rendered.html),
        ] {
            let path = folder.join(name);
            write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
        }
        Ok(())
    }
}

impl FamilyReport for PokerReport {
    type Model = PokerPage;

    /// The page of a river, turn or flop folder; a turn or flop folder's
    /// timing pages are written on the way ([`PokerReport::write_timing`]).
    fn page(&self, folder: &GridFolder<'_>) -> Result<Page<PokerPage>, ReportError> {
        let data = PokerData::from_frames(folder.frames)?;
        // A flop spot's runs: the turn's model, the flop's words. A turn
        // spot's runs name the river card they report.
        let flop = data.runs.iter().any(|run| run.on_flop());
        if flop || data.runs.iter().any(|run| run.river_card.is_some()) {
            PokerReport::write_timing(
                folder.path,
                folder.manifest,
                &data,
                folder.frames,
                folder.templates,
            )?;
            let mut model = TurnModel::new(folder.manifest, &data);
            let (headline, templates) = if flop {
                (
                    flop_headline(&model, &data),
                    [
                        ("report.md", FLOP_MARKDOWN_TEMPLATE),
                        ("report.html", FLOP_HTML_TEMPLATE),
                    ],
                )
            } else {
                (
                    turn_headline(&model),
                    [
                        ("report.md", TURN_MARKDOWN_TEMPLATE),
                        ("report.html", TURN_HTML_TEMPLATE),
                    ],
                )
            };
            model.headline = headline.clone();
            return Ok(Page {
                model: PokerPage::Street(model),
                headline,
                templates,
            });
        }
        let mut model = PokerModel::new(folder.manifest, &data);
        model.headline = headline(&model);
        Ok(Page {
            headline: model.headline.clone(),
            model: PokerPage::River(model),
            templates: [
                ("report.md", MARKDOWN_TEMPLATE),
                ("report.html", HTML_TEMPLATE),
            ],
        })
    }
}
