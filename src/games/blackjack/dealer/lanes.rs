//! The lanes of the batched dealer walks: one probability per removal,
//! [`LANES`] removals a walk.

/// Removals per walk: eight fill the wide vector registers and read
/// each hand's indices and links once for eight removals.
pub(super) const LANES: usize = 8;

/// Adds `mass * q` to `to`, lane by lane (read and written whole, so the
/// compiler keeps the lanes in vector registers).
#[inline(always)]
pub(super) fn add_flow(to: &mut [f64; LANES], mass: &[f64; LANES], q: &[f64; LANES]) {
    let (from, mass, q) = (*to, *mass, *q);
    *to = std::array::from_fn(|l| from[l] + mass[l] * q[l]);
}
