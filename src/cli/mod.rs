//! The command line: a thin clap layer over the library.
//!
//! Exit codes: 0 success, 1 an internal failure, 2 bad user input (a rules
//! file, an experiment file, a flag).

mod baccarat;
mod banluck;
mod blackjack;
mod clap_errors;
mod common_args;
mod lab;
mod leak_out;
mod output;
mod poker;
mod tools;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::clip;
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
    /// Banluck: solve, advise, simulate, table, rotation and count.
    #[command(
        subcommand,
        after_help = "The top-level `solve`, `advise`, `simulate`, `table`, `rotation` and `count` are aliases of these commands (a blackjack rules file given to `solve`, `advise` or `simulate` goes to `blackjack`)."
    )]
    Banluck(banluck::command::BanluckCommand),
    /// Blackjack: exact solve, one hand's best move, simulation.
    #[command(subcommand)]
    Blackjack(blackjack::command::BlackjackCommand),
    /// EZ Baccarat: exact shoe analysis, side-bet effects of removal, shoe simulation, the side-bet count study and the table game.
    #[command(subcommand)]
    Baccarat(baccarat::command::BaccaratCommand),
    /// Heads-up poker: ranges, betting trees and the solver for river, turn and flop spots, and the solver page.
    #[command(subcommand)]
    Poker(poker::command::PokerCommand),
    /// Run an experiment: every variant × engine (parallel, cached), then
    /// Parquet tables and reports in its output folder.
    Run(lab::run::RunArgs),
    /// Re-render report.md and report.html from an output folder's Parquet files.
    Report(lab::report::ReportArgs),
    /// Write reports/index.html and reports/README.md linking every report with its one-line answer.
    Reports(lab::reports::ReportsArgs),
    /// Join the outputs of `run --shard` into one output folder.
    Merge(lab::merge::MergeArgs),
    /// Run an experiment's shards on a cluster: a Slurm job array or a
    /// Kubernetes Indexed Job, then a merge-and-report job.
    #[command(subcommand)]
    Cluster(lab::cluster::ClusterCommand),
    /// Write one self-contained HTML page to look up the solved strategies hand by hand.
    Explore(tools::explore::ExploreArgs),
    /// Write a starter rules file and experiment, every key commented, into a folder.
    Init(tools::init::InitArgs),
    /// Check and inspect rules files.
    #[command(subcommand)]
    Rules(tools::rules::RulesCommand),
    /// Print a shell completion script: bash, zsh or fish.
    Completions(tools::shell::CompletionsArgs),
    /// Print the man page (roff) for banluck-lab and every subcommand.
    Man(tools::shell::ManArgs),
    /// `banluck solve` (an alias).
    #[command(hide = true)]
    Solve(banluck::solve_args::SolveArgs),
    /// `banluck advise` (an alias).
    #[command(hide = true)]
    Advise(banluck::advise::AdviseArgs),
    /// `banluck simulate` (an alias).
    #[command(hide = true)]
    Simulate(banluck::simulate_args::SimulateArgs),
    /// `banluck table` (an alias).
    #[command(hide = true)]
    Table(banluck::table_args::TableArgs),
    /// `banluck rotation` (an alias).
    #[command(hide = true)]
    Rotation(banluck::rotation::RotationArgs),
    /// `banluck count` (an alias).
    #[command(hide = true)]
    Count(banluck::count::CountArgs),
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

impl From<crate::lab::PickError> for CliError {
    fn from(error: crate::lab::PickError) -> Self {
        CliError::input(error.to_string())
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
        .map_err(|_| format!("`{}` is not a whole number of iterations", clip(text)))?;
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
    let cli = Cli::try_parse().unwrap_or_else(|error| clap_errors::exit(&error));
    let result = match cli.command {
        Command::Banluck(command) => banluck::command::run(command),
        Command::Blackjack(command) => blackjack::command::run(command),
        Command::Baccarat(command) => baccarat::command::run(command),
        Command::Poker(command) => poker::command::run(command),
        Command::Run(args) => lab::run::run(args),
        Command::Report(args) => lab::report::run(args),
        Command::Reports(args) => lab::reports::run(args),
        Command::Merge(args) => lab::merge::run(args),
        Command::Cluster(command) => lab::cluster::run(command),
        Command::Explore(args) => tools::explore::run(args),
        Command::Init(args) => tools::init::run(args),
        Command::Rules(command) => tools::rules::run(command),
        Command::Completions(args) => tools::shell::completions(&args),
        Command::Man(args) => tools::shell::man(&args),
        Command::Solve(args) => banluck::solve::run(args),
        Command::Advise(args) => banluck::advise::run(args),
        Command::Simulate(args) => banluck::simulate::run(args),
        Command::Table(args) => banluck::table::run(args),
        Command::Rotation(args) => banluck::rotation::run(args),
        Command::Count(args) => banluck::count::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", crate::input::clip_lines(&error.message));
            ExitCode::from(error.code)
        }
    }
}
