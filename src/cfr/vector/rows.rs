//! Row arithmetic of the walk (`walk.rs`) on `f64` rows of one entry per
//! hand, or `[action × hand]` blocks of them: products that hand reach
//! down, sums and expectations that bring values up, and regret matching.

/// `row × factors`, entry by entry, in the front of `free`; and the rest.
pub(super) fn times_row<'a>(
    row: &[f64],
    factors: &[f64],
    free: &'a mut [f64],
) -> (&'a [f64], &'a mut [f64]) {
    let (out, rest) = free.split_at_mut(row.len());
    for ((out, &value), &factor) in out.iter_mut().zip(row).zip(factors) {
        *out = value * factor;
    }
    (out, rest)
}

/// `row × factor` in the front of `free`; and the rest.
pub(super) fn times<'a>(
    row: &[f64],
    factor: f64,
    free: &'a mut [f64],
) -> (&'a [f64], &'a mut [f64]) {
    let (out, rest) = free.split_at_mut(row.len());
    for (out, &value) in out.iter_mut().zip(row) {
        *out = value * factor;
    }
    (out, rest)
}

/// `out = Σ_k rows[k]`, entry by entry, rows in order.
#[inline]
pub(super) fn add_rows(out: &mut [f64], rows: &[f64]) {
    let width = out.len();
    out.copy_from_slice(&rows[..width]);
    for row in rows.chunks(width).skip(1) {
        for (out, &value) in out.iter_mut().zip(row) {
            *out += value;
        }
    }
}

/// `out = Σ_k probabilities[k] × rows[k]`, both laid out `[action × hand]`.
#[inline]
pub(super) fn expected(out: &mut [f64], probabilities: &[f64], rows: &[f64]) {
    let width = out.len();
    out.fill(0.0);
    for (probabilities, row) in probabilities.chunks(width).zip(rows.chunks(width)) {
        for ((out, &probability), &value) in out.iter_mut().zip(probabilities).zip(row) {
            *out += probability * value;
        }
    }
}

/// Regret matching in place on an `[action × hand]` block of regrets:
/// each hand's strategy is proportional to its positive regrets, or
/// uniform if none is positive. `totals` is scratch, one entry per hand.
pub(super) fn regret_match(block: &mut [f64], totals: &mut [f64]) {
    for value in block.iter_mut() {
        *value = value.max(0.0);
    }
    normalize_average(block, totals);
}

/// Each hand's column of an `[action × hand]` block of non-negative
/// weights divided by its total, or uniform where the total is 0.
/// `totals` is scratch, one entry per hand.
pub(super) fn normalize_average(block: &mut [f64], totals: &mut [f64]) {
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
