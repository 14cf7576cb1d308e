//! `simulate` for blackjack rules files: the simulated mean ± SE of the
//! chart or composition-dependent strategy, the exact EV and z, and the
//! split hands' means against the engine's split values, as text or JSON.

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::simulate_args::SimulateArgs;
use crate::cli::output::grouped;
use crate::games::blackjack;
use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::sim::{
    BlackjackSimParams, BlackjackSimResult, SimError, Strategy, simulate_solved,
};
use crate::guard::Estimate;
use crate::guard::calibration::BLACKJACK_SECONDS_PER_ROUND;
use crate::rules::{RulesText, load_layered_text};

/// What `--json` prints.
#[derive(Serialize)]
struct Report<'a> {
    rules_file: String,
    #[serde(flatten)]
    result: &'a BlackjackSimResult,
}

/// Simulates the blackjack rules `text` (a file read once) as `args` say.
pub fn run(text: &RulesText, args: &SimulateArgs) -> Result<(), CliError> {
    let file = text.path();
    if args.exact.is_some() {
        return Err(CliError::input(
            "--exact: a blackjack simulation is compared with the exact engine's EV of the rules",
        ));
    }
    let strategy: Strategy = match args.strategy.as_deref() {
        None => Strategy::Cd,
        Some(name) => name
            .parse()
            .map_err(|e: String| CliError::input(format!("--strategy: {e}")))?,
    };
    args.work.admit(
        &format!("--rounds {}", args.hands),
        &Estimate::per_unit(args.hands, BLACKJACK_SECONDS_PER_ROUND, 0),
    )?;
    let rules: BlackjackRules = load_layered_text(Some(text), &args.rules.overrides)?;
    if !args.work.quiet {
        eprintln!("solving the rules exactly ...");
    }
    let solution = blackjack::solve(&rules);
    let params = BlackjackSimParams {
        rounds: args.hands,
        seed: args.seed,
        threads: args.work.threads(),
        progress: args.work.progress(),
    };
    let result = simulate_solved(&rules, &solution, strategy, &params).map_err(|e| match e {
        SimError::Rules { .. } | SimError::Params(_) => CliError::input(e.to_string()),
    })?;
    let report = Report {
        rules_file: file.display().to_string(),
        result: &result,
    };
    if args.json {
        let text =
            serde_json::to_string_pretty(&report).map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
    } else if !args.work.quiet {
        print!("{}", human(&report));
    }
    Ok(())
}

/// The readable report.
fn human(report: &Report<'_>) -> String {
    let r = report.result;
    let algorithm = serde_json::to_value(r.split_algorithm)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let (strategy, exact_note) = match r.strategy {
        Strategy::Cd => (
            format!("cd (composition-dependent, split hands by {algorithm})"),
            "the exact EV of this strategy",
        ),
        Strategy::Chart => (
            "chart (basic strategy, by totals)".to_string(),
            "the composition-dependent play's EV: the chart's own is lower by its cost",
        ),
    };
    let shoe = match r.penetration {
        None => "a fresh shoe every round".to_string(),
        Some(p) => format!(
            "{:.0}% penetration, {} shoes",
            100.0 * p,
            grouped(r.shuffles)
        ),
    };
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    line(format!(
        "{} rounds of {} (rules hash {})",
        grouped(r.rounds),
        report.rules_file,
        r.rules_hash
    ));
    line(format!("strategy {strategy}; {shoe}"));
    line(format!(
        "seed {}, {} thread{}, {:.2} s, {:.2} million rounds/s",
        r.seed,
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.seconds,
        r.rounds_per_second / 1e6
    ));
    line(String::new());
    line(format!(
        "EV per round     {:+.6} ± {:.6} (standard error)",
        r.mean, r.std_error
    ));
    line(format!(
        "exact EV         {:+.6}  ({exact_note})",
        r.exact_ev
    ));
    line(format!(
        "difference       {:+.6}  z = {:+.2}",
        r.difference, r.z
    ));
    line(format!(
        "std deviation    {:.4} per round",
        r.variance.sqrt()
    ));
    if !r.splits.is_empty() {
        line(String::new());
        line("split hands (all hands of the round, units of the first bet)".to_string());
        line(format!(
            "{:<5} {:<7} {:>12} {:>10} {:>9} {:>10} {:>7}",
            "pair", "upcard", "rounds", "mean", "SE", "exact", "z"
        ));
        for s in &r.splits {
            let exact = s.exact.map_or("-".to_string(), |x| format!("{x:+.4}"));
            let z = s.z.map_or("-".to_string(), |z| format!("{z:+.2}"));
            line(format!(
                "{:<5} {:<7} {:>12} {:>+10.4} {:>9.4} {:>10} {:>7}",
                format!("{}{}", s.pair, s.pair),
                s.upcard,
                grouped(s.rounds),
                s.mean,
                s.std_error,
                exact,
                z
            ));
        }
    }
    out
}
