//! `solve --remove "5 5 5 5"` and `solve --effects`: the exact DP from a
//! partial deck, and the effects of removing one card of each rank with the
//! count derived from them (see `dp::effects_of_removal`).

use serde_json::json;

use crate::cards::{Rank, parse_hand};
use crate::cli::CliError;
use crate::cli::banluck::solve_args::SolveArgs;
use crate::cli::banluck::solve_out::print_human;
use crate::games::banluck::dp;
use crate::games::banluck::rules::RuleSet;
use crate::rules::{RulesText, load_layered_text};

/// Runs `solve --remove` / `solve --effects` on the rules `text` (the file
/// of `--rules`, read once; `None`: the built-in rules, named `label`), a
/// request its route allows.
pub fn run(args: &SolveArgs, text: Option<&RulesText>, label: &str) -> Result<(), CliError> {
    let rules: RuleSet = load_layered_text(text, &args.overrides)?;
    let removed = match &args.remove {
        Some(text) if !text.trim().is_empty() => {
            parse_hand(text).map_err(|e| CliError::input(format!("--remove: {e}")))?
        }
        _ => Vec::new(),
    };
    let left = dp::remaining_after(&rules, &removed)
        .map_err(|e| CliError::input(format!("--remove: {e}")))?;
    let table = dp::compile_partial(&rules, &left)
        .map_err(|e| CliError::input(format!("--remove: {e}")))?;
    if args.effects {
        let effects = dp::effects_of_removal(&rules, &left).map_err(CliError::input)?;
        return if args.json {
            print(&json!({ "removed": labels(&removed), "remaining": left, "effects": effects }))
        } else {
            if !args.quiet {
                print_effects(&rules, &removed, &effects);
            }
            Ok(())
        };
    }
    let solution = dp::solve(&table);
    if args.json {
        let mut value =
            serde_json::to_value(&solution).map_err(|e| CliError::internal(e.to_string()))?;
        value["removed"] = json!(labels(&removed));
        value["remaining"] = json!(left);
        print(&value)
    } else if args.quiet {
        Ok(())
    } else {
        println!(
            "deck: {} cards left after removing {}",
            left.iter().sum::<u32>(),
            if removed.is_empty() {
                "nothing".to_string()
            } else {
                labels(&removed).join(" ")
            }
        );
        print_human(label, &table, &solution);
        Ok(())
    }
}

fn labels(removed: &[Rank]) -> Vec<String> {
    removed.iter().map(|r| r.label().to_string()).collect()
}

fn print(value: &serde_json::Value) -> Result<(), CliError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CliError::internal(e.to_string()))?;
    println!("{text}");
    Ok(())
}

fn print_effects(rules: &RuleSet, removed: &[Rank], effects: &dp::RemovalEffects) {
    let decks = rules.deck.decks;
    println!(
        "Effects of removal ({decks} deck{}{}): EV* of the deck {:+.6}",
        if decks == 1 { "" } else { "s" },
        if removed.is_empty() {
            String::new()
        } else {
            format!(" less {}", labels(removed).join(" "))
        },
        effects.ev
    );
    println!("{:>5} {:>6} {:>12} {:>5}", "rank", "cards", "EOR", "tag");
    for e in &effects.effects {
        println!(
            "{:>5} {:>6} {:>+12.6} {:>+5}",
            e.rank, e.cards, e.eor, e.tag
        );
    }
    println!(
        "count level {}, betting correlation {:.4}; worth of seeing one card: {:+.6} units per hand",
        effects.level, effects.betting_correlation, effects.one_card_gain
    );
}
