//! What `banluck-lab simulate` takes: the rules, the strategy, the hands
//! to play and the seed, and how to print.

use clap::Args;

use crate::cli::common_args::{RulesArgs, WorkArgs, reword};

/// Arguments of `simulate`.
#[derive(Debug, Args)]
#[command(mut_args(reword(
    "overrides",
    "Override a rule key, e.g. --set dealer.fixed.reveal=on (repeatable)"
)))]
pub struct SimulateArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The player's strategy. Banluck (required): dp (the exact optimum
    /// against the fixed dealer), chart (the exact solver's best chart), cfr
    /// (the equilibrium, against the equilibrium dealer), stand17 (stand on
    /// 17+, hit below), or a strategy file (*.json from a solver, *.toml
    /// chart of habits). Blackjack: cd (the exact engine's
    /// composition-dependent play, the default) or chart (basic strategy).
    #[arg(long, value_name = "dp|chart|cfr|stand17|cd|PATH")]
    pub strategy: Option<String>,
    /// Hands (rounds) to play, e.g. 1000000, 1_000_000 or 1e6.
    #[arg(long, visible_alias = "rounds", default_value = "1000000", value_parser = parse_hands)]
    pub hands: u64,
    /// The seed: the same seed and hands give the same results on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `--threads` and `--quiet`.
    #[command(flatten)]
    pub work: WorkArgs,
    /// Print every statistic as JSON.
    #[arg(long)]
    pub json: bool,
    /// An exact EV to compare with (prints the z-score); dp, chart, cfr and
    /// files recording their EV for these rules supply their own.
    #[arg(long, value_name = "EV", allow_negative_numbers = true)]
    pub exact: Option<f64>,
}

/// Parses a number of hands: digits with optional `_` or `,` separators, or
/// a whole number in scientific notation such as `1e8`.
pub(crate) fn parse_hands(text: &str) -> Result<u64, String> {
    let cleaned: String = text.chars().filter(|c| *c != '_' && *c != ',').collect();
    let hands = match cleaned.parse::<u64>() {
        Ok(n) => n,
        Err(_) => match cleaned.parse::<f64>() {
            Ok(x) if x.fract() == 0.0 && (1.0..=1e18).contains(&x) => x as u64,
            _ => {
                return Err(format!(
                    "`{text}` is not a whole number of hands (e.g. 1000000, 1_000_000, 1e6)"
                ));
            }
        },
    };
    if hands == 0 {
        return Err("play at least one hand".into());
    }
    crate::limits::check("hands", hands, crate::limits::MAX_ROUNDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_accept_separators_and_scientific_notation() {
        assert_eq!(parse_hands("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_hands("2,500"), Ok(2500));
        assert_eq!(parse_hands("1e8"), Ok(100_000_000));
        assert!(parse_hands("1.5").is_err());
        assert!(parse_hands("0").is_err());
        assert!(parse_hands("many").is_err());
    }
}
