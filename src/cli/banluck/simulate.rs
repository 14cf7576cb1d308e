//! `banluck-lab simulate`: play a strategy for many hands (a blackjack
//! rules file goes to the blackjack simulator, `blackjack_sim_out`).

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::simulate_args::SimulateArgs;
use crate::cli::output::grouped;
use crate::games::banluck::equilibrium::CfrParams;
use crate::games::banluck::players::{Players, PlayersError, players};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::{ExactCheck, SimParams, SimResult, simulate};
use crate::guard::Estimate;
use crate::guard::calibration::BANLUCK_SECONDS_PER_HAND;
use crate::lab::pick_file;
use crate::rules::{GameKind, load_layered_text};

/// The pair named `--strategy NAME` under `table`
/// ([`crate::games::banluck::players::players`]): the equilibrium solved
/// with a progress bar, notes on stderr unless `quiet`.
pub(crate) fn strategies(
    name: &str,
    table: &CompiledRules,
    quiet: bool,
) -> Result<Players, CliError> {
    let players = players(
        name,
        table,
        &mut |table| {
            crate::cli::banluck::cfr_log::solve_with_bar(table, &CfrParams::default(), quiet)
        },
        &mut |what| {
            if !quiet {
                eprintln!("{what}");
            }
        },
    )
    .map_err(|e| match e {
        PlayersError::Chart(message) => CliError::internal(message),
        PlayersError::Unknown(_) => CliError::input(format!("--strategy {e}")),
        PlayersError::File(message) => CliError::input(message),
    })?;
    if let Some(warning) = &players.warning {
        eprintln!("{warning}");
    }
    Ok(players)
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report<'a> {
    rules_file: Option<String>,
    strategy: &'a str,
    dealer: &'a str,
    #[serde(flatten)]
    result: &'a SimResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<ExactCheck>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact_source: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck_refresh_note: Option<String>,
}

/// Runs `simulate`.
pub fn run(args: SimulateArgs) -> Result<(), CliError> {
    let (game, text) = pick_file(args.rules.path(), &[GameKind::Banluck, GameKind::Blackjack])?;
    if let (GameKind::Blackjack, Some(text)) = (game, &text) {
        return crate::cli::blackjack::simulate_out::run(text, &args);
    }
    let Some(strategy) = args.strategy.as_deref() else {
        return Err(CliError::input(
            "--strategy is required with Banluck rules: dp, chart, cfr, stand17 or a strategy file",
        ));
    };
    args.work.admit(
        &format!("--hands {}", args.hands),
        &Estimate::per_unit(args.hands, BANLUCK_SECONDS_PER_HAND, 0),
    )?;
    let rules = load_layered_text(text.as_ref(), &args.rules.overrides)?;
    let table = CompiledRules::compile(rules);
    let players = strategies(strategy, &table, args.work.quiet)?;
    let params = SimParams {
        hands: args.hands,
        seed: args.seed,
        threads: args.work.threads(),
        progress: args.work.progress(),
    };
    let result = simulate(&table, &players.player, &players.dealer, &params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let exact = args.exact.map(|ev| (ev, "--exact")).or(players.exact);
    let report = Report {
        rules_file: args.rules.file(),
        strategy,
        dealer: players.dealer_name,
        result: &result,
        exact: exact.map(|(ev, _)| result.compare(ev)),
        exact_source: exact.map(|(_, source)| source),
        deck_refresh_note: crate::cli::banluck::solve::refresh_note(&table),
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

fn percent(share: f64) -> String {
    format!("{:.4}%", 100.0 * share)
}

/// The readable report.
fn human(report: &Report<'_>) -> String {
    let r = report.result;
    let s = &r.stats;
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    line(format!(
        "{} hands of {} (rules hash {})",
        grouped(s.hands),
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        r.rules_hash
    ));
    line(format!(
        "strategy {} against {}",
        report.strategy, report.dealer
    ));
    line(format!(
        "seed {}, {} thread{}, {:.2} s, {:.1} million hands/s",
        r.seed,
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.seconds,
        r.hands_per_second / 1e6
    ));
    line(String::new());
    line(format!("EV per hand      {:+.6}", s.mean));
    line(format!("standard error   {:.6}", s.std_error));
    line(format!(
        "95% interval     [{:+.6}, {:+.6}]",
        s.ci95[0], s.ci95[1]
    ));
    line(format!("std deviation    {:.4}", s.std_dev));
    if let Some(exact) = report.exact {
        line(format!(
            "exact            {:+.6}  ({}; difference {:+.6}, z = {:+.2})",
            exact.exact,
            report.exact_source.unwrap_or("--exact"),
            exact.difference,
            exact.z
        ));
    }
    if let Some(note) = &report.deck_refresh_note {
        line(format!("note: {note}"));
    }
    line(format!(
        "won {}  pushed {}  lost {}  void (surrendered) {}",
        percent(s.win_rate),
        percent(s.push_rate),
        percent(s.loss_rate),
        percent(s.void_rate)
    ));
    line(String::new());
    line(format!(
        "{:>8}  {:>15}  {:>10}",
        "payoff", "hands", "frequency"
    ));
    for p in &s.payoffs {
        line(format!(
            "{:>+8}  {:>15}  {:>10}",
            p.value,
            grouped(p.hands),
            percent(p.frequency)
        ));
    }
    line(String::new());
    line(format!(
        "{:<14}  {:>10}  {:>10}",
        "hand class", "player", "dealer"
    ));
    for dealer in &s.dealer_classes {
        let player = s
            .player_classes
            .iter()
            .find(|p| p.class == dealer.class)
            .map_or_else(|| "-".to_string(), |p| percent(p.frequency));
        line(format!(
            "{:<14}  {:>10}  {:>10}",
            dealer.class,
            player,
            percent(dealer.frequency)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_strategies_are_input_errors() {
        let table = CompiledRules::compile(crate::games::banluck::rules::RuleSet::default());
        let error = strategies("no-such-file.json", &table, true)
            .err()
            .expect("an error");
        assert_eq!(error.code, 2);
        assert!(error.message.contains("neither a built-in strategy"));
    }
}
