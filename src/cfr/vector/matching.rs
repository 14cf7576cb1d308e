//! Strategies from the stores' blocks: regret matching of the regrets and
//! the average strategy of the weighted sums, both a block's columns (one
//! per hand) over their totals, read straight from the `f32` cells where
//! the store is uncompressed. Compiled for AVX2 where the CPU has it, with
//! the same numbers bit for bit ([`crate::wide`]).

use crate::wide::twin;

twin! {
    /// Each hand's column of an `[action × hand]` block of non-negative
    /// weights times the reciprocal of its total ([`invert_totals`]), or
    /// uniform where the total is 0: regret matching on positive parts of
    /// regrets, or the average strategy of its weighted sums. `totals` is
    /// scratch, one entry per hand.
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
        invert_totals(totals);
        for row in block.chunks_mut(hands) {
            for (weight, &inverse) in row.iter_mut().zip(&*totals) {
                *weight = share(*weight, inverse, uniform);
            }
        }
    }
}

/// Each hand's total replaced by its reciprocal, or by 0 where it is 0:
/// one division per hand, not one per action and hand (a third of regret
/// matching's time). Totals are 0 or normal (store entries are ≥ 4e-50);
/// the cap keeps a subnormal one, which no store gives, from infinity.
#[inline(always)]
fn invert_totals(totals: &mut [f64]) {
    for total in totals.iter_mut() {
        // Divided first and then chosen, so the loop vectorises.
        let inverse = (1.0 / *total).min(f64::MAX);
        *total = if *total > 0.0 { inverse } else { 0.0 };
    }
}

/// A weight's share of its hand's total, from the total's reciprocal
/// ([`invert_totals`]), or `uniform` for a hand without weight.
#[inline(always)]
fn share(weight: f64, inverse: f64, uniform: f64) -> f64 {
    // Multiplied first and then chosen, so the loop vectorises.
    let share = weight * inverse;
    if inverse > 0.0 { share } else { uniform }
}

/// [`normalize_average`] of a block of `f32` cells (their positive parts
/// when `clip`) into `out`, read straight from the cells: the same
/// numbers bit for bit as decoding, clipping and normalising in three
/// passes, without writing and reading the decoded block in between.
#[inline(always)]
fn normalized_cells(cells: &[f32], clip: bool, out: &mut [f64], totals: &mut [f64]) {
    let hands = totals.len();
    if hands == 0 {
        return;
    }
    let weight = |cell: f32| {
        let weight = f64::from(cell);
        if clip { weight.max(0.0) } else { weight }
    };
    let uniform = 1.0 / (cells.len() / hands) as f64;
    for (total, &cell) in totals.iter_mut().zip(cells) {
        *total = weight(cell);
    }
    for row in cells.chunks(hands).skip(1) {
        for (total, &cell) in totals.iter_mut().zip(row) {
            *total += weight(cell);
        }
    }
    invert_totals(totals);
    for (out, row) in out.chunks_mut(hands).zip(cells.chunks(hands)) {
        for ((out, &cell), &inverse) in out.iter_mut().zip(row).zip(&*totals) {
            *out = share(weight(cell), inverse, uniform);
        }
    }
}

twin! {
    /// Regret matching of a block of `f32` regrets into `out` (each hand's
    /// positive parts over their total, or uniform); `totals` is scratch,
    /// one entry per hand.
    pub(super) fn match_regrets(cells: &[f32], out: &mut [f64], totals: &mut [f64]) {
        normalized_cells(cells, true, out, totals);
    }
}

twin! {
    /// The average strategy of a block of `f32` weighted sums into `out`
    /// (each hand's sums over their total, or uniform); `totals` is
    /// scratch, one entry per hand.
    pub(super) fn average_of_sums(cells: &[f32], out: &mut [f64], totals: &mut [f64]) {
        normalized_cells(cells, false, out, totals);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::vector::test_numbers::numbers;

    #[test]
    fn strategies_read_from_the_cells_are_the_decoded_blocks_normalized() {
        let (hands, actions) = (37, 3);
        let mut cells = numbers(hands * actions, 8)
            .iter()
            .map(|&x| x as f32)
            .collect::<Vec<_>>();
        // Hand 0 has no positive regret.
        (cells[0], cells[hands], cells[2 * hands]) = (0.0, -1.0, 0.0);
        let mut totals = vec![0.0; hands];
        for clip in [true, false] {
            let cells = if clip {
                cells.clone()
            } else {
                cells.iter().map(|x| x.abs()).collect()
            };
            let mut read = vec![0.0; cells.len()];
            if clip {
                match_regrets(&cells, &mut read, &mut totals);
            } else {
                average_of_sums(&cells, &mut read, &mut totals);
            }
            let mut decoded = cells
                .iter()
                .map(|&c| f64::from(c).max(0.0))
                .collect::<Vec<_>>();
            normalize_average(&mut decoded, &mut totals);
            assert_eq!(read, decoded);
            // Each hand's strategy sums to one; a hand without positive
            // weight plays uniformly.
            for hand in 0..hands {
                let column = (0..actions).map(|a| read[a * hands + hand]);
                assert!((column.sum::<f64>() - 1.0).abs() < 1e-12);
            }
            let first = [read[0], read[hands], read[2 * hands]];
            assert_eq!(first == [1.0 / 3.0; 3], clip, "{first:?}");
        }
    }
}
