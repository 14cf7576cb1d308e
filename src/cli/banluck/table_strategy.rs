//! The player strategy of the multi-player commands: the simulator's names
//! and files; against the strategic table dealer also the heads-up
//! equilibrium's player strategy (`cfr`).

use crate::cli::CliError;
use crate::cli::banluck::simulate::strategies;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::PlayerStrategy;

/// The allowed `--strategy` values of `table` and `rotation`.
pub const STRATEGY_HELP: &str = "dp|chart|stand17|PATH";

/// Resolves `--strategy` for `table`. `cfr` is refused: its dealer is the
/// heads-up equilibrium dealer, and several players face the fixed dealer.
pub fn player_strategy(
    name: &str,
    table: &CompiledRules,
    quiet: bool,
) -> Result<PlayerStrategy, CliError> {
    if name == "cfr" {
        return Err(CliError::input(format!(
            "--strategy cfr is heads-up only (it plays the equilibrium dealer); multi-player tables face the fixed dealer of the rules: use one of {STRATEGY_HELP}"
        )));
    }
    Ok(strategies(name, table, quiet)?.player)
}

/// Resolves `--strategy` for the strategic table dealer, which best-responds
/// to any fixed player strategy: `cfr` is the heads-up equilibrium's player
/// strategy.
pub fn seat_strategy(
    name: &str,
    table: &CompiledRules,
    quiet: bool,
) -> Result<PlayerStrategy, CliError> {
    Ok(strategies(name, table, quiet)?.player)
}
