//! What the table dealer's best response reports: serialisable, so that an
//! experiment engine can store it as it is.

use serde::{Deserialize, Serialize};

use super::evaluate::{PAIRS, Tally, reveal_row};
use super::policy::TablePolicy;
use crate::cards::CompId;
use crate::games::banluck::rules::CompiledRules;
use crate::sim::Estimate;

/// What to solve besides rules and strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDealerParams {
    /// Seats at the table, 1..=7 (one seat is solved exactly).
    pub players: usize,
    /// Sampled rounds the best response is computed on (K ≥ 2).
    pub rounds: u64,
    /// Fresh sampled rounds every policy is valued on (K ≥ 2).
    pub fresh_rounds: u64,
    /// The seed: the same seed gives the same numbers on any thread count.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show progress bars on stderr for long runs.
    pub progress: bool,
}

/// Why the table dealer cannot be solved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableDealerError {
    /// A parameter or the strategy does not fit.
    #[error("{0}")]
    Params(String),
    /// The players would see the dealer's first card.
    #[error(
        "the strategic table dealer does not support dealer.upcard = true (the seats' strategies would depend on the dealer's first card); set dealer.upcard=false"
    )]
    Upcard,
}

/// One dealer's gain, per round (all seats) and per seat.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DealerValue {
    /// The dealer's gain per round, the sum over the seats (player units).
    pub per_round: Estimate,
    /// The same per seat (per round divided by the seats).
    pub per_seat: f64,
    /// Its standard error.
    pub per_seat_std_error: f64,
}

/// A paired difference of two dealers' gains on the same rounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Gain {
    /// Per round.
    pub per_round: f64,
    /// Per seat.
    pub per_seat: f64,
    /// Standard error per round (0 when exact).
    pub std_error: f64,
}

/// The strategic dealer's reveal decisions in one situation, weighted by
/// how often it gets there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RevealRow {
    /// The dealer's total (a reveal total).
    pub total: u8,
    /// Whether it is soft.
    pub soft: bool,
    /// Open seats holding two cards.
    pub open_two: u8,
    /// Open seats holding three or more cards.
    pub open_three_plus: u8,
    /// Probability per round of reaching this situation before a reveal.
    pub probability: f64,
    /// Share of those arrivals at which the dealer reveals.
    pub reveal_share: f64,
}

impl RevealRow {
    /// The rows of every reveal situation reached: `reach` and `taken` are
    /// the weights of arriving and of revealing, indexed by
    /// [`reveal_row`], and `weight` is the rounds' total weight (so the
    /// probabilities are per round).
    pub(crate) fn rows(reach: &[f64], taken: &[f64], weight: f64) -> Vec<RevealRow> {
        let mut rows = Vec::new();
        for total in 0..=21u8 {
            for soft in [false, true] {
                for two in 0..8u8 {
                    for three in 1..8u8 {
                        let row = reveal_row(total, soft, two, three);
                        let reach = reach[row];
                        if reach > 0.0 {
                            rows.push(RevealRow {
                                total,
                                soft,
                                open_two: two,
                                open_three_plus: three,
                                probability: reach / weight,
                                reveal_share: taken[row] / reach,
                            });
                        }
                    }
                }
            }
        }
        rows
    }
}

/// The table dealer's best response and the dealers it is compared with.
#[derive(Debug, Clone, Serialize)]
pub struct TableDealerSolution {
    /// Seats at the table.
    pub players: usize,
    /// `exact` (one seat, enumerated) or `sampled`.
    pub method: &'static str,
    /// Hash of the rules.
    pub rules_hash: String,
    /// The parameters.
    pub params: TableDealerParams,
    /// Seat rounds solved on (sampled, or enumerated outcomes).
    pub training_rounds: usize,
    /// Seat keys (information sets of the seats) met.
    pub keys: usize,
    /// The fixed dealer with the reveal off.
    pub fixed_off: DealerValue,
    /// The fixed dealer with the reveal forced on.
    pub fixed_on: DealerValue,
    /// The strategic dealer forbidden to reveal.
    pub strategic_no_reveal: DealerValue,
    /// The strategic dealer.
    pub strategic: DealerValue,
    /// What the reveal option is worth to the strategic dealer (strategic
    /// minus strategic without the reveal).
    pub reveal_gain: Gain,
    /// Strategic minus the fixed dealer with the reveal off.
    pub strategic_over_fixed_off: Gain,
    /// Strategic without the reveal minus the fixed dealer, reveal off.
    pub no_reveal_over_fixed_off: Gain,
    /// The fixed dealer's forced reveal, on minus off.
    pub fixed_reveal_gain: Gain,
    /// The strategic dealer's mean gain on the rounds it was solved on
    /// (optimistic when sampled: it chose on them).
    pub in_sample_strategic: f64,
    /// The probability of the dealer's two cards summed over every start,
    /// averaged over the rounds (one, up to rounding).
    pub probability_total: f64,
    /// The two-card hands the strategic dealer surrenders.
    pub surrenders: Vec<String>,
    /// The strategic dealer's reveal decisions.
    pub reveal_policy: Vec<RevealRow>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The strategic dealer's policy.
    #[serde(skip)]
    pub policy: TablePolicy,
    /// The strategic dealer's policy without the reveal.
    #[serde(skip)]
    pub policy_no_reveal: TablePolicy,
}

/// Facts of the solve besides the tally.
pub(super) struct Extras {
    pub keys: usize,
    pub training_rounds: usize,
    pub in_sample: f64,
    pub seconds: f64,
}

/// Assembles the solution from the fresh (or exact) tally.
pub(super) fn solution(
    table: &CompiledRules,
    params: &TableDealerParams,
    exact: bool,
    tally: &Tally,
    extras: Extras,
    policy: TablePolicy,
    policy_no_reveal: TablePolicy,
) -> TableDealerSolution {
    let seats = params.players as f64;
    let value = |p: usize| {
        let per_round = tally.estimate(tally.sums[p], tally.squares[p], exact);
        DealerValue {
            per_round,
            per_seat: per_round.mean / seats,
            per_seat_std_error: per_round.std_error / seats,
        }
    };
    let gain = |pair: (usize, usize)| {
        let d = PAIRS
            .iter()
            .position(|&p| p == pair)
            .expect("a listed pair");
        let e = tally.estimate(tally.diffs[d], tally.diff_squares[d], exact);
        Gain {
            per_round: e.mean,
            per_seat: e.mean / seats,
            std_error: e.std_error,
        }
    };
    let reveal_policy = RevealRow::rows(&tally.reveal_reach, &tally.reveal_taken, tally.weight);
    TableDealerSolution {
        players: params.players,
        method: if exact { "exact" } else { "sampled" },
        rules_hash: table.hash().to_string(),
        params: params.clone(),
        training_rounds: extras.training_rounds,
        keys: extras.keys,
        fixed_off: value(0),
        fixed_on: value(1),
        strategic_no_reveal: value(2),
        strategic: value(3),
        reveal_gain: gain((3, 2)),
        strategic_over_fixed_off: gain((3, 0)),
        no_reveal_over_fixed_off: gain((2, 0)),
        fixed_reveal_gain: gain((1, 0)),
        in_sample_strategic: extras.in_sample,
        probability_total: tally.probability / tally.weight,
        surrenders: surrendered(table, &policy),
        reveal_policy,
        seconds: extras.seconds,
        policy,
        policy_no_reveal,
    }
}

/// The hands a policy surrenders, as labels (e.g. `T5`).
fn surrendered(table: &CompiledRules, policy: &TablePolicy) -> Vec<String> {
    (0..table.compositions().len() as CompId)
        .filter(|&id| policy.surrender[id as usize])
        .map(|id| table.compositions().label(id))
        .collect()
}
