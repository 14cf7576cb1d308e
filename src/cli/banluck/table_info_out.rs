//! `banluck-lab table --info`: what a seat sees within a round (the other
//! seats' Ban Ban and Ban Luck turned over at the deal) and what playing
//! on it is worth per seat per round, exact and simulated, for each table
//! size.

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::table_args::TableArgs;
use crate::games::banluck::rules::RuleSet;
use crate::games::banluck::table::info::{InfoExact, InfoSim, InfoSimParams, SeatInfo};
use crate::games::banluck::table::play::MAX_PLAYERS;

/// One table size.
#[derive(Serialize)]
struct SizeReport {
    exact: InfoExact,
    simulated: InfoSim,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    rules_hash: String,
    seed: u64,
    sizes: Vec<SizeReport>,
}

/// Runs `table --info` under `rules` (the request is checked by
/// [`crate::games::banluck::table::request::TableRequest::route`]).
pub fn run(args: &TableArgs, rules: RuleSet) -> Result<(), CliError> {
    let info = SeatInfo::new(&rules).map_err(CliError::input)?;
    let sizes: Vec<usize> = match args.players {
        Some(k) => vec![usize::from(k)],
        None => (1..=MAX_PLAYERS).collect(),
    };
    let params = InfoSimParams {
        rounds: args.rounds.unwrap_or(1_000_000),
        seed: args.seed,
        threads: args.threads.unwrap_or(0),
        progress: !args.quiet,
    };
    let mut reports = Vec::new();
    for &seats in &sizes {
        reports.push(SizeReport {
            exact: info.exact(seats).map_err(CliError::input)?,
            simulated: info.simulate(seats, &params).map_err(CliError::input)?,
        });
    }
    let report = Report {
        rules_file: args.rules.file(),
        rules_hash: info.compiled().hash().to_string(),
        seed: args.seed,
        sizes: reports,
    };
    args.print(&report, human)
}

/// The readable report.
fn human(report: &Report) -> String {
    let mut out = format!(
        "What a seat sees within a round: the other seats' Ban Ban and Ban Luck, turned over at the deal ({}; rules hash {})\n",
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        report.rules_hash
    );
    out += "Gain per seat per round of playing the partial-deck optimum for the cards shown, against the heads-up optimum.\n\n";
    out += &format!(
        "{:>5}  {:>8}  {:>11}  {:>11}  {:>9}  {:>6}  {:>10}\n",
        "seats", "P(shown)", "exact gain", "sim gain", "std err", "z", "cond. bias"
    );
    for size in &report.sizes {
        let (e, s) = (&size.exact, &size.simulated);
        out += &format!(
            "{:>5}  {:>8.4}  {:>+11.7}  {:>+11.7}  {:>9.7}  {:>+6.2}  {:>+10.7}\n",
            e.seats,
            e.p_shown,
            e.gain,
            s.gain.mean,
            s.gain.std_error,
            s.z_vs_exact,
            e.conditioning_bias
        );
    }
    if let Some(largest) = report.sizes.last() {
        out += &format!(
            "\nAt {} seats, by what the other seats turn over (EVs per round on the deck less those cards):\n",
            largest.exact.seats
        );
        out += &format!(
            "{:<14}  {:>10}  {:>10}  {:>10}  {:>10}\n",
            "shown", "P", "EV inf.", "EV h.-up", "gain"
        );
        for row in &largest.exact.rows {
            out += &format!(
                "{:<14}  {:>10.6}  {:>+10.6}  {:>+10.6}  {:>+10.7}\n",
                row.cards, row.probability, row.ev_informed, row.ev_ignorant, row.gain
            );
        }
    }
    out += &format!(
        "\nSimulated: {} rounds per size, each played twice on the same cards (seed {}). The exact route deals the seat's round from the deck less the shown cards; `cond. bias` is what that misstates for a fixed strategy (the seats that showed nothing hold no special). The dealer's early settlements come after every seat has acted: within a round they inform nobody.\n",
        report.sizes.first().map_or(0, |s| s.simulated.rounds),
        report.seed
    );
    out
}
