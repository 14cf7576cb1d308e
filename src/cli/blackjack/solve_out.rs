//! `solve` for blackjack rules files: the dealer's final-total table, the
//! EV table per upcard and the best-moves chart, as text or JSON.

use std::path::Path;

use crate::cli::CliError;
use crate::cli::output::Output;
use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::{self, BlackjackSolution};
use crate::rules::{Override, RulesText, load_layered_text};

/// Upcards in chart order: 2..9, T, A.
const UPCARDS: [char; 10] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'];

/// Solves the blackjack rules `text` (a file read once) and prints the
/// solution: the answer and the best-moves chart, or with `full` also the
/// dealer's totals, the EV by upcard and every hand's EVs before the chart;
/// with `write_chart`, also writes the best-moves chart as a chart file
/// (with a note on stderr unless `quiet`).
pub fn run(
    text: &RulesText,
    overrides: &[Override],
    out: Output,
    write_chart: Option<&Path>,
    quiet: bool,
    full: bool,
) -> Result<(), CliError> {
    let file = text.path();
    let rules: BlackjackRules = load_layered_text(Some(text), overrides)?;
    let solution = blackjack::solve(&rules);
    if let Some(path) = write_chart {
        crate::cli::blackjack::chart_eval_out::write_chart(file, &rules, &solution, path, quiet)?;
    }
    if out == Output::Quiet {
        return Ok(());
    }
    if out.json() {
        let text = serde_json::to_string_pretty(&solution)
            .map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
        return Ok(());
    }
    println!(
        "{} (rules hash {}), exact composition-dependent blackjack, {:.1} ms",
        file.display(),
        solution.rules_hash,
        solution.seconds * 1e3
    );
    println!(
        "  EV per round, best play: {:+.6} units ({:+.4}%)",
        solution.ev,
        solution.ev * 100.0
    );
    println!("  splits: {}", solution.split_convention);
    println!();
    if full {
        print_dealer(&solution);
        print_upcards(&solution);
        print_ev_tables(&solution);
    } else if print_insurance(&solution) {
        println!();
    }
    print_chart(&solution);
    if let Some(outcomes) = &solution.outcomes {
        println!();
        println!("  result   probability");
        for (value, p) in outcomes {
            println!("  {value:>+6}   {p:.6}");
        }
    }
    if !full {
        println!();
        println!("(the dealer's totals, the EV by upcard and every hand's EVs per upcard: --full)");
    }
    Ok(())
}

fn print_dealer(s: &BlackjackSolution) {
    println!("Dealer final totals by upcard (dealer alone: only the upcard out of the shoe)");
    println!(
        "{:<6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "upcard", "17", "18", "19", "20", "21", "bust", "natural"
    );
    for row in &s.dealer {
        print!("{:<6}", row.upcard);
        for p in row.p[..5].iter().chain([&row.p[5], &row.p[6]]) {
            print!(" {p:>8.6}");
        }
        println!();
    }
    println!();
}

fn print_upcards(s: &BlackjackSolution) {
    println!("EV by upcard");
    println!(
        "{:<6} {:>11} {:>11} {:>14}",
        "upcard", "probability", "EV", "dealer natural"
    );
    for row in &s.upcards {
        println!(
            "{:<6} {:>11.6} {:>+11.6} {:>14.6}",
            row.upcard, row.probability, row.ev, row.dealer_natural
        );
    }
    print_insurance(s);
    println!();
}

/// The insurance lines (an upcard that offers insurance); whether any.
fn print_insurance(s: &BlackjackSolution) -> bool {
    let mut any = false;
    for row in &s.upcards {
        if let Some(ev) = row.insurance {
            println!(
                "Insurance against {} (only the upcard out): {:+.6} per unit; by hand in `--json` (hands[].insurance); taken when positive",
                row.upcard, ev
            );
            any = true;
        }
    }
    any
}

fn print_ev_tables(s: &BlackjackSolution) {
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:+.4}"));
    for upcard in UPCARDS {
        println!("Dealer shows {upcard}");
        println!(
            "{:<6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}  best move",
            "hand",
            "P(hand)",
            "stand",
            "hit&stand",
            "max S/H",
            "double",
            "split",
            "surrender",
            "best"
        );
        for row in s.hands.iter().filter(|r| r.upcard == upcard) {
            println!(
                "{:<6} {:>9.6} {:>+9.4} {:>+9.4} {:>+9.4} {:>9} {:>9} {:>9} {:>+9.4}  {}",
                row.hand,
                row.probability,
                row.stand,
                row.hit_once,
                row.max_stand_hit,
                cell(row.double),
                cell(row.split),
                cell(row.surrender),
                row.best,
                row.best_move.code()
            );
        }
        println!();
    }
}

fn print_chart(s: &BlackjackSolution) {
    println!(
        "Best moves: S stand, H hit, Dh/Ds double else hit/stand, P split, Rh/Rs surrender else hit/stand; \
         * = some hand of the cell plays otherwise"
    );
    print!("{:<9}", "");
    for upcard in UPCARDS {
        print!("{upcard:>5}");
    }
    println!();
    let mut rows: Vec<&str> = Vec::new();
    for cell in &s.chart {
        if !rows.contains(&cell.row.as_str()) {
            rows.push(&cell.row);
        }
    }
    let order = |name: &str| -> (u8, u8) {
        let (kind, value) = name.split_once(' ').unwrap_or((name, ""));
        let rank = match value {
            "T" => 10,
            "A" => 11,
            v => v.parse().unwrap_or(0),
        };
        let group = match kind {
            "hard" => 0,
            "soft" => 1,
            _ => 2,
        };
        (group, u8::MAX - rank)
    };
    rows.sort_by_key(|name| order(name));
    for name in rows {
        print!("{name:<9}");
        for upcard in UPCARDS {
            let code = s
                .chart
                .iter()
                .find(|c| c.upcard == upcard && c.row == name)
                .map_or(".".to_string(), |c| {
                    format!("{}{}", c.best_move.code(), if c.mixed { "*" } else { "" })
                });
            print!("{code:>5}");
        }
        println!();
    }
}
