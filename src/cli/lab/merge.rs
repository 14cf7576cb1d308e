//! `banluck-lab merge DIR...`: joins the outputs of `run --shard` into one
//! output folder and renders its reports.

use std::path::{Path, PathBuf};

use clap::Args;

use serde_json::json;

use crate::cli::CliError;
use crate::cli::output::{Output, print_json};
use crate::report::{MANIFEST, ReportError, merge_folders, render_output};

/// Arguments of `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard folders, e.g. reports/reveal/shard-*.
    #[arg(required = true)]
    pub folders: Vec<PathBuf>,
    /// Where to write the merged outputs (default: the folder holding the
    /// shard folders).
    #[arg(long = "out", alias = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// A folder with report.md.tera and/or report.html.tera replacing the
    /// built-in report templates.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Merge even when some tasks are in none of the folders (by default
    /// such a merge is refused, naming the tasks and their shards).
    #[arg(long)]
    pub partial: bool,
    /// Print JSON: the output folder, the shard folders, the runs merged
    /// and expected, and the headline.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The folder holding every shard folder, if they share one.
fn common_parent(folders: &[PathBuf]) -> Option<PathBuf> {
    let parents: Vec<&Path> = folders.iter().map(|f| f.parent()).collect::<Option<_>>()?;
    let first = parents.first()?;
    parents
        .iter()
        .all(|p| p == first)
        .then(|| first.to_path_buf())
}

/// Runs `merge`.
pub fn run(args: MergeArgs) -> Result<(), CliError> {
    let output = match args.output.clone().or_else(|| common_parent(&args.folders)) {
        Some(output) => output,
        None => {
            return Err(CliError::input(
                "the shard folders have no common parent folder: give --out DIR",
            ));
        }
    };
    let folders: Vec<&Path> = args.folders.iter().map(PathBuf::as_path).collect();
    for folder in &folders {
        if !folder.join(MANIFEST).is_file() {
            return Err(CliError::input(format!(
                "{}: not an output folder of `banluck-lab run` (no {MANIFEST})",
                folder.display()
            )));
        }
    }
    let (manifest, runs) = merge_folders(&folders, &output, args.partial).map_err(|e| match e {
        ReportError::Refused { .. } => CliError::input(e.to_string()),
        _ => CliError::internal(e.to_string()),
    })?;
    let expected = manifest.variants.len() * manifest.engines.len();
    let headline = render_output(
        &output,
        manifest,
        args.templates.as_deref(),
        &crate::studies::registry(),
    )
    .map_err(|e| CliError::internal(e.to_string()))?;
    match Output::new(args.json, args.quiet) {
        Output::Json => {
            return print_json(&json!({
                "output": output,
                "folders": args.folders,
                "runs": runs,
                "expected": expected,
                "partial": runs < expected,
                "headline": headline,
            }));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!(
        "merged {} folders into {}: {runs} of {expected} runs",
        folders.len(),
        output.display()
    );
    if runs < expected {
        println!("(partial: run the missing shards and merge again)");
    }
    Ok(())
}
