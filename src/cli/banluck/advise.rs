//! `banluck-lab advise`: the best action for one hand.

use std::path::PathBuf;

use clap::Args;

use crate::cards::Rank;
use crate::cli::output::{Output, print_json};
use crate::cli::{CliError, parse_override};
use crate::games::banluck::dp::{self, Action};
use crate::games::banluck::rules::CompiledRules;
use crate::lab::pick_game;
use crate::rules::{GameKind, Override, RulesText, load_layered_text};

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
    // The rules file is read once: its game and its rules come from this text.
    let text = RulesText::read(&args.rules)?;
    if pick_game(&text, &[GameKind::Banluck, GameKind::Blackjack])? == GameKind::Blackjack {
        let Some(upcard) = &args.upcard else {
            return Err(CliError::input(
                "a blackjack hand is advised against the dealer's upcard: give it with --upcard, e.g. --upcard T",
            ));
        };
        return crate::cli::blackjack::advise_out::run(
            &text,
            &args.overrides,
            &args.hand,
            upcard,
            Output::new(args.json, args.quiet),
        );
    }
    let table = CompiledRules::compile(load_layered_text(Some(&text), &args.overrides)?);
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
