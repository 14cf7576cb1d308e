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
//! [`PokerReport`] is its `lab::GridReport`.

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

pub use data::{Decision, PokerData, Run};
pub use flop_summary::flop_headline;
pub use model::{PokerModel, RunView, VariantRow, frequencies_in_words};
pub use summary::headline;
pub use turn_model::{TurnModel, VariantView};
pub use turn_summary::turn_headline;
pub use turn_timing::TimingModel;

use crate::atomic::write_atomic;
use crate::lab::{GridReport, Rendering};
use crate::report::{
    Frames, Manifest, ReportError, TIMINGS, grid_rendering, read_frames, render_templates,
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

impl PokerReport {
    /// The model of the grid output folder `folder`, described by `manifest`.
    ///
    /// # Errors
    /// An unreadable manifest or table.
    pub fn model(folder: &Path, manifest: &Manifest) -> Result<PokerModel, ReportError> {
        let data = PokerData::from_frames(&read_frames(folder)?)?;
        let mut model = PokerModel::new(manifest, &data);
        model.headline = headline(&model);
        Ok(model)
    }

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

impl GridReport for PokerReport {
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        let frames = read_frames(folder).map_err(|e| e.to_string())?;
        let data = PokerData::from_frames(&frames).map_err(|e| e.to_string())?;
        // A flop spot's runs: the turn's model, the flop's words.
        if data.runs.iter().any(|run| run.on_flop()) {
            PokerReport::write_timing(folder, manifest, &data, &frames, templates)
                .map_err(|e| e.to_string())?;
            let mut model = TurnModel::new(manifest, &data);
            model.headline = flop_headline(&model, &data);
            return grid_rendering(
                &model,
                model.headline.clone(),
                templates,
                [
                    ("report.md", FLOP_MARKDOWN_TEMPLATE),
                    ("report.html", FLOP_HTML_TEMPLATE),
                ],
            );
        }
        // A turn spot's runs name the river card they report.
        if data.runs.iter().any(|run| run.river_card.is_some()) {
            PokerReport::write_timing(folder, manifest, &data, &frames, templates)
                .map_err(|e| e.to_string())?;
            let mut model = TurnModel::new(manifest, &data);
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
        let model = PokerReport::model(folder, manifest).map_err(|e| e.to_string())?;
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
