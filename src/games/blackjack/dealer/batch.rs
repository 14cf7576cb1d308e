//! Dealer passes for several removals at once: the same walk over the
//! upcard's drawing hands carries one probability per removal in each
//! lane, so the hands' indices and links are read once for all of them.
//! Each lane's arithmetic is the single pass's, in the same order (a
//! skipped zero flow adds `+0.0` here), so the outcomes are the same bit
//! for bit.
//!
//! On x86-64 the batched walks run compiled for AVX2 when the CPU has it
//! (checked at run time): the same additions and
//! multiplications, correctly rounded whatever the vector width (nothing
//! is fused), so the numbers do not depend on the CPU.

use crate::cards::{Counts, Rank};
use crate::wide::widest;

use super::super::hands::Shoe;
use super::lanes::{LANES, add_flow};
use super::outcome::{BUSTS, DealerOutcome};
use super::walk::{Dealer, Walk};

/// One batched walk of `walk` for the removals of `chunk` (at most
/// [`LANES`]): the final slots' probabilities, one lane per removal.
/// `lanes` holds the walk's reach (all zero on entry and on exit).
#[inline(always)]
fn walk_chunk(
    walk: &Walk,
    shoe: &Shoe,
    chunk: &[Counts],
    up: usize,
    lanes: &mut [[f64; LANES]],
    probs: &mut Vec<[f64; LANES]>,
) -> [[f64; LANES]; 7] {
    walk.table.fill_lanes(shoe, chunk, up, probs);
    lanes[0] = [1.0; LANES];
    // The bust slot's sum, kept in registers (same additions, same order).
    let mut bust = [0.0; LANES];
    for (pos, links) in walk.links.iter().enumerate() {
        let mass = std::mem::replace(&mut lanes[pos], [0.0; LANES]);
        if mass == [0.0; LANES] {
            continue;
        }
        let busts = walk.busts[pos];
        for (r, (&j, &target)) in walk.table.hand(pos).iter().zip(links).enumerate() {
            let q = &probs[usize::from(j)];
            if busts & (1 << r) != 0 {
                add_flow(&mut bust, &mass, q);
            } else {
                add_flow(&mut lanes[usize::from(target)], &mass, q);
            }
        }
    }
    let n = walk.len();
    std::array::from_fn(|slot| {
        let reach = std::mem::replace(&mut lanes[n + slot], [0.0; LANES]);
        if slot == BUSTS { bust } else { reach }
    })
}

/// [`walk_chunk`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn walk_chunk_256(
    walk: &Walk,
    shoe: &Shoe,
    chunk: &[Counts],
    up: usize,
    lanes: &mut [[f64; LANES]],
    probs: &mut Vec<[f64; LANES]>,
) -> [[f64; LANES]; 7] {
    walk_chunk(walk, shoe, chunk, up, lanes, probs)
}

impl Dealer {
    /// [`Dealer::outcome`] for each of `removed` under `upcard`, in order.
    pub fn outcomes(
        &mut self,
        shoe: &Shoe,
        removed: &[Counts],
        upcard: Rank,
    ) -> Vec<DealerOutcome> {
        let up = upcard.index();
        let mut out = Vec::with_capacity(removed.len());
        let walk = &self.walks[up];
        if walk.drawing.is_empty() {
            out.resize(removed.len(), DealerOutcome { p: [0.0; 7] });
            return out;
        }
        self.lanes.clear();
        self.lanes.resize(walk.len() + 7, [0.0; LANES]);
        for chunk in removed.chunks(LANES) {
            let (lanes, probs) = (&mut self.lanes, &mut self.lane_probs);
            let reach = widest!(
                walk_chunk,
                walk_chunk_256,
                (walk, shoe, chunk, up, lanes, probs)
            );
            out.extend((0..chunk.len()).map(|l| DealerOutcome {
                p: std::array::from_fn(|slot| reach[slot][l]),
            }));
        }
        out
    }
}
