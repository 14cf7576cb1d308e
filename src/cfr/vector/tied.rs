//! Tied information sets (card abstraction): at a decision node where the
//! game groups the acting player's hands into buckets
//! ([`VectorGame::buckets`](super::VectorGame::buckets)), the hands of one
//! bucket are one information set of a smaller game. Their regrets are the
//! sum of the hands' counterfactual regrets and their average is weighted
//! by the bucket's summed reach, so every hand of a bucket keeps the same
//! regrets, current strategy and average: the abstract game's strategy,
//! played in the full game. A bucket of one hand updates exactly as the
//! untied walk does (the sums have one term), bit for bit.
//!
//! The walk's regret update (`walk.rs`, [`Mode::Update`](super::walk::Mode))
//! is the one place that asks the game for buckets; it calls
//! [`tied_regrets`] on the decoded regrets and [`tied_reach`] for the
//! average's weights.

use std::cell::RefCell;

use crate::cfr::Schedule;

/// A hand that is its own information set (e.g. a hand the board's cards
/// remove from play, whose regrets are all zero).
pub const UNTIED: u32 = u32::MAX;

thread_local! {
    /// Per thread: one update's per-bucket sums (no allocation once grown).
    static SUMS: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

/// The number of buckets `buckets` uses (one past the largest, [`UNTIED`]
/// aside).
fn bucket_count(buckets: &[u32]) -> usize {
    buckets
        .iter()
        .filter(|&&b| b != UNTIED)
        .max()
        .map_or(0, |&b| b as usize + 1)
}

/// Adds to each hand's accumulated regrets (`regrets`, `[action × hand]`,
/// decoded) its bucket's summed instant regret
/// `Σ_{h ∈ bucket} values[a][h] − mean[h]` with `schedule`; an [`UNTIED`]
/// hand adds its own `values[a][h] − mean[h]`.
pub(super) fn tied_regrets(
    buckets: &[u32],
    schedule: Schedule,
    mean: &[f64],
    values: &[f64],
    regrets: &mut [f64],
) {
    let width = mean.len();
    if width == 0 {
        return;
    }
    let count = bucket_count(buckets);
    SUMS.with(|sums| {
        let mut sums = sums.borrow_mut();
        sums.clear();
        sums.resize(count, 0.0);
        for (regrets, values) in regrets.chunks_mut(width).zip(values.chunks(width)) {
            sums.fill(0.0);
            for ((&bucket, &value), &mean) in buckets.iter().zip(values).zip(mean) {
                if bucket != UNTIED {
                    sums[bucket as usize] += value - mean;
                }
            }
            let hands = regrets.iter_mut().zip(buckets).zip(values).zip(mean);
            for (((regret, &bucket), &value), &mean) in hands {
                let instant = if bucket == UNTIED {
                    value - mean
                } else {
                    sums[bucket as usize]
                };
                *regret = schedule.update(*regret, instant);
            }
        }
    });
}

/// Writes into `weights` each hand's weight in the average: its bucket's
/// summed own reach, or an [`UNTIED`] hand's own.
pub(super) fn tied_reach(buckets: &[u32], own: &[f64], weights: &mut [f64]) {
    let count = bucket_count(buckets);
    SUMS.with(|sums| {
        let mut sums = sums.borrow_mut();
        sums.clear();
        sums.resize(count, 0.0);
        for (&bucket, &own) in buckets.iter().zip(own) {
            if bucket != UNTIED {
                sums[bucket as usize] += own;
            }
        }
        for ((weight, &bucket), &own) in weights.iter_mut().zip(buckets).zip(own) {
            *weight = if bucket == UNTIED {
                own
            } else {
                sums[bucket as usize]
            };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Algorithm;

    #[test]
    fn a_bucket_sums_its_hands_and_single_hands_update_alone() {
        let schedule = Algorithm::CFR_PLUS.schedule(1);
        // Two actions, four hands: hands 0 and 2 share bucket 0, hand 1 is
        // alone in bucket 1, hand 3 is untied.
        let buckets = [0, 1, 0, UNTIED];
        let mean = [1.0, 2.0, 3.0, 4.0];
        let values = [2.0, 5.0, 1.0, 6.0, 0.0, 0.0, 7.0, 1.0];
        let mut regrets = [0.0; 8];
        tied_regrets(&buckets, schedule, &mean, &values, &mut regrets);
        // Action 0: bucket 0 sums (2 − 1) + (1 − 3) = −1, clipped by CFR+.
        // Action 1: bucket 0 sums (0 − 1) + (7 − 3) = 3.
        assert_eq!(regrets, [0.0, 3.0, 0.0, 2.0, 3.0, 0.0, 3.0, 0.0]);
        let mut weights = [0.0; 4];
        tied_reach(&buckets, &[0.25, 0.5, 0.125, 1.0], &mut weights);
        assert_eq!(weights, [0.375, 0.5, 0.375, 1.0]);
    }
}
