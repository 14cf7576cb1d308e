//! A seat's best reply at the table (issue 18, item 1b): one seat
//! deviates, the other seats keep the given strategy, the dealer keeps a
//! given table policy. Solved on sampled paths (see `path` and `induce`),
//! valued on fresh paths from another stream.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::cards::{CompId, Rank};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::dealer::FRESH_STREAM;
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::policy::TablePolicy;
use crate::sim::{Estimate, RunParams};

use super::check::{TableEqError, check_table};
use super::dealer_mix::MixedDealer;
use super::fresh::{Fresh, FreshTally, Rounds, Sums, Training};
use super::induce::{Values, best_reply, play};
use super::own::{OwnHands, Payoffs};

/// How much sampling the reply gets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyParams {
    /// Sampled rounds the reply is chosen on.
    pub rounds: u64,
    /// Fresh rounds both strategies are valued on.
    pub fresh_rounds: u64,
    /// The seed: the same seed gives the same numbers on any thread count.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show progress bars on stderr.
    pub progress: bool,
}

/// A hand where the reply differs from the given strategy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Deviation {
    /// The hand, e.g. `T6` or `A45`.
    pub hand: String,
    /// Its cards.
    pub cards: u8,
    /// Its total.
    pub total: u8,
    /// Whether it is soft.
    pub soft: bool,
    /// The given strategy's probability of drawing.
    pub given_hit: f64,
    /// The reply's (0 or 1).
    pub reply_hit: f64,
    /// Hitting (then playing the reply) minus standing, for a seat holding
    /// the hand, on the fresh rounds (paired).
    pub hit_minus_stand: Estimate,
    /// What switching to the reply's action gains there:
    /// `(reply_hit - given_hit) × hit_minus_stand`.
    pub ev_difference: f64,
    /// Probability per round that a seat playing the given strategy holds
    /// the hand with the choice.
    pub reach_given: f64,
    /// The same playing the reply.
    pub reach_reply: f64,
}

/// A seat's best reply and what it gains.
#[derive(Debug, Clone, Serialize)]
pub struct SeatReply {
    /// Seats at the table.
    pub players: usize,
    /// `exact` (one seat) or `sampled` (the other seats sampled).
    pub method: &'static str,
    /// Hash of the rules.
    pub rules_hash: String,
    /// The parameters.
    pub params: ReplyParams,
    /// The seat's value playing the given strategy, per round (every seat
    /// position has the same: see the `own` module).
    pub value_given: Estimate,
    /// The seat's value playing the reply.
    pub value_reply: Estimate,
    /// Reply minus given on the same rounds.
    pub gain: Estimate,
    /// The reply's gain on the rounds it was chosen on (optimistic).
    pub in_sample_gain: f64,
    /// Hands where the reply differs, largest `reach_given` first.
    pub deviations: Vec<Deviation>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The reply.
    #[serde(skip)]
    pub strategy: PlayerStrategy,
}

/// Rounds per chunk of the random streams (each round values every hand
/// of the seat, so chunks are short).
pub const CHUNK: u64 = 16;

/// The best reply of one seat at a table of `players` seats, the others
/// playing `others` and the dealer `dealer` (a table policy: the fixed
/// dealer, [`TablePolicy::fixed_dealer`], or a strategic one). The reply
/// is the same for every seat position (see the `own` module). One seat is
/// exact (no other seats to sample).
pub fn seat_best_reply(
    table: &CompiledRules,
    players: usize,
    others: &PlayerStrategy,
    dealer: &TablePolicy,
    params: &ReplyParams,
) -> Result<SeatReply, TableEqError> {
    let nodes = DealerNodes::new(table);
    let mixed = MixedDealer::of_policy(&nodes, dealer);
    reply_to(table, players, others, &nodes, &mixed, params)
}

/// [`seat_best_reply`] against a dealer that may mix.
pub(super) fn reply_to(
    table: &CompiledRules,
    players: usize,
    others: &PlayerStrategy,
    nodes: &DealerNodes,
    dealer: &MixedDealer,
    params: &ReplyParams,
) -> Result<SeatReply, TableEqError> {
    let started = Instant::now();
    check_table(table, players, others)?;
    let exact = players == 1;
    if !exact && (params.rounds == 0 || params.fresh_rounds < 2) {
        return Err(TableEqError::Params(
            "a seat's reply needs at least 1 round to choose on and 2 fresh rounds to value".into(),
        ));
    }
    let own = OwnHands::new(table);
    let rounds = || -> Result<Rounds<'_>, TableEqError> {
        Ok(Rounds {
            payoffs: Payoffs::new(table, nodes, &own, dealer),
            plan: Plan::new(table, others, &DealerStrategy::fixed(table))
                .map_err(|e| TableEqError::Params(e.to_string()))?,
            others: players - 1,
        })
    };
    let run = |rounds: u64, seed| RunParams {
        rounds: if exact { 1 } else { rounds },
        chunk: CHUNK,
        seed,
        threads: params.threads,
        progress: params.progress,
    };
    let sums = crate::sim::run(&Training(rounds()?), &run(params.rounds, params.seed))
        .map_err(|e| TableEqError::Params(e.to_string()))?
        .tally;
    let mean: Vec<f64> = sums.sum.iter().map(|s| s / sums.rounds as f64).collect();
    let seen: Vec<bool> = sums.fits.iter().map(|&f| f > 0).collect();
    let reply = best_reply(&own, &mean, &seen, others);
    let comps = table.compositions().len();
    let mut values = Values::new(comps);
    let in_sample_given = play(
        &own,
        &mean,
        |h| others.hit_probability(h, None),
        &mut values,
    );
    let in_sample = play(&own, &mean, |h| reply.hit_probability(h, None), &mut values);
    let listed = differing(&own, others, &reply);
    let fresh = Fresh {
        rounds: rounds()?,
        given: others,
        reply: &reply,
        listed: &listed,
    };
    let tally = crate::sim::run(
        &fresh,
        &run(params.fresh_rounds, params.seed ^ FRESH_STREAM),
    )
    .map_err(|e| TableEqError::Params(e.to_string()))?
    .tally;
    let deviations = deviations(table, others, &reply, &listed, &tally);
    Ok(SeatReply {
        players,
        method: if exact { "exact" } else { "sampled" },
        rules_hash: table.hash().to_string(),
        params: params.clone(),
        value_given: estimate(&tally.given),
        value_reply: estimate(&tally.reply),
        gain: estimate(&tally.gain),
        in_sample_gain: in_sample - in_sample_given,
        deviations,
        seconds: started.elapsed().as_secs_f64(),
        strategy: reply,
    })
}

fn estimate(sums: &Sums) -> Estimate {
    Estimate::from_sums(sums.count, sums.sum, sums.squares)
}

/// Hands with a choice where the reply's action has probability below one
/// half under the given strategy.
fn differing(own: &OwnHands, given: &PlayerStrategy, reply: &PlayerStrategy) -> Vec<CompId> {
    own.hands
        .iter()
        .copied()
        .filter(|&h| {
            own.free[h as usize]
                && (reply.hit_probability(h, None) - given.hit_probability(h, None)).abs() > 0.5
        })
        .collect()
}

/// The probability per round that a seat playing `strategy` holds each
/// composition (exact, over its own draws).
pub(super) fn reach(table: &CompiledRules, strategy: &PlayerStrategy) -> Vec<f64> {
    let index = table.compositions();
    let deck = table.deck();
    let none = [0u8; crate::cards::RANK_COUNT];
    let mut reach = vec![0.0; index.len()];
    for start in index.of_size(2) {
        reach[start as usize] = deck.composition_probability(&none, index.counts(start));
    }
    for size in 2..index.max_cards() {
        for hand in index.of_size(size) {
            let here = reach[hand as usize];
            if here == 0.0 {
                continue;
            }
            let hit = if size == 2 && table.hand(hand).class.is_deal_special() {
                0.0
            } else {
                strategy.effective_hit(table, hand, None)
            };
            if hit > 0.0 {
                for rank in Rank::all() {
                    let child = index.child(hand, rank);
                    if child != crate::cards::NO_CHILD {
                        reach[child as usize] +=
                            here * hit * deck.draw_probability(index.counts(hand), rank);
                    }
                }
            }
        }
    }
    reach
}

fn deviations(
    table: &CompiledRules,
    given: &PlayerStrategy,
    reply: &PlayerStrategy,
    hands: &[CompId],
    tally: &FreshTally,
) -> Vec<Deviation> {
    let (reach_given, reach_reply) = (reach(table, given), reach(table, reply));
    let index = table.compositions();
    let mut out: Vec<Deviation> = hands
        .iter()
        .zip(&tally.hands)
        .map(|(&hand, sums)| {
            let value = table.hand(hand);
            let hit_minus_stand = estimate(sums);
            let (g, r) = (
                given.hit_probability(hand, None),
                reply.hit_probability(hand, None),
            );
            Deviation {
                hand: index.label(hand),
                cards: index.size(hand),
                total: value.total,
                soft: value.soft,
                given_hit: g,
                reply_hit: r,
                ev_difference: (r - g) * hit_minus_stand.mean,
                hit_minus_stand,
                reach_given: reach_given[hand as usize],
                reach_reply: reach_reply[hand as usize],
            }
        })
        .filter(|d| d.reach_given > 0.0 || d.reach_reply > 0.0)
        .collect();
    out.sort_by(|a, b| b.reach_given.total_cmp(&a.reach_given));
    out
}
