//! Tied information sets (card abstraction): at a decision node where the
//! game groups the acting player's hands into buckets
//! ([`VectorGame::buckets`](super::VectorGame::buckets)), the hands of one
//! bucket are one information set of a smaller game. Their regrets are the
//! sum of the hands' counterfactual regrets and their average is weighted
//! by the bucket's summed reach, so every hand of a bucket keeps the same
//! regrets, current strategy and average: the abstract game's strategy,
//! played in the full game. A bucket of one hand updates exactly as the
//! untied solver does (the sums have one term), bit for bit.

use std::cell::RefCell;

use super::backward::Learn;
use crate::cfr::Schedule;
use crate::cfr::regret::add_to_average_columns;

/// A hand that is its own information set (e.g. a hand the board's cards
/// remove from play, whose regrets are all zero).
pub const UNTIED: u32 = u32::MAX;

thread_local! {
    /// Per thread: the sums of one update (no allocation once grown).
    static SCRATCH: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

/// One decision's tied update before regret matching: adds to each hand's
/// regrets (`[action × hand]`) its bucket's summed instant regret
/// `Σ_{h ∈ bucket} values[a][h] − mean[h]`, and to the average the current
/// strategy weighted by the bucket's summed own reach. An [`UNTIED`] hand
/// keeps its own regret and reach.
pub(super) fn tied_update<'a, I: Iterator<Item = &'a [f64]>>(
    buckets: &[u32],
    schedule: Schedule,
    mean: &[f64],
    children: impl Fn() -> I,
    reach: &[f64],
    learn: Learn<'_>,
) {
    let width = mean.len();
    let count = buckets
        .iter()
        .filter(|&&b| b != UNTIED)
        .max()
        .map_or(0, |&b| b as usize + 1);
    let actions = learn.regrets.len() / width.max(1);
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        scratch.clear();
        scratch.resize((actions + 1) * count + width, 0.0);
        let (regret_sums, rest) = scratch.split_at_mut(actions * count);
        let (reach_sums, weights) = rest.split_at_mut(count);
        for (action, values) in children().enumerate() {
            let row = &mut regret_sums[action * count..][..count];
            for ((&bucket, &value), &mean) in buckets.iter().zip(values).zip(mean) {
                if bucket != UNTIED {
                    row[bucket as usize] += value - mean;
                }
            }
        }
        for (&bucket, &own) in buckets.iter().zip(reach) {
            if bucket != UNTIED {
                reach_sums[bucket as usize] += own;
            }
        }
        let rows = learn.regrets.chunks_mut(width).zip(children());
        for (action, (regrets, values)) in rows.enumerate() {
            let row = &regret_sums[action * count..][..count];
            let hands = regrets.iter_mut().zip(buckets).zip(values).zip(mean);
            for (((regret, &bucket), &value), &mean) in hands {
                let instant = if bucket == UNTIED {
                    value - mean
                } else {
                    row[bucket as usize]
                };
                *regret = schedule.update(*regret, instant);
            }
        }
        for ((weight, &bucket), &own) in weights.iter_mut().zip(buckets).zip(reach) {
            *weight = if bucket == UNTIED {
                own
            } else {
                reach_sums[bucket as usize]
            };
        }
        add_to_average_columns(
            learn.average_sum,
            learn.average_total,
            schedule.average_weight,
            weights,
            learn.strategy,
        );
    });
}
