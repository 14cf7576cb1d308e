//! What `banluck-lab solve` takes: the rules, the engine and its
//! parameters, and what to print or write.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::parse_override;
use crate::rules::Override;

/// The engine to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// Exact dynamic programming against the rules' fixed dealer.
    Dp,
    /// CFR+ equilibrium with a strategic dealer, with exact exploitability.
    Cfr,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The rules file: Banluck, or blackjack for the exact blackjack solve
    /// (default: the built-in canonical Banluck rules, the same as
    /// rules/banluck.toml).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Override a rule key, e.g. --set dealer.fixed.reveal=on (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// The engine.
    #[arg(long, value_enum, default_value = "dp")]
    pub engine: Engine,
    /// Solve once per value of one key and print the EVs side by side with
    /// their deltas, e.g. --compare dealer.fixed.reveal=off,on.
    #[arg(long, value_name = "KEY=V1,V2,...")]
    pub compare: Option<String>,
    /// Print JSON instead of tables (cfr: without the convergence log;
    /// write it with --log).
    #[arg(long)]
    pub json: bool,
    /// Print every cell: cfr, both charts cell by cell; blackjack, every
    /// hand's EVs per upcard and the dealer's totals (default: the answer
    /// and a compact chart). Banluck with --json: also the dealer's EV of
    /// each action at each of its decisions (`dealer_values`).
    #[arg(long)]
    pub full: bool,
    /// Print nothing but errors (no progress bar; with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// cfr: run even when --iterations could take more than 4 hours of
    /// CPU time.
    #[arg(long)]
    pub allow_long: bool,
    /// cfr: write the convergence log (one row per exploitability
    /// measurement: iteration, seconds, exploitability, value, upper,
    /// lower) to FILE: CSV when FILE ends in .csv, else JSON lines.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// cfr: stop at this exploitability (units per hand).
    #[arg(
        long = "target",
        alias = "target-exploitability",
        value_name = "X",
        default_value_t = 1e-6
    )]
    pub target_exploitability: f64,
    /// cfr: stop after this many iterations in any case.
    #[arg(long = "iterations", alias = "max-iters", value_name = "N", default_value_t = 20_000, value_parser = crate::cli::parse_iterations_u32)]
    pub max_iters: u32,
    /// Also write the solved strategy to this file (JSON, for
    /// `simulate --strategy FILE`): the optimal player strategy for dp, both
    /// equilibrium strategies for cfr.
    #[arg(long, value_name = "FILE")]
    pub write_strategy: Option<PathBuf>,
    /// cfr: the regret-minimisation variant.
    #[arg(long, value_enum, default_value = "cfr-plus")]
    pub algorithm: CfrAlgorithm,
    /// Evaluate your own strategy exactly: a Banluck strategy file (*.toml
    /// chart or *.json) or, with blackjack rules, a blackjack chart file;
    /// prints its EV beside the optimum and its leaks, largest first.
    #[arg(long, value_name = "FILE")]
    pub strategy: Option<PathBuf>,
    /// Blackjack: also write the best-moves chart to this file, in the
    /// chart format `--strategy` reads.
    #[arg(long, value_name = "FILE")]
    pub write_chart: Option<PathBuf>,
    /// Solve from the deck with these cards gone, e.g. --remove "5 5 5 5"
    /// (ranks as `advise` takes them).
    #[arg(long, value_name = "CARDS")]
    pub remove: Option<String>,
    /// Print the effect on the EV of removing one card of each rank, and
    /// the count derived from them (from the deck left by --remove).
    #[arg(long)]
    pub effects: bool,
}

/// `--algorithm` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CfrAlgorithm {
    /// CFR+: regret matching+, alternating updates, linear averaging.
    CfrPlus,
    /// Discounted CFR (1.5, 0, 2).
    Dcfr,
}
