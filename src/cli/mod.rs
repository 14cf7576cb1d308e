//! The command line: a thin clap layer over the library.
//!
//! Exit codes: 0 success, 1 an internal failure, 2 bad user input (a rules
//! file, an experiment file, a flag).

mod baccarat;
mod banluck;
mod blackjack;
mod common_args;
mod explore_cmd;
mod explore_spot;
mod lab;
mod leak_out;
mod output;
mod poker_cmd;
mod poker_flop_cmd;
mod poker_flop_out;
mod poker_memory;
mod poker_page_cmd;
mod poker_solve_args;
mod poker_solve_cmd;
mod poker_solve_out;
mod poker_spot;
mod poker_tree_out;
mod poker_turn_cmd;
mod poker_turn_out;
mod tools;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::rules::Override;

/// banluck-lab: optimal play for house-banked card games whose rules live in TOML.
#[derive(Debug, Parser)]
#[command(
    name = "banluck-lab",
    version = concat!(env!("CARGO_PKG_VERSION"), " (engine ", env!("LAB_ENGINE_FINGERPRINT"), ")"),
    about,
    long_about = None
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check and inspect rules files.
    #[command(subcommand)]
    Rules(tools::rules::RulesCommand),
    /// Play a strategy against the dealer for many hands (Monte Carlo) and report its EV and frequencies.
    Simulate(banluck::simulate_args::SimulateArgs),
    /// Solve a rule set: EV, variance, outcome distribution, the best chart.
    Solve(banluck::solve_args::SolveArgs),
    /// The best action for one hand, with the stand and hit EVs.
    Advise(banluck::advise::AdviseArgs),
    /// Can a player count cards? Counter, flat and perfect-information bettors on a deck dealt through several rounds.
    Count(banluck::count::CountArgs),
    /// Several players against one dealer hand: EV per seat and per table, and the reveal's worth by table size.
    Table(banluck::table_args::TableArgs),
    /// How often the bank should pass: expected imbalance, session profits, risk of ruin, pass on Ban Luck.
    Rotation(banluck::rotation::RotationArgs),
    /// Run an experiment: every variant × engine (parallel, cached), then
    /// Parquet tables and reports in its output folder.
    Run(lab::run::RunArgs),
    /// Re-render report.md and report.html from an output folder's Parquet files.
    Report(lab::report::ReportArgs),
    /// Write reports/index.html and reports/README.md linking every report with its one-line answer.
    Reports(lab::reports::ReportsArgs),
    /// Join the outputs of `run --shard` into one output folder.
    Merge(lab::merge::MergeArgs),
    /// Write one self-contained HTML page to look up the solved strategies hand by hand.
    Explore(explore_cmd::ExploreArgs),
    /// Run an experiment's shards on a cluster: a Slurm job array or a
    /// Kubernetes Indexed Job, then a merge-and-report job.
    #[command(subcommand)]
    Cluster(lab::cluster::ClusterCommand),
    /// EZ Baccarat: exact shoe analysis, side-bet effects of removal, shoe simulation, the side-bet count study and the table game.
    #[command(subcommand)]
    Baccarat(baccarat::command::BaccaratCommand),
    /// Heads-up poker: ranges, river betting trees and the river solver.
    #[command(subcommand)]
    Poker(poker_cmd::PokerCommand),
    /// Write a starter rules file and experiment, every key commented, into a folder.
    Init(tools::init::InitArgs),
    /// Print a shell completion script: bash, zsh or fish.
    Completions(tools::shell::CompletionsArgs),
    /// Print the man page (roff) for banluck-lab and every subcommand.
    Man(tools::shell::ManArgs),
}

/// A failure to report to the user, with the process exit code.
#[derive(Debug)]
pub struct CliError {
    /// 1 for internal failures, 2 for bad user input.
    pub code: u8,
    /// What went wrong and what to do about it.
    pub message: String,
}

impl CliError {
    /// Bad user input (exit code 2).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: 2,
            message: message.into(),
        }
    }

    /// An internal failure such as an unwritable output (exit code 1).
    pub fn internal(message: impl Into<String>) -> CliError {
        CliError {
            code: 1,
            message: message.into(),
        }
    }
}

impl From<crate::rules::RulesError> for CliError {
    fn from(error: crate::rules::RulesError) -> Self {
        CliError::input(error.to_string())
    }
}

/// Parses `--set KEY=VALUE` for clap.
pub fn parse_override(argument: &str) -> Result<Override, String> {
    argument.parse()
}

/// Parses an iteration count for clap: a whole number from 1 to
/// [`crate::limits::MAX_ITERATIONS`].
pub fn parse_iterations(text: &str) -> Result<u64, String> {
    let iterations: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of iterations"))?;
    if iterations == 0 {
        return Err("run at least one iteration".into());
    }
    crate::limits::check("iterations", iterations, crate::limits::MAX_ITERATIONS)
}

/// [`parse_iterations`] for the options held as `u32`.
pub fn parse_iterations_u32(text: &str) -> Result<u32, String> {
    parse_iterations(text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// Runs the command line and returns the process exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules(command) => tools::rules::run(command),
        Command::Simulate(args) => banluck::simulate::run(args),
        Command::Solve(args) => banluck::solve::run(args),
        Command::Advise(args) => banluck::advise::run(args),
        Command::Count(args) => banluck::count::run(args),
        Command::Table(args) => banluck::table::run(args),
        Command::Rotation(args) => banluck::rotation::run(args),
        Command::Run(args) => lab::run::run(args),
        Command::Report(args) => lab::report::run(args),
        Command::Reports(args) => lab::reports::run(args),
        Command::Merge(args) => lab::merge::run(args),
        Command::Explore(args) => explore_cmd::run(args),
        Command::Cluster(command) => lab::cluster::run(command),
        Command::Baccarat(command) => baccarat::command::run(command),
        Command::Poker(command) => poker_cmd::run(command),
        Command::Init(args) => tools::init::run(args),
        Command::Completions(args) => tools::shell::completions(&args),
        Command::Man(args) => tools::shell::man(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message);
            ExitCode::from(error.code)
        }
    }
}
