//! The baccarat rules a `baccarat` subcommand reads (`--rules`, `--set`)
//! and its `--decks`, shared by the analysis, count and table-game
//! commands.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::{CliError, parse_override};
use crate::games::baccarat::rules::{BaccaratRules, MAX_DECKS, MIN_DECKS};
use crate::lab::pick_file;
use crate::rules::{GameKind, Override, load_layered_text};

/// `--rules FILE` and `--set KEY=VALUE` of a `baccarat` subcommand (each
/// gives `--set` its own example with
/// [`reword`](crate::cli::common_args::reword)).
#[derive(Debug, Args)]
pub struct BaccaratRulesArgs {
    /// A baccarat rules file (default: the built-in EZ Baccarat rules).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Override a rule key (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
}

impl BaccaratRulesArgs {
    /// The rules file, if one is named.
    pub fn path(&self) -> Option<&Path> {
        self.rules.as_deref()
    }

    /// The baccarat rules of the file (or the built-in ones) with every
    /// `--set` applied.
    ///
    /// # Errors
    /// The file is not a baccarat rules file, or it or an override does
    /// not make valid rules.
    pub fn load(&self) -> Result<BaccaratRules, CliError> {
        load(self.path(), &self.overrides)
    }
}

/// `--decks N` of `baccarat simulate` and `baccarat count`: the shoe's
/// decks instead of the rules' `shoe.decks`.
#[derive(Debug, Args)]
pub struct DecksArg {
    /// Decks in the shoe (3 to 8) instead of the rules' shoe.decks.
    #[arg(long, value_name = "N")]
    pub decks: Option<u32>,
}

impl DecksArg {
    /// Sets `rules`' shoe to `--decks` decks, if given, with the cut card
    /// moved up where it no longer fits the smaller shoe.
    ///
    /// # Errors
    /// `--decks` is out of range.
    pub fn apply(&self, rules: &mut BaccaratRules) -> Result<(), CliError> {
        if let Some(decks) = self.decks {
            rules.shoe.decks = check_decks(decks)?;
            // A cut card that fitted the rules' shoe may not fit a smaller one.
            rules.shoe.cut_card = rules.shoe.cut_card.min(rules.shoe.max_cut_card());
        }
        Ok(())
    }
}

/// The baccarat rules of `file` (or the built-in ones) with `overrides`.
pub(crate) fn load(file: Option<&Path>, overrides: &[Override]) -> Result<BaccaratRules, CliError> {
    let (_, text) = pick_file(file, &[GameKind::Baccarat])?;
    Ok(load_layered_text(text.as_ref(), overrides)?)
}

/// `--decks N` checked against the allowed range.
pub(crate) fn check_decks(decks: u32) -> Result<u32, CliError> {
    if (MIN_DECKS..=MAX_DECKS).contains(&decks) {
        Ok(decks)
    } else {
        Err(CliError::input(format!(
            "--decks {decks}: must be a whole number of decks from {MIN_DECKS} to {MAX_DECKS}"
        )))
    }
}
