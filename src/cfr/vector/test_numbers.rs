//! Made-up numbers for the kernels' tests (`rows.rs`, `matching.rs`).

/// Numbers of every size and sign, zeros among them.
pub(super) fn numbers(len: usize, seed: u64) -> Vec<f64> {
    let mut state = seed;
    (0..len)
        .map(|i| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let unit = (state >> 11) as f64 / (1_u64 << 53) as f64;
            match i % 5 {
                0 => 0.0,
                1 => unit * 1e-3,
                2 => -unit,
                _ => unit * 7.0,
            }
        })
        .collect()
}
