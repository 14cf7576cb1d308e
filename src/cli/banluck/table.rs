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
use crate::games::banluck::rotation::{Effort, RevealGainRow, reveal_gain_rows};
use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::table::play::{MAX_PLAYERS, TableParams, TableResult, simulate_table};

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

/// Runs `table`.
pub fn run(args: TableArgs) -> Result<(), CliError> {
    if args.dealer != DealerKind::Fixed {
        let rules = args.rules.load()?;
        if !rules.deck.refresh.is_every_round() {
            return Err(CliError::input(format!(
                "deck.refresh = {}: the strategic and equilibrium dealers are solved on fresh decks; a deck dealt through several rounds runs with the fixed dealer (--dealer fixed)",
                rules.deck.refresh.describe()
            )));
        }
    }
    if args.info {
        return table_info_out::run(&args);
    }
    if args.dealer == DealerKind::Strategic {
        if args.count_revealed {
            return table_counting_out::run(&args);
        }
        return table_dealer_out::run(&args);
    }
    if args.count_revealed {
        return Err(CliError::input(
            "--count-revealed needs --dealer strategic (the dealer that counts is the strategic one)",
        ));
    }
    if args.dealer == DealerKind::Equilibrium {
        return table_eq_out::run(&args);
    }
    if args.iterations.is_some() {
        return Err(CliError::input(
            "--iterations needs --dealer equilibrium (the only dealer that iterates)",
        ));
    }
    if args.fresh_rounds.is_some() {
        return Err(CliError::input(
            "--fresh-rounds needs --dealer strategic (the fixed dealer is simulated, not solved)",
        ));
    }
    let rules = args.rules.load()?;
    let players = args.players.unwrap_or(rules.table.players);
    let table = CompiledRules::compile(rules.clone());
    let player = player_strategy(&args.strategy, &table, args.quiet)?;
    let threads = args.threads.map_or(0, usize::from);
    let rounds = args.rounds.unwrap_or(1_000_000);
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
        if !rules.dealer.allow_reveal {
            return Err(CliError::input(
                "--compare-reveal needs rules that allow the reveal (dealer.allow_reveal = true)",
            ));
        }
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
