//! `solve --rules FILE --strategy MY.toml|MY.json` for Banluck: the exact
//! EV of the user's own strategy against the rules' fixed dealer and
//! against the dealer's best response to it, beside the optimal values, and
//! its leaks by hand class (definition in
//! [`leaks`](crate::games::banluck::dp::leaks)).

use std::path::Path;

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::leak_out::{SHOWN, described, print_table_end};
use crate::cli::output::{Output, print_json};
use crate::games::banluck::dp::{self, ClassLeak, LeakReport};
use crate::games::banluck::equilibrium::{self, CfrParams};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::DealerStrategy;
use crate::games::banluck::strategy_file::{StrategyFileError, load_strategy};
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};
use crate::rules::span::line_in_text;

/// The user's strategy against the dealer's best response, beside the
/// equilibrium.
#[derive(Debug, Serialize)]
struct VsBestDealer {
    /// The user's EV when the dealer best-responds to it exactly.
    ev: f64,
    /// The equilibrium value (what the equilibrium player gets).
    equilibrium_value: f64,
    /// The equilibrium's exploitability (its value's precision).
    equilibrium_exploitability: f64,
    /// `equilibrium_value − ev`.
    loss: f64,
}

/// Evaluates the strategy file `strategy` under `table` and prints it.
pub(crate) fn run(
    rules: &str,
    table: &CompiledRules,
    strategy: &Path,
    params: &CfrParams,
    out: Output,
) -> Result<(), CliError> {
    let loaded =
        load_strategy(strategy, table).map_err(|e| CliError::input(with_line(&e, strategy)))?;
    let report = dp::leaks(table, &loaded.player, &DealerStrategy::fixed(table));
    let (ev_best_dealer, _) = equilibrium::dealer_best_response(table, &loaded.player);
    let eq = equilibrium::solve(table, params);
    let best = VsBestDealer {
        ev: ev_best_dealer,
        equilibrium_value: eq.value,
        equilibrium_exploitability: eq.exploitability,
        loss: eq.value - ev_best_dealer,
    };
    if out == Output::Quiet {
        return Ok(());
    }
    if out.json() {
        let leaks = described(&report.leaks, ClassLeak::describe);
        let value = serde_json::json!({
            "game": "banluck",
            "rules": rules.to_string(),
            "rules_hash": table.hash(),
            "strategy": strategy.display().to_string(),
            "dealer_section_ignored": loaded.dealer.is_some(),
            "vs_fixed_dealer": {
                "ev": report.ev, "optimal_ev": report.optimal_ev,
                "loss": report.loss, "leak_sum": report.leak_sum,
            },
            "vs_best_response_dealer": best,
            "leaks": leaks,
        });
        return print_json(&value);
    }
    print_text(
        rules,
        table,
        strategy,
        &report,
        &best,
        loaded.dealer.is_some(),
    );
    Ok(())
}

/// The error's text with the line of its key when a TOML chart writes it
/// (`mine.toml:3: player."soft 99": ...`).
fn with_line(error: &StrategyFileError, path: &Path) -> String {
    let text = error.to_string();
    let StrategyFileError::Key { file, key, .. } = error else {
        return text;
    };
    let line = read_text_capped(path, MAX_INPUT_FILE_BYTES)
        .ok()
        .and_then(|toml| line_in_text(&toml, &key.replace('"', "")));
    match line {
        Some(line)
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("toml")) =>
        {
            text.replacen(&format!("{file}: "), &format!("{file}:{line}: "), 1)
        }
        _ => text,
    }
}

fn print_text(
    rules: &str,
    table: &CompiledRules,
    strategy: &Path,
    report: &LeakReport,
    best: &VsBestDealer,
    dealer_ignored: bool,
) {
    println!(
        "{} played under {} (rules hash {}), exact",
        strategy.display(),
        rules,
        table.hash()
    );
    if dealer_ignored {
        println!(
            "  (the file's dealer section is ignored: the dealers below are the rules' fixed dealer and the best response)"
        );
    }
    println!();
    println!(
        "{:<34} {:>11} {:>11} {:>10}",
        "", "your EV", "optimal", "you lose"
    );
    println!(
        "{:<34} {:>+11.6} {:>+11.6} {:>10.6}",
        "vs the rules' fixed dealer", report.ev, report.optimal_ev, report.loss
    );
    println!(
        "{:<34} {:>+11.6} {:>+11.6} {:>10.6}",
        "vs a dealer exploiting you", best.ev, best.equilibrium_value, best.loss
    );
    println!(
        "  (optimal: the DP optimum against the fixed dealer; the equilibrium value, exploitability {:.1e}, against the exploiting dealer)",
        best.equilibrium_exploitability
    );
    println!();
    match report.leaks.first() {
        None => println!("Your strategy loses nothing against the fixed dealer."),
        Some(top) => println!(
            "Your strategy loses {:.6} per hand against the fixed dealer; the biggest leak is {} ({:+.6}).",
            report.loss,
            top.describe(),
            -top.cost
        ),
    }
    if report.leaks.is_empty() {
        return;
    }
    println!();
    println!(
        "Leaks by hand class (cost = P(reaching it with your play) × (optimal EV − EV of your action), optimal play after it):"
    );
    println!(
        "{:>4} {:<44} {:>8} {:>10} {:>10}",
        "#", "your play", "optimal", "reach", "cost/hand"
    );
    for (n, leak) in report.leaks.iter().take(SHOWN).enumerate() {
        println!(
            "{:>4} {:<44} {:>8} {:>10.6} {:>10.6}",
            n + 1,
            leak.describe(),
            match leak.optimal {
                dp::Action::Hit => "hit",
                dp::Action::Stand => "stand",
            },
            leak.reach,
            leak.cost
        );
    }
    print_table_end(
        report.leaks.len(),
        "classes",
        report.leak_sum,
        report.loss,
        "your own play",
    );
}
