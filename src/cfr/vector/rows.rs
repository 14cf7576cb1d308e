//! Row arithmetic of the walk (`walk.rs`) on `f64` rows of one entry per
//! hand, or `[action × hand]` blocks of them: products that hand reach
//! down, sums and expectations that bring values up, and the stores'
//! updates (regret matching is `matching.rs`). Each runs compiled for
//! AVX2 where the CPU has it, with the same numbers bit for bit
//! ([`crate::wide`]).

#[cfg(test)]
use super::matching::{average_of_sums, match_regrets, normalize_average};
use super::store::{Entry, Update};
use crate::cfr::Schedule;
use crate::wide::twin;

twin! {
    /// `out = row × factors`, entry by entry; whether every entry of `out`
    /// is 0.
    fn times_row_into(row: &[f64], factors: &[f64], out: &mut [f64]) -> bool {
        // Folded without an early exit, so the loop vectorises.
        let mut zero = true;
        for ((out, &value), &factor) in out.iter_mut().zip(row).zip(factors) {
            *out = value * factor;
            zero &= *out == 0.0;
        }
        zero
    }
}

twin! {
    /// `out = row × factor`, entry by entry.
    fn times_into(row: &[f64], factor: f64, out: &mut [f64]) {
        for (out, &value) in out.iter_mut().zip(row) {
            *out = value * factor;
        }
    }
}

/// `row × factors`, entry by entry, in the front of `free`; whether every
/// entry of it is 0; and the rest of `free`.
pub(super) fn times_row<'a>(
    row: &[f64],
    factors: &[f64],
    free: &'a mut [f64],
) -> (&'a [f64], bool, &'a mut [f64]) {
    let (out, rest) = free.split_at_mut(row.len());
    let zero = times_row_into(row, factors, out);
    (out, zero, rest)
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

/// The regret update of an `[action × hand]` block with `schedule`: each
/// action's instant regret is its value minus the hand's `mean`.
pub(super) struct RegretUpdate<'a> {
    /// Each action's values, `[action × hand]`.
    pub values: &'a [f64],
    /// Each hand's value under the current strategy.
    pub mean: &'a [f64],
    /// The iteration's discounts.
    pub schedule: Schedule,
}

impl Update for RegretUpdate<'_> {
    fn apply<E: Entry>(&self, regrets: &mut [E]) {
        update_regrets(regrets, self.values, self.mean, self.schedule);
    }
}

twin! {
    /// [`RegretUpdate`]'s arithmetic.
    fn update_regrets<E: Entry>(regrets: &mut [E], values: &[f64], mean: &[f64], schedule: Schedule) {
        let width = mean.len();
        for (regrets, values) in regrets.chunks_mut(width).zip(values.chunks(width)) {
            for ((regret, &value), &mean) in regrets.iter_mut().zip(values).zip(mean) {
                *regret = E::set(schedule.update(regret.get(), value - mean));
            }
        }
    }
}

/// The discount alone of a block of regrets, for an iteration whose
/// instant regrets there are all 0 (a subtree no one reaches).
pub(super) struct Discount(pub Schedule);

impl Update for Discount {
    fn apply<E: Entry>(&self, regrets: &mut [E]) {
        discount(regrets, self.0);
    }
}

twin! {
    /// [`Discount`]'s arithmetic.
    fn discount<E: Entry>(regrets: &mut [E], schedule: Schedule) {
        for regret in regrets.iter_mut() {
            *regret = E::set(schedule.update(regret.get(), 0.0));
        }
    }
}

/// The average's update of an `[action × hand]` block of weighted sums:
/// each action's gains `weight × own × probability`, hand by hand.
pub(super) struct AverageUpdate<'a> {
    /// The current strategy, `[action × hand]`.
    pub strategy: &'a [f64],
    /// Each hand's own reach.
    pub own: &'a [f64],
    /// The iteration's weight.
    pub weight: f64,
}

impl Update for AverageUpdate<'_> {
    fn apply<E: Entry>(&self, sums: &mut [E]) {
        add_average(sums, self.strategy, self.own, self.weight);
    }
}

twin! {
    /// [`AverageUpdate`]'s arithmetic.
    fn add_average<E: Entry>(sums: &mut [E], strategy: &[f64], own: &[f64], weight: f64) {
        let width = own.len();
        for (sums, strategy) in sums.chunks_mut(width).zip(strategy.chunks(width)) {
            for ((sum, &probability), &own) in sums.iter_mut().zip(strategy).zip(own) {
                *sum = E::set(sum.get() + weight * own * probability);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Algorithm;
    use crate::cfr::vector::test_numbers::numbers;
    use crate::wide::plain_only;

    /// Every kernel's results, `[action × hand]` blocks of 3 × 37 hands
    /// (odd, so that the vector loops have tails).
    fn kernels() -> Vec<Vec<u64>> {
        let (hands, actions) = (37, 3);
        let block = numbers(hands * actions, 1);
        let row = numbers(hands, 2)
            .iter()
            .map(|x| x.abs())
            .collect::<Vec<_>>();
        let mut results = Vec::new();
        let mut keep = |values: &[f64]| results.push(values.iter().map(|v| v.to_bits()).collect());
        let mut out = vec![0.0; hands];
        let zero = times_row_into(&row, &block[..hands], &mut out);
        keep(&out);
        keep(&[f64::from(u8::from(zero))]);
        times_into(&row, 0.3, &mut out);
        keep(&out);
        add_rows(&mut out, &block);
        keep(&out);
        expected(&mut out, &block, &numbers(hands * actions, 3), hands);
        keep(&out);
        best_rows(&mut out, &block, hands);
        keep(&out);
        keep(&[f64::from(u8::from(all_zero(&out)))]);
        let mut positive = block.iter().map(|x| x.max(0.0)).collect::<Vec<_>>();
        normalize_average(&mut positive, &mut out);
        keep(&positive);
        let cells = block.iter().map(|&x| x as f32).collect::<Vec<_>>();
        let mut matched = vec![0.0; block.len()];
        match_regrets(&cells, &mut matched, &mut out);
        keep(&matched);
        let sums = cells.iter().map(|x| x.abs()).collect::<Vec<_>>();
        average_of_sums(&sums, &mut matched, &mut out);
        keep(&matched);
        let schedule = Algorithm::DCFR.schedule(7);
        let mean = numbers(hands, 4);
        let mut regrets = block.clone();
        let mut cells = block.iter().map(|&x| x as f32).collect::<Vec<_>>();
        let update = RegretUpdate {
            values: &positive,
            mean: &mean,
            schedule,
        };
        update.apply(&mut regrets);
        update.apply(&mut cells);
        keep(&regrets);
        keep(&cells.iter().map(|&c| f64::from(c)).collect::<Vec<_>>());
        Discount(schedule).apply(&mut regrets);
        Discount(schedule).apply(&mut cells);
        keep(&regrets);
        keep(&cells.iter().map(|&c| f64::from(c)).collect::<Vec<_>>());
        let average = AverageUpdate {
            strategy: &positive,
            own: &row,
            weight: 49.0,
        };
        average.apply(&mut regrets);
        average.apply(&mut cells);
        keep(&regrets);
        keep(&cells.iter().map(|&c| f64::from(c)).collect::<Vec<_>>());
        results
    }

    #[test]
    fn the_avx2_builds_give_the_plain_builds_numbers_bit_for_bit() {
        assert_eq!(kernels(), plain_only(kernels));
    }

    #[test]
    fn updates_of_f32_cells_round_the_f64_update() {
        let schedule = Algorithm::DCFR.schedule(3);
        let (values, mean) = (numbers(8, 5), numbers(4, 6));
        let mut decoded = numbers(8, 7)
            .iter()
            .map(|&x| f64::from(x as f32))
            .collect::<Vec<_>>();
        let mut cells = decoded.iter().map(|&x| x as f32).collect::<Vec<_>>();
        let update = RegretUpdate {
            values: &values,
            mean: &mean,
            schedule,
        };
        update.apply(&mut decoded);
        update.apply(&mut cells);
        let rounded = decoded.iter().map(|&x| x as f32).collect::<Vec<_>>();
        assert_eq!(cells, rounded);
        assert_ne!(
            cells,
            numbers(8, 7).iter().map(|&x| x as f32).collect::<Vec<_>>()
        );
    }
}
