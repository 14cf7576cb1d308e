//! Why a table solve cannot run, and the checks every solve makes first.

use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::MAX_PLAYERS;

/// Why a table solve cannot run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableEqError {
    /// A parameter or a strategy does not fit.
    #[error("{0}")]
    Params(String),
    /// The seats would see the dealer's first card.
    #[error(
        "the table equilibrium does not support dealer.upcard = true (the seats' strategies would depend on the dealer's first card); set dealer.upcard=false"
    )]
    Upcard,
}

/// Checks the table size and that nobody sees an upcard.
pub(super) fn check_table(
    table: &CompiledRules,
    players: usize,
    strategy: &PlayerStrategy,
) -> Result<(), TableEqError> {
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(TableEqError::Params(format!(
            "a table seats 1 to {MAX_PLAYERS} players, not {players}"
        )));
    }
    if table.rules().dealer.upcard || strategy.by_upcard {
        return Err(TableEqError::Upcard);
    }
    if strategy.hit.len() != table.compositions().len() {
        return Err(TableEqError::Params(format!(
            "the strategy has {} entries, the rules {} compositions",
            strategy.hit.len(),
            table.compositions().len()
        )));
    }
    Ok(())
}
