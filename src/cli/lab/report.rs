//! `banluck-lab report DIR`: re-renders report.md and report.html from an
//! output folder's Parquet files, without recomputing anything.

use std::path::PathBuf;

use clap::Args;

use serde_json::json;

use crate::cli::CliError;
use crate::cli::output::{Output, print_json};
use crate::report::{MANIFEST, ReportError, render_any_folder};

/// Arguments of `report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The output folder, e.g. reports/reveal.
    pub folder: PathBuf,
    /// A folder with report.md.tera and/or report.html.tera replacing the
    /// built-in report templates (rotation.md.tera ... and compare.md.tera ...
    /// for those kinds).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Print JSON: the folder, the files written and the headline.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `report`.
pub fn run(args: ReportArgs) -> Result<(), CliError> {
    if !args.folder.join(MANIFEST).is_file() {
        return Err(CliError::input(format!(
            "{}: not an output folder of `banluck-lab run` (no {MANIFEST})",
            args.folder.display()
        )));
    }
    let headline = render_any_folder(
        &args.folder,
        args.templates.as_deref(),
        &crate::studies::registry(),
    )
    .map_err(|e| match e {
        ReportError::Refused { .. } => CliError::input(e.to_string()),
        _ => CliError::internal(e.to_string()),
    })?;
    match Output::new(args.json, args.quiet) {
        Output::Json => print_json(&json!({
            "folder": args.folder,
            "files": ["report.md", "report.html"],
            "headline": headline,
        })),
        Output::Text => {
            println!(
                "wrote {0}/report.md and {0}/report.html",
                args.folder.display()
            );
            Ok(())
        }
        Output::Quiet => Ok(()),
    }
}
