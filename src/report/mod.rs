//! Outputs of an experiment: the Parquet tables (via polars), the manifest,
//! and the Markdown and HTML reports (Tera templates, plotters SVG charts),
//! always rendered from what the Parquet files hold.
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::report::render_folder;
//! use banluck_lab::studies::registry;
//! // Re-render reports/reveal/report.md and report.html from its Parquet
//! // files, with the grid report of its rules' family.
//! render_folder(Path::new("reports/reveal"), None, &registry()).unwrap();
//! ```

mod charts;
pub mod columns;
mod csv;
pub mod format;
mod frames;
mod html;
mod index;
mod lead;
mod manifest;
mod merge;
mod order;
mod parquet;
mod plots;
mod render;
mod rows;
pub mod typed;

use std::fmt::Display;
use std::path::Path;

pub use charts::{HeatCell, heat_map};
pub use csv::{frame_csv, write_csv_beside};
pub use format::FORMAT_VERSION;
pub use frames::{Frames, build_frames};
pub use html::{TABLE_SCROLL_CLASS, finish_html};
pub use index::{
    INDEX_HTML, INDEX_MD, IndexEntry, index_entries, index_html, index_markdown, write_index,
};
pub use lead::{escape, lead_sentence, rules_description};
pub use manifest::{
    MANIFEST, Manifest, ManifestAxis, ManifestEngine, ManifestVariant, ShardProvenance,
};
pub use merge::merge_folders;
pub use parquet::{
    CONVERGENCE, HANDS, RUNS, STRATEGIES, TIMINGS, read_column_order, read_frame, read_frames,
    read_metadata, write_frame, write_frames,
};
pub use plots::{
    LegendEntry, Line, LineChart, Series, convergence_plot, draw_legend, legend_width, line_chart,
};
pub use render::{Rendered, grid_rendering, render_templates};
pub use rows::{frame_rows, rows_frame};

use crate::atomic::{remove_stale_temporaries, write_atomic};
use crate::lab::{Experiment, Registry, Rendering, Shard, TaskResult};
use crate::rules::GameKind;

/// File name of the Markdown report.
pub const REPORT_MD: &str = "report.md";
/// File name of the HTML report.
pub const REPORT_HTML: &str = "report.html";

/// A failure to write or read outputs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReportError {
    /// A file could not be read or written.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The data could not be turned into tables, charts or text.
    #[error("{0}")]
    Data(String),
    /// The folders given do not go together (another experiment, shards
    /// that overlap): the user's input, not a failure.
    #[error("{path}: {message}")]
    Refused {
        /// The folder refused.
        path: String,
        /// Why.
        message: String,
    },
}

impl ReportError {
    /// An error about `path`.
    pub fn file(path: &Path, message: impl Display) -> ReportError {
        ReportError::File {
            path: path.display().to_string(),
            message: message.to_string(),
        }
    }

    /// A refusal of the folder `path` as input.
    pub fn refused(path: &Path, message: impl Display) -> ReportError {
        ReportError::Refused {
            path: path.display().to_string(),
            message: message.to_string(),
        }
    }
}

impl From<polars::error::PolarsError> for ReportError {
    fn from(error: polars::error::PolarsError) -> Self {
        ReportError::Data(error.to_string())
    }
}

/// Writes the Parquet files of a run's `results` into `folder` (created
/// if missing) and returns the run's manifest, which the caller writes (a
/// shard's, whose folder is not rendered) or hands to [`render_grid`],
/// which writes it once, complete with the answer, after the reports: so
/// that a killed run never leaves a manifest that differs from a whole
/// run's.
pub fn write_outputs(
    folder: &Path,
    experiment: &Experiment,
    results: &[TaskResult],
    shard: Option<Shard>,
) -> Result<Manifest, ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    remove_stale_temporaries(folder);
    let mut frames = build_frames(experiment, results)?;
    write_frames(folder, &mut frames)?;
    Ok(Manifest::new(experiment, shard))
}

/// Renders the reports of a grid output folder from its Parquet files and
/// `manifest.json`, as [`render_grid`] does. Folders of the other kinds
/// are an error here: see [`render_any_folder`].
pub fn render_folder(
    folder: &Path,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    render_grid(folder, Manifest::read(folder)?, templates, registry)
}

/// Renders the reports of the grid output folder `folder` (its Parquet
/// files, described by `manifest`) with the grid report of its rules'
/// family (by the manifest's `game`, else by its rules file), writes them
/// and then the manifest (each atomically, the manifest last and only if
/// it changed) into the folder, and returns the headline.
pub fn render_grid(
    folder: &Path,
    manifest: Manifest,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    if !manifest.kind.is_grid() {
        return Err(ReportError::file(
            folder,
            format!(
                "holds a {} experiment, not a grid: render it with `render_any_folder`",
                manifest.kind.name()
            ),
        ));
    }
    let family = match &manifest.game {
        // Written by this version: the family of that game, wherever the
        // folder is rendered from.
        Some(word) => GameKind::from_word(Some(word))
            .and_then(|game| registry.family_of_game(game))
            .ok_or_else(|| {
                ReportError::file(folder, format!("no game family `{word}` is registered"))
            })?,
        // Banluck, or a folder written before the manifest named its game:
        // the family of its rules file, if it can still be read from here.
        None => registry
            .family_for(Path::new(&manifest.rules_file))
            .ok_or_else(|| ReportError::file(folder, "no game family is registered"))?,
    };
    let rendering = family
        .report()
        .render(folder, &manifest, templates)
        .map_err(ReportError::Data)?;
    write_rendering(folder, manifest, rendering)
}

/// Renders the reports of an output folder of any kind (as its manifest
/// says) from its Parquet files, writes them into the folder and returns
/// the headline.
pub fn render_any_folder(
    folder: &Path,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    let manifest = Manifest::read(folder)?;
    if manifest.kind.is_grid() {
        return render_grid(folder, manifest, templates, registry);
    }
    let study = registry.study(manifest.kind.name()).ok_or_else(|| {
        ReportError::file(
            folder,
            format!(
                "holds a {} experiment, a kind this build does not know",
                manifest.kind.name()
            ),
        )
    })?;
    let rendering = study.render(folder, templates).map_err(ReportError::Data)?;
    write_rendering(folder, manifest, rendering)
}

/// Writes `report.md` and `report.html` of `rendering` into `folder`
/// (atomically), each with its rules' description and its experiment's
/// notes under the title; then writes `manifest`, with the description,
/// the notes and the answer's lead sentence, if the folder's manifest
/// differs from it. Returns the headline.
fn write_rendering(
    folder: &Path,
    mut manifest: Manifest,
    rendering: Rendering,
) -> Result<Vec<String>, ReportError> {
    remove_stale_temporaries(folder);
    let description = lead::rules_description(&manifest);
    let notes = lead::experiment_notes(&manifest);
    let (mut markdown, mut html) = (rendering.markdown, rendering.html);
    // Inserted under the title in reverse: the rules first, then the notes.
    if let Some(notes) = &notes {
        markdown = lead::with_markdown_description(&markdown, "Reading these figures", notes);
        html = lead::with_html_description(&html, "notes", "Reading these figures", notes);
    }
    if let Some(d) = &description {
        markdown = lead::with_markdown_description(&markdown, "Rules", d);
        html = lead::with_html_description(&html, "rules-description", "Rules", d);
    }
    for (name, text) in [(REPORT_MD, &markdown), (REPORT_HTML, &html)] {
        let path = folder.join(name);
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
    }
    manifest.rules_description = description;
    manifest.notes = notes;
    manifest.answer = rendering.headline.first().map(|h| lead_sentence(h));
    if Manifest::read(folder).ok().as_ref() != Some(&manifest) {
        manifest.write(folder)?;
    }
    Ok(rendering.headline)
}
