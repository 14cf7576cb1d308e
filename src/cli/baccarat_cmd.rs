//! `banluck-lab baccarat exact|removal`: the EZ Baccarat family's exact
//! analysis and side-bet effects of removal.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde_json::json;

use super::{CliError, parse_override};
use crate::games::baccarat::bets::{BETS, all_bets};
use crate::games::baccarat::count::removal_effects;
use crate::games::baccarat::exact::{Outcomes, Shoe, count_outcomes};
use crate::games::baccarat::rules::{
    BaccaratRules, MAX_DECKS, MIN_DECKS, baccarat_rules_hash, load_baccarat_rules,
};
use crate::rules::{GameKind, Override, game_kind};

/// `baccarat` subcommands.
#[derive(Debug, Subcommand)]
pub enum BaccaratCommand {
    /// Exact outcome counts (ordered six-card deals), probabilities, EV and SD of every bet for one shoe.
    Exact(ShoeArgs),
    /// Each card value's effect of removal on the Dragon 7 and Panda 8 EVs, and the integer tags made from them.
    Removal(ShoeArgs),
}

/// The rules and the shoe to analyse.
#[derive(Debug, Args)]
pub struct ShoeArgs {
    /// A baccarat rules file (default: the built-in EZ Baccarat rules, as in rules/ez-baccarat.toml).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Override a rule key, e.g. --set payouts.dragon7=30 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// A full shoe of N decks (3 to 8) instead of the rules' shoe.decks.
    #[arg(long, value_name = "N", conflicts_with = "shoe")]
    pub decks: Option<u32>,
    /// Any composition: ten counts of cards worth 0 (tens and faces) to 9, e.g. 128,32,32,32,32,32,32,32,32,32.
    #[arg(long, value_name = "c0,c1,...,c9", allow_hyphen_values = true)]
    pub shoe: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `baccarat` subcommand.
pub fn run(command: BaccaratCommand) -> Result<(), CliError> {
    match command {
        BaccaratCommand::Exact(args) => exact(&args),
        BaccaratCommand::Removal(args) => removal(&args),
    }
}

/// The rules and the shoe named by `args`, with the rules' description.
fn resolve(args: &ShoeArgs) -> Result<(BaccaratRules, Shoe, String), CliError> {
    if let Some(file) = &args.rules
        && game_kind(file)? != GameKind::Baccarat
    {
        return Err(CliError::input(format!(
            "{}: not a baccarat rules file (it needs `game = \"baccarat\"`, e.g. rules/ez-baccarat.toml)",
            file.display()
        )));
    }
    let rules = load_baccarat_rules(args.rules.as_deref(), &args.overrides)?;
    let origin = args
        .rules
        .as_ref()
        .map_or("built-in EZ Baccarat rules".to_string(), |f| {
            f.display().to_string()
        });
    let (shoe, label) = match (&args.shoe, args.decks) {
        (Some(text), _) => {
            let shoe: Shoe = text
                .parse()
                .map_err(|e| CliError::input(format!("--shoe \"{text}\": {e}")))?;
            (shoe, format!("shoe {text}"))
        }
        (None, Some(decks)) => {
            if !(MIN_DECKS..=MAX_DECKS).contains(&decks) {
                return Err(CliError::input(format!(
                    "--decks {decks}: must be a whole number of decks from {MIN_DECKS} to {MAX_DECKS}"
                )));
            }
            (Shoe::decks(decks), format!("{decks} decks"))
        }
        (None, None) => (
            Shoe::decks(rules.shoe.decks),
            format!("{} decks", rules.shoe.decks),
        ),
    };
    Ok((rules, shoe, format!("{origin}, {label}")))
}

fn to_json_text(value: &serde_json::Value) -> Result<String, CliError> {
    serde_json::to_string_pretty(value).map_err(|e| CliError::internal(e.to_string()))
}

fn exact(args: &ShoeArgs) -> Result<(), CliError> {
    let (rules, shoe, label) = resolve(args)?;
    let outcomes = count_outcomes(&shoe).map_err(|e| CliError::input(e.to_string()))?;
    let bets = all_bets(&outcomes, &rules.payouts);
    if args.json {
        let field = |f: fn(&crate::games::baccarat::bets::BetStats) -> f64| {
            let map: serde_json::Map<String, serde_json::Value> = bets
                .iter()
                .map(|b| (b.bet.key().to_string(), json!(f(b))))
                .collect();
            serde_json::Value::Object(map)
        };
        let out = json!({
            "rules_hash": baccarat_rules_hash(&rules),
            "shoe": shoe.0,
            "cards": shoe.cards(),
            "outcomes": outcomes,
            "win_probability": field(|b| b.win_probability),
            "ev": field(|b| b.ev),
            "sd": field(|b| b.sd),
        });
        println!("{}", to_json_text(&out)?);
        return Ok(());
    }
    println!("EZ Baccarat, exact: {label} ({} cards)", shoe.cards());
    print_outcomes(&outcomes);
    println!();
    println!(
        "{:<10} {:>10} {:>11} {:>9}",
        "bet", "P(win)", "EV/unit", "SD"
    );
    for (bet, stats) in BETS.iter().zip(&bets) {
        println!(
            "{:<10} {:>10.6} {:>+11.6} {:>9.4}",
            bet.name(),
            stats.win_probability,
            stats.ev,
            stats.sd
        );
    }
    Ok(())
}

fn print_outcomes(o: &Outcomes) {
    println!(
        "{:<22} {:>24} {:>12}",
        "outcome", "ordered deals", "probability"
    );
    let total = o.total as f64;
    for (name, count) in [
        ("Banker win (no D7)", o.banker_win),
        ("Dragon 7", o.dragon7),
        ("Player win (with P8)", o.player_win),
        ("  of which Panda 8", o.panda8),
        ("Tie", o.tie),
        ("Total", o.total),
    ] {
        println!(
            "{name:<22} {:>24} {:>12.8}",
            grouped(count),
            count as f64 / total
        );
    }
}

/// `count` with thousands separators, as in the seed's table.
fn grouped(count: u128) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn removal(args: &ShoeArgs) -> Result<(), CliError> {
    let (rules, shoe, label) = resolve(args)?;
    let effects =
        removal_effects(&shoe, &rules.payouts).map_err(|e| CliError::input(e.to_string()))?;
    if args.json {
        println!(
            "{}",
            to_json_text(&json!({ "shoe": shoe.0, "bets": effects }))?
        );
        return Ok(());
    }
    println!(
        "Side-bet effects of removal: {label} ({} cards)",
        shoe.cards()
    );
    for bet in &effects {
        println!();
        println!("{} EV {:+.6}; per card value removed:", bet.bet, bet.ev);
        println!("{:<6} {:>13} {:>4}", "value", "effect", "tag");
        for value in 0..10 {
            println!(
                "{value:<6} {:>+13.3e} {:>+4}",
                bet.effect[value], bet.tag[value]
            );
        }
        println!(
            "full-shoe count {:+}, betting correlation {:.3}",
            bet.full_shoe_count, bet.betting_correlation
        );
    }
    Ok(())
}
