//! The outputs of a rotation experiment: five Parquet tables, written and
//! read back (its reports are rendered from them alone), and its embedded
//! templates.

use std::path::Path;

use super::run::RotationTables;
use crate::report::{ReportError, StudyTables, TableSet, read_rows};

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
pub const ROTATION_MARKDOWN_TEMPLATE: &str = include_str!("templates/rotation.md.tera");
/// The embedded HTML template of rotation reports.
pub const ROTATION_HTML_TEMPLATE: &str = include_str!("templates/rotation.html.tera");

impl StudyTables for RotationTables {
    fn tables(&self) -> Result<TableSet, ReportError> {
        TableSet::new()
            .rows(ANSWERS, &self.answers)?
            .rows(IMBALANCE, &self.imbalance)?
            .rows(SESSIONS, &self.sessions)?
            .rows(BANKER_SHARE, &self.banker_share)?
            .rows(REVEAL_GAIN, &self.reveal_gain)
    }

    fn read(folder: &Path) -> Result<RotationTables, ReportError> {
        Ok(RotationTables {
            answers: read_rows(folder, ANSWERS)?,
            imbalance: read_rows(folder, IMBALANCE)?,
            sessions: read_rows(folder, SESSIONS)?,
            banker_share: read_rows(folder, BANKER_SHARE)?,
            reveal_gain: read_rows(folder, REVEAL_GAIN)?,
        })
    }
}
