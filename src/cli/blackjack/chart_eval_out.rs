//! Blackjack charts on the command line: `solve --rules BJ.toml --strategy
//! MYCHART.toml` (the chart's exact EV, its cost and its leaks by cell) and
//! `solve --rules BJ.toml --write-chart FILE` (the engine's chart as a chart
//! file).

use std::path::Path;

use crate::cli::CliError;
use crate::cli::leak_out::{SHOWN, described, print_table_end};
use crate::cli::output::{Output, print_json};
use crate::games::blackjack::BlackjackSolution;
use crate::games::blackjack::policy_eval::{
    BlackjackChart, CellLeak, engine_chart, evaluate_chart,
};
use crate::games::blackjack::rules::BlackjackRules;
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};
use crate::rules::{Override, RulesText, load_layered_text};

/// Reads the chart file `chart` (exit 2 with file, line and key when it is
/// bad).
fn read_chart(chart: &Path) -> Result<BlackjackChart, CliError> {
    let file = chart.display().to_string();
    let text = read_text_capped(chart, MAX_INPUT_FILE_BYTES).map_err(|e| {
        CliError::input(format!("{file}: cannot read the chart file: {}", e.reason))
    })?;
    BlackjackChart::parse(&text, &file).map_err(|e| CliError::input(e.to_string()))
}

/// Evaluates the chart file `chart` under the blackjack rules `text` (a
/// file read once).
pub(crate) fn run(
    text: &RulesText,
    overrides: &[Override],
    chart: &Path,
    out: Output,
) -> Result<(), CliError> {
    let file = text.path();
    let rules: BlackjackRules = load_layered_text(Some(text), overrides)?;
    let user = read_chart(chart)?;
    let eval = evaluate_chart(&rules, &user);
    if out == Output::Quiet {
        return Ok(());
    }
    if out.json() {
        let leaks = described(&eval.leaks, CellLeak::describe);
        let value = serde_json::json!({
            "game": "blackjack",
            "rules": file.display().to_string(),
            "rules_hash": eval.rules_hash,
            "strategy": chart.display().to_string(),
            "ev": eval.ev,
            "optimal_ev": eval.optimal_ev,
            "loss": eval.loss,
            "leak_sum": eval.leak_sum,
            "split_convention": eval.split_convention,
            "leaks": leaks,
        });
        return print_json(&value);
    }
    println!(
        "{} played under {} (rules hash {}), exact with card removal",
        chart.display(),
        file.display(),
        eval.rules_hash
    );
    println!();
    println!("  EV per round, your chart:          {:+.6} units", eval.ev);
    println!(
        "  EV per round, composition optimum: {:+.6} units",
        eval.optimal_ev
    );
    println!(
        "  your chart loses:                  {:.6} per round",
        eval.loss
    );
    println!("  splits: {}", eval.split_convention);
    println!();
    let Some(top) = eval.leaks.first() else {
        println!("No leak: the chart plays every hand as well as the optimum.");
        return Ok(());
    };
    println!(
        "The biggest leak is {}: it costs {:.6} per round.",
        top.describe(),
        top.cost
    );
    println!();
    println!(
        "Leaks by cell (cost = P(reaching the decision with your chart) × (best EV − EV of your move), optimal play after it):"
    );
    println!(
        "{:>4} {:<42} {:>10} {:>10}",
        "#", "your play", "reach", "cost/round"
    );
    for (n, leak) in eval.leaks.iter().take(SHOWN).enumerate() {
        println!(
            "{:>4} {:<42} {:>10.6} {:>10.6}",
            n + 1,
            leak.describe(),
            leak.reach,
            leak.cost
        );
    }
    print_table_end(
        eval.leaks.len(),
        "cells",
        eval.leak_sum,
        eval.loss,
        "your chart's own play",
    );
    Ok(())
}

/// Writes the engine's chart (of `solution`, solved from the rules `file`)
/// to `path` as a chart file, and says on stderr what the chart earns
/// (unless `quiet`).
pub(crate) fn write_chart(
    file: &Path,
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    path: &Path,
    quiet: bool,
) -> Result<(), CliError> {
    let chart = engine_chart(&solution.chart);
    let eval = evaluate_chart(rules, &chart);
    let text = chart.to_toml(&format!(
        "best-moves chart of {} (rules hash {}); EV per round {:+.6} played as a chart, {:+.6} with composition-dependent play",
        file.display(),
        solution.rules_hash,
        eval.ev,
        solution.ev
    ));
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::internal(format!("--write-chart {}: {e}", path.display())))?;
    if !quiet {
        eprintln!(
            "chart written to {} (played as a chart: {:+.6} per round)",
            path.display(),
            eval.ev
        );
    }
    Ok(())
}
