//! `banluck-lab solve`: the exact solver (and, later, the equilibrium solver)
//! on one rule set, or on the values of one key side by side. A rules file
//! that says `game = "blackjack"` goes to the blackjack engine.

use serde_json::json;

use crate::cli::CliError;
use crate::cli::banluck::cfr_log::{solve_with_bar, write_log};
use crate::cli::banluck::solve_args::{CfrAlgorithm, Engine, SolveArgs};
use crate::cli::banluck::solve_out::{print_equilibrium, print_human};
use crate::cli::common_args::{admit, rules_label, say_built_in};
use crate::cli::output::{Output, print_json};
use crate::games::banluck::dp;
use crate::games::banluck::equilibrium::{self, CfrParams, CfrVariant};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::games::banluck::strategy::DealerStrategy;
use crate::guard::Estimate;
use crate::guard::calibration::BANLUCK_SECONDS_PER_CFR_ITERATION;
use crate::lab::{
    Comparison, SolveEngine, SolveRequest, SolveRequestError, SolveRoute, SolveSetting, pick_file,
};
use crate::rules::{GameKind, Override, RulesError, RulesText, load_layered_text};

/// The request `args` make, in the library's terms.
fn request(args: &SolveArgs) -> SolveRequest {
    SolveRequest {
        engine: match args.engine {
            Engine::Dp => SolveEngine::Exact,
            Engine::Cfr => SolveEngine::Equilibrium,
        },
        compare: args.compare.is_some(),
        log: args.log.is_some(),
        strategy: args.strategy.is_some(),
        write_strategy: args.write_strategy.is_some(),
        write_chart: args.write_chart.is_some(),
        removal: args.remove.is_some() || args.effects,
    }
}

/// The flag that gives `setting`.
fn flag(setting: SolveSetting) -> &'static str {
    match setting {
        SolveSetting::Engine => "--engine cfr",
        SolveSetting::Compare => "--compare",
        SolveSetting::Log => "--log",
        SolveSetting::Strategy => "--strategy",
        SolveSetting::WriteStrategy => "--write-strategy",
        SolveSetting::WriteChart => "--write-chart",
        SolveSetting::Removal => "--remove/--effects",
    }
}

/// A request the library refuses, worded with the flags.
fn refused(error: SolveRequestError) -> CliError {
    let mut message = format!("{}: {}", flag(error.setting), error.allowed);
    let flags =
        |settings: &[SolveSetting]| -> Vec<&str> { settings.iter().map(|s| flag(*s)).collect() };
    if !error.with.is_empty() || !error.without.is_empty() {
        message.push_str(": use it");
        if !error.with.is_empty() {
            message.push_str(&format!(" with {}", flags(error.with).join(", ")));
            if !error.without.is_empty() {
                message.push(',');
            }
        }
        if !error.without.is_empty() {
            message.push_str(&format!(" without {}", flags(error.without).join(" and ")));
        }
    }
    CliError::input(message)
}

/// Runs `solve`.
pub fn run(args: SolveArgs) -> Result<(), CliError> {
    let out = Output::new(args.json, args.quiet);
    let request = request(&args);
    request.check().map_err(refused)?;
    if args.engine == Engine::Cfr {
        let iterations = u64::from(args.max_iters);
        let estimate = Estimate::per_unit(iterations, BANLUCK_SECONDS_PER_CFR_ITERATION, 0);
        let what = format!("--iterations {iterations} (at most; the solve stops at --target)");
        // The cap is an upper bound, not an expectation: no note, only the limit.
        admit(&what, &estimate, 0, args.allow_long, true)?;
    }
    // The rules file is read once: its game and every rule set come from
    // this text (a file given through a pipe could not be read twice).
    let (game, text) = pick_file(
        args.rules.as_deref(),
        &[GameKind::Banluck, GameKind::Blackjack],
    )?;
    let label = rules_label(args.rules.as_deref());
    let route = request.route(game).map_err(refused)?;
    match (route, &text, args.strategy.as_deref()) {
        (SolveRoute::BlackjackChart, Some(text), Some(chart)) => {
            return crate::cli::blackjack::chart_eval_out::run(text, &args.overrides, chart, out);
        }
        (SolveRoute::BlackjackExact, Some(text), _) => {
            return crate::cli::blackjack::solve_out::run(
                text,
                &args.overrides,
                out,
                args.write_chart.as_deref(),
                args.quiet,
                args.full,
            );
        }
        _ => {}
    }
    if out.text() {
        say_built_in(args.rules.as_deref());
    }
    let text = text.as_ref();
    match (route, args.strategy.as_deref(), args.compare.as_deref()) {
        (SolveRoute::BanluckRemoval, ..) => {
            crate::cli::banluck::solve_remove::run(&args, text, &label)
        }
        (SolveRoute::BanluckStrategy, Some(strategy), _) => {
            let table = CompiledRules::compile(banluck_rules(text, &args.overrides)?);
            crate::cli::banluck::strategy_eval_out::run(
                &label,
                &table,
                strategy,
                &cfr_params(&args),
                out,
            )
        }
        (SolveRoute::BanluckCompare, _, Some(spec)) => compare(&args, text, spec, &label),
        (SolveRoute::BanluckEquilibrium, ..) => {
            let table = CompiledRules::compile(banluck_rules(text, &args.overrides)?);
            request
                .check_written_equilibrium(table.rules().dealer.upcard)
                .map_err(refused)?;
            let solution = solve_with_bar(&table, &cfr_params(&args), args.quiet);
            if let Some(path) = &args.log {
                write_log(path, &solution.log)?;
            }
            let exploits = equilibrium::exploit_analyses(&table, &solution.player);
            write_strategy(
                &args,
                &label,
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
                        if args.full {
                            let values = equilibrium::dealer_values(
                                &table,
                                &solution.player,
                                &solution.dealer,
                            );
                            fields.insert("dealer_values".into(), json!(values));
                        }
                    }
                    print_json(&with_refresh_note(
                        json!({ "solution": value, "exploits": exploits }),
                        &table,
                    ))
                }
                Output::Text => {
                    print_equilibrium(&label, &solution, &exploits, args.full);
                    print_refresh_note(&table);
                    Ok(())
                }
                Output::Quiet => Ok(()),
            }
        }
        _ => {
            let table = CompiledRules::compile(banluck_rules(text, &args.overrides)?);
            let solution = dp::solve(&table);
            write_strategy(
                &args,
                &label,
                &table,
                &solution.player,
                None,
                "dp",
                solution.ev,
            )?;
            match out {
                Output::Json => {
                    let mut value = serde_json::to_value(&solution)
                        .map_err(|e| CliError::internal(e.to_string()))?;
                    if let (true, Some(fields)) = (args.full, value.as_object_mut()) {
                        let fixed = DealerStrategy::fixed(&table);
                        let values = equilibrium::dealer_values(&table, &solution.player, &fixed);
                        fields.insert("dealer_values".into(), json!(values));
                    }
                    print_json(&with_refresh_note(value, &table))
                }
                Output::Text => {
                    print_human(&label, &table, &solution);
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
pub(crate) fn refresh_note(table: &CompiledRules) -> Option<String> {
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
    label: &str,
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
        description: Some(format!("solved from {label}")),
    };
    let text = crate::games::banluck::strategy_file::to_json(table, player, dealer, &info);
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::internal(format!("--write-strategy {}: {e}", path.display())))?;
    if !args.quiet {
        eprintln!("strategy written to {}", path.display());
    }
    Ok(())
}

/// The Banluck rules `text` (read once) with `overrides`.
fn banluck_rules(text: Option<&RulesText>, overrides: &[Override]) -> Result<RuleSet, RulesError> {
    load_layered_text(text, overrides)
}

fn compare(
    args: &SolveArgs,
    text: Option<&RulesText>,
    spec: &str,
    label: &str,
) -> Result<(), CliError> {
    let Comparison { key, values } =
        Comparison::parse(spec).map_err(|e| CliError::input(format!("--compare {spec}: {e}")))?;
    let key = key.as_str();
    let mut solved = Vec::new();
    for value in &values {
        let set: Override = format!("{key}={value}")
            .parse()
            .map_err(|e: String| CliError::input(format!("--compare {spec}: {e}")))?;
        let mut overrides = args.overrides.clone();
        overrides.push(set);
        let table = CompiledRules::compile(banluck_rules(text, &overrides)?);
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
    println!("{label} with {key} = {}", values.join(" vs "));
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
