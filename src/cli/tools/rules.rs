//! `banluck-lab rules check|show`.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::json;

use crate::cli::output::{Output, print_json};
use crate::cli::{CliError, parse_override};
use crate::rules::{Override, RulesText};

/// `rules` subcommands.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Validate rules files; prints one line per file and exits 2 if any is invalid.
    Check {
        /// Rules files to check, e.g. rules/*.toml.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON: per file its game, rules hash and problems.
        #[arg(long)]
        json: bool,
        /// Print nothing but errors (the exit code says whether all are valid).
        #[arg(long, short = 'q')]
        quiet: bool,
    },
    /// Print the resolved rules (file, extends chain, BANLUCK_* environment, --set), their hash and the composition count.
    Show {
        /// The rules file.
        file: PathBuf,
        /// Override a rule key, e.g. --set dealer.fixed.reveal=on (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
        overrides: Vec<Override>,
        /// Print JSON instead of TOML.
        #[arg(long)]
        json: bool,
        /// Print nothing but errors: only check that the rules resolve.
        #[arg(long, short = 'q')]
        quiet: bool,
    },
}

/// Runs a `rules` subcommand.
pub fn run(command: RulesCommand) -> Result<(), CliError> {
    match command {
        RulesCommand::Check { files, json, quiet } => check(&files, Output::new(json, quiet)),
        RulesCommand::Show {
            file,
            overrides,
            json,
            quiet,
        } => show(&file, &overrides, Output::new(json, quiet)),
    }
}

fn check(files: &[PathBuf], out: Output) -> Result<(), CliError> {
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    let registry = crate::studies::registry();
    for file in files {
        // Each file is read once; its family, picked by the registry from
        // the text's `game` key, loads and hashes it.
        let text = RulesText::read(file);
        let game = text.as_ref().ok().and_then(|text| text.game().ok());
        let hash = text.and_then(|text| registry.family(&text)?.rules_hash(&text, &[]));
        match hash {
            Ok(hash) => {
                if out.text() {
                    println!("ok   {} (rules hash {hash})", file.display());
                }
                rows.push(json!({
                    "file": file.display().to_string(),
                    "game": game.map(|g| format!("{g:?}").to_lowercase()),
                    "ok": true,
                    "rules_hash": hash,
                    "problems": [],
                }));
            }
            Err(error) => {
                if out.text() {
                    println!("FAIL {}", file.display());
                }
                let problems: Vec<String> = error.to_string().lines().map(String::from).collect();
                rows.push(json!({
                    "file": file.display().to_string(),
                    "game": game.map(|g| format!("{g:?}").to_lowercase()),
                    "ok": false,
                    "rules_hash": null,
                    "problems": problems,
                }));
                failures.push(error.to_string());
            }
        }
    }
    if out.json() {
        print_json(&json!({ "ok": failures.is_empty(), "files": rows }))?;
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(CliError::input(failures.join("\n")))
    }
}

/// `rules show`: the rules file's family (picked by the registry from its
/// `game` key) resolves it; this prints what it gives.
fn show(file: &Path, overrides: &[Override], out: Output) -> Result<(), CliError> {
    // Read once: the game and the rules both come from this text.
    let text = RulesText::read(file)?;
    let shown = crate::studies::registry()
        .family(&text)?
        .shown_rules(&text, overrides)?;
    if out.json() {
        let mut json = json!({
            "file": file.display().to_string(),
            "rules_hash": shown.hash,
            "rules": shown.json,
        });
        for (key, value, _) in &shown.facts {
            json[*key] = value.clone();
        }
        print_json(&json)?;
    } else if out.text() {
        println!("# {} (rules hash {})", file.display(), shown.hash);
        for (_, _, line) in &shown.facts {
            println!("# {line}");
        }
        print!("{}", shown.toml);
    }
    Ok(())
}
