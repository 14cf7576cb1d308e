//! `banluck-lab rules check|show`.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::json;

use super::{CliError, parse_override};
use crate::games::baccarat::rules::{baccarat_rules_hash, load_baccarat_rules};
use crate::games::banluck::rules::RuleTable;
use crate::games::banluck::rules::load_rules;
use crate::games::blackjack::rules::{blackjack_rules_hash, load_blackjack_rules};
use crate::games::poker::lab::SpotRules;
use crate::rules::{GameKind, Override, game_kind};

/// `rules` subcommands.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Validate rules files; prints one line per file and exits 2 if any is invalid.
    Check {
        /// Rules files to check, e.g. rules/*.toml.
        #[arg(required = true)]
        files: Vec<PathBuf>,
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
    },
}

/// Runs a `rules` subcommand.
pub fn run(command: RulesCommand) -> Result<(), CliError> {
    match command {
        RulesCommand::Check { files } => check(&files),
        RulesCommand::Show {
            file,
            overrides,
            json,
        } => show(&file, &overrides, json),
    }
}

fn check(files: &[PathBuf]) -> Result<(), CliError> {
    let mut failures = Vec::new();
    for file in files {
        let hash = game_kind(file).and_then(|game| match game {
            GameKind::Blackjack => {
                load_blackjack_rules(Some(file), &[]).map(|rules| blackjack_rules_hash(&rules))
            }
            GameKind::Baccarat => {
                load_baccarat_rules(Some(file), &[]).map(|rules| baccarat_rules_hash(&rules))
            }
            GameKind::Poker => SpotRules::load(Some(file), &[]).map(|rules| rules.spot.hash()),
            GameKind::Banluck => load_rules(Some(file), &[])
                .map(|rules| RuleTable::compile(rules).hash().to_string()),
        });
        match hash {
            Ok(hash) => {
                println!("ok   {} (rules hash {hash})", file.display());
            }
            Err(error) => {
                println!("FAIL {}", file.display());
                failures.push(error.to_string());
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(CliError::input(failures.join("\n")))
    }
}

fn show(file: &Path, overrides: &[Override], as_json: bool) -> Result<(), CliError> {
    match game_kind(file)? {
        GameKind::Blackjack => return show_blackjack(file, overrides, as_json),
        GameKind::Baccarat => {
            let rules = load_baccarat_rules(Some(file), overrides)?;
            return show_other(file, &baccarat_rules_hash(&rules), &rules, as_json);
        }
        GameKind::Poker => {
            let rules = SpotRules::load(Some(file), overrides)?;
            return show_other(file, &rules.spot.hash(), &rules.keys, as_json);
        }
        GameKind::Banluck => {}
    }
    let rules = load_rules(Some(file), overrides)?;
    let table = RuleTable::compile(rules.clone());
    if as_json {
        let out = json!({
            "file": file.display().to_string(),
            "rules_hash": table.hash(),
            "compositions": table.compositions().len(),
            "rules": rules,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| CliError::internal(e.to_string()))?
        );
    } else {
        let text = toml::to_string(&rules).map_err(|e| CliError::internal(e.to_string()))?;
        println!("# {} (rules hash {})", file.display(), table.hash());
        println!(
            "# {} hand compositions of 0 to 5 cards",
            table.compositions().len()
        );
        print!("{text}");
    }
    Ok(())
}

fn show_blackjack(file: &Path, overrides: &[Override], as_json: bool) -> Result<(), CliError> {
    let rules = load_blackjack_rules(Some(file), overrides)?;
    show_other(file, &blackjack_rules_hash(&rules), &rules, as_json)
}

/// Prints the resolved rules of a game other than Banluck with their hash.
fn show_other<T: serde::Serialize>(
    file: &Path,
    hash: &str,
    rules: &T,
    as_json: bool,
) -> Result<(), CliError> {
    if as_json {
        let out = json!({
            "file": file.display().to_string(),
            "rules_hash": hash,
            "rules": rules,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| CliError::internal(e.to_string()))?
        );
    } else {
        let text = toml::to_string(rules).map_err(|e| CliError::internal(e.to_string()))?;
        println!("# {} (rules hash {hash})", file.display());
        print!("{text}");
    }
    Ok(())
}
