//! `banluck-lab reports [--out reports]`: writes the reports index
//! (`index.html` and `README.md`) linking every output folder's report
//! with its one-line answer.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use crate::cli::CliError;
use crate::cli::output::{Output, print_json};
use crate::report::write_index;

/// Arguments of `reports`.
#[derive(Debug, Args)]
pub struct ReportsArgs {
    /// The folder of output folders, where index.html and README.md are written.
    #[arg(
        long = "out",
        alias = "dir",
        value_name = "DIR",
        default_value = "reports"
    )]
    pub dir: PathBuf,
    /// Print the result as JSON: the two files written and the count of
    /// reports linked.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `reports`.
pub fn run(args: ReportsArgs) -> Result<(), CliError> {
    if !args.dir.is_dir() {
        return Err(CliError::input(format!(
            "{}: not a folder",
            args.dir.display()
        )));
    }
    let count = write_index(&args.dir).map_err(|e| CliError::input(e.to_string()))?;
    match Output::new(args.json, args.quiet) {
        Output::Json => print_json(&json!({
            "index_html": args.dir.join("index.html"),
            "readme": args.dir.join("README.md"),
            "reports": count,
        })),
        Output::Quiet => Ok(()),
        Output::Text => {
            println!(
                "wrote {0}/index.html and {0}/README.md ({count} reports)",
                args.dir.display()
            );
            Ok(())
        }
    }
}
