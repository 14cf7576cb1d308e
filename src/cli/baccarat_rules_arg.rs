//! The baccarat rules a `baccarat` subcommand reads (`--rules`, `--set`)
//! and its `--decks` check, shared by the analysis, count and table-game
//! commands.

use std::path::Path;

use super::CliError;
use crate::games::baccarat::rules::{BaccaratRules, MAX_DECKS, MIN_DECKS, load_baccarat_rules};
use crate::rules::{GameKind, Override, game_kind};

/// The baccarat rules of `file` (or the built-in ones) with `overrides`.
pub(super) fn load(file: Option<&Path>, overrides: &[Override]) -> Result<BaccaratRules, CliError> {
    if let Some(file) = file
        && game_kind(file)? != GameKind::Baccarat
    {
        return Err(CliError::input(format!(
            "{}: not a baccarat rules file (it needs `game = \"baccarat\"`, e.g. rules/ez-baccarat.toml)",
            file.display()
        )));
    }
    Ok(load_baccarat_rules(file, overrides)?)
}

/// `--decks N` checked against the allowed range.
pub(super) fn check_decks(decks: u32) -> Result<u32, CliError> {
    if (MIN_DECKS..=MAX_DECKS).contains(&decks) {
        Ok(decks)
    } else {
        Err(CliError::input(format!(
            "--decks {decks}: must be a whole number of decks from {MIN_DECKS} to {MAX_DECKS}"
        )))
    }
}
