//! The dealer's outcome weighted by "ghost" cards, for the exact split
//! values: the batched walk of [`Dealer::outcomes`] that also weighs each
//! final hand by the chance that the next cards after it are not of the
//! pair's rank. Per lane the arithmetic is the one-removal pass's, in the
//! same order, so the numbers do not depend on the batching.

use crate::cards::{Counts, Rank};

use super::super::hands::{Hands, Shoe};
use super::lanes::{LANES, add_flow};
use super::outcome::BUSTS;
use super::walk::{Dealer, Walk};
use crate::wide::widest;

/// The most split hands, besides the one valued, whose second card is
/// known not to be a pair card (four hands at most).
pub const MAX_GHOSTS: usize = 3;

/// The dealer's final hand weighted by "ghost" cards: `p[m]` holds the
/// probabilities of each final hand (as in [`DealerOutcome::p`], before any
/// peek) times the probability that `m` more cards, drawn after the dealer
/// has finished, are all not of the pair's rank. `p[0]` is the plain
/// outcome.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GhostOutcome {
    /// The weighted probabilities, by the number of ghost cards.
    pub p: [[f64; 7]; MAX_GHOSTS + 1],
}

/// Probabilities that the next `m` cards (m = 0..=MAX_GHOSTS) of a shoe of
/// `total` cards, `other` of them not of the pair's rank, are all not of
/// the pair's rank (with replacement when `infinite`).
pub fn ghost_weights(other: f64, total: f64, infinite: bool) -> [f64; MAX_GHOSTS + 1] {
    let mut w = [1.0; MAX_GHOSTS + 1];
    for m in 1..=MAX_GHOSTS {
        let gone = if infinite { 0.0 } else { (m - 1) as f64 };
        let (a, b) = (other - gone, total - gone);
        w[m] = if a > 0.0 && b > 0.0 {
            w[m - 1] * a / b
        } else {
            0.0
        };
    }
    w
}

/// Per lane, the ghost weights once the dealer stands after drawing a pair
/// card and after drawing another card.
type LaneWeights = (
    [[f64; LANES]; MAX_GHOSTS + 1],
    [[f64; LANES]; MAX_GHOSTS + 1],
);

/// Per ghost count, final slot and lane: the weighted probabilities.
type LaneGhosts = [[[f64; LANES]; 7]; MAX_GHOSTS + 1];

/// What one upcard's ghost walks for one pair share.
struct GhostWalk<'a> {
    walk: &'a Walk,
    up: usize,
    pair: usize,
    /// The distinct (cards of the pair's rank, size) of the drawing hands.
    keys: Vec<(u8, u8)>,
    /// Per drawing hand: its entry in `keys`.
    key_of: Vec<usize>,
}

/// The reusable buffers of one ghost walk.
struct Buffers<'a> {
    lanes: &'a mut [[f64; LANES]],
    probs: &'a mut Vec<[f64; LANES]>,
    weights: &'a mut Vec<LaneWeights>,
}

/// One batched ghost walk for the removals of `chunk` (at most
/// [`LANES`]); the reach in `buffers.lanes` is all zero on entry and on
/// exit.
#[inline(always)]
fn ghost_chunk(g: &GhostWalk, shoe: &Shoe, chunk: &[Counts], buffers: Buffers) -> LaneGhosts {
    let Buffers {
        lanes: reach,
        probs,
        weights,
    } = buffers;
    let lanes = g.walk.table.fill_lanes(shoe, chunk, g.up, probs);
    let infinite = lanes.is_infinite();
    let step = if infinite { 0.0 } else { 1.0 };
    weights.clear();
    weights.extend(g.keys.iter().map(|&(held, size)| {
        let after = lanes.after(g.pair, held, size);
        let mut w: LaneWeights = Default::default();
        for l in 0..LANES {
            let (left, total) = (after.left[l], after.total[l]);
            let others = total - left;
            let on_pair = ghost_weights(others, total - step, infinite);
            let on_other = ghost_weights(others - step, total - step, infinite);
            for m in 0..=MAX_GHOSTS {
                w.0[m][l] = on_pair[m];
                w.1[m][l] = on_other[m];
            }
        }
        w
    }));
    let n = g.walk.len();
    let mut p: LaneGhosts = [[[0.0; LANES]; 7]; MAX_GHOSTS + 1];
    // The bust slot's sums, kept in registers (same additions, same
    // order): it takes several flows per hand, one after the other.
    let mut bust = [[0.0; LANES]; MAX_GHOSTS + 1];
    reach[0] = [1.0; LANES];
    for (pos, links) in g.walk.links.iter().enumerate() {
        let mass = std::mem::replace(&mut reach[pos], [0.0; LANES]);
        if mass == [0.0; LANES] {
            continue;
        }
        let w = &weights[g.key_of[pos]];
        let busts = g.walk.busts[pos];
        for (r, (&j, &target)) in g.walk.table.hand(pos).iter().zip(links).enumerate() {
            let q = &probs[usize::from(j)];
            let target = usize::from(target);
            if target < n {
                add_flow(&mut reach[target], &mass, q);
                continue;
            }
            let flow: [f64; LANES] = std::array::from_fn(|l| mass[l] * q[l]);
            let w = if r == g.pair { &w.0 } else { &w.1 };
            if busts & (1 << r) != 0 {
                for (to, weight) in bust.iter_mut().zip(w) {
                    add_flow(to, &flow, weight);
                }
            } else {
                for (row, weight) in p.iter_mut().zip(w) {
                    add_flow(&mut row[target - n], &flow, weight);
                }
            }
        }
    }
    for (row, sums) in p.iter_mut().zip(bust) {
        row[BUSTS] = sums;
    }
    p
}

/// [`ghost_chunk`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn ghost_chunk_256(g: &GhostWalk, shoe: &Shoe, chunk: &[Counts], buffers: Buffers) -> LaneGhosts {
    ghost_chunk(g, shoe, chunk, buffers)
}

impl Dealer {
    /// The ghost-weighted outcomes (see [`GhostOutcome`]) for pair rank
    /// index `pair` under `upcard` with each of `removed` out of the shoe
    /// (the upcard aside), in order: all zero where the shoe cannot deal
    /// the upcard. `p[0]` is bit for bit [`Dealer::outcome`].
    pub fn ghost_outcomes(
        &mut self,
        hands: &Hands,
        shoe: &Shoe,
        removed: &[Counts],
        upcard: Rank,
        pair: usize,
    ) -> Vec<GhostOutcome> {
        let up = upcard.index();
        let walk = &self.walks[up];
        if walk.drawing.is_empty() {
            let zero = GhostOutcome {
                p: [[0.0; 7]; MAX_GHOSTS + 1],
            };
            return vec![zero; removed.len()];
        }
        // The weights depend on a drawing hand only through its cards of
        // the pair's rank and its size: one set per distinct pair of them.
        let mut keys: Vec<(u8, u8)> = Vec::new();
        let key_of: Vec<usize> = walk
            .drawing
            .iter()
            .map(|&id| {
                let key = (hands.counts(id)[pair], hands.size(id));
                keys.iter().position(|&k| k == key).unwrap_or_else(|| {
                    keys.push(key);
                    keys.len() - 1
                })
            })
            .collect();
        let g = GhostWalk {
            walk,
            up,
            pair,
            keys,
            key_of,
        };
        self.lanes.clear();
        self.lanes.resize(walk.len() + 7, [0.0; LANES]);
        let mut weights = Vec::with_capacity(g.keys.len());
        let mut out = Vec::with_capacity(removed.len());
        for chunk in removed.chunks(LANES) {
            let buffers = Buffers {
                lanes: &mut self.lanes,
                probs: &mut self.lane_probs,
                weights: &mut weights,
            };
            let p = widest!(ghost_chunk, ghost_chunk_256, (&g, shoe, chunk, buffers));
            out.extend((0..chunk.len()).map(|l| GhostOutcome {
                p: std::array::from_fn(|m| std::array::from_fn(|slot| p[m][slot][l])),
            }));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::walk::tests::aces;
    use super::*;
    use crate::cards::{Deck, RANK_COUNT};

    /// Nine removals (two batches, the second part empty), one of which
    /// the shoe cannot deal with the upcard.
    fn removals() -> Vec<Counts> {
        (0..9u8)
            .map(|i| {
                let mut c = [0u8; RANK_COUNT];
                c[6] = 2;
                c[usize::from(i)] += 1 + i % 3;
                if i == 8 {
                    c[8] = 16;
                }
                c
            })
            .collect()
    }

    #[test]
    fn batched_walks_equal_single_passes_bit_for_bit() {
        for deck in [Deck::new(1, false), Deck::new(2, true)] {
            let hands = Hands::new(&deck, &aces());
            let shoe = Shoe::new(&deck);
            let mut dealer = Dealer::new(&hands, true);
            let removed = removals();
            for up in Rank::all() {
                let plain = dealer.outcomes(&shoe, &removed, up);
                let ghosts = dealer.ghost_outcomes(&hands, &shoe, &removed, up, 6);
                for ((cards, o), g) in removed.iter().zip(&plain).zip(&ghosts) {
                    let single = dealer.outcome(&shoe, cards, up);
                    assert_eq!(single.p, o.p, "{up} {cards:?}");
                    assert_eq!(single.p, g.p[0], "{up} {cards:?}");
                }
            }
        }
    }

    #[test]
    fn ghost_outcomes_weigh_the_cards_after_the_dealer() {
        let deck = Deck::new(1, false);
        let hands = Hands::new(&deck, &aces());
        let shoe = Shoe::new(&deck);
        let mut dealer = Dealer::new(&hands, false);
        let mut removed = [0u8; RANK_COUNT];
        removed[6] = 2;
        let ghosts = dealer.ghost_outcomes(&hands, &shoe, &[removed], Rank::TEN, 6)[0];
        // One ghost card: the total weight is the chance that the card after
        // the dealer's is not an 8: 2 eights left among 49 cards.
        let one: f64 = ghosts.p[1].iter().sum();
        assert!((one - 47.0 / 49.0).abs() < 1e-12, "{one}");
        let w = ghost_weights(2.0, 4.0, false);
        let expected = [1.0, 0.5, 1.0 / 6.0, 0.0];
        assert!(
            w.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-15),
            "{w:?}"
        );
        assert!((ghost_weights(2.0, 4.0, true)[2] - 0.25).abs() < 1e-15);
    }
}
