//! [`solve_table`]: the table equilibrium and its NashConv, estimated on
//! fresh rounds: the dealer's best-response gain against the seats'
//! average strategy, plus K times one seat's best-reply gain against the
//! others and the average dealer, each paired on common rounds.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::cards::CompId;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::seats::enumerate_one_seat;
use crate::games::banluck::table::dealer::{
    CHUNK_ROUNDS, FRESH_STREAM, RevealRow, TableDealerParams, best_response,
};
use crate::sim::{Estimate, RunParams};

use super::check::{TableEqError, check_table};
use super::dealer_mix::{MixedDealer, Work};
use super::measure::{DealerRounds, best_of, reveal_rows};
use super::own::OwnHands;
use super::reply::{ReplyParams, SeatReply, reply_to};
use super::solver::{Effort, iterate};

/// XORed into the seed for the measurement's streams.
const MEASURE_STREAM: u64 = 0x2545_f491_4f6c_dd1d;

/// What to solve and how hard to sample.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEqParams {
    /// Seats at the table, 1..=7.
    pub players: usize,
    /// MCCFR iterations.
    pub iterations: u32,
    /// Rounds of the other seats per iteration (the seats' regrets; each
    /// is valued over all of one seat's hands). One seat is exact.
    pub seat_rounds: u64,
    /// Rounds of the whole table per iteration (the dealer's regrets). One
    /// seat is exact.
    pub dealer_rounds: u64,
    /// Rounds the dealer's best response is chosen on and valued on.
    pub br_rounds: u64,
    /// Rounds the seat's best reply is chosen on and valued on.
    pub reply_rounds: u64,
    /// The seed: the same seed gives the same numbers on any thread count.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show progress bars on stderr while measuring.
    pub progress: bool,
}

/// The table equilibrium and its NashConv.
#[derive(Debug, Clone, Serialize)]
pub struct TableEquilibrium {
    /// Seats at the table.
    pub players: usize,
    /// `exact` (one seat: every iteration and measure exact) or `sampled`.
    pub method: &'static str,
    /// Hash of the rules.
    pub rules_hash: String,
    /// The parameters.
    pub params: TableEqParams,
    /// A seat's value per round (player units; every seat the same).
    pub value_per_seat: Estimate,
    /// The dealer's value per round against all seats (the best reply's
    /// rounds give `value_per_seat`; these are the dealer's rounds).
    pub dealer_value_per_round: Estimate,
    /// The dealer's best-response gain per round (paired).
    pub dealer_gain: Estimate,
    /// One seat's best-reply gain per round (paired).
    pub seat_gain: Estimate,
    /// NashConv per seat: (dealer gain + K × seat gain) / K, both gains
    /// valued on fresh rounds (a best response chosen on sampled rounds
    /// falls short of the exact one there: biased low).
    pub nash_conv_per_seat: f64,
    /// Its standard error.
    pub nash_conv_std_error: f64,
    /// The dealer's best-response gain on the rounds it was chosen on
    /// (biased high).
    pub dealer_gain_in_sample: f64,
    /// NashConv per seat from both in-sample gains (biased high): with
    /// `nash_conv_per_seat`, a bracket.
    pub nash_conv_in_sample_per_seat: f64,
    /// The hard 15s the dealer surrenders, with the probability.
    pub surrenders: Vec<(String, f64)>,
    /// The dealer's reveal frequencies.
    pub reveal_policy: Vec<RevealRow>,
    /// The seat's best reply to the equilibrium (its deviations are where
    /// the average strategy is still beaten).
    pub seat_reply: SeatReply,
    /// Seconds iterating.
    pub solve_seconds: f64,
    /// Seconds measuring NashConv.
    pub measure_seconds: f64,
    /// The seats' average strategy.
    #[serde(skip)]
    pub player: PlayerStrategy,
    /// The dealer's average strategy.
    #[serde(skip)]
    pub dealer: MixedDealer,
}

/// Solves the table of `params.players` seats and measures NashConv.
pub fn solve_table(
    table: &CompiledRules,
    params: &TableEqParams,
) -> Result<TableEquilibrium, TableEqError> {
    let k = params.players;
    check_table(table, k, &PlayerStrategy::stand_everywhere(table))?;
    let exact = k == 1;
    if params.iterations == 0
        || (!exact && (params.seat_rounds == 0 || params.dealer_rounds == 0))
        || (!exact && (params.br_rounds < 2 || params.reply_rounds < 2))
    {
        return Err(TableEqError::Params(
            "the table equilibrium needs at least 1 iteration, 1 seat round and 1 dealer round per iteration, and 2 rounds for each best response"
                .into(),
        ));
    }
    let started = Instant::now();
    let nodes = DealerNodes::new(table);
    let own = OwnHands::new(table);
    let effort = Effort {
        players: k,
        iterations: params.iterations,
        seat_rounds: params.seat_rounds,
        dealer_rounds: params.dealer_rounds,
        seed: params.seed,
        threads: params.threads,
    };
    let averages = iterate(table, &nodes, &own, &effort)?;
    let solve_seconds = started.elapsed().as_secs_f64();
    let measured = Instant::now();
    let (player, dealer) = (averages.player, averages.dealer);
    let seed = params.seed ^ MEASURE_STREAM;
    let reply = reply_to(
        table,
        k,
        &player,
        &nodes,
        &dealer,
        &ReplyParams {
            rounds: params.reply_rounds,
            fresh_rounds: params.reply_rounds,
            seed,
            threads: params.threads,
            progress: params.progress,
        },
    )?;
    let br = best_response(
        table,
        &player,
        &TableDealerParams {
            players: k,
            rounds: params.br_rounds,
            fresh_rounds: 2,
            seed,
            threads: params.threads,
            progress: params.progress,
        },
    )
    .map_err(|e| TableEqError::Params(e.to_string()))?;
    let best = best_of(&nodes, &br);
    let rounds = DealerRounds {
        table,
        nodes: &nodes,
        plan: Plan::new(table, &player, &DealerStrategy::fixed(table))
            .map_err(|e| TableEqError::Params(e.to_string()))?,
        best: &best,
        average: &dealer,
        players: k,
    };
    let (tally, in_sample) = if exact {
        let mut tally = DealerRounds::empty_tally();
        let mut work = Work::new(nodes.moves.len());
        for round in enumerate_one_seat(table, &player) {
            rounds.add(&round, &mut work, &mut tally);
        }
        let gain = tally.gain.estimate(true).mean;
        (tally, gain)
    } else {
        // The best response's own training rounds: the same sampler, seed
        // and chunks as `table::dealer::best_response`.
        let run = |seed| RunParams {
            rounds: params.br_rounds,
            chunk: CHUNK_ROUNDS,
            seed,
            threads: params.threads,
            progress: params.progress,
        };
        let failed = |e: crate::sim::ThreadsError| TableEqError::Params(e.to_string());
        let fresh = crate::sim::run(&rounds, &run(seed ^ FRESH_STREAM)).map_err(failed)?;
        let trained = crate::sim::run(&rounds, &run(seed)).map_err(failed)?;
        (fresh.tally, trained.tally.gain.estimate(false).mean)
    };
    let dealer_gain = tally.gain.estimate(exact);
    let seat_gain = reply.gain;
    let kf = k as f64;
    let surrenders = (0..table.compositions().len() as CompId)
        .filter(|&id| nodes.may_surrender[id as usize] && dealer.surrender[id as usize] > 0.0)
        .map(|id| {
            (
                table.compositions().label(id),
                dealer.surrender[id as usize],
            )
        })
        .collect();
    Ok(TableEquilibrium {
        players: k,
        method: if exact { "exact" } else { "sampled" },
        rules_hash: table.hash().to_string(),
        params: params.clone(),
        value_per_seat: reply.value_given,
        dealer_value_per_round: tally.value.estimate(exact),
        dealer_gain,
        seat_gain,
        nash_conv_per_seat: (dealer_gain.mean + kf * seat_gain.mean) / kf,
        nash_conv_std_error: dealer_gain.std_error.hypot(kf * seat_gain.std_error) / kf,
        dealer_gain_in_sample: in_sample,
        nash_conv_in_sample_per_seat: (in_sample + kf * reply.in_sample_gain) / kf,
        surrenders,
        reveal_policy: reveal_rows(&tally),
        seat_reply: reply,
        solve_seconds,
        measure_seconds: measured.elapsed().as_secs_f64(),
        player,
        dealer,
    })
}

/// A hand where two seat strategies differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StrategyDifference {
    /// The hand, e.g. `T6`.
    pub hand: String,
    /// Its total.
    pub total: u8,
    /// Whether it is soft.
    pub soft: bool,
    /// Hit probability in the reference strategy.
    pub reference_hit: f64,
    /// Hit probability in the other.
    pub hit: f64,
    /// Probability per round that a seat playing `hit` holds the hand.
    pub reach: f64,
}

/// The hands (with a choice, reached with probability above `min_reach`)
/// where `strategy` hits with a probability more than `threshold` away
/// from `reference`'s, most reached first.
pub fn differences(
    table: &CompiledRules,
    reference: &PlayerStrategy,
    strategy: &PlayerStrategy,
    threshold: f64,
    min_reach: f64,
) -> Vec<StrategyDifference> {
    let own = OwnHands::new(table);
    let reach = super::reply::reach(table, strategy);
    let mut out: Vec<StrategyDifference> = own
        .hands
        .iter()
        .copied()
        .filter(|&h| {
            let (a, b) = (
                reference.hit_probability(h, None),
                strategy.hit_probability(h, None),
            );
            own.free[h as usize] && (a - b).abs() > threshold && reach[h as usize] > min_reach
        })
        .map(|h| {
            let v = table.hand(h);
            StrategyDifference {
                hand: table.compositions().label(h),
                total: v.total,
                soft: v.soft,
                reference_hit: reference.hit_probability(h, None),
                hit: strategy.hit_probability(h, None),
                reach: reach[h as usize],
            }
        })
        .collect();
    out.sort_by(|a, b| b.reach.total_cmp(&a.reach));
    out
}
