//! `banluck-lab table --dealer strategic`: the dealer's best response to
//! the seats at one table size (or at 1..7 with `--compare-reveal`), the
//! fixed dealers valued on the same rounds, the reveal option's worth and
//! the dealer's reveal policy.

use std::fmt::Display;

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::table_args::TableArgs;
use crate::cli::banluck::table_strategy::seat_strategy;
use crate::cli::common_args::admit;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::dealer::{
    DealerValue, Gain, TableDealerParams, TableDealerSolution, best_response,
};
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::guard::Estimate;
use crate::guard::calibration::{
    BANLUCK_STRATEGIC_SECONDS_PER_ROUND, BANLUCK_STRATEGIC_SECONDS_PER_SEAT_ROUND,
};

/// Rounds solved on when `--rounds` is not given.
const DEFAULT_ROUNDS: u64 = 200_000;

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    strategy: String,
    dealer: &'static str,
    results: Vec<TableDealerSolution>,
}

/// Runs `table --dealer strategic`.
pub fn run(args: &TableArgs) -> Result<(), CliError> {
    if args.iterations.is_some() {
        return Err(CliError::input(
            "--iterations needs --dealer equilibrium (the strategic dealer does not iterate)",
        ));
    }
    let results = solve_sizes(args, "solving the strategic dealer", best_response)?;
    let report = Report {
        rules_file: args.rules.file(),
        strategy: args.strategy.clone(),
        dealer: "strategic",
        results,
    };
    args.print(&report, |report| {
        if let [one] = report.results.as_slice() {
            one_size(report, one)
        } else {
            sweep(report)
        }
    })
}

/// Solves one strategic dealer per table size of `args` (the rules' or
/// `--players`, or 1..7 with `--compare-reveal`) with `solve`, on the
/// rounds of `--rounds` and `--fresh-rounds`; `doing` names the work in
/// the progress line of each size above one seat.
///
/// # Errors
/// Rules that do not load, a strategy that does not resolve, or `solve`'s
/// error (as bad input).
pub(crate) fn solve_sizes<T, E: Display>(
    args: &TableArgs,
    doing: &str,
    solve: impl Fn(&CompiledRules, &PlayerStrategy, &TableDealerParams) -> Result<T, E>,
) -> Result<Vec<T>, CliError> {
    let rules = args.rules.load()?;
    let table = CompiledRules::compile(rules.clone());
    let player = seat_strategy(&args.strategy, &table, args.quiet)?;
    let sizes: Vec<usize> = if args.compare_reveal {
        (1..=MAX_PLAYERS).collect()
    } else {
        vec![usize::from(args.players.unwrap_or(rules.table.players))]
    };
    let rounds = args.rounds.unwrap_or(DEFAULT_ROUNDS);
    let fresh_rounds = args.fresh_rounds.unwrap_or(rounds);
    // One seat is solved exactly; larger tables on sampled rounds.
    let seconds_per_round: f64 = sizes
        .iter()
        .filter(|&&players| players > 1)
        .map(|&players| {
            BANLUCK_STRATEGIC_SECONDS_PER_ROUND
                + BANLUCK_STRATEGIC_SECONDS_PER_SEAT_ROUND * players as f64
        })
        .sum();
    admit(
        &format!("--rounds {rounds} --fresh-rounds {fresh_rounds}"),
        &Estimate::per_unit(rounds.saturating_add(fresh_rounds), seconds_per_round, 0),
        args.threads.unwrap_or(0),
        args.allow_long,
        args.quiet,
    )?;
    let mut results = Vec::with_capacity(sizes.len());
    for players in sizes {
        if !args.quiet && players > 1 {
            eprintln!("{doing} at {players} seats ...");
        }
        let params = TableDealerParams {
            players,
            rounds,
            fresh_rounds,
            seed: args.seed,
            threads: args.threads.unwrap_or(0),
            progress: !args.quiet,
        };
        results.push(solve(&table, &player, &params).map_err(|e| CliError::input(e.to_string()))?);
    }
    Ok(results)
}

fn heading(report: &Report, first: &TableDealerSolution) -> String {
    format!(
        "strategic dealer ({}; rules hash {}), every seat playing {}, seed {}\n",
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        first.rules_hash,
        report.strategy,
        first.params.seed
    )
}

fn method(s: &TableDealerSolution) -> String {
    if s.method == "exact" {
        format!("exact over {} seat outcomes", s.training_rounds)
    } else {
        format!(
            "solved on {} sampled rounds ({} seat keys), valued on {} fresh rounds",
            s.training_rounds, s.keys, s.params.fresh_rounds
        )
    }
}

fn value_line(name: &str, v: &DealerValue) -> String {
    format!(
        "{name:<28}  {:>+10.5}  {:>9.5}  {:>+10.5}\n",
        v.per_round.mean, v.per_round.std_error, v.per_seat
    )
}

fn gain_line(name: &str, g: &Gain) -> String {
    format!(
        "{name:<28}  {:>+10.5}  {:>9.5}  {:>+10.5}\n",
        g.per_round, g.std_error, g.per_seat
    )
}

/// The readable report of one table size.
fn one_size(report: &Report, s: &TableDealerSolution) -> String {
    let mut out = heading(report, s);
    out += &format!(
        "{} seat{}, {}, {:.2} s\n\n",
        s.players,
        if s.players == 1 { "" } else { "s" },
        method(s),
        s.seconds
    );
    out += &format!(
        "{:<28}  {:>10}  {:>9}  {:>10}\n",
        "dealer's gain per round", "mean", "std err", "per seat"
    );
    out += &value_line("fixed dealer, reveal off", &s.fixed_off);
    out += &value_line("fixed dealer, reveal on", &s.fixed_on);
    out += &value_line("strategic, reveal forbidden", &s.strategic_no_reveal);
    out += &value_line("strategic", &s.strategic);
    out += "\npaired differences (same rounds)\n";
    out += &gain_line("reveal option (strategic)", &s.reveal_gain);
    out += &gain_line("strategic over fixed (off)", &s.strategic_over_fixed_off);
    out += &gain_line("forced reveal (fixed)", &s.fixed_reveal_gain);
    if s.method != "exact" {
        out += &format!(
            "on the rounds it was solved on the strategic dealer gains {:+.5} per round (optimistic)\n",
            s.in_sample_strategic
        );
    }
    out += &format!(
        "surrenders: {}\n",
        if s.surrenders.is_empty() {
            "none".to_string()
        } else {
            s.surrenders.join(" ")
        }
    );
    out += "\nreveal policy (before any reveal, facing an open 3+-card seat)\n";
    out += &format!(
        "{:>5}  {:<4}  {:>11}  {:>12}  {:>11}  {:>7}\n",
        "total", "", "open 2-card", "open 3+-card", "probability", "reveals"
    );
    for row in &s.reveal_policy {
        out += &format!(
            "{:>5}  {:<4}  {:>11}  {:>12}  {:>11.5}  {:>6.1}%\n",
            row.total,
            if row.soft { "soft" } else { "hard" },
            row.open_two,
            row.open_three_plus,
            row.probability,
            100.0 * row.reveal_share
        );
    }
    out
}

/// The readable report of every table size.
fn sweep(report: &Report) -> String {
    let mut out = heading(report, &report.results[0]);
    out += "dealer's gain per round (player units); the reveal option = strategic minus strategic with the reveal forbidden, on the same rounds\n\n";
    out += &format!(
        "{:>7}  {:>9}  {:>9}  {:>10}  {:>9}  {:>12}  {:>8}  {:>8}  {:>7}\n",
        "players",
        "fixed off",
        "fixed on",
        "strat. off",
        "strategic",
        "reveal/round",
        "std err",
        "per seat",
        "seconds"
    );
    for s in &report.results {
        out += &format!(
            "{:>7}  {:>+9.5}  {:>+9.5}  {:>+10.5}  {:>+9.5}  {:>+12.5}  {:>8.5}  {:>+8.5}  {:>7.2}\n",
            s.players,
            s.fixed_off.per_round.mean,
            s.fixed_on.per_round.mean,
            s.strategic_no_reveal.per_round.mean,
            s.strategic.per_round.mean,
            s.reveal_gain.per_round,
            s.reveal_gain.std_error,
            s.reveal_gain.per_seat,
            s.seconds
        );
    }
    out += "\none seat is exact; more seats are sampled (standard errors of the values: --json)\n";
    out
}
