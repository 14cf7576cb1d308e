//! What counting is worth to the dealer: the counting dealer valued beside
//! the strategic dealer on the same fresh rounds, and played card by card.

use serde::Serialize;

use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::sim::{Estimate, RunParams};

use super::super::evaluate::{POLICIES, PolicyEvaluator};
use super::super::nodes::DealerNodes;
use super::super::policy::TablePolicy;
use super::super::respond::{CHUNK_ROUNDS, FRESH_STREAM, best_response};
use super::super::result::{DealerValue, Gain, TableDealerError, TableDealerParams};
use super::super::seats::{SeatSampler, enumerate_one_seat};
use super::posterior::Posterior;
use super::simulate::CountingSim;
use super::value::{CountTally, Counter, FreshCounting, Valuer};

/// What counting the revealed and settled cards is worth to the dealer.
#[derive(Debug, Clone, Serialize)]
pub struct CountingSolution {
    /// Seats at the table.
    pub players: usize,
    /// `exact` (one seat) or `sampled`.
    pub method: &'static str,
    /// Hash of the rules.
    pub rules_hash: String,
    /// The parameters (1a's: the same rounds and seed).
    pub params: TableDealerParams,
    /// 1a's strategic dealer on these rounds.
    pub strategic: DealerValue,
    /// 1a's strategic dealer without the reveal on these rounds.
    pub strategic_no_reveal: DealerValue,
    /// The counting dealer.
    pub counting: DealerValue,
    /// Counting minus 1a's strategic dealer: what the count is worth.
    pub count_gain: Gain,
    /// The reveal option's worth to the counting dealer: counting minus
    /// 1a's strategic dealer without the reveal.
    pub counting_reveal_gain: Gain,
    /// The reveal option's worth to 1a's strategic dealer (as 1a reports).
    pub reveal_gain: Gain,
    /// Probability per round that the dealer reveals with seats left open
    /// (the only rounds the count can change).
    pub reveal_with_open_seats: f64,
    /// Reveals with seats open decided on the exact posterior.
    pub exact_decisions: u64,
    /// Those decided on sampled posterior draws (more than
    /// [`EXACT_OPEN_SEATS`](super::EXACT_OPEN_SEATS) open seats).
    pub sampled_decisions: u64,
    /// Wall-clock seconds, 1a's solve included.
    pub seconds: f64,
    /// 1a's strategic policy, which the counting dealer plays before a
    /// reveal.
    #[serde(skip)]
    pub policy: TablePolicy,
}

/// The counting dealer at a table of `params.players` seats playing
/// `player`: solves 1a's strategic dealer (`best_response`, same
/// parameters), then values the counting dealer on 1a's fresh rounds.
pub fn counting_gain(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &TableDealerParams,
) -> Result<CountingSolution, TableDealerError> {
    let started = std::time::Instant::now();
    let solved = best_response(table, player, params)?;
    let players = params.players;
    let exact = players == 1;
    let nodes = DealerNodes::new(table);
    let fixed_off = TablePolicy::fixed(table, &nodes, RevealPolicy::Off);
    let fixed_on = TablePolicy::fixed(table, &nodes, RevealPolicy::On);
    let policies: [&TablePolicy; POLICIES] = [
        &fixed_off,
        &fixed_on,
        &solved.policy_no_reveal,
        &solved.policy,
    ];
    let valuer = Valuer {
        evaluator: PolicyEvaluator::new(table, &nodes, policies, players),
        counter: Counter {
            table,
            nodes: &nodes,
            posterior: Posterior::new(table, player),
            policy: &solved.policy,
            players,
        },
    };
    let tally: CountTally = if exact {
        valuer.value_all(&enumerate_one_seat(table, player), params.seed)
    } else {
        let plan = Plan::new(table, player, &DealerStrategy::fixed(table))
            .map_err(|e| TableDealerError::Params(e.to_string()))?;
        let fresh = FreshCounting {
            sampler: SeatSampler::new(table, plan, players),
            valuer,
        };
        let run = RunParams {
            rounds: params.fresh_rounds,
            chunk: CHUNK_ROUNDS,
            seed: params.seed ^ FRESH_STREAM,
            threads: params.threads,
            progress: params.progress,
        };
        crate::sim::run(&fresh, &run)
            .map_err(|e| TableDealerError::Params(e.to_string()))?
            .tally
    };
    let seats = players as f64;
    let base = &tally.base;
    let value = |(sum, squares): (f64, f64)| {
        let per_round = base.estimate(sum, squares, exact);
        DealerValue {
            per_round,
            per_seat: per_round.mean / seats,
            per_seat_std_error: per_round.std_error / seats,
        }
    };
    let gain = |(sum, squares): (f64, f64)| {
        let e = base.estimate(sum, squares, exact);
        Gain {
            per_round: e.mean,
            per_seat: e.mean / seats,
            std_error: e.std_error,
        }
    };
    let at = |p: usize| (base.sums[p], base.squares[p]);
    Ok(CountingSolution {
        players,
        method: if exact { "exact" } else { "sampled" },
        rules_hash: table.hash().to_string(),
        params: params.clone(),
        strategic: value(at(POLICIES - 1)),
        strategic_no_reveal: value(at(POLICIES - 2)),
        counting: value(tally.counting),
        count_gain: gain(tally.over_strategic),
        counting_reveal_gain: gain(tally.over_no_reveal),
        reveal_gain: solved.reveal_gain,
        reveal_with_open_seats: tally.reveals / base.weight,
        exact_decisions: tally.decisions.0,
        sampled_decisions: tally.decisions.1,
        seconds: started.elapsed().as_secs_f64(),
        policy: solved.policy,
    })
}

/// Plays the counting dealer (1a's `policy` before a reveal) card by card
/// against `players` seats playing `player` for `run.rounds` rounds: the
/// dealer's mean gain per round with its standard error.
pub fn simulate_counting(
    table: &CompiledRules,
    player: &PlayerStrategy,
    policy: &TablePolicy,
    players: usize,
    run: &RunParams,
) -> Result<Estimate, TableDealerError> {
    let nodes = DealerNodes::new(table);
    let plan = Plan::new(table, player, &DealerStrategy::fixed(table))
        .map_err(|e| TableDealerError::Params(e.to_string()))?;
    let sim = CountingSim {
        sampler: SeatSampler::new(table, plan, players),
        counter: Counter {
            table,
            nodes: &nodes,
            posterior: Posterior::new(table, player),
            policy,
            players,
        },
    };
    let (n, sum, squares) = crate::sim::run(&sim, run)
        .map_err(|e| TableDealerError::Params(e.to_string()))?
        .tally;
    Ok(Estimate::from_sums(n as f64, sum, squares))
}
