//! `banluck-lab baccarat exact|removal|simulate`: the EZ Baccarat family's
//! exact analysis, side-bet effects of removal and shoe simulator, and the
//! dispatch of `count` (in `baccarat_count_cmd`) and `play|stats|history`
//! (in `baccarat_play_cmd`).

use clap::{Args, Subcommand};
use serde_json::json;

use crate::cli::CliError;
use crate::cli::baccarat::rules_args::{BaccaratRulesArgs, DecksArg, check_decks};
use crate::cli::common_args::{WorkArgs, reword};
use crate::games::baccarat::bets::{BETS, all_bets};
use crate::games::baccarat::count::removal_effects;
use crate::games::baccarat::exact::{Outcomes, Shoe, count_outcomes};
use crate::games::baccarat::rules::{BaccaratRules, baccarat_rules_hash};
use crate::games::baccarat::sim::{SimParams, simulate as run_simulation};
use crate::guard::Estimate;
use crate::guard::calibration::BACCARAT_SECONDS_PER_HAND;

/// `baccarat` subcommands.
#[derive(Debug, Subcommand)]
pub enum BaccaratCommand {
    /// Exact outcome counts (ordered six-card deals), probabilities, EV and SD of every bet for one shoe.
    Exact(ShoeArgs),
    /// Each card value's effect of removal on the Dragon 7 and Panda 8 EVs, and the integer tags made from them.
    Removal(ShoeArgs),
    /// Deal real shuffled shoes (burn, cut card, reshuffle): frequencies, standard errors, z against exact, hands/s.
    Simulate(SimulateArgs),
    /// Play EZ Baccarat at the terminal, with a profile and history in SQLite.
    Play(crate::cli::baccarat::play::PlayArgs),
    /// A player's profile from the database: balance, rounds, totals.
    Stats(crate::cli::baccarat::play::StatsArgs),
    /// A player's rounds from the database (--csv for every column).
    History(crate::cli::baccarat::play::HistoryArgs),
    /// Count Dragon 7 and Panda 8 on real shoes: a tag counter against the perfect-information bettor, and side-bet EV by true count.
    Count(crate::cli::baccarat::count::CountArgs),
}

/// Arguments of `baccarat simulate`.
#[derive(Debug, Args)]
#[command(
    mut_args(reword(
        "overrides",
        "Override a rule key, e.g. --set shoe.cut_card=20 (repeatable)"
    )),
    mut_args(reword("threads", "Threads (default: all cores)"))
)]
pub struct SimulateArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: BaccaratRulesArgs,
    /// `--decks`.
    #[command(flatten)]
    pub decks: DecksArg,
    /// Coups to play, e.g. 100000000 or 1e8.
    #[arg(long, default_value = "1000000", value_parser = crate::cli::banluck::simulate_args::parse_hands)]
    pub hands: u64,
    /// The seed: the same seed gives the same counts on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `--threads` and `--quiet`.
    #[command(flatten)]
    pub work: WorkArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The rules and the shoe to analyse.
#[derive(Debug, Args)]
#[command(
    mut_args(reword(
        "rules",
        "A baccarat rules file (default: the built-in EZ Baccarat rules, as in rules/ez-baccarat.toml)"
    )),
    mut_args(reword(
        "overrides",
        "Override a rule key, e.g. --set payouts.dragon7=30 (repeatable)"
    ))
)]
pub struct ShoeArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: BaccaratRulesArgs,
    /// A full shoe of N decks (3 to 8) instead of the rules' shoe.decks.
    #[arg(long, value_name = "N", conflicts_with = "shoe")]
    pub decks: Option<u32>,
    /// Any composition: ten counts of cards worth 0 (tens and faces) to 9, e.g. 128,32,32,32,32,32,32,32,32,32.
    #[arg(long, value_name = "c0,c1,...,c9", allow_hyphen_values = true)]
    pub shoe: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs a `baccarat` subcommand.
pub fn run(command: BaccaratCommand) -> Result<(), CliError> {
    match command {
        BaccaratCommand::Exact(args) => exact(&args),
        BaccaratCommand::Removal(args) => removal(&args),
        BaccaratCommand::Simulate(args) => simulate(&args),
        BaccaratCommand::Play(args) => crate::cli::baccarat::play::play(&args),
        BaccaratCommand::Stats(args) => crate::cli::baccarat::play::stats(&args),
        BaccaratCommand::History(args) => crate::cli::baccarat::play::history(&args),
        BaccaratCommand::Count(args) => crate::cli::baccarat::count::run(&args),
    }
}

/// The rules and the shoe named by `args`, with the rules' description.
fn resolve(args: &ShoeArgs) -> Result<(BaccaratRules, Shoe, String), CliError> {
    let rules = args.rules.load()?;
    let origin = args
        .rules
        .path()
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
            let decks = check_decks(decks)?;
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
    if args.quiet {
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
    if args.quiet {
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

fn simulate(args: &SimulateArgs) -> Result<(), CliError> {
    args.work.admit(
        &format!("--hands {}", args.hands),
        &Estimate::per_unit(args.hands, BACCARAT_SECONDS_PER_HAND, 0),
    )?;
    let mut rules = args.rules.load()?;
    args.decks.apply(&mut rules)?;
    let params = SimParams {
        hands: args.hands,
        seed: args.seed,
        threads: args.work.threads(),
        progress: args.work.progress(),
    };
    let result = run_simulation(&rules, &params).map_err(CliError::input)?;
    if args.json {
        let text =
            serde_json::to_string_pretty(&result).map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
        return Ok(());
    }
    if args.work.quiet {
        return Ok(());
    }
    let s = &result.stats;
    println!(
        "EZ Baccarat, simulated: {} decks, {} coups in {} shoes ({:.1} coups per shoe), seed {}, {} threads, {:.2} s, {:.1} M coups/s",
        result.decks,
        s.hands,
        s.shoes,
        s.hands_per_shoe,
        result.seed,
        result.threads,
        result.seconds,
        result.hands_per_second / 1e6
    );
    println!(
        "{:<12} {:>10} {:>10} {:>10} {:>7}",
        "outcome", "frequency", "exact", "std error", "z"
    );
    for (name, f, e, se, z) in [
        (
            "Banker win",
            s.frequencies.banker_win,
            s.exact.banker_win,
            s.std_error.banker_win,
            s.z.banker_win,
        ),
        (
            "Dragon 7",
            s.frequencies.dragon7,
            s.exact.dragon7,
            s.std_error.dragon7,
            s.z.dragon7,
        ),
        (
            "Player win",
            s.frequencies.player_win,
            s.exact.player_win,
            s.std_error.player_win,
            s.z.player_win,
        ),
        (
            "Panda 8",
            s.frequencies.panda8,
            s.exact.panda8,
            s.std_error.panda8,
            s.z.panda8,
        ),
        (
            "Tie",
            s.frequencies.tie,
            s.exact.tie,
            s.std_error.tie,
            s.z.tie,
        ),
    ] {
        println!("{name:<12} {f:>10.6} {e:>10.6} {se:>10.2e} {z:>+7.2}");
    }
    println!();
    println!(
        "{:<10} {:>11} {:>10} {:>11} {:>10}",
        "bet", "mean/unit", "std error", "exact EV", "per shoe"
    );
    for bet in &s.bets {
        println!(
            "{:<10} {:>+11.6} {:>10.2e} {:>+11.6} {:>+10.3}",
            bet.bet, bet.mean, bet.std_error, bet.exact, bet.per_shoe
        );
    }
    Ok(())
}
