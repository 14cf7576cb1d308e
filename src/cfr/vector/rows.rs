//! Row arithmetic of the walk (`walk.rs`) on `f64` rows of one entry per
//! hand, or `[action × hand]` blocks of them: products that hand reach
//! down, sums and expectations that bring values up, regret matching and
//! the stores' updates. Each runs compiled for AVX2 where the CPU has it,
//! with the same numbers bit for bit ([`crate::wide`]).

use crate::cfr::Schedule;
use crate::wide::twin;

twin! {
    /// `out = row × factors`, entry by entry.
    pub(super) fn times_row_into(row: &[f64], factors: &[f64], out: &mut [f64]) {
        for ((out, &value), &factor) in out.iter_mut().zip(row).zip(factors) {
            *out = value * factor;
        }
    }
}

twin! {
    /// `out = row × factor`, entry by entry.
    pub(super) fn times_into(row: &[f64], factor: f64, out: &mut [f64]) {
        for (out, &value) in out.iter_mut().zip(row) {
            *out = value * factor;
        }
    }
}

/// `row × factors`, entry by entry, in the front of `free`; and the rest.
pub(super) fn times_row<'a>(
    row: &[f64],
    factors: &[f64],
    free: &'a mut [f64],
) -> (&'a [f64], &'a mut [f64]) {
    let (out, rest) = free.split_at_mut(row.len());
    times_row_into(row, factors, out);
    (out, rest)
}

/// `row × factor` in the front of `free`; and the rest.
pub(super) fn times<'a>(
    row: &[f64],
    factor: f64,
    free: &'a mut [f64],
) -> (&'a [f64], &'a mut [f64]) {
    let (out, rest) = free.split_at_mut(row.len());
    times_into(row, factor, out);
    (out, rest)
}

twin! {
    /// Whether every entry of `row` is 0.
    pub(super) fn all_zero(row: &[f64]) -> bool {
        // Folded without an early exit, so the loop vectorises.
        row.iter().fold(true, |zero, &value| zero & (value == 0.0))
    }
}

twin! {
    /// `out = Σ_k rows[k]`, entry by entry, rows in order.
    pub(super) fn add_rows(out: &mut [f64], rows: &[f64]) {
        let width = out.len();
        out.copy_from_slice(&rows[..width]);
        for row in rows.chunks(width).skip(1) {
            for (out, &value) in out.iter_mut().zip(row) {
                *out += value;
            }
        }
    }
}

twin! {
    /// `out = Σ_k probabilities[k] × rows[k]`, both laid out
    /// `[action × hand]`; `rows` may have more entries per action than
    /// `out` (`stride` of them), of which the first `out.len()` count.
    pub(super) fn expected(out: &mut [f64], probabilities: &[f64], rows: &[f64], stride: usize) {
        let width = out.len();
        out.fill(0.0);
        for (probabilities, row) in probabilities.chunks(width).zip(rows.chunks(stride)) {
            for ((out, &probability), &value) in out.iter_mut().zip(probabilities).zip(row) {
                *out += probability * value;
            }
        }
    }
}

twin! {
    /// `out = max_k rows[k]`, entry by entry, of the first `out.len()`
    /// entries of each `stride`-long row.
    pub(super) fn best_rows(out: &mut [f64], rows: &[f64], stride: usize) {
        let width = out.len();
        out.copy_from_slice(&rows[..width]);
        for row in rows.chunks(stride).skip(1) {
            for (out, &value) in out.iter_mut().zip(row) {
                *out = out.max(value);
            }
        }
    }
}

twin! {
    /// Regret matching in place on an `[action × hand]` block of regrets:
    /// each hand's strategy is proportional to its positive regrets, or
    /// uniform if none is positive. `totals` is scratch, one entry per hand.
    pub(super) fn regret_match(block: &mut [f64], totals: &mut [f64]) {
        for value in block.iter_mut() {
            *value = value.max(0.0);
        }
        normalize(block, totals);
    }
}

twin! {
    /// Each hand's column of an `[action × hand]` block of non-negative
    /// weights divided by its total, or uniform where the total is 0.
    /// `totals` is scratch, one entry per hand.
    pub(super) fn normalize_average(block: &mut [f64], totals: &mut [f64]) {
        normalize(block, totals);
    }
}

/// [`normalize_average`]'s body, inlined in both builds of both users.
#[inline(always)]
fn normalize(block: &mut [f64], totals: &mut [f64]) {
    let hands = totals.len();
    if hands == 0 {
        return;
    }
    let uniform = 1.0 / (block.len() / hands) as f64;
    totals.copy_from_slice(&block[..hands]);
    for row in block.chunks(hands).skip(1) {
        for (total, &weight) in totals.iter_mut().zip(row) {
            *total += weight;
        }
    }
    for row in block.chunks_mut(hands) {
        for (weight, &total) in row.iter_mut().zip(&*totals) {
            // Divided first and then chosen, so the loop vectorises.
            let share = *weight / total;
            *weight = if total > 0.0 { share } else { uniform };
        }
    }
}

twin! {
    /// The regrets of an `[action × hand]` block updated with `schedule`:
    /// each action's instant regret is its value minus the hand's `mean`.
    pub(super) fn update_regrets(regrets: &mut [f64], values: &[f64], mean: &[f64], schedule: Schedule) {
        let width = mean.len();
        for (regrets, values) in regrets.chunks_mut(width).zip(values.chunks(width)) {
            for ((regret, &value), &mean) in regrets.iter_mut().zip(values).zip(mean) {
                *regret = schedule.update(*regret, value - mean);
            }
        }
    }
}

twin! {
    /// The average's sums of an `[action × hand]` block: each action's
    /// gains `weight × own × probability`, hand by hand.
    pub(super) fn add_average(sums: &mut [f64], strategy: &[f64], own: &[f64], weight: f64) {
        let width = own.len();
        for (sums, strategy) in sums.chunks_mut(width).zip(strategy.chunks(width)) {
            for ((sum, &probability), &own) in sums.iter_mut().zip(strategy).zip(own) {
                *sum += weight * own * probability;
            }
        }
    }
}
