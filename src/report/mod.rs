//! Outputs of an experiment: the Parquet tables (via polars), and the
//! Markdown and HTML reports (Tera templates, plotters SVG charts), always
//! rendered from what the Parquet files hold: the one grid report
//! ([`FamilyReport`], which each family fills in) and the one study
//! skeleton ([`StudyKind`], which each study fills in), dispatched by the
//! folder's manifest (the lab's [`Manifest`], re-exported here).
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::report::render_any_folder;
//! use banluck_lab::studies::registry;
//! // Re-render reports/reveal/report.md and report.html from its Parquet
//! // files, with the grid report of its rules' family.
//! render_any_folder(Path::new("reports/reveal"), None, &registry()).unwrap();
//! ```

mod charts;
pub mod columns;
mod csv;
mod dispatch;
mod error;
mod family_report;
pub mod format;
mod frames;
mod html;
mod index;
mod lead;
mod merge;
pub mod numbers;
mod order;
mod palette;
mod parquet;
mod plots;
mod render;
mod rows;
mod study;
mod tornado;
pub mod typed;

pub use charts::{HeatCell, heat_map};
pub use csv::{frame_csv, write_csv_beside};
pub use dispatch::{REPORT_HTML, REPORT_MD, render_any_folder, render_output, write_outputs};
pub use error::ReportError;
pub use family_report::{FamilyReport, GridFolder, Page, render_page};
pub use format::FORMAT_VERSION;
pub use frames::{Frames, build_frames};
pub use html::{TABLE_SCROLL_CLASS, finish_html};
pub use index::{
    INDEX_HTML, INDEX_MD, INDEX_PAGES, IndexEntry, IndexPage, index_entries, index_html,
    index_markdown, write_index,
};
pub use lead::{escape, lead_sentence, refresh_from_files};
pub use merge::merge_folders;
pub use palette::{reference_colour, series_colour};
pub use parquet::{
    CONVERGENCE, HANDS, RUNS, STRATEGIES, TIMINGS, read_column_order, read_frame, read_frames,
    read_metadata, write_frame, write_frames,
};
pub use plots::{
    LegendEntry, Line, LineChart, Series, convergence_plot, draw_legend, legend_width, line_chart,
    log_tick,
};
pub use render::{Rendered, render_templates};
pub use rows::{frame_rows, rows_frame};
pub use study::{Computed, Loaded, StudyKind, StudyTables, TableSet, load_study, read_rows};
pub use tornado::{Bar, tornado};

pub use crate::lab::{
    MANIFEST, Manifest, ManifestAxis, ManifestEngine, ManifestVariant, ShardProvenance,
};
