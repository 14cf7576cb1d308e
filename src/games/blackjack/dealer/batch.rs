//! Dealer passes for several removals at once: the same walk over the
//! upcard's drawing hands carries one probability per removal in each
//! lane, so the hands' indices and links are read once for all of them.
//! Each lane's arithmetic is the single pass's, in the same order (a
//! skipped zero flow adds `+0.0` here), so the outcomes are the same bit
//! for bit.

use crate::cards::{Counts, Rank};

use super::super::hands::{Hands, Shoe};
use super::{Dealer, DealerOutcome};

/// Removals per walk: eight fill the wide vector registers and read
/// each hand's indices and links once for eight removals.
pub(super) const LANES: usize = 8;

impl Dealer {
    /// [`Dealer::outcome`] for each of `removed` under `upcard`, in order.
    pub fn outcomes(
        &mut self,
        hands: &Hands,
        shoe: &Shoe,
        removed: &[Counts],
        upcard: Rank,
    ) -> Vec<DealerOutcome> {
        let up = upcard.index();
        let mut out = Vec::with_capacity(removed.len());
        let Some(&first) = self.drawing[up].first() else {
            out.resize(removed.len(), DealerOutcome { p: [0.0; 7] });
            return out;
        };
        let n = hands.len();
        self.lanes.resize(n + 7, [0.0; LANES]);
        for chunk in removed.chunks(LANES) {
            let table = &self.tables[up];
            self.lane_probs.clear();
            self.lane_probs.resize(table.count(), [0.0; LANES]);
            for (lane, cards) in chunk.iter().enumerate() {
                let pass = table.fill(shoe, cards, &mut self.probs);
                // A shoe that cannot deal the upcard leaves the lane at zero.
                if pass.after(up, 0, 0).0 >= 1.0 {
                    for (slot, &q) in self.lane_probs.iter_mut().zip(&self.probs) {
                        slot[lane] = q;
                    }
                }
            }
            self.lanes[first as usize] = [1.0; LANES];
            for (pos, &id) in self.drawing[up].iter().enumerate() {
                let mass = std::mem::replace(&mut self.lanes[id as usize], [0.0; LANES]);
                if mass == [0.0; LANES] {
                    continue;
                }
                let index = table.hand(pos);
                let targets = &self.targets[id as usize];
                for (&j, &target) in index.iter().zip(targets) {
                    let q = self.lane_probs[usize::from(j)];
                    let reach = &mut self.lanes[target as usize];
                    for ((to, m), q) in reach.iter_mut().zip(mass).zip(q) {
                        *to += m * q;
                    }
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
