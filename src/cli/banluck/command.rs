//! `banluck-lab banluck solve|advise|simulate|table|rotation|count`:
//! Banluck's commands. The top-level `solve`, `advise`, `simulate`,
//! `table`, `rotation` and `count` are the same commands under their
//! older names.

use clap::Subcommand;

use super::advise::AdviseArgs;
use super::count::CountArgs;
use super::rotation::RotationArgs;
use super::simulate_args::SimulateArgs;
use super::solve_args::SolveArgs;
use super::table_args::TableArgs;
use crate::cli::CliError;

/// `banluck` subcommands.
#[derive(Debug, Subcommand)]
pub enum BanluckCommand {
    /// Solve a rule set: EV, variance, outcome distribution, the best chart; or the equilibrium with a strategic dealer (--engine cfr).
    Solve(SolveArgs),
    /// The best action for one hand, with the stand and hit EVs.
    Advise(AdviseArgs),
    /// Play a strategy against the dealer for many hands (Monte Carlo) and report its EV and frequencies.
    Simulate(SimulateArgs),
    /// Several players against one dealer hand: EV per seat and per table, and the reveal's worth by table size.
    Table(TableArgs),
    /// How often the bank should pass: expected imbalance, session profits, risk of ruin, pass on Ban Luck.
    Rotation(RotationArgs),
    /// Can a player count cards? Counter, flat and perfect-information bettors on a deck dealt through several rounds.
    Count(CountArgs),
}

/// Runs a `banluck` subcommand.
pub fn run(command: BanluckCommand) -> Result<(), CliError> {
    match command {
        BanluckCommand::Solve(args) => super::solve::run(args),
        BanluckCommand::Advise(args) => super::advise::run(args),
        BanluckCommand::Simulate(args) => super::simulate::run(args),
        BanluckCommand::Table(args) => super::table::run(args),
        BanluckCommand::Rotation(args) => super::rotation::run(args),
        BanluckCommand::Count(args) => super::count::run(args),
    }
}
