//! Dealer passes for several removals at once: the same walk over the
//! upcard's drawing hands carries one probability per removal in each
//! lane, so the hands' indices and links are read once for all of them.
//! Each lane's arithmetic is the single pass's, in the same order (a
//! skipped zero flow adds `+0.0` here), so the outcomes are the same bit
//! for bit.

use crate::cards::{Counts, Rank};

use super::super::hands::Shoe;
use super::{Dealer, DealerOutcome};

/// Removals per walk: eight fill the wide vector registers and read
/// each hand's indices and links once for eight removals.
pub(super) const LANES: usize = 8;

/// Adds `mass * q` to `to`, lane by lane (read and written whole, so the
/// compiler keeps the lanes in vector registers).
#[inline]
pub(super) fn add_flow(to: &mut [f64; LANES], mass: &[f64; LANES], q: &[f64; LANES]) {
    let (from, mass, q) = (*to, *mass, *q);
    *to = std::array::from_fn(|l| from[l] + mass[l] * q[l]);
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
        let n = walk.len();
        self.lanes.clear();
        self.lanes.resize(n + 7, [0.0; LANES]);
        for chunk in removed.chunks(LANES) {
            walk.table.fill_lanes(shoe, chunk, up, &mut self.lane_probs);
            self.lanes[0] = [1.0; LANES];
            for (pos, links) in walk.links.iter().enumerate() {
                let mass = std::mem::replace(&mut self.lanes[pos], [0.0; LANES]);
                if mass == [0.0; LANES] {
                    continue;
                }
                for (&j, &target) in walk.table.hand(pos).iter().zip(links) {
                    let q = &self.lane_probs[usize::from(j)];
                    add_flow(&mut self.lanes[usize::from(target)], &mass, q);
                }
            }
            let mut p = [[0.0; 7]; LANES];
            for slot in 0..7 {
                let reach = std::mem::replace(&mut self.lanes[n + slot], [0.0; LANES]);
                for (row, x) in p.iter_mut().zip(reach) {
                    row[slot] = x;
                }
            }
            out.extend(p[..chunk.len()].iter().map(|&p| DealerOutcome { p }));
        }
        out
    }
}
