//! The arguments of `banluck-lab table`, shared by the fixed-dealer run
//! (`table_cmd`) and the strategic dealer's (`table_dealer_out`), and what
//! their reports share: the JSON or readable print (the rules file's name
//! is [`RulesArgs::file`]).

use clap::Args;
use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::simulate_args::parse_hands;
use crate::cli::banluck::table_strategy::STRATEGY_HELP;
use crate::cli::common_args::{RulesArgs, reword};

/// Arguments of `table`.
#[derive(Debug, Args)]
#[command(mut_args(reword(
    "overrides",
    "Override a rule key, e.g. --set table.players=5 (repeatable)"
)))]
pub struct TableArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Players facing the dealer, 1..7 (default: the rules' table.players).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=7))]
    pub players: Option<u8>,
    /// Every player's strategy: dp, chart, stand17 or a strategy file (and
    /// cfr, the heads-up equilibrium's, against the strategic dealer).
    #[arg(long, value_name = STRATEGY_HELP, default_value = "dp")]
    pub strategy: String,
    /// The dealer: fixed (the rules' [dealer.fixed]), strategic (its best
    /// response to the seats: exact at one seat, sampled above) or
    /// equilibrium (seats and dealer all adapting, MCCFR, with NashConv).
    #[arg(long, value_enum, default_value = "fixed")]
    pub dealer: DealerKind,
    /// Rounds to play (each deals one hand per player), e.g. 1e6 (default
    /// 1e6; with --dealer strategic the rounds solved on, default 2e5; with
    /// --dealer equilibrium the rounds of the dealer's best response in
    /// NashConv, default 1e5, and a 250th of them for the seat's reply).
    #[arg(long, value_parser = parse_hands)]
    pub rounds: Option<u64>,
    /// With --dealer strategic: fresh rounds every dealer is valued on
    /// (default: as many as --rounds).
    #[arg(long, value_parser = parse_hands)]
    pub fresh_rounds: Option<u64>,
    /// With --dealer equilibrium: MCCFR iterations (default 200).
    #[arg(long, value_parser = crate::cli::parse_iterations_u32)]
    pub iterations: Option<u32>,
    /// The seed: the same seed gives the same results on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core; at most 4 per core).
    #[arg(long, value_parser = crate::guard::parse_threads)]
    pub threads: Option<usize>,
    /// Run even when the estimate is above 4 hours of CPU time.
    #[arg(long)]
    pub allow_long: bool,
    /// Also play reveal off against reveal on (dealer.fixed.reveal) for 1..7
    /// players and report the dealer's gain (with --dealer strategic: solve
    /// 1..7 players and report the reveal option's worth to it).
    #[arg(long)]
    pub compare_reveal: bool,
    /// With --dealer strategic: also value the dealer that counts the
    /// revealed and openly settled seats' cards after a reveal, and print
    /// what that adds.
    #[arg(long)]
    pub count_revealed: bool,
    /// What a seat sees within a round: the gain per seat per round of
    /// playing on the other seats' Ban Ban and Ban Luck turned over at the
    /// deal, exact for 1..7 seats (or --players) and simulated on --rounds
    /// rounds per table size (default 1e6).
    #[arg(long)]
    pub info: bool,
    /// Print nothing but errors: no progress bar, no notes, no text report (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Who deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DealerKind {
    /// The rules' fixed dealer.
    Fixed,
    /// The dealer's best response to the seats.
    Strategic,
    /// The table equilibrium: seats and dealer all adapting.
    Equilibrium,
}

impl TableArgs {
    /// Prints `report`: as pretty JSON with `--json`, else `readable`'s text
    /// (nothing with `-q`).
    ///
    /// # Errors
    /// The report does not serialize (an internal error).
    pub fn print<R: Serialize>(
        &self,
        report: &R,
        readable: impl FnOnce(&R) -> String,
    ) -> Result<(), CliError> {
        if self.json {
            let text = serde_json::to_string_pretty(report)
                .map_err(|e| CliError::internal(e.to_string()))?;
            println!("{text}");
        } else if !self.quiet {
            print!("{}", readable(report));
        }
        Ok(())
    }
}
