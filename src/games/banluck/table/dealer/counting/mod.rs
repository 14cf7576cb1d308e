//! The counting dealer (issue 18, item 1's last gap): item 1a's strategic
//! dealer that also uses the cards a reveal shows.
//!
//! **What the dealer sees, and when** (canonical rules, sections 4–6).
//! Before the seats act it sees its own two cards only (the hard-15
//! surrender is decided there). While the seats act, it sees every hand
//! that is settled in the open: a seat's Ban Ban or Ban Luck turned over at
//! the deal, a bust paid at once, 777, an immediate five-card hand; and it
//! learns every seat's card count (five-card hands are announced). When it
//! reveals, it turns over every open seat holding 3+ cards and sees them.
//! From then on it knows every card on the table except the open two-card
//! seats' (each of which stood on two cards), and its own next cards.
//!
//! **The decisions.** Before a reveal the counting dealer plays 1a's
//! strategic policy unchanged (keyed by its cards and the seats' counts;
//! the settled seats' exact cards are not used there). After revealing at
//! composition `c` it chooses hit or stand at every composition it can
//! reach by the exact argmax of its expected gain over the open seats,
//! given its own cards, the revealed and settled seats' exact cards and
//! the number of open seats: the open seats' hands are weighted by their
//! exact posterior (see `posterior`: the strategy's probability of
//! standing on each, card removal through falling factorials), and its
//! own draws are integrated exactly over the cards it has not seen. This
//! is the Bayes-optimal after-reveal play for that information, so it is
//! never worse in expectation than 1a's after-reveal play, which keys on
//! the counts only.
//!
//! **Exactness.** The posterior is enumerated exactly for up to
//! [`EXACT_OPEN_SEATS`] open seats (at most 53 two-card hands, 1,431 unordered
//! pairs); with more, each decision uses [`POSTERIOR_SAMPLES`] weighted
//! draws (sequential importance sampling), so it is a slightly noisy
//! argmax and its value a lower bound on the exact counting dealer's. One
//! seat leaves nobody open after a reveal, so at K = 1 the count is worth
//! exactly zero.
//!
//! **Valuation** (see `value`): on 1a's fresh rounds (same seed, same
//! chunks), paired with 1a's four policies; the dealer's path to the
//! reveal is sampled once per round, the after-reveal plays are valued
//! exactly. `simulate` plays the counting dealer card by card to check it.

mod posterior;
mod simulate;
mod value;

use serde::Serialize;

pub use posterior::{EXACT_OPEN_SEATS, POSTERIOR_SAMPLES, Posterior};

use super::evaluate::{POLICIES, PolicyEvaluator};
use super::nodes::DealerNodes;
use super::policy::TablePolicy;
use super::seats::{SeatSampler, enumerate_one_seat};
use super::{
    CHUNK_ROUNDS, DealerValue, FRESH_STREAM, Gain, TableDealerError, TableDealerParams,
    best_response,
};
use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::sim::{Estimate, RunParams};
use simulate::CountingSim;
use value::{CountTally, Counter, FreshCounting, Valuer};

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
    /// [`EXACT_OPEN_SEATS`] open seats).
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
