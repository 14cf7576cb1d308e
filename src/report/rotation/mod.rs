//! The outputs of a rotation experiment: five Parquet tables, the manifest,
//! and the Markdown/HTML reports rendered from the tables alone.

mod headline;
mod model;

use std::path::Path;

use serde_json::json;

use super::ReportError;
use super::manifest::Manifest;
use super::parquet::{read_frame, write_frame};
use super::render::{Rendered, render_templates};
use super::rows::{frame_rows, rows_frame};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentKind, RotationExperiment, RotationTables};

pub use headline::rotation_headline;
pub use model::{ImbalanceLine, RotationModel, SessionLine};

/// File name of the fair-period answers (one row per table size).
pub const ANSWERS: &str = "answers.parquet";
/// File name of the imbalance rows (every period, every table size).
pub const IMBALANCE: &str = "rotation.parquet";
/// File name of the heads-up session profit distributions.
pub const SESSIONS: &str = "sessions.parquet";
/// File name of the banker-share rows.
pub const BANKER_SHARE: &str = "banker_share.parquet";
/// File name of the reveal-gain rows.
pub const REVEAL_GAIN: &str = "reveal_gain.parquet";

/// The embedded Markdown template of rotation reports.
pub const ROTATION_MARKDOWN_TEMPLATE: &str = include_str!("../templates/rotation.md.tera");
/// The embedded HTML template of rotation reports.
pub const ROTATION_HTML_TEMPLATE: &str = include_str!("../templates/rotation.html.tera");

/// Writes the tables and the manifest of a rotation run into `folder`.
pub fn write_rotation_outputs(
    folder: &Path,
    experiment: &RotationExperiment,
    tables: &RotationTables,
) -> Result<(), ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    for (name, mut frame) in [
        (ANSWERS, rows_frame(&tables.answers)?),
        (IMBALANCE, rows_frame(&tables.imbalance)?),
        (SESSIONS, rows_frame(&tables.sessions)?),
        (BANKER_SHARE, rows_frame(&tables.banker_share)?),
        (REVEAL_GAIN, rows_frame(&tables.reveal_gain)?),
    ] {
        write_frame(&folder.join(name), &mut frame)?;
    }
    let hash = rules_hash(&experiment.rules);
    Manifest::of_kind(
        ExperimentKind::Rotation,
        &experiment.name,
        &experiment.question,
        &experiment.file,
        &experiment.rules_file,
        json!({ "rotation": experiment.spec, "rules_hash": hash }),
    )
    .write(folder)
}

/// Reads the five tables of a rotation output folder.
pub fn read_rotation_tables(folder: &Path) -> Result<RotationTables, ReportError> {
    let read = |name: &str| read_frame(&folder.join(name));
    Ok(RotationTables {
        answers: frame_rows(&read(ANSWERS)?)?,
        imbalance: frame_rows(&read(IMBALANCE)?)?,
        sessions: frame_rows(&read(SESSIONS)?)?,
        banker_share: frame_rows(&read(BANKER_SHARE)?)?,
        reveal_gain: frame_rows(&read(REVEAL_GAIN)?)?,
    })
}

/// Renders the rotation reports of `folder` from its manifest and tables.
pub fn render_rotation(
    folder: &Path,
    manifest: &Manifest,
    templates: Option<&Path>,
) -> Result<(Vec<String>, Rendered), ReportError> {
    let tables = read_rotation_tables(folder)?;
    let model = RotationModel::new(manifest, &tables)?;
    let rendered = render_templates(
        &model,
        templates,
        [
            ("rotation.md", ROTATION_MARKDOWN_TEMPLATE),
            ("rotation.html", ROTATION_HTML_TEMPLATE),
        ],
    )?;
    Ok((model.headline, rendered))
}
