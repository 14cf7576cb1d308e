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
pub mod format;
mod frames;
mod manifest;
mod merge;
mod order;
mod parquet;
mod render;
mod rows;
pub mod typed;

use std::fmt::Display;
use std::path::Path;

pub use charts::{HeatCell, Line, LineChart, Series, convergence_plot, heat_map, line_chart};
pub use format::FORMAT_VERSION;
pub use frames::{Frames, build_frames};
pub use manifest::{
    MANIFEST, Manifest, ManifestAxis, ManifestEngine, ManifestVariant, ShardProvenance,
};
pub use merge::merge_folders;
pub use parquet::{
    CONVERGENCE, HANDS, RUNS, STRATEGIES, TIMINGS, read_column_order, read_frame, read_frames,
    read_metadata, write_frame, write_frames,
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

/// Writes the Parquet files and the manifest of a run's `results` into
/// `folder` (created if missing).
pub fn write_outputs(
    folder: &Path,
    experiment: &Experiment,
    results: &[TaskResult],
    shard: Option<Shard>,
) -> Result<(), ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    remove_stale_temporaries(folder);
    let mut frames = build_frames(experiment, results)?;
    write_frames(folder, &mut frames)?;
    Manifest::new(experiment, shard).write(folder)
}

/// Renders the reports of a grid output folder with the grid report of
/// its rules' family (by the `game` key of the manifest's rules file; the
/// registry's first family when that file cannot be read), writes them
/// into the folder and returns the headline. Folders of the other kinds
/// are an error here: see [`render_any_folder`].
pub fn render_folder(
    folder: &Path,
    templates: Option<&Path>,
    registry: &Registry,
) -> Result<Vec<String>, ReportError> {
    let manifest = Manifest::read(folder)?;
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
        .render(folder, templates)
        .map_err(ReportError::Data)?;
    write_rendering(folder, rendering)
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
        return render_folder(folder, templates, registry);
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
    write_rendering(folder, rendering)
}

/// Writes `report.md` and `report.html` of `rendering` into `folder`
/// (atomically) and returns its headline.
fn write_rendering(folder: &Path, rendering: Rendering) -> Result<Vec<String>, ReportError> {
    remove_stale_temporaries(folder);
    for (name, text) in [
        (REPORT_MD, &rendering.markdown),
        (REPORT_HTML, &rendering.html),
    ] {
        let path = folder.join(name);
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
    }
    Ok(rendering.headline)
}
