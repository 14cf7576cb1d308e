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
mod compare;
mod frames;
mod manifest;
mod merge;
mod parquet;
mod render;
mod rotation;
mod rows;

use std::fmt::Display;
use std::path::Path;

pub use charts::{HeatCell, Line, LineChart, Series, convergence_plot, heat_map, line_chart};
pub use compare::{
    COMPARE, COMPARE_HTML_TEMPLATE, COMPARE_MARKDOWN_TEMPLATE, COMPARE_SUMMARY, CompareModel,
    MATERIAL_COST, SideCell, SideChart, SideRow, compare_headline, read_compare_tables,
    write_compare_outputs,
};
pub use frames::{Frames, build_frames};
pub use manifest::{MANIFEST, Manifest, ManifestAxis, ManifestEngine, ManifestVariant};
pub use merge::merge_folders;
pub use parquet::{
    CONVERGENCE, RUNS, STRATEGIES, read_frame, read_frames, write_frame, write_frames,
};
pub use render::{Rendered, render_templates};
pub use rotation::{
    ANSWERS, BANKER_SHARE, IMBALANCE, ImbalanceLine, REVEAL_GAIN, ROTATION_HTML_TEMPLATE,
    ROTATION_MARKDOWN_TEMPLATE, RotationModel, SESSIONS, SessionLine, read_rotation_tables,
    rotation_headline, write_rotation_outputs,
};
pub use rows::{frame_rows, rows_frame};

use crate::atomic::write_atomic;
use crate::lab::{Experiment, ExperimentKind, Registry, Shard, TaskResult};

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
    let family = registry
        .family_for(Path::new(&manifest.rules_file))
        .ok_or_else(|| ReportError::file(folder, "no game family is registered"))?;
    let rendering = family
        .report()
        .render(folder, templates)
        .map_err(ReportError::Data)?;
    write_reports(
        folder,
        &Rendered {
            markdown: rendering.markdown,
            html: rendering.html,
        },
    )?;
    Ok(rendering.headline)
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
    let (headline, rendered) = match manifest.kind {
        ExperimentKind::Grid => return render_folder(folder, templates, registry),
        ExperimentKind::Rotation => rotation::render_rotation(folder, &manifest, templates)?,
        ExperimentKind::Compare => compare::render_compare(folder, &manifest, templates)?,
    };
    write_reports(folder, &rendered)?;
    Ok(headline)
}

/// Writes `report.md` and `report.html` into `folder` (atomically).
fn write_reports(folder: &Path, rendered: &Rendered) -> Result<(), ReportError> {
    for (name, text) in [
        (REPORT_MD, &rendered.markdown),
        (REPORT_HTML, &rendered.html),
    ] {
        let path = folder.join(name);
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))?;
    }
    Ok(())
}
