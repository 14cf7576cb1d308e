//! Uniform random integers for shuffles and draws, shared by every game's
//! simulator.

use rand::Rng;

/// A uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject
/// method: one 64-bit product, and a rejection with probability below
/// `n / 2^64`.
#[inline]
pub fn below<R: Rng>(rng: &mut R, n: u32) -> u32 {
    let range = u64::from(n);
    let mut product = u128::from(rng.next_u64()) * u128::from(range);
    if (product as u64) < range {
        let threshold = range.wrapping_neg() % range;
        while (product as u64) < threshold {
            product = u128::from(rng.next_u64()) * u128::from(range);
        }
    }
    (product >> 64) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn below_is_in_range_and_hits_every_value() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seen = [0u32; 52];
        for _ in 0..52_000 {
            seen[below(&mut rng, 52) as usize] += 1;
        }
        // Each value expects 1000 with variance 1000 · 51/52: |z| < 4 for
        // every value.
        let sd = (1000.0f64 * 51.0 / 52.0).sqrt();
        for (value, &count) in seen.iter().enumerate() {
            let z = (f64::from(count) - 1000.0) / sd;
            assert!(z.abs() < 4.0, "{value}: z = {z}");
        }
    }
}
