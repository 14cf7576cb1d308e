//! `banluck-lab table`: several players against one dealer hand, per seat
//! and for the table, and what the selective reveal is worth at each size;
//! with `--dealer strategic`, the dealer's best response to the seats
//! (`table_dealer_out`).

use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::table_args::{DealerKind, TableArgs};
use crate::cli::banluck::table_counting_out;
use crate::cli::banluck::table_dealer_out;
use crate::cli::banluck::table_eq_out;
use crate::cli::banluck::table_info_out;
use crate::cli::banluck::table_strategy::player_strategy;
use crate::cli::common_args::admit;
use crate::games::banluck::rotation::{Effort, RevealGainRow, reveal_gain_rows};
use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::table::play::{MAX_PLAYERS, TableParams, TableResult, simulate_table};
use crate::games::banluck::table::request::{
    InfoExcludes, TableDealer, TableRequest, TableRequestError, TableRoute,
};
use crate::guard::Estimate;
use crate::guard::calibration::{
    BANLUCK_TABLE_SECONDS_PER_ROUND, BANLUCK_TABLE_SECONDS_PER_SEAT_ROUND,
};

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    strategy: String,
    #[serde(flatten)]
    result: TableResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    reveal_gain: Option<Vec<RevealGainRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck_refresh_note: Option<String>,
}

/// The request `args` make of the table studies.
fn request(args: &TableArgs) -> TableRequest {
    TableRequest {
        dealer: match args.dealer {
            DealerKind::Fixed => TableDealer::Fixed,
            DealerKind::Strategic => TableDealer::Strategic,
            DealerKind::Equilibrium => TableDealer::Equilibrium,
        },
        info: args.info,
        other_strategy: args.strategy != "dp",
        compare_reveal: args.compare_reveal,
        count_revealed: args.count_revealed,
        iterations: args.iterations.is_some(),
        fresh_rounds: args.fresh_rounds.is_some(),
    }
}

/// A refused request in the command line's words.
fn refusal(error: TableRequestError) -> CliError {
    CliError::input(match error {
        TableRequestError::SolvedDealerNeedsFreshDecks { refresh } => format!(
            "deck.refresh = {refresh}: the strategic and equilibrium dealers are solved on fresh decks; a deck dealt through several rounds runs with the fixed dealer (--dealer fixed)"
        ),
        TableRequestError::InfoExcludes(setting) => {
            let flag = match setting {
                InfoExcludes::SolvedDealer => "--dealer strategic or equilibrium",
                InfoExcludes::Strategy => "--strategy",
                InfoExcludes::RevealStudies => "--compare-reveal or --count-revealed",
                InfoExcludes::Effort => "--iterations or --fresh-rounds",
            };
            format!(
                "--info compares the informed seat with the heads-up optimum against the fixed dealer; it does not take {flag}"
            )
        }
        TableRequestError::InfoNeedsFreshDecks { refresh } => format!(
            "deck.refresh = {refresh}: --info values a round dealt from a full deck (what the other seats show within it); a deck dealt through several rounds is the `count` command's and the counting experiment's"
        ),
        TableRequestError::CountingNeedsStrategic => "--count-revealed needs --dealer strategic (the dealer that counts is the strategic one)".to_string(),
        TableRequestError::IterationsNeedEquilibrium => {
            "--iterations needs --dealer equilibrium (the only dealer that iterates)".to_string()
        }
        TableRequestError::FreshRoundsNeedStrategic => {
            "--fresh-rounds needs --dealer strategic (the fixed dealer is simulated, not solved)".to_string()
        }
        TableRequestError::CompareRevealNeedsReveal => {
            "--compare-reveal needs rules that allow the reveal (dealer.allow_reveal = true)".to_string()
        }
    })
}

/// The work of `rounds` fixed-dealer rounds of `players` seats, and with
/// `compare_reveal` the same rounds played twice more at every table size
/// from 1 to [`MAX_PLAYERS`] seats.
fn fixed_table_estimate(rounds: u64, players: usize, compare_reveal: bool) -> Estimate {
    let round = |seats: usize| {
        BANLUCK_TABLE_SECONDS_PER_ROUND + BANLUCK_TABLE_SECONDS_PER_SEAT_ROUND * seats as f64
    };
    let mut seconds = round(players);
    if compare_reveal {
        seconds += 2.0 * (1..=MAX_PLAYERS).map(round).sum::<f64>();
    }
    Estimate::per_unit(rounds, seconds, 0)
}

/// Runs `table`: the library picks the study ([`TableRequest::route`]).
pub fn run(args: TableArgs) -> Result<(), CliError> {
    let rules = args.rules.load()?;
    match request(&args).route(&rules).map_err(refusal)? {
        TableRoute::Info => return table_info_out::run(&args, rules),
        TableRoute::StrategicCounting => return table_counting_out::run(&args),
        TableRoute::Strategic => return table_dealer_out::run(&args),
        TableRoute::Equilibrium => return table_eq_out::run(&args),
        TableRoute::Fixed => {}
    }
    let players = args.players.unwrap_or(rules.table.players);
    let threads = args.threads.unwrap_or(0);
    let rounds = args.rounds.unwrap_or(1_000_000);
    admit(
        &format!("--rounds {rounds}"),
        &fixed_table_estimate(rounds, usize::from(players), args.compare_reveal),
        threads,
        args.allow_long,
        args.quiet,
    )?;
    let table = CompiledRules::compile(rules.clone());
    let player = player_strategy(&args.strategy, &table, args.quiet)?;
    let params = TableParams {
        players: usize::from(players),
        rounds,
        seed: args.seed,
        threads,
        progress: !args.quiet,
    };
    let result =
        simulate_table(&table, &player, &params).map_err(|e| CliError::input(e.to_string()))?;
    let reveal_gain = if args.compare_reveal {
        let with = |policy| {
            let mut r = rules.clone();
            r.dealer.fixed.reveal = policy;
            CompiledRules::compile(r)
        };
        let (off, on) = (with(RevealPolicy::Off), with(RevealPolicy::On));
        let (p_off, p_on) = (
            player_strategy(&args.strategy, &off, args.quiet)?,
            player_strategy(&args.strategy, &on, args.quiet)?,
        );
        let effort = Effort {
            table_rounds: rounds,
            sessions: 1,
            seed: args.seed,
            threads,
        };
        let sizes: Vec<usize> = (1..=MAX_PLAYERS).collect();
        Some(
            reveal_gain_rows((&off, &p_off), (&on, &p_on), &sizes, effort)
                .map_err(|e| CliError::input(e.to_string()))?,
        )
    } else {
        None
    };
    let report = Report {
        rules_file: args.rules.file(),
        strategy: args.strategy.clone(),
        result,
        reveal_gain,
        deck_refresh_note: crate::cli::banluck::solve::refresh_note(&table),
    };
    args.print(&report, human)
}

/// The readable report.
fn human(report: &Report) -> String {
    let r = &report.result;
    let s = &r.stats;
    let mut out = format!(
        "{} rounds of {} player{} ({}; rules hash {}), strategy {} against the fixed dealer\n",
        s.rounds,
        s.players,
        if s.players == 1 { "" } else { "s" },
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        r.rules_hash,
        report.strategy
    );
    out += &format!(
        "seed {}, {} threads, {:.2} s, {:.1} million player-hands/s\n\n",
        r.seed,
        r.threads,
        r.seconds,
        r.player_hands_per_second / 1e6
    );
    out += &format!(
        "{:<6}  {:>10}  {:>9}  {:>8}\n",
        "seat", "EV/hand", "std err", "std dev"
    );
    for (i, seat) in s.seats.iter().enumerate() {
        out += &format!(
            "{:<6}  {:>+10.5}  {:>9.5}  {:>8.4}\n",
            i + 1,
            seat.mean,
            seat.std_error,
            seat.std_dev
        );
    }
    out += &format!(
        "{:<6}  {:>+10.5}  {:>9.5}  {:>8.4}   (sum of the seats per round)\n",
        "table", s.table.mean, s.table.std_error, s.table.std_dev
    );
    out += &format!(
        "dealer gain per round per player {:+.5}\n",
        s.dealer_gain_per_player()
    );
    if let Some(note) = &report.deck_refresh_note {
        out += &format!("note: {note}\n");
    }
    if let Some(rows) = &report.reveal_gain {
        out += "\nselective reveal (dealer.fixed.reveal on against off), same seed and rounds:\n";
        out += &format!(
            "{:>7}  {:>11}  {:>11}  {:>14}  {:>14}  {:>9}\n",
            "players", "table EV off", "table EV on", "dealer gain/rd", "gain/player", "std err"
        );
        for row in rows {
            out += &format!(
                "{:>7}  {:>+11.5}  {:>+11.5}  {:>+14.5}  {:>+14.5}  {:>9.5}\n",
                row.players,
                row.table_ev_off,
                row.table_ev_on,
                row.dealer_gain_per_round,
                row.dealer_gain_per_player,
                row.std_error
            );
        }
    }
    out
}
