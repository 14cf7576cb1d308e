//! `banluck-lab table --dealer strategic --count-revealed`: what counting
//! the revealed and openly settled seats' cards adds to the strategic
//! dealer (`table::dealer::counting`), at one table size or at 1..7 with
//! `--compare-reveal`.
//!
//! `--json` prints `rules_file`, `strategy`, `dealer` ("strategic"),
//! `count_revealed` (true) and `results`, one
//! [`CountingSolution`] per table size: `strategic`,
//! `strategic_no_reveal` and `counting` (each `per_round` {`mean`,
//! `std_error`, `std_dev`}, `per_seat`, `per_seat_std_error`), the paired
//! gains `count_gain` (counting minus strategic), `counting_reveal_gain`
//! (counting minus strategic without the reveal) and `reveal_gain`
//! (strategic minus strategic without the reveal), each {`per_round`,
//! `per_seat`, `std_error`}; `reveal_with_open_seats` (probability per
//! round), `exact_decisions`, `sampled_decisions`, `seconds`.

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::table_args::TableArgs;
use crate::cli::banluck::table_dealer_out::solve_sizes;
use crate::games::banluck::table::dealer::counting::{
    CountingSolution, EXACT_OPEN_SEATS, POSTERIOR_SAMPLES, counting_gain,
};

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    strategy: String,
    dealer: &'static str,
    count_revealed: bool,
    results: Vec<CountingSolution>,
}

/// Runs `table --dealer strategic --count-revealed`.
pub fn run(args: &TableArgs) -> Result<(), CliError> {
    let results = solve_sizes(
        args,
        "solving and valuing the counting dealer",
        counting_gain,
    )?;
    let report = Report {
        rules_file: args.rules.file(),
        strategy: args.strategy.clone(),
        dealer: "strategic",
        count_revealed: true,
        results,
    };
    args.print(&report, readable)
}

/// The readable report: one row per table size.
fn readable(report: &Report) -> String {
    let first = &report.results[0];
    let mut out = format!(
        "counting dealer ({}; rules hash {}), every seat playing {}, seed {}\n",
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        first.rules_hash,
        report.strategy,
        first.params.seed
    );
    out += &format!(
        "1a's strategic dealer, plus after a reveal the exact posterior of the open seats given every card seen (exact up to {EXACT_OPEN_SEATS} open seats, {POSTERIOR_SAMPLES} weighted draws beyond); dealer's gain per round, paired on 1a's fresh rounds\n\n"
    );
    out += &format!(
        "{:>7}  {:>9}  {:>9}  {:>11}  {:>8}  {:>9}  {:>13}  {:>8}  {:>10}  {:>7}\n",
        "players",
        "strategic",
        "counting",
        "count/round",
        "std err",
        "per seat",
        "reveal (cnt.)",
        "std err",
        "P(reveal)",
        "seconds"
    );
    for s in &report.results {
        out += &format!(
            "{:>7}  {:>+9.5}  {:>+9.5}  {:>+11.6}  {:>8.6}  {:>+9.6}  {:>+13.6}  {:>8.6}  {:>10.5}  {:>7.2}\n",
            s.players,
            s.strategic.per_round.mean,
            s.counting.per_round.mean,
            s.count_gain.per_round,
            s.count_gain.std_error,
            s.count_gain.per_seat,
            s.counting_reveal_gain.per_round,
            s.counting_reveal_gain.std_error,
            s.reveal_with_open_seats,
            s.seconds
        );
    }
    out += "\ncount = counting minus strategic; reveal (cnt.) = counting minus strategic with the reveal forbidden; P(reveal) = probability per round of a reveal with seats left open\n";
    out
}
