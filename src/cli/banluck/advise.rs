//! `banluck-lab advise`: the best action for one hand.

use std::path::PathBuf;

use clap::Args;

use crate::cli::common_args::say_built_in;
use crate::cli::output::{Output, print_json};
use crate::cli::{CliError, parse_override};
use crate::games::banluck::dp::{self, Action};
use crate::games::banluck::rules::CompiledRules;
use crate::lab::pick_file;
use crate::rules::{GameKind, Override, load_layered_text};

/// Arguments of `advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The rules file: Banluck, or blackjack for its best move (default:
    /// the built-in canonical Banluck rules, the same as rules/banluck.toml).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
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
    let (game, text) = pick_file(
        args.rules.as_deref(),
        &[GameKind::Banluck, GameKind::Blackjack],
    )?;
    if let (GameKind::Blackjack, Some(text)) = (game, &text) {
        let Some(upcard) = &args.upcard else {
            return Err(CliError::input(
                "a blackjack hand is advised against the dealer's upcard: give it with --upcard, e.g. --upcard T",
            ));
        };
        return crate::cli::blackjack::advise_out::run(
            text,
            &args.overrides,
            &args.hand,
            upcard,
            Output::new(args.json, args.quiet),
        );
    }
    let table = CompiledRules::compile(load_layered_text(text.as_ref(), &args.overrides)?);
    let hand = table
        .find_hand(&args.hand)
        .map_err(|e| CliError::input(format!("hand \"{}\": {e}", args.hand)))?;
    let upcard = dp::advice_upcard(&table, args.upcard.as_deref()).map_err(|e| match &e {
        dp::UpcardError::Missing => CliError::input(
            "these rules deal the dealer's first card face up (dealer.upcard = true): give it with --upcard, e.g. --upcard T",
        ),
        dp::UpcardError::NotShown => CliError::input(format!("--upcard: {e}")),
        dp::UpcardError::NoRank(_) => CliError::input(format!("--upcard {e}")),
    })?;
    let advice = dp::advise(&table, hand, upcard);
    match Output::new(args.json, args.quiet) {
        Output::Json => return print_json(&advice),
        Output::Quiet => return Ok(()),
        Output::Text => say_built_in(args.rules.as_deref()),
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
