//! The outputs of a counting experiment: seven Parquet tables (and the
//! uncommitted timings), the manifest, and the Markdown/HTML reports
//! rendered from the tables alone.

use std::path::Path;

use serde_json::json;

use super::model::CountingModel;
use super::run::TimingRow;
use super::{CountingExperiment, CountingTables};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentKind, Rendering};
use crate::report::{
    Manifest, ReportError, frame_rows, read_frame, render_templates, rows_frame, write_frame,
};

/// File name of the count (one row).
pub const COUNT: &str = "count.parquet";
/// File name of the effects of removal.
pub const EFFECTS: &str = "effects.parquet";
/// File name of the sampled decks.
pub const DECKS: &str = "decks.parquet";
/// File name of the true-count bins.
pub const BY_COUNT: &str = "by_count.parquet";
/// File name of the within-round gains per table size.
pub const WITHIN_ROUND: &str = "within_round.parquet";
/// File name of what the other seats turn over at the largest table.
pub const SHOWN: &str = "shown.parquet";
/// File name of the counting simulation's rows.
pub const WIN_RATE: &str = "win_rate.parquet";
/// File name of the wall-clock seconds (not committed).
pub const TIMINGS: &str = "timings.parquet";

/// The embedded Markdown template of counting reports.
pub const COUNTING_MARKDOWN_TEMPLATE: &str = include_str!("templates/counting.md.tera");
/// The embedded HTML template of counting reports.
pub const COUNTING_HTML_TEMPLATE: &str = include_str!("templates/counting.html.tera");

/// Writes the tables, the timings and the manifest of a counting run into
/// `folder`.
pub fn write_counting_outputs(
    folder: &Path,
    experiment: &CountingExperiment,
    tables: &CountingTables,
    timings: &[TimingRow],
) -> Result<(), ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    for (name, mut frame) in [
        (COUNT, rows_frame(&tables.count)?),
        (EFFECTS, rows_frame(&tables.effects)?),
        (DECKS, rows_frame(&tables.decks)?),
        (BY_COUNT, rows_frame(&tables.bins)?),
        (WITHIN_ROUND, rows_frame(&tables.within_round)?),
        (SHOWN, rows_frame(&tables.shown)?),
        (WIN_RATE, rows_frame(&tables.win_rate)?),
        (TIMINGS, rows_frame(timings)?),
    ] {
        write_frame(&folder.join(name), &mut frame)?;
    }
    let hash = rules_hash(&experiment.rules);
    Manifest::of_kind(
        ExperimentKind::new("counting"),
        &experiment.name,
        &experiment.question,
        &experiment.file,
        &experiment.rules_file,
        json!({ "counting": experiment.spec, "rules_hash": hash }),
    )
    .write(folder)
}

/// Reads the seven tables of a counting output folder.
pub fn read_counting_tables(folder: &Path) -> Result<CountingTables, ReportError> {
    let read = |name: &str| read_frame(&folder.join(name));
    Ok(CountingTables {
        count: frame_rows(&read(COUNT)?)?,
        effects: frame_rows(&read(EFFECTS)?)?,
        decks: frame_rows(&read(DECKS)?)?,
        bins: frame_rows(&read(BY_COUNT)?)?,
        within_round: frame_rows(&read(WITHIN_ROUND)?)?,
        shown: frame_rows(&read(SHOWN)?)?,
        win_rate: frame_rows(&read(WIN_RATE)?)?,
    })
}

/// Renders the counting reports of `folder` from its manifest and tables.
pub(super) fn render_counting(
    folder: &Path,
    templates: Option<&Path>,
) -> Result<Rendering, ReportError> {
    let manifest = Manifest::read(folder)?;
    let tables = read_counting_tables(folder)?;
    let model = CountingModel::new(&manifest, &tables)?;
    let rendered = render_templates(
        &model,
        templates,
        [
            ("counting.md", COUNTING_MARKDOWN_TEMPLATE),
            ("counting.html", COUNTING_HTML_TEMPLATE),
        ],
    )?;
    Ok(Rendering {
        headline: model.headline,
        markdown: rendered.markdown,
        html: rendered.html,
    })
}
