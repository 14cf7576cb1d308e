//! The outputs of a table experiment: six Parquet tables, written and read
//! back (its reports are rendered from them alone; its timings go to the
//! uncommitted `timings.parquet`: they change every run), and its embedded
//! templates.

use std::path::Path;

use super::rows::TableTables;
use crate::report::{ReportError, StudyTables, TableSet, read_rows};

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

/// The embedded Markdown template of table reports.
pub const TABLE_MARKDOWN_TEMPLATE: &str = include_str!("templates/table.md.tera");
/// The embedded HTML template of table reports.
pub const TABLE_HTML_TEMPLATE: &str = include_str!("templates/table.html.tera");

impl StudyTables for TableTables {
    fn tables(&self) -> Result<TableSet, ReportError> {
        TableSet::new()
            .rows(RUNS, &self.runs)?
            .rows(GAINS, &self.gains)?
            .rows(REVEAL_POLICY, &self.reveal_policy)?
            .rows(SOLVES, &self.solves)?
            .rows(ROTATION, &self.rotation)?
            .rows(DEVIATIONS, &self.deviations)
    }

    fn read(folder: &Path) -> Result<TableTables, ReportError> {
        Ok(TableTables {
            runs: read_rows(folder, RUNS)?,
            gains: read_rows(folder, GAINS)?,
            reveal_policy: read_rows(folder, REVEAL_POLICY)?,
            solves: read_rows(folder, SOLVES)?,
            rotation: read_rows(folder, ROTATION)?,
            deviations: read_rows(folder, DEVIATIONS)?,
        })
    }
}
