//! The command line: a thin clap layer over the library.
//!
//! Exit codes: 0 success, 1 an internal failure, 2 bad user input (a rules
//! file, an experiment file, a flag).

mod advise_cmd;
mod blackjack_out;
mod rules_cmd;
mod solve_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::rules::Override;

/// banluck-lab: optimal play for house-banked card games whose rules live in TOML.
#[derive(Debug, Parser)]
#[command(name = "banluck-lab", version, about, long_about = None)]
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
    Rules(rules_cmd::RulesCommand),
    /// Solve a rule set: EV, variance, outcome distribution, the best chart.
    Solve(solve_cmd::SolveArgs),
    /// The best action for one hand, with the stand and hit EVs.
    Advise(advise_cmd::AdviseArgs),
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

/// Runs the command line and returns the process exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules(command) => rules_cmd::run(command),
        Command::Solve(args) => solve_cmd::run(args),
        Command::Advise(args) => advise_cmd::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message);
            ExitCode::from(error.code)
        }
    }
}
