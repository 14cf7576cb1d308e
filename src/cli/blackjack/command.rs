//! `banluck-lab blackjack solve|advise|simulate`: blackjack's commands,
//! each on a blackjack rules file (`game = "blackjack"`).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::banluck::simulate_args::SimulateArgs;
use crate::cli::output::Output;
use crate::cli::{CliError, parse_override};
use crate::lab::pick_game;
use crate::rules::{GameKind, Override, RulesText};

/// `blackjack` subcommands.
#[derive(Debug, Subcommand)]
pub enum BlackjackCommand {
    /// Solve blackjack rules exactly (composition-dependent): EV per round, the dealer's totals, every two-card hand's EVs and the best-moves chart; or evaluate your own chart.
    Solve(BlackjackSolveArgs),
    /// The exact engine's best move for one two-card hand against one upcard, with each move's EV.
    Advise(BlackjackAdviseArgs),
    /// Play the exact engine's composition-dependent strategy (cd) or its chart for many rounds: mean ± SE against the exact EV.
    Simulate(SimulateArgs),
}

/// `--rules FILE` (a blackjack rules file) and `--set KEY=VALUE`.
#[derive(Debug, Args)]
pub struct BlackjackRulesArgs {
    /// The blackjack rules file, e.g. rules/blackjack-6d-s17.toml.
    #[arg(long, value_name = "FILE")]
    pub rules: PathBuf,
    /// Override a rule key, e.g. --set dealer.hit_soft_17=true (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
}

impl BlackjackRulesArgs {
    /// The rules file read once, checked to be a blackjack file.
    fn read(&self) -> Result<RulesText, CliError> {
        let text = RulesText::read(&self.rules)?;
        pick_game(&text, &[GameKind::Blackjack])?;
        Ok(text)
    }
}

/// Arguments of `blackjack solve`.
#[derive(Debug, Args)]
pub struct BlackjackSolveArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: BlackjackRulesArgs,
    /// Evaluate your own chart file exactly: its EV beside the optimum and its leaks, largest first.
    #[arg(long, value_name = "FILE")]
    pub strategy: Option<PathBuf>,
    /// Also write the best-moves chart to this file, in the chart format `--strategy` reads.
    #[arg(long, value_name = "FILE")]
    pub write_chart: Option<PathBuf>,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Print every two-card hand's EVs per upcard, the dealer's totals and
    /// the EV by upcard (default: the answer and the best-moves chart).
    #[arg(long)]
    pub full: bool,
    /// Print nothing but errors (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Arguments of `blackjack advise`.
#[derive(Debug, Args)]
pub struct BlackjackAdviseArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: BlackjackRulesArgs,
    /// The dealer's upcard, e.g. T.
    #[arg(long, value_name = "CARD")]
    pub upcard: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors (the exit code says whether the hand is valid).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// The player's two cards, e.g. "T 6", "A7" or "10 6" (suits do not matter).
    pub hand: String,
}

/// Runs `blackjack`.
pub fn run(command: BlackjackCommand) -> Result<(), CliError> {
    match command {
        BlackjackCommand::Solve(args) => solve(&args),
        BlackjackCommand::Advise(args) => super::advise_out::run(
            &args.rules.read()?,
            &args.rules.overrides,
            &args.hand,
            &args.upcard,
            Output::new(args.json, args.quiet),
        ),
        BlackjackCommand::Simulate(args) => {
            let Some(path) = args.rules.path() else {
                return Err(CliError::input(
                    "blackjack simulate reads a blackjack rules file: give it with --rules, e.g. --rules rules/blackjack-6d-s17.toml",
                ));
            };
            let text = RulesText::read(path)?;
            pick_game(&text, &[GameKind::Blackjack])?;
            super::simulate_out::run(&text, &args)
        }
    }
}

/// Runs `blackjack solve`.
fn solve(args: &BlackjackSolveArgs) -> Result<(), CliError> {
    let text = args.rules.read()?;
    let out = Output::new(args.json, args.quiet);
    match &args.strategy {
        Some(chart) => super::chart_eval_out::run(&text, &args.rules.overrides, chart, out),
        None => super::solve_out::run(
            &text,
            &args.rules.overrides,
            out,
            args.write_chart.as_deref(),
            args.quiet,
            args.full,
        ),
    }
}
