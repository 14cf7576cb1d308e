//! `banluck-lab init DIR`: a starter rules file and experiment.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use crate::cli::CliError;
use crate::cli::tools::init_template::{EXPERIMENT_FILE, RULES_FILE, experiment_text, rules_text};

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
    let files = [
        (args.dir.join(RULES_FILE), rules_text()),
        (args.dir.join(EXPERIMENT_FILE), experiment_text()),
    ];
    if !args.force {
        let existing: Vec<String> = files
            .iter()
            .filter(|(path, _)| path.exists())
            .map(|(path, _)| path.display().to_string())
            .collect();
        if !existing.is_empty() {
            return Err(CliError::input(format!(
                "{} already exist(s); pass --force to overwrite",
                existing.join(", ")
            )));
        }
    }
    std::fs::create_dir_all(&args.dir).map_err(|e| cannot_write(&args.dir, &e))?;
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|e| cannot_write(path, &e))?;
    }
    let written: Vec<String> = files
        .iter()
        .map(|(path, _)| path.display().to_string())
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

fn cannot_write(path: &Path, error: &std::io::Error) -> CliError {
    CliError::internal(format!("cannot write {}: {error}", path.display()))
}
