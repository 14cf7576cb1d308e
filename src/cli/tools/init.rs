//! `banluck-lab init DIR`: a starter rules file and experiment
//! ([`crate::games::banluck::lab::starter`]).

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use crate::cli::CliError;
use crate::games::banluck::lab::starter::{StarterError, write_starter};

/// Arguments of `init`.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The folder to write rules.toml and experiment.toml into (created if missing).
    pub dir: PathBuf,
    /// Overwrite rules.toml and experiment.toml if they exist.
    #[arg(long)]
    pub force: bool,
    /// Print nothing on success.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print the written files as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `init`.
pub fn run(args: InitArgs) -> Result<(), CliError> {
    let written: Vec<String> = write_starter(&args.dir, args.force)
        .map_err(|e| match e {
            StarterError::Exists(_) => CliError::input(e.to_string()),
            StarterError::Write { .. } => CliError::internal(e.to_string()),
        })?
        .iter()
        .map(|path| path.display().to_string())
        .collect();
    if args.json {
        println!("{}", json!({ "written": written }));
    } else if !args.quiet {
        for path in &written {
            println!("wrote {path}");
        }
        println!(
            "next: banluck-lab rules check {} && banluck-lab run {}",
            written[0], written[1]
        );
    }
    Ok(())
}
