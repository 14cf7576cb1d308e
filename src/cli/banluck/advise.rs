//! `banluck-lab advise`: the best action for one hand.

use std::path::PathBuf;

use clap::Args;

use crate::cards::Rank;
use crate::cli::output::{Output, print_json};
use crate::cli::{CliError, parse_override};
use crate::games::banluck::dp::{self, Action};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::rules::load_rules;
use crate::rules::{GameKind, Override, game_kind};

/// Arguments of `advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The rules file.
    #[arg(long, value_name = "FILE", default_value = "rules/banluck.toml")]
    pub rules: PathBuf,
    /// Override a rule key, e.g. --set dealer.fixed.reveal=on (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// The dealer's upcard (only with dealer.upcard = true), e.g. T.
    #[arg(long)]
    pub upcard: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors (the exit code says whether the hand is valid).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// The player's cards, e.g. "A 6 5", "A65" or "10 6" (suits do not matter).
    pub hand: String,
}

/// Runs `advise`.
pub fn run(args: AdviseArgs) -> Result<(), CliError> {
    if game_kind(&args.rules)? == GameKind::Baccarat {
        return Err(CliError::input(format!(
            "{}: a baccarat rules file; run `baccarat exact --rules {}` instead",
            args.rules.display(),
            args.rules.display()
        )));
    }
    if game_kind(&args.rules)? == GameKind::Blackjack {
        return Err(CliError::input(format!(
            "{}: advise reads Banluck rules; for blackjack run `solve --rules {}` (its EV table has every two-card hand)",
            args.rules.display(),
            args.rules.display()
        )));
    }
    let table = CompiledRules::compile(load_rules(Some(&args.rules), &args.overrides)?);
    let hand = table
        .find_hand(&args.hand)
        .map_err(|e| CliError::input(format!("hand \"{}\": {e}", args.hand)))?;
    let upcard = match (&args.upcard, table.rules().dealer.upcard) {
        (None, true) => {
            return Err(CliError::input(
                "these rules deal the dealer's first card face up (dealer.upcard = true): give it with --upcard, e.g. --upcard T",
            ));
        }
        (Some(_), false) => {
            return Err(CliError::input(
                "--upcard: these rules deal every dealer card face down (dealer.upcard = false)",
            ));
        }
        (Some(label), true) => Some(Rank::from_label(label).ok_or_else(|| {
            CliError::input(format!("--upcard {label}: use 2-9, 10 or T, J, Q, K, A"))
        })?),
        (None, false) => None,
    };
    let advice = dp::advise(&table, hand, upcard);
    match Output::new(args.json, args.quiet) {
        Output::Json => return print_json(&advice),
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    let against = advice
        .upcard
        .map_or(String::new(), |u| format!(" against a dealer {u}"));
    match (&advice.action, &advice.note) {
        (Some(action), _) => {
            let word = if *action == Action::Hit {
                "HIT"
            } else {
                "STAND"
            };
            println!("{} ({}){against}: {word}", advice.hand, advice.total);
            println!(
                "  stand EV {:+.4}   hit EV {:+.4}   (units per bet, given the hand plays on)",
                advice.ev_stand, advice.ev_hit
            );
        }
        (None, Some(note)) => println!(
            "{} ({}){against}: no choice: {note}",
            advice.hand, advice.total
        ),
        (None, None) => println!("{} ({}){against}: no choice", advice.hand, advice.total),
    }
    Ok(())
}
