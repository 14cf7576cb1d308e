//! `banluck-lab count`: the counting study at a table dealt through
//! several rounds (the library's [`crate::games::banluck::counting`]).

use clap::Args;
use serde::Serialize;

use crate::cli::CliError;
use crate::cli::banluck::simulate_args::parse_hands;
use crate::cli::banluck::table_strategy::{STRATEGY_HELP, player_strategy};
use crate::cli::common_args::{RulesArgs, WorkArgs, reword};
use crate::games::banluck::counting::{
    Bettor, CountParams, CountResult, DeckRecord, EDGE_PER_UNIT, MAX_BET, count_study,
};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::guard::Estimate;
use crate::guard::calibration::BANLUCK_SECONDS_PER_COUNT_ROUND;
use crate::lab::pick_file;
use crate::rules::{GameKind, load_layered_text};
use crate::rules::{Override, Refresh};

/// Arguments of `count`.
#[derive(Debug, Args)]
#[command(mut_args(reword(
    "overrides",
    "Override a rule key, e.g. --set 'deck.refresh={rounds=3}' (repeatable)"
)))]
pub struct CountArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Deal rounds until this share of the deck is gone (0 < p < 1): sets
    /// deck.refresh = { penetration = p } (default: the rules' deck.refresh).
    #[arg(long, value_name = "P")]
    pub penetration: Option<f64>,
    /// Seats at the table, 1..7; the counter sits in seat 1 (default 1).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=7))]
    pub players: u8,
    /// Every seat's playing strategy.
    #[arg(long, value_name = STRATEGY_HELP, default_value = "chart")]
    pub strategy: String,
    /// Rounds to play, e.g. 1e5 (whole decks: a few more may be played).
    #[arg(long, default_value = "100000", value_parser = parse_hands)]
    pub rounds: u64,
    /// The chance that a round is solved by the exact partial-deck DP
    /// (about 33 ms a call on a loaded machine), 0..1.
    #[arg(long, default_value_t = 0.01)]
    pub exact_share: f64,
    /// The chance that a round whose first-order EV is above -2 % (near
    /// or above break-even) is solved, 0..1.
    #[arg(long, default_value_t = 0.05)]
    pub edge_share: f64,
    /// The seed: the same seed gives the same figures on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `--threads` and `--quiet`.
    #[command(flatten)]
    pub work: WorkArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// What `--json` prints.
#[derive(Serialize)]
struct Report {
    rules_file: Option<String>,
    strategy: String,
    #[serde(flatten)]
    result: CountResult,
}

/// Runs `count`.
pub fn run(args: CountArgs) -> Result<(), CliError> {
    let mut overrides = args.rules.overrides.clone();
    if let Some(p) = args.penetration {
        overrides.push(Override {
            key: "deck.refresh".into(),
            value: format!("{{ penetration = {p} }}"),
        });
    }
    // Every deck dealt keeps a record: at most one a round.
    let record = std::mem::size_of::<DeckRecord>() as u64;
    args.work.admit(
        &format!("--rounds {}", args.rounds),
        &Estimate::per_unit(args.rounds, BANLUCK_SECONDS_PER_COUNT_ROUND, record),
    )?;
    let (_, text) = pick_file(args.rules.path(), &[GameKind::Banluck])?;
    let rules: RuleSet = load_layered_text(text.as_ref(), &overrides)?;
    if rules.deck.infinite {
        return Err(CliError::input(
            "count: deck.infinite = true has no cards to count; use a finite deck",
        ));
    }
    let table = CompiledRules::compile(rules);
    let player = player_strategy(&args.strategy, &table, args.work.quiet)?;
    if !args.work.quiet {
        eprintln!("deriving the count from the exact effects of removal ...");
    }
    let params = CountParams {
        players: usize::from(args.players),
        rounds: args.rounds,
        exact_share: args.exact_share,
        edge_share: args.edge_share,
        seed: args.seed,
        threads: args.work.threads(),
        progress: args.work.progress(),
    };
    let result =
        count_study(&table, &player, &params).map_err(|e| CliError::input(e.to_string()))?;
    let report = Report {
        rules_file: args.rules.file(),
        strategy: args.strategy.clone(),
        result,
    };
    if args.json {
        let text =
            serde_json::to_string_pretty(&report).map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
    } else if !args.work.quiet {
        print!("{}", human(&report, table.rules().deck.refresh));
    }
    Ok(())
}

fn bettor_line(name: &str, b: &Bettor) -> String {
    format!(
        "{name:<28} {:>+9.3} ± {:<7.3} {:>+9.5} ± {:<8.5} {:>6.3}\n",
        b.per_100_rounds.mean,
        b.per_100_rounds.std_error,
        b.per_unit_bet.mean,
        b.per_unit_bet.std_error,
        b.mean_bet
    )
}

/// The readable report.
fn human(report: &Report, refresh: Refresh) -> String {
    let r = &report.result;
    let f = &r.figures;
    let s = &r.system;
    let mut out = format!(
        "{} rounds in {} decks, {} seat{} (counter in seat 1), deck.refresh = {} ({}; rules hash {})\n",
        f.rounds,
        f.decks,
        r.players,
        if r.players == 1 { "" } else { "s" },
        refresh.describe(),
        report
            .rules_file
            .as_deref()
            .unwrap_or("the canonical rules"),
        r.rules_hash
    );
    out += &format!(
        "every seat plays {}; seed {}, {} threads, {:.1} s\n",
        report.strategy, r.seed, r.threads, r.seconds
    );
    out += &format!(
        "count tags 2..9,T,A {:?}; EV of a full deck {:+.5}; the count's edge is positive from TC {:+.1}\n",
        s.tags, s.ev_full, s.trigger
    );
    out += &format!(
        "ramp: 1 unit while the count's edge is <= 0, then +1 unit per {:.1} % of edge, at most {MAX_BET}\n\n",
        EDGE_PER_UNIT * 100.0
    );
    out += &format!(
        "{:<28} {:>21} {:>22} {:>6}\n",
        "played, seat 1 on the chart", "units / 100 rounds", "per unit bet", "bet"
    );
    out += &bettor_line("flat bettor (1 unit)", &f.flat);
    out += &bettor_line("the ramp's bets", &f.spread);
    out += &format!(
        "gain of the spread alone per unit bet {:+.5} ± {:.5}\n",
        f.gain_per_unit_bet.mean, f.gain_per_unit_bet.std_error
    );
    out += &format!(
        "share of rounds at a positive edge: {:.3} % (first order, every round); above the screen: {:.3} %\n\n",
        100.0 * f.share_positive_linear,
        100.0 * f.share_screened
    );
    out += &format!(
        "exact DP on {} solved rounds (chance {}, {} above the screen): positive edge {:.3} % ± {:.3} %, sign of the first-order estimate right {:.2} %\n",
        f.exact_rounds,
        r.exact_share,
        r.edge_share,
        100.0 * f.share_positive_exact.mean,
        100.0 * f.share_positive_exact.std_error,
        100.0 * f.sign_agreement
    );
    out += &format!(
        "{:<28} {:>21} {:>22} {:>6}\n",
        "expected win", "units / 100 rounds", "per unit bet", "bet"
    );
    out += &bettor_line("flat, full deck's optimum", &f.exact_base);
    out += &bettor_line("flat, each deck's optimum", &f.exact_flat);
    out += &bettor_line("counter (ramp, optimum)", &f.exact_counter);
    out += &bettor_line("perfect information", &f.exact_perfect);
    out += &format!(
        "gain over the flat bettor per 100 rounds: counter {:+.3} ± {:.3} (of which the play {:+.3} ± {:.3}), perfect information {:+.3} ± {:.3}\n",
        f.exact_counter_gain_per_100.mean,
        f.exact_counter_gain_per_100.std_error,
        f.exact_play_gain_per_100.mean,
        f.exact_play_gain_per_100.std_error,
        f.exact_perfect_gain_per_100.mean,
        f.exact_perfect_gain_per_100.std_error
    );
    out += &format!(
        "the counter's rounds played out on the optimum: minus the exact win {:+.3} ± {:.3}, minus the chart {:+.3} ± {:.3} per 100 rounds\n",
        f.played_minus_exact_per_100.mean,
        f.played_minus_exact_per_100.std_error,
        f.played_play_gain_per_100.mean,
        f.played_play_gain_per_100.std_error
    );
    if f.share_short > 0.0 {
        out += &format!(
            "{:.3} % of rounds start with too few cards for the DP and are not solved\n",
            100.0 * f.share_short
        );
    }
    if f.run_out_share > 0.0 {
        out += &format!(
            "the stub ran out (discards reshuffled) in {:.3} % of rounds; the spread's gain per unit bet by where:\n",
            100.0 * f.run_out_share
        );
        for split in &f.by_run_out {
            out += &format!(
                "  {:<14} {:>7.3} % of rounds, mean bet {:.3}, gain {:+.5} ± {:.5}\n",
                split.class,
                100.0 * split.share,
                split.mean_bet,
                split.gain_per_unit_bet.mean,
                split.gain_per_unit_bet.std_error
            );
        }
    }
    out
}
