//! `banluck-lab solve`: the exact solver (and, later, the equilibrium solver)
//! on one rule set, or on the values of one key side by side. A rules file
//! that says `game = "blackjack"` goes to the blackjack engine.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::json;

use super::cfr_log::{solve_with_bar, write_log};
use super::output::{Output, print_json};
use super::solve_out::{print_equilibrium, print_human};
use super::{CliError, parse_override};
use crate::games::banluck::dp;
use crate::games::banluck::equilibrium::{self, CfrParams, CfrVariant};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::rules::load_rules;
use crate::rules::{GameKind, Override, game_kind};

/// The engine to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// Exact dynamic programming against the rules' fixed dealer.
    Dp,
    /// CFR+ equilibrium with a strategic dealer, with exact exploitability.
    Cfr,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The rules file.
    #[arg(long, value_name = "FILE", default_value = "rules/banluck.toml")]
    pub rules: PathBuf,
    /// Override a rule key, e.g. --set dealer.fixed.reveal=on (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// The engine.
    #[arg(long, value_enum, default_value = "dp")]
    pub engine: Engine,
    /// Solve once per value of one key and print the EVs side by side with
    /// their deltas, e.g. --compare dealer.fixed.reveal=off,on.
    #[arg(long, value_name = "KEY=V1,V2,...")]
    pub compare: Option<String>,
    /// Print JSON instead of tables (cfr: without the convergence log;
    /// write it with --log).
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors (no progress bar; with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// cfr: write the convergence log (one row per exploitability
    /// measurement: iteration, seconds, exploitability, value, upper,
    /// lower) to FILE: CSV when FILE ends in .csv, else JSON lines.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// cfr: stop at this exploitability (units per hand).
    #[arg(long, default_value_t = 1e-6)]
    pub target_exploitability: f64,
    /// cfr: stop after this many iterations in any case.
    #[arg(long, default_value_t = 20_000, value_parser = super::parse_iterations_u32)]
    pub max_iters: u32,
    /// Also write the solved strategy to this file (JSON, for
    /// `simulate --strategy FILE`): the optimal player strategy for dp, both
    /// equilibrium strategies for cfr.
    #[arg(long, value_name = "FILE")]
    pub write_strategy: Option<PathBuf>,
    /// cfr: the regret-minimisation variant.
    #[arg(long, value_enum, default_value = "cfr-plus")]
    pub algorithm: CfrAlgorithm,
    /// Evaluate your own strategy exactly: a Banluck strategy file (*.toml
    /// chart or *.json) or, with blackjack rules, a blackjack chart file;
    /// prints its EV beside the optimum and its leaks, largest first.
    #[arg(long, value_name = "FILE")]
    pub strategy: Option<PathBuf>,
    /// Blackjack: also write the best-moves chart to this file, in the
    /// chart format `--strategy` reads.
    #[arg(long, value_name = "FILE")]
    pub write_chart: Option<PathBuf>,
    /// Solve from the deck with these cards gone, e.g. --remove "5 5 5 5"
    /// (ranks as `advise` takes them).
    #[arg(long, value_name = "CARDS")]
    pub remove: Option<String>,
    /// Print the effect on the EV of removing one card of each rank, and
    /// the count derived from them (from the deck left by --remove).
    #[arg(long)]
    pub effects: bool,
}

/// `--algorithm` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CfrAlgorithm {
    /// CFR+: regret matching+, alternating updates, linear averaging.
    CfrPlus,
    /// Discounted CFR (1.5, 0, 2).
    Dcfr,
}

/// Runs `solve`.
pub fn run(args: SolveArgs) -> Result<(), CliError> {
    let out = Output::new(args.json, args.quiet);
    if args.log.is_some()
        && (args.engine != Engine::Cfr || args.compare.is_some() || args.strategy.is_some())
    {
        return Err(CliError::input(
            "--log writes the convergence log of one equilibrium solve: use it with --engine cfr, without --compare and --strategy",
        ));
    }
    if game_kind(&args.rules)? == GameKind::Baccarat {
        return Err(CliError::input(format!(
            "{}: a baccarat rules file; run `baccarat exact --rules {}` instead",
            args.rules.display(),
            args.rules.display()
        )));
    }
    if game_kind(&args.rules)? == GameKind::Blackjack && super::solve_remove::wanted(&args) {
        return Err(CliError::input(
            "--remove/--effects: the partial-deck DP is for Banluck rules files",
        ));
    }
    if game_kind(&args.rules)? == GameKind::Blackjack {
        if args.compare.is_some() || args.engine != Engine::Dp {
            return Err(CliError::input(format!(
                "{}: a blackjack rules file solves with the exact engine only (no --engine cfr, no --compare)",
                args.rules.display()
            )));
        }
        if args.write_strategy.is_some() {
            return Err(CliError::input(
                "--write-strategy: strategy files hold Banluck strategies; write a blackjack chart with --write-chart",
            ));
        }
        if let Some(chart) = &args.strategy {
            return super::chart_eval_out::run(&args.rules, &args.overrides, chart, out);
        }
        return super::blackjack_out::run(
            &args.rules,
            &args.overrides,
            out,
            args.write_chart.as_deref(),
            args.quiet,
        );
    }
    if super::solve_remove::wanted(&args) {
        return super::solve_remove::run(&args);
    }
    if args.write_chart.is_some() {
        return Err(CliError::input(
            "--write-chart: writes a blackjack chart; for Banluck use --write-strategy",
        ));
    }
    if let Some(strategy) = &args.strategy {
        if args.compare.is_some() || args.write_strategy.is_some() || args.engine != Engine::Dp {
            return Err(CliError::input(
                "--strategy evaluates one strategy file: use it without --compare, --write-strategy and --engine cfr",
            ));
        }
        let table = CompiledRules::compile(load_rules(Some(&args.rules), &args.overrides)?);
        return super::strategy_eval_out::run(
            &args.rules,
            &table,
            strategy,
            &cfr_params(&args),
            out,
        );
    }
    if args.compare.is_some() && args.write_strategy.is_some() {
        return Err(CliError::input(
            "--write-strategy writes one solution: use it without --compare",
        ));
    }
    match &args.compare {
        Some(spec) => compare(&args, spec),
        None if args.engine == Engine::Cfr => {
            let table = CompiledRules::compile(load_rules(Some(&args.rules), &args.overrides)?);
            if args.write_strategy.is_some() && table.rules().dealer.upcard {
                return Err(CliError::input(
                    "--write-strategy: the strategy file has no dealer section keyed by the upcard yet, and the equilibrium dealer with dealer.upcard = true is; write the dp strategy (--engine dp) or set dealer.upcard=false",
                ));
            }
            let solution = solve_with_bar(&table, &cfr_params(&args), args.quiet);
            if let Some(path) = &args.log {
                write_log(path, &solution.log)?;
            }
            let exploits = equilibrium::exploit_analyses(&table, &solution.player);
            write_strategy(
                &args,
                &table,
                &solution.player,
                Some(&solution.dealer),
                "cfr",
                solution.value,
            )?;
            match out {
                Output::Json => {
                    let mut value = serde_json::to_value(&solution)
                        .map_err(|e| CliError::internal(e.to_string()))?;
                    if let Some(fields) = value.as_object_mut() {
                        fields.remove("log");
                        fields.insert("log_rows".into(), json!(solution.log.len()));
                        fields.insert("log_file".into(), json!(args.log));
                    }
                    print_json(&with_refresh_note(
                        json!({ "solution": value, "exploits": exploits }),
                        &table,
                    ))
                }
                Output::Text => {
                    print_equilibrium(&args.rules, &solution, &exploits);
                    print_refresh_note(&table);
                    Ok(())
                }
                Output::Quiet => Ok(()),
            }
        }
        None => {
            let table = CompiledRules::compile(load_rules(Some(&args.rules), &args.overrides)?);
            let solution = dp::solve(&table);
            write_strategy(&args, &table, &solution.player, None, "dp", solution.ev)?;
            match out {
                Output::Json => {
                    let value = serde_json::to_value(&solution)
                        .map_err(|e| CliError::internal(e.to_string()))?;
                    print_json(&with_refresh_note(value, &table))
                }
                Output::Text => {
                    print_human(&args.rules, &table, &solution);
                    print_refresh_note(&table);
                    Ok(())
                }
                Output::Quiet => Ok(()),
            }
        }
    }
}

/// What an exact solve means when the deck is dealt through several rounds
/// (`deck.refresh` other than `"every_round"`), or `None` when it is not.
pub(super) fn refresh_note(table: &CompiledRules) -> Option<String> {
    let refresh = table.rules().deck.refresh;
    (!refresh.is_every_round()).then(|| {
        format!(
            "deck.refresh = {}: the exact solve is per round from a full deck, so it values the first round after each shuffle; later rounds are dealt from what is left (`solve --remove CARDS` values one such deck, `count` simulates whole decks)",
            refresh.describe()
        )
    })
}

fn print_refresh_note(table: &CompiledRules) {
    if let Some(note) = refresh_note(table) {
        println!("\nnote: {note}");
    }
}

/// `value` (a JSON object) with `deck_refresh_note` added when the deck is
/// dealt through several rounds.
fn with_refresh_note(mut value: serde_json::Value, table: &CompiledRules) -> serde_json::Value {
    if let (Some(note), Some(object)) = (refresh_note(table), value.as_object_mut()) {
        object.insert("deck_refresh_note".into(), note.into());
    }
    value
}

/// The equilibrium solver's parameters from the flags.
fn cfr_params(args: &SolveArgs) -> CfrParams {
    CfrParams {
        algorithm: match args.algorithm {
            CfrAlgorithm::CfrPlus => CfrVariant::CfrPlus,
            CfrAlgorithm::Dcfr => CfrVariant::Dcfr,
        },
        target_exploitability: args.target_exploitability,
        max_iterations: args.max_iters,
        ..CfrParams::default()
    }
}

/// Writes the strategy file asked for with `--write-strategy`, atomically.
fn write_strategy(
    args: &SolveArgs,
    table: &CompiledRules,
    player: &crate::games::banluck::strategy::PlayerStrategy,
    dealer: Option<&crate::games::banluck::strategy::DealerStrategy>,
    engine: &str,
    ev: f64,
) -> Result<(), CliError> {
    let Some(path) = &args.write_strategy else {
        return Ok(());
    };
    let info = crate::games::banluck::strategy_file::FileInfo {
        engine: Some(engine.to_string()),
        ev: Some(ev),
        description: Some(format!("solved from {}", args.rules.display())),
    };
    let text = crate::games::banluck::strategy_file::to_json(table, player, dealer, &info);
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::internal(format!("--write-strategy {}: {e}", path.display())))?;
    if !args.quiet {
        eprintln!("strategy written to {}", path.display());
    }
    Ok(())
}

fn compare(args: &SolveArgs, spec: &str) -> Result<(), CliError> {
    let (key, values) = spec.split_once('=').ok_or_else(|| {
        CliError::input(format!(
            "--compare {spec}: expected KEY=V1,V2,..., e.g. dealer.fixed.reveal=off,on"
        ))
    })?;
    let values: Vec<&str> = values
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect();
    if values.len() < 2 {
        return Err(CliError::input(format!(
            "--compare {spec}: give at least two values separated by commas"
        )));
    }
    let mut solved = Vec::new();
    for value in &values {
        let set: Override = format!("{key}={value}")
            .parse()
            .map_err(|e: String| CliError::input(format!("--compare {spec}: {e}")))?;
        let mut overrides = args.overrides.clone();
        overrides.push(set);
        let table = CompiledRules::compile(load_rules(Some(&args.rules), &overrides)?);
        solved.push((value.to_string(), dp::solve(&table)));
    }
    let base = solved[0].1.ev;
    if args.json {
        let rows: Vec<_> = solved
            .iter()
            .map(|(value, s)| {
                json!({
                    "key": key, "value": value, "rules_hash": s.rules_hash,
                    "ev": s.ev, "ev_chart": s.ev_chart, "std_dev": s.std_dev,
                    "void_rate": s.void_rate, "delta": s.ev - base,
                    "delta_percent": (s.ev - base) * 100.0, "solution": s,
                })
            })
            .collect();
        return print_json(&rows);
    }
    if args.quiet {
        return Ok(());
    }
    println!(
        "{} with {key} = {}",
        args.rules.display(),
        values.join(" vs ")
    );
    println!();
    println!(
        "{:<14} {:>12} {:>12} {:>10} {:>10} {:>12} {:>10}",
        "value", "EV/hand", "chart EV", "std dev", "void", "delta", "delta %"
    );
    for (value, s) in &solved {
        println!(
            "{:<14} {:>+12.6} {:>+12.6} {:>10.4} {:>9.3}% {:>+12.6} {:>+9.3}%",
            value,
            s.ev,
            s.ev_chart,
            s.std_dev,
            s.void_rate * 100.0,
            s.ev - base,
            (s.ev - base) * 100.0
        );
    }
    println!();
    println!(
        "EV is the player's expected payoff per dealt hand in units of the bet (negative = the dealer's edge); \
         delta is against {key} = {}; percent is of one bet.",
        values[0]
    );
    Ok(())
}
