//! The outputs of a counting experiment: seven Parquet tables, written and
//! read back (its reports are rendered from them alone; its timings go to
//! the uncommitted `timings.parquet`), and its embedded templates.

use std::path::Path;

use super::run::CountingTables;
use crate::report::{ReportError, StudyTables, TableSet, read_rows};

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

/// The embedded Markdown template of counting reports.
pub const COUNTING_MARKDOWN_TEMPLATE: &str = include_str!("templates/counting.md.tera");
/// The embedded HTML template of counting reports.
pub const COUNTING_HTML_TEMPLATE: &str = include_str!("templates/counting.html.tera");

impl StudyTables for CountingTables {
    fn tables(&self) -> Result<TableSet, ReportError> {
        TableSet::new()
            .rows(COUNT, &self.count)?
            .rows(EFFECTS, &self.effects)?
            .rows(DECKS, &self.decks)?
            .rows(BY_COUNT, &self.bins)?
            .rows(WITHIN_ROUND, &self.within_round)?
            .rows(SHOWN, &self.shown)?
            .rows(WIN_RATE, &self.win_rate)
    }

    fn read(folder: &Path) -> Result<CountingTables, ReportError> {
        Ok(CountingTables {
            count: read_rows(folder, COUNT)?,
            effects: read_rows(folder, EFFECTS)?,
            decks: read_rows(folder, DECKS)?,
            bins: read_rows(folder, BY_COUNT)?,
            within_round: read_rows(folder, WITHIN_ROUND)?,
            shown: read_rows(folder, SHOWN)?,
            win_rate: read_rows(folder, WIN_RATE)?,
        })
    }
}
