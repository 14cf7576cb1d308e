//! The outputs of a table experiment: six Parquet tables, the timings
//! (not committed: they change every run), the manifest, and the
//! Markdown/HTML reports rendered from the tables alone.

use std::path::Path;

use serde_json::json;

use super::TableExperiment;
use super::model::TableModel;
use super::rows::TableTables;
use super::run::TimingRow;
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentKind, Rendering};
use crate::report::{
    Manifest, ReportError, frame_rows, read_frame, render_templates, rows_frame, write_frame,
};

/// The dealers' values per variant, with the provenance.
pub const RUNS: &str = "runs.parquet";
/// The paired gains per variant.
pub const GAINS: &str = "gains.parquet";
/// The strategic dealer's reveal policy.
pub const REVEAL_POLICY: &str = "reveal_policy.parquet";
/// Each variant's solve (method, rounds, surrenders).
pub const SOLVES: &str = "solves.parquet";
/// The rotation period per table and dealer.
pub const ROTATION: &str = "rotation.parquet";
/// Where one seat's best reply leaves the chart.
pub const DEVIATIONS: &str = "deviations.parquet";
/// Each task's seconds (ignored by git).
pub const TIMINGS: &str = "timings.parquet";

/// The embedded Markdown template of table reports.
pub const TABLE_MARKDOWN_TEMPLATE: &str = include_str!("templates/table.md.tera");
/// The embedded HTML template of table reports.
pub const TABLE_HTML_TEMPLATE: &str = include_str!("templates/table.html.tera");

/// Writes the tables, the timings and the manifest into `folder`.
///
/// # Errors
/// A table or file that could not be written.
pub fn write_table_outputs(
    folder: &Path,
    experiment: &TableExperiment,
    tables: &TableTables,
    timings: &[TimingRow],
) -> Result<(), ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    for (name, mut frame) in [
        (RUNS, rows_frame(&tables.runs)?),
        (GAINS, rows_frame(&tables.gains)?),
        (REVEAL_POLICY, rows_frame(&tables.reveal_policy)?),
        (SOLVES, rows_frame(&tables.solves)?),
        (ROTATION, rows_frame(&tables.rotation)?),
        (DEVIATIONS, rows_frame(&tables.deviations)?),
        (TIMINGS, rows_frame(timings)?),
    ] {
        write_frame(&folder.join(name), &mut frame)?;
    }
    Manifest::of_kind(
        ExperimentKind::new("table"),
        &experiment.name,
        &experiment.question,
        &experiment.file,
        &experiment.rules_file,
        json!({ "table": experiment.spec, "rules_hash": rules_hash(&experiment.rules) }),
    )
    .write(folder)
}

/// Reads the six tables of a table output folder.
///
/// # Errors
/// A missing or unreadable table.
pub fn read_table_tables(folder: &Path) -> Result<TableTables, ReportError> {
    let read = |name: &str| read_frame(&folder.join(name));
    Ok(TableTables {
        runs: frame_rows(&read(RUNS)?)?,
        gains: frame_rows(&read(GAINS)?)?,
        reveal_policy: frame_rows(&read(REVEAL_POLICY)?)?,
        solves: frame_rows(&read(SOLVES)?)?,
        rotation: frame_rows(&read(ROTATION)?)?,
        deviations: frame_rows(&read(DEVIATIONS)?)?,
    })
}

/// Renders the table reports of `folder` from its manifest and tables.
pub(super) fn render_table(
    folder: &Path,
    templates: Option<&Path>,
) -> Result<Rendering, ReportError> {
    let manifest = Manifest::read(folder)?;
    let tables = read_table_tables(folder)?;
    let model = TableModel::new(&manifest, &tables)?;
    let rendered = render_templates(
        &model,
        templates,
        [
            ("table.md", TABLE_MARKDOWN_TEMPLATE),
            ("table.html", TABLE_HTML_TEMPLATE),
        ],
    )?;
    Ok(Rendering {
        headline: model.headline,
        markdown: rendered.markdown,
        html: rendered.html,
    })
}
