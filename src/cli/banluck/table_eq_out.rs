//! `banluck-lab table --dealer equilibrium`: the table equilibrium at one
//! table size (seats and dealer all adapting, MCCFR), with a seat's value,
//! NashConv per seat ± its standard error, the dealer's surrenders and
//! reveal policy, and where the seats' strategy differs from the heads-up
//! equilibrium's.

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::table_args::TableArgs;
use crate::games::banluck::equilibrium::{CfrParams, solve};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::table::equilibrium::{
    StrategyDifference, TableEqParams, TableEquilibrium, differences, solve_table,
};

/// Iterations when `--iterations` is not given.
const DEFAULT_ITERATIONS: u32 = 200;
/// Rounds the dealer's best response uses when `--rounds` is not given.
const DEFAULT_ROUNDS: u64 = 100_000;
/// Rounds of the other seats per iteration.
pub const SEAT_ROUNDS: u64 = 4;
/// Rounds of the whole table per iteration for the dealer.
pub const DEALER_ROUNDS: u64 = 1024;
/// The dealer's best-response rounds per round a seat's best reply is
/// chosen on and valued on (a seat round values every hand of the seat:
/// about 2,900 dealer passes).
pub const ROUNDS_PER_REPLY_ROUND: u64 = 250;
/// Hit probabilities further apart than this count as a difference.
const THRESHOLD: f64 = 0.25;
/// Hands reached less often than this per round are not listed.
const MIN_REACH: f64 = 1e-4;
/// Reveal rows printed (the most frequent).
const REVEAL_ROWS: usize = 16;

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    dealer: &'static str,
    result: TableEquilibrium,
    /// Hands where the seats' strategy differs from the heads-up
    /// equilibrium's (hit probabilities more than 0.25 apart).
    differences_from_heads_up: Vec<StrategyDifference>,
}

/// Runs `table --dealer equilibrium`.
pub fn run(args: &TableArgs) -> Result<(), CliError> {
    if args.compare_reveal {
        return Err(CliError::input(
            "--compare-reveal does not apply to --dealer equilibrium (it solves one table size)",
        ));
    }
    if args.fresh_rounds.is_some() {
        return Err(CliError::input(
            "--fresh-rounds does not apply to --dealer equilibrium (--rounds sets the dealer's best-response rounds)",
        ));
    }
    if args.strategy != "dp" {
        return Err(CliError::input(
            "--strategy does not apply to --dealer equilibrium: the seats' strategy is solved",
        ));
    }
    let rules = args.rules.load()?;
    let table = CompiledRules::compile(rules.clone());
    let players = usize::from(args.players.unwrap_or(rules.table.players));
    let br_rounds = args.rounds.unwrap_or(DEFAULT_ROUNDS);
    let params = TableEqParams {
        players,
        iterations: args.iterations.unwrap_or(DEFAULT_ITERATIONS),
        seat_rounds: SEAT_ROUNDS,
        dealer_rounds: DEALER_ROUNDS,
        br_rounds,
        reply_rounds: (br_rounds / ROUNDS_PER_REPLY_ROUND).max(2),
        seed: args.seed,
        threads: args.threads.unwrap_or(0),
        progress: !args.quiet,
    };
    if !args.quiet {
        eprintln!(
            "solving the table equilibrium at {players} seat{} ...",
            if players == 1 { "" } else { "s" }
        );
    }
    let result = solve_table(&table, &params).map_err(|e| CliError::input(e.to_string()))?;
    let heads_up = solve(&table, &CfrParams::default());
    let report = Report {
        rules_file: args.rules.file(),
        dealer: "equilibrium",
        differences_from_heads_up: differences(
            &table,
            &heads_up.player,
            &result.player,
            THRESHOLD,
            MIN_REACH,
        ),
        result,
    };
    args.print(&report, human)
}

/// The readable report.
fn human(report: &Report) -> String {
    let r = &report.result;
    let p = &r.params;
    let mut out = format!(
        "table equilibrium, {} seat{} ({}; rules hash {}), seed {}\n",
        r.players,
        if r.players == 1 { "" } else { "s" },
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        r.rules_hash,
        p.seed
    );
    out += &if r.method == "exact" {
        format!(
            "{} MCCFR iterations, exact at one seat, {:.1} s; NashConv exact, {:.1} s\n\n",
            p.iterations, r.solve_seconds, r.measure_seconds
        )
    } else {
        format!(
            "{} MCCFR iterations ({} seat rounds, {} table rounds each), {:.1} s; NashConv on {} dealer and {} seat rounds, {:.1} s\n\n",
            p.iterations,
            p.seat_rounds,
            p.dealer_rounds,
            r.solve_seconds,
            p.br_rounds,
            p.reply_rounds,
            r.measure_seconds
        )
    };
    out += &format!(
        "value per seat              {:>+10.5}  ± {:.5}\n",
        r.value_per_seat.mean, r.value_per_seat.std_error
    );
    out += &format!(
        "dealer's value per round    {:>+10.5}  ± {:.5}\n",
        r.dealer_value_per_round.mean, r.dealer_value_per_round.std_error
    );
    out += &format!(
        "NashConv per seat           {:>+10.5}  ± {:.5}  (dealer best response {:+.5} ± {:.5} per round, seat best reply {:+.5} ± {:.5})\n",
        r.nash_conv_per_seat,
        r.nash_conv_std_error,
        r.dealer_gain.mean,
        r.dealer_gain.std_error,
        r.seat_gain.mean,
        r.seat_gain.std_error
    );
    if r.method != "exact" {
        out += &format!(
            "NashConv per seat on the rounds the best responses were chosen on (biased high) {:+.5}\n",
            r.nash_conv_in_sample_per_seat
        );
    }
    let surrenders: Vec<String> = r
        .surrenders
        .iter()
        .map(|(hand, p)| format!("{hand} {p:.2}"))
        .collect();
    out += &format!(
        "\ndealer surrenders: {}\n",
        if surrenders.is_empty() {
            "none".to_string()
        } else {
            surrenders.join(", ")
        }
    );
    let mut rows = r.reveal_policy.clone();
    rows.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    out += "\ndealer's reveal policy (most frequent situations facing an open 3+-card seat):\n";
    out += &format!(
        "{:>6}  {:>4}  {:>6}  {:>7}  {:>11}  {:>7}\n",
        "total", "soft", "open 2", "open 3+", "probability", "reveals"
    );
    for row in rows.iter().take(REVEAL_ROWS) {
        out += &format!(
            "{:>6}  {:>4}  {:>6}  {:>7}  {:>11.5}  {:>7.3}\n",
            row.total,
            if row.soft { "yes" } else { "no" },
            row.open_two,
            row.open_three_plus,
            row.probability,
            row.reveal_share
        );
    }
    out += &format!(
        "\nthe seats' strategy against the heads-up equilibrium's (hit probability {THRESHOLD} or more apart, reached {MIN_REACH:e}+ per round):\n"
    );
    if report.differences_from_heads_up.is_empty() {
        out += "no difference\n";
    } else {
        out += &format!(
            "{:>8}  {:>5}  {:>4}  {:>8}  {:>6}  {:>8}\n",
            "hand", "total", "soft", "heads-up", "table", "reach"
        );
        for d in &report.differences_from_heads_up {
            out += &format!(
                "{:>8}  {:>5}  {:>4}  {:>8.3}  {:>6.3}  {:>8.5}\n",
                d.hand,
                d.total,
                if d.soft { "yes" } else { "no" },
                d.reference_hit,
                d.hit,
                d.reach
            );
        }
    }
    out
}
