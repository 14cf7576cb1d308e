//! `banluck-lab rotation`: how often the bank should pass so that nobody at
//! the table is favoured, and how the pass-on-Ban-Luck rule compares.

use clap::Args;
use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::simulate_args::parse_hands;
use crate::cli::banluck::table_strategy::{STRATEGY_HELP, player_strategy};
use crate::cli::common_args::{RulesArgs, WorkArgs, reword};
use crate::games::banluck::rotation::{
    EXACT_MAX_ROUNDS, MAX_PEOPLE, RotationParams, RotationReport, Scheme, analyze_rotation,
};
use crate::games::banluck::rules::CompiledRules;

/// Arguments of `rotation`.
#[derive(Debug, Args)]
#[command(mut_args(reword(
    "overrides",
    "Override a rule key, e.g. --set table.rotation.scheme=on_ban (repeatable)"
)))]
pub struct RotationArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Players facing the banker each round, 1..7, as in `table` (default:
    /// the rules' table.players); the bank rotates among these players and
    /// the banker, so K players make K + 1 people.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..MAX_PEOPLE as i64), conflicts_with = "people")]
    pub players: Option<u8>,
    /// Everyone taking turns at the bank, 2..8 (the banker included): the
    /// same as --players N-1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=MAX_PEOPLE as i64))]
    pub people: Option<u8>,
    /// Rounds per session, 1..10000.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(EXACT_MAX_ROUNDS)))]
    pub session: u32,
    /// Largest acceptable expected imbalance between two people, as a
    /// fraction of a session's standard deviation.
    #[arg(long, default_value_t = 0.01, value_parser = parse_tolerance)]
    pub tolerance: f64,
    /// Each person's bankroll in bets, for the risk of ruin.
    #[arg(long, value_parser = parse_bankroll)]
    pub bankroll: Option<f64>,
    /// Every person's strategy: dp, chart, stand17 or a strategy file.
    #[arg(long, value_name = STRATEGY_HELP, default_value = "dp")]
    pub strategy: String,
    /// Rounds simulated for the per-round moments of 3+ people, e.g. 2e6.
    #[arg(long, default_value = "2000000", value_parser = parse_hands)]
    pub hands: u64,
    /// Sessions simulated for 3+ people.
    #[arg(long, default_value = "20000", value_parser = parse_hands)]
    pub sessions: u64,
    /// The seed of every simulation.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `--threads` and `--quiet`.
    #[command(flatten)]
    pub work: WorkArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_tolerance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t < 1.0 => Ok(t),
        _ => Err(format!(
            "`{text}` is not a fraction between 0 and 1 (e.g. 0.01 for 1% of the session's standard deviation)"
        )),
    }
}

fn parse_bankroll(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(b) if b.is_finite() && b > 0.0 => Ok(b),
        _ => Err(format!("`{text}` is not a positive number of bets")),
    }
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report<'a> {
    rules_file: Option<String>,
    strategy: &'a str,
    #[serde(flatten)]
    report: &'a RotationReport,
}

/// Runs `rotation`.
pub fn run(args: RotationArgs) -> Result<(), CliError> {
    let rules = args.rules.load()?;
    let people = match (args.people, args.players) {
        (Some(people), _) => usize::from(people),
        (None, Some(players)) => usize::from(players) + 1,
        (None, None) => usize::from(rules.table.players) + 1,
    };
    let scheme = Scheme {
        scheme: rules.table.rotation.scheme,
        period: rules.table.rotation.rounds,
    };
    let table = CompiledRules::compile(rules);
    let player = player_strategy(&args.strategy, &table, args.work.quiet)?;
    let params = RotationParams {
        people,
        session_rounds: args.session,
        tolerance: args.tolerance,
        bankroll: args.bankroll,
        scheme,
        table_rounds: args.hands,
        sessions: args.sessions,
        seed: args.seed,
        threads: args.work.threads(),
    };
    if people > 2 && args.work.progress() {
        eprintln!(
            "simulating {} rounds of {} players and {} sessions per scheme ...",
            args.hands,
            people - 1,
            args.sessions
        );
    }
    let report =
        analyze_rotation(&table, &player, &params).map_err(|e| CliError::input(e.to_string()))?;
    if args.json {
        let out = Report {
            rules_file: args.rules.file(),
            strategy: &args.strategy,
            report: &report,
        };
        let text =
            serde_json::to_string_pretty(&out).map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
    } else if !args.work.quiet {
        print!("{}", human(&report));
    }
    Ok(())
}

/// The readable report.
fn human(report: &RotationReport) -> String {
    let a = &report.answer;
    let mut out = format!("{}\n\n", a.statement);
    out += &format!(
        "per-round moments: {} (rules hash {})\n\n",
        a.round.source, report.rules_hash
    );
    out += &format!(
        "{:<14}  {:>10}  {:>10}  {:>8}  {:>12}\n",
        "scheme", "imbalance", "% of sd", "banked", "within tol."
    );
    let shown = a
        .periods
        .iter()
        .filter(|r| r.period <= 10 || Some(r.period) == a.fair_period.map(|n| n + 1))
        .chain(std::iter::once(&a.never));
    for row in shown {
        out += &format!(
            "{:<14}  {:>10.4}  {:>9.2}%  {:>3}..{:<3}  {:>12}\n",
            row.scheme,
            row.imbalance,
            100.0 * row.imbalance_over_sd,
            row.min_banked,
            row.max_banked,
            if row.within_tolerance { "yes" } else { "no" }
        );
    }
    for summary in [&a.on_ban, &report.configured] {
        out += &format!(
            "\nsessions under {} ({}): imbalance {:.4}{}, session sd {:.3}\n",
            summary.scheme,
            summary.method,
            summary.imbalance,
            summary
                .imbalance_std_error
                .map(|se| format!(" ± {se:.4}"))
                .unwrap_or_default(),
            summary.session_std_dev
        );
        out += &format!(
            "{:<7}  {:>11}  {:>8}  {:>8}  {:>8}  {:>8}\n",
            "person", "E[profit]", "sd", "P(ahead)", "banked", "P(ruin)"
        );
        for p in &summary.persons {
            out += &format!(
                "{:<7}  {:>+11.4}  {:>8.3}  {:>8.4}  {:>8.2}  {:>8}\n",
                p.person,
                p.mean_profit,
                p.std_dev,
                p.p_ahead,
                p.rounds_banked,
                p.p_ruin
                    .map_or_else(|| "-".to_string(), |r| format!("{r:.4}"))
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_and_bankroll_must_be_positive() {
        assert_eq!(parse_tolerance("0.05"), Ok(0.05));
        assert!(parse_tolerance("0").is_err());
        assert!(parse_tolerance("2").is_err());
        assert!(parse_tolerance("x").is_err());
        assert_eq!(parse_bankroll("50"), Ok(50.0));
        assert!(parse_bankroll("-1").is_err());
    }
}
