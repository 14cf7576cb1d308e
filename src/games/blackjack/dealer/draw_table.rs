//! The draw probabilities of one dealer pass, shared by the dealer's hands.
//!
//! A dealer hand holding `m` cards, `k` of them of rank `r`, draws `r` next
//! with probability `(n_r - k) / (N - m)`, where `n` is the shoe once the
//! player's cards are out (`N` cards). Under one upcard only a few hundred
//! such `(r, k, m)` triples occur, against ten per drawing hand, so a pass
//! divides once per triple and the hands read their probabilities by
//! index. The quotients are the ones a division per hand gives, bit for
//! bit (the counts are whole numbers, so `N - m` is exact).

use std::collections::HashMap;

use crate::cards::{Counts, RANK_COUNT};

use super::super::hands::{HandId, Hands, Shoe};
use super::lanes::LANES;

/// The triples of one upcard's drawing hands and each hand's index into
/// them.
#[derive(Debug, Clone)]
pub(super) struct DrawTable {
    /// The `(rank, cards of that rank held, cards held)` triples.
    triples: Vec<(u8, u8, u8)>,
    /// Per drawing hand (in the pass's order) and rank: the triple's index.
    index: Vec<[u16; RANK_COUNT]>,
}

/// The shoe one pass draws from: the cards left once the player's cards
/// are out (the dealer's own cards, upcard included, not yet).
pub(super) struct PassShoe {
    /// Cards left per rank.
    pub base: [f64; RANK_COUNT],
    /// Cards left in all.
    pub total: f64,
    /// Whether draws are with replacement (the dealer's cards stay in).
    infinite: bool,
}

impl PassShoe {
    /// The cards of rank index `r` and in all once the dealer holds `size`
    /// cards, `held` of them of rank `r`: the numbers a count per hand
    /// gives whenever the dealer's cards are in the shoe (hands that are
    /// not carry no probability).
    #[inline]
    pub fn after(&self, r: usize, held: u8, size: u8) -> (f64, f64) {
        if self.infinite {
            return (self.base[r], self.total);
        }
        let left = (self.base[r] - f64::from(held)).max(0.0);
        (left, self.total - f64::from(size))
    }
}

impl DrawTable {
    /// The table of the dealer hands `drawing` (the pass's order).
    pub fn new(hands: &Hands, drawing: &[HandId]) -> DrawTable {
        let mut seen: HashMap<(u8, u8, u8), u16> = HashMap::new();
        let mut triples = Vec::new();
        let index = drawing
            .iter()
            .map(|&id| {
                let counts = hands.counts(id);
                let size = hands.size(id);
                std::array::from_fn(|r| {
                    let key = (r as u8, counts[r], size);
                    *seen.entry(key).or_insert_with(|| {
                        triples.push(key);
                        (triples.len() - 1) as u16
                    })
                })
            })
            .collect();
        DrawTable { triples, index }
    }

    /// Drawing hand number `pos`'s indices into the probabilities.
    #[inline(always)]
    pub fn hand(&self, pos: usize) -> &[u16; RANK_COUNT] {
        &self.index[pos]
    }

    /// Fills `probs` with each triple's probability with `removed` out of
    /// `shoe`, and returns the pass's shoe. With an infinite shoe the
    /// probabilities do not depend on the dealer's cards.
    pub fn fill(&self, shoe: &Shoe, removed: &Counts, probs: &mut Vec<f64>) -> PassShoe {
        let (base, total) = shoe.left(removed);
        let infinite = shoe.is_infinite();
        let pass = PassShoe {
            base,
            total,
            infinite,
        };
        probs.clear();
        if infinite {
            let next = shoe.next(removed);
            probs.extend(self.triples.iter().map(|&(r, _, _)| next[usize::from(r)]));
            return pass;
        }
        probs.extend(self.triples.iter().map(|&(r, k, m)| {
            let (left, total) = pass.after(usize::from(r), k, m);
            if total <= 0.0 { 0.0 } else { left / total }
        }));
        pass
    }

    /// [`DrawTable::fill`] for up to [`LANES`] removals at once, one lane
    /// each, with the same arithmetic per lane (so the same quotients bit
    /// for bit). A lane whose shoe cannot deal `upcard`, or that has no
    /// removal, gets an empty shoe and draws nothing. Returns the lanes'
    /// shoes.
    #[inline(always)]
    pub fn fill_lanes(
        &self,
        shoe: &Shoe,
        removed: &[Counts],
        upcard: usize,
        probs: &mut Vec<[f64; LANES]>,
    ) -> LaneShoe {
        let infinite = shoe.is_infinite();
        let mut lanes = LaneShoe {
            base: [[0.0; LANES]; RANK_COUNT],
            total: [0.0; LANES],
            infinite,
        };
        for (lane, cards) in removed.iter().enumerate().take(LANES) {
            let (base, total) = shoe.left(cards);
            let pass = PassShoe {
                base,
                total,
                infinite,
            };
            if pass.after(upcard, 0, 0).0 >= 1.0 {
                for (to, b) in lanes.base.iter_mut().zip(base) {
                    to[lane] = b;
                }
                lanes.total[lane] = total;
            }
        }
        // A plain loop (no iterator adapter left out of line), so the
        // divisions compile with the caller's vector width.
        probs.resize(self.triples.len(), [0.0; LANES]);
        for (slot, &(r, k, m)) in probs.iter_mut().zip(&self.triples) {
            // With an infinite shoe a triple reads the next-card
            // probability `left / total`: the finite formula with nothing
            // held.
            let (k, m) = if infinite { (0, 0) } else { (k, m) };
            *slot = lanes.after(usize::from(r), k, m).map_quotient();
        }
        lanes
    }
}

/// The shoes of up to [`LANES`] passes, one lane each (see [`PassShoe`]).
pub(super) struct LaneShoe {
    /// Cards left per rank, one lane per pass.
    base: [[f64; LANES]; RANK_COUNT],
    /// Cards left in all, one lane per pass.
    total: [f64; LANES],
    /// Whether draws are with replacement.
    infinite: bool,
}

/// Cards of one rank left and cards left in all, one lane per pass.
pub(super) struct LaneLeft {
    /// Cards of the rank left.
    pub left: [f64; LANES],
    /// Cards left in all.
    pub total: [f64; LANES],
}

impl LaneLeft {
    /// `left / total` per lane, zero where no card is left.
    #[inline(always)]
    pub fn map_quotient(&self) -> [f64; LANES] {
        std::array::from_fn(|l| {
            if self.total[l] <= 0.0 {
                0.0
            } else {
                self.left[l] / self.total[l]
            }
        })
    }
}

impl LaneShoe {
    /// Whether draws are with replacement.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// [`PassShoe::after`] in every lane.
    #[inline(always)]
    pub fn after(&self, r: usize, held: u8, size: u8) -> LaneLeft {
        if self.infinite {
            return LaneLeft {
                left: self.base[r],
                total: self.total,
            };
        }
        let (held, size) = (f64::from(held), f64::from(size));
        LaneLeft {
            left: std::array::from_fn(|l| (self.base[r][l] - held).max(0.0)),
            total: std::array::from_fn(|l| self.total[l] - size),
        }
    }
}
