//! `banluck-lab baccarat count`: the simulated side-bet count study.

use std::path::PathBuf;

use clap::Args;

use crate::cli::CliError;
use crate::cli::baccarat::rules_args::{DecksArg, load};
use crate::cli::common_args::admit;
use crate::games::baccarat::counting::{
    BetCount, BettorFigures, CHUNK_SHOES, CountParams, CountTally, count_study,
};
use crate::guard::Estimate;
use crate::guard::calibration::BACCARAT_SECONDS_PER_COUNT_SHOE;
use crate::sim::RunParams;

/// Arguments of `baccarat count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// A baccarat rules file (default: the built-in EZ Baccarat rules).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Override a rule key, e.g. --set shoe.cut_card=20 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = crate::cli::parse_override)]
    pub overrides: Vec<crate::rules::Override>,
    /// `--decks`.
    #[command(flatten)]
    pub decks: DecksArg,
    /// Shoes to deal; each hand costs one exact analysis (about 0.3 ms), so 1000 eight-deck shoes take about 15 s on 2 cores.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=crate::limits::MAX_ROUNDS))]
    pub shoes: u64,
    /// The seed: the same seed gives the same figures on any number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: all cores; at most 4 per core).
    #[arg(long, value_parser = crate::guard::parse_threads)]
    pub threads: Option<usize>,
    /// Run even when the estimate is above 4 hours of CPU time.
    #[arg(long)]
    pub allow_long: bool,
    /// Bet Dragon 7 from this true count (default: derived from the effects of removal).
    #[arg(long, value_name = "X", value_parser = parse_trigger, allow_hyphen_values = true)]
    pub trigger_dragon: Option<f64>,
    /// Bet Panda 8 from this true count (default: derived from the effects of removal).
    #[arg(long, value_name = "X", value_parser = parse_trigger, allow_hyphen_values = true)]
    pub trigger_panda: Option<f64>,
    /// Print nothing but errors: no progress bar, no notes, no text report (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// A trigger: a finite true count.
fn parse_trigger(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{text}` is not a true count (a finite number, e.g. 4 or -1.5)"))
}

/// Runs `baccarat count`.
pub fn run(args: &CountArgs) -> Result<(), CliError> {
    let threads = args.threads.unwrap_or(0);
    let held = crate::sim::held_bytes(
        &RunParams {
            rounds: args.shoes,
            chunk: CHUNK_SHOES,
            seed: args.seed,
            threads,
            progress: false,
        },
        std::mem::size_of::<CountTally>() as u64,
    );
    let estimate = Estimate::new(args.shoes as f64 * BACCARAT_SECONDS_PER_COUNT_SHOE, held);
    let what = format!("--shoes {}", args.shoes);
    admit(&what, &estimate, threads, args.allow_long, args.quiet)?;
    let mut rules = load(args.rules.as_deref(), &args.overrides)?;
    args.decks.apply(&mut rules)?;
    let params = CountParams {
        shoes: args.shoes,
        seed: args.seed,
        threads,
        progress: !args.quiet,
        triggers: [args.trigger_dragon, args.trigger_panda],
    };
    let result = count_study(&rules, &params).map_err(CliError::input)?;
    if args.json {
        let text =
            serde_json::to_string_pretty(&result).map_err(|e| CliError::internal(e.to_string()))?;
        println!("{text}");
        return Ok(());
    }
    if args.quiet {
        return Ok(());
    }
    println!(
        "EZ Baccarat side-bet count: {} decks, {} shoes, {} hands ({:.1} per shoe), seed {}, {} threads, {:.1} s",
        result.decks,
        result.shoes,
        result.hands,
        result.hands_per_shoe,
        result.seed,
        result.threads,
        result.seconds
    );
    for bet in &result.bets {
        print_bet(bet);
    }
    Ok(())
}

fn print_bet(bet: &BetCount) {
    let s = &bet.system;
    println!();
    println!(
        "{}: tags {:?} (values 0-9), full-shoe EV {:+.5}, {:+.5} per true count, trigger {:+.1}; betting every hand {:+.5}",
        s.bet.name(),
        s.tags,
        s.full_shoe_ev,
        s.ev_per_true_count,
        s.trigger,
        bet.flat_edge
    );
    println!(
        "{:<9} {:>8} {:>17} {:>10} {:>7} {:>18} {:>18}",
        "bettor", "bet %", "edge ± se", "exact EV", "z", "won/shoe ± se", "EV/shoe ± se"
    );
    let row = |name: &str, f: &BettorFigures| {
        println!(
            "{name:<9} {:>7.2}% {:>+9.4} ± {:<5.4} {:>+10.4} {:>+7.2} {:>+9.4} ± {:<6.4} {:>+9.4} ± {:<6.4}",
            100.0 * f.share_bet,
            f.edge,
            f.edge_std_error,
            f.mean_exact_ev,
            f.z_edge_vs_exact,
            f.units_per_shoe,
            f.units_per_shoe_std_error,
            f.ev_per_shoe,
            f.ev_per_shoe_std_error
        );
    };
    row("counter", &bet.counter);
    row("perfect", &bet.perfect);
    println!(
        "perfect − counter per shoe: won {:+.4} ± {:.4}, EV {:+.4} ± {:.4}",
        bet.gap_per_shoe,
        bet.gap_per_shoe_std_error,
        bet.gap_ev_per_shoe,
        bet.gap_ev_per_shoe_std_error
    );
    println!("{:>6} {:>9} {:>12}", "TC ≥", "hands", "mean EV");
    for b in bet.by_true_count.iter().filter(|b| b.hands > 0) {
        println!(
            "{:>+6} {:>9} {:>+12.5}",
            b.true_count, b.hands, b.mean_exact_ev
        );
    }
}
