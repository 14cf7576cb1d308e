//! The dealer's final-total probabilities for an upcard, with card removal:
//! one pass over the dealer's hand DAG from the upcard, pushing probability
//! along child links with draw probabilities from the shoe minus the cards
//! already out and the dealer's own cards. A sequence's probability depends
//! only on its multiset, so the DAG's merged paths give exact numbers.

mod batch;
mod draw_table;
pub mod fx_hash;

use serde::Serialize;

use crate::cards::{Counts, RANK_COUNT, Rank};

use super::hands::{BUST, HandId, Hands, Shoe};
use draw_table::DrawTable;

/// Index of the bust probability in [`DealerOutcome::p`].
pub const BUSTS: usize = 5;
/// Index of the natural's probability in [`DealerOutcome::p`].
pub const NATURAL: usize = 6;

/// The dealer's final hand: probabilities of 17, 18, 19, 20, 21 (not a
/// natural), bust and natural, in that order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DealerOutcome {
    /// The seven probabilities (summing to one).
    pub p: [f64; 7],
}

impl DealerOutcome {
    /// The same outcome given that the dealer has no natural (the peek).
    pub fn without_natural(&self) -> DealerOutcome {
        let rest = 1.0 - self.p[NATURAL];
        let mut p = [0.0; 7];
        if rest > 0.0 {
            for (i, value) in p.iter_mut().enumerate().take(NATURAL) {
                *value = self.p[i] / rest;
            }
        }
        DealerOutcome { p }
    }

    /// The expected result of standing on a live `total` (a non-natural
    /// hand): +1 per dealer bust or lower total, -1 per higher total or
    /// natural.
    pub fn stand_value(&self, total: u8) -> f64 {
        let mut value = self.p[BUSTS] - self.p[NATURAL];
        for (i, &p) in self.p.iter().enumerate().take(BUSTS) {
            let dealer = 17 + i as u8;
            if total > dealer {
                value += p;
            } else if total < dealer {
                value -= p;
            }
        }
        value
    }

    /// Probabilities of a player's standing `total` winning, pushing and
    /// losing (in that order).
    pub fn stand_split(&self, total: u8) -> [f64; 3] {
        let mut out = [self.p[BUSTS], 0.0, self.p[NATURAL]];
        for (i, &p) in self.p.iter().enumerate().take(BUSTS) {
            let dealer = 17 + i as u8;
            let slot = match total.cmp(&dealer) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            out[slot] += p;
        }
        out
    }
}

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

/// What the dealer does with a hand.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Step {
    Draw,
    Stand(usize),
}

/// Dealer passes for every upcard, with reusable buffers.
#[derive(Debug, Clone)]
pub struct Dealer {
    /// Per upcard: the drawing hands reachable from it, in size order.
    drawing: Vec<Vec<HandId>>,
    /// Per drawing hand and rank: where the drawn card's probability goes,
    /// a hand (below the number of hands) or a final slot (the number of
    /// hands plus the slot of [`DealerOutcome::p`]).
    targets: Vec<[u32; RANK_COUNT]>,
    /// Per upcard: the draw probabilities its drawing hands read.
    tables: Vec<DrawTable>,
    /// Probability reaching each hand, then each final slot.
    reach: Vec<f64>,
    /// The current pass's draw probabilities, by the table's triples.
    probs: Vec<f64>,
    /// [`Dealer::outcomes`]' probability reaching each hand and final
    /// slot, one lane per removal.
    lanes: Vec<[f64; batch::LANES]>,
    /// [`Dealer::outcomes`]' draw probabilities, one lane per removal.
    lane_probs: Vec<[f64; batch::LANES]>,
}

impl Dealer {
    /// The dealer of `hands`, drawing to 17 (and on soft 17 when
    /// `hit_soft_17`).
    pub fn new(hands: &Hands, hit_soft_17: bool) -> Dealer {
        let steps: Vec<Step> = (0..hands.len() as HandId)
            .map(|id| {
                let total = hands.total(id);
                let size = hands.size(id);
                if size < 2 || total < 17 || (total == 17 && hit_soft_17 && hands.soft(id)) {
                    Step::Draw
                } else if hands.is_natural(id) {
                    Step::Stand(NATURAL)
                } else {
                    Step::Stand(usize::from(total - 17))
                }
            })
            .collect();
        let mut drawing = Vec::with_capacity(RANK_COUNT);
        for rank in 0..RANK_COUNT {
            let up = hands.child(0, rank);
            let mut seen = vec![false; hands.len()];
            let mut list = Vec::new();
            if up != BUST {
                seen[up as usize] = true;
            }
            for size in 1..=hands.max_cards() {
                for id in hands.of_size(size) {
                    if !seen[id as usize] || steps[id as usize] != Step::Draw {
                        continue;
                    }
                    list.push(id);
                    for r in 0..RANK_COUNT {
                        let child = hands.child(id, r);
                        if child != BUST {
                            seen[child as usize] = true;
                        }
                    }
                }
            }
            drawing.push(list);
        }
        let n = hands.len() as u32;
        let targets = (0..n)
            .map(|id| {
                std::array::from_fn(|r| {
                    let child = hands.child(id, r);
                    if child == BUST {
                        return n + BUSTS as u32;
                    }
                    match steps[child as usize] {
                        Step::Draw => child,
                        Step::Stand(slot) => n + slot as u32,
                    }
                })
            })
            .collect();
        let tables = drawing
            .iter()
            .map(|list| DrawTable::new(hands, list))
            .collect();
        Dealer {
            drawing,
            targets,
            tables,
            reach: vec![0.0; hands.len() + 7],
            probs: Vec::new(),
            lanes: Vec::new(),
            lane_probs: Vec::new(),
        }
    }

    /// The dealer's final hand given `upcard` and the other cards `removed`
    /// from the shoe (the player's cards; the upcard is not in `removed`):
    /// all zero when the shoe cannot deal the upcard.
    pub fn outcome(
        &mut self,
        hands: &Hands,
        shoe: &Shoe,
        removed: &Counts,
        upcard: Rank,
    ) -> DealerOutcome {
        let mut p = [0.0; 7];
        let up = upcard.index();
        let drawing = &self.drawing[up];
        let Some(&first) = drawing.first() else {
            return DealerOutcome { p };
        };
        let table = &self.tables[up];
        let pass = table.fill(shoe, removed, &mut self.probs);
        if pass.after(up, 0, 0).0 < 1.0 {
            return DealerOutcome { p };
        }
        self.reach[first as usize] = 1.0;
        for (pos, &id) in drawing.iter().enumerate() {
            let mass = self.reach[id as usize];
            self.reach[id as usize] = 0.0;
            if mass == 0.0 {
                continue;
            }
            let index = table.hand(pos);
            let targets = &self.targets[id as usize];
            for (&j, &target) in index.iter().zip(targets) {
                let q = self.probs[usize::from(j)];
                if q != 0.0 {
                    self.reach[target as usize] += mass * q;
                }
            }
        }
        let n = hands.len();
        for (slot, value) in p.iter_mut().enumerate() {
            *value = self.reach[n + slot];
            self.reach[n + slot] = 0.0;
        }
        DealerOutcome { p }
    }

    /// [`Dealer::outcome`] with the ghost weights of pair rank index `pair`
    /// (see [`GhostOutcome`]); `p[0]` is bit for bit the plain outcome.
    pub fn ghost_outcome(
        &mut self,
        hands: &Hands,
        shoe: &Shoe,
        removed: &Counts,
        upcard: Rank,
        pair: usize,
    ) -> GhostOutcome {
        let mut p = [[0.0; 7]; MAX_GHOSTS + 1];
        let up = upcard.index();
        let drawing = &self.drawing[up];
        let Some(&first) = drawing.first() else {
            return GhostOutcome { p };
        };
        let infinite = shoe.is_infinite();
        let step = if infinite { 0.0 } else { 1.0 };
        let table = &self.tables[up];
        let pass = table.fill(shoe, removed, &mut self.probs);
        if pass.after(up, 0, 0).0 < 1.0 {
            return GhostOutcome { p };
        }
        let n = hands.len();
        self.reach[first as usize] = 1.0;
        for (pos, &id) in drawing.iter().enumerate() {
            let mass = self.reach[id as usize];
            self.reach[id as usize] = 0.0;
            if mass == 0.0 {
                continue;
            }
            // Once the dealer stands after drawing rank r: the cards left
            // and how many are not of the pair's rank.
            let (left, total) = pass.after(pair, hands.counts(id)[pair], hands.size(id));
            let others = total - left;
            let after_pair = ghost_weights(others, total - step, infinite);
            let after_other = ghost_weights(others - step, total - step, infinite);
            let index = table.hand(pos);
            let targets = &self.targets[id as usize];
            for (r, (&j, &target)) in index.iter().zip(targets).enumerate() {
                let q = self.probs[usize::from(j)];
                if q == 0.0 {
                    continue;
                }
                let flow = mass * q;
                let target = target as usize;
                if target < n {
                    self.reach[target] += flow;
                    continue;
                }
                let slot = target - n;
                let w = if r == pair { &after_pair } else { &after_other };
                for (row, weight) in p.iter_mut().zip(w) {
                    row[slot] += flow * weight;
                }
            }
        }
        GhostOutcome { p }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Deck;
    use crate::rules::AceRules;

    fn aces() -> AceRules {
        AceRules {
            two_cards: vec![1, 11],
            three_cards: vec![1, 11],
            four_cards: vec![1, 11],
            five_cards: vec![1, 11],
        }
    }

    #[test]
    fn outcomes_sum_to_one() {
        for deck in [Deck::new(1, false), Deck::new(1, true)] {
            let hands = Hands::new(&deck, &aces());
            let shoe = Shoe::new(&deck);
            let mut dealer = Dealer::new(&hands, true);
            for up in Rank::all() {
                let o = dealer.outcome(&hands, &shoe, &[0; RANK_COUNT], up);
                assert!((o.p.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{up}");
            }
        }
    }

    #[test]
    fn ghost_outcomes_start_with_the_plain_one_and_weigh_less() {
        let deck = Deck::new(1, false);
        let hands = Hands::new(&deck, &aces());
        let shoe = Shoe::new(&deck);
        let mut dealer = Dealer::new(&hands, false);
        let mut removed = [0u8; RANK_COUNT];
        removed[6] = 2;
        let plain = dealer.outcome(&hands, &shoe, &removed, Rank::TEN);
        let ghosts = dealer.ghost_outcome(&hands, &shoe, &removed, Rank::TEN, 6);
        assert_eq!(plain.p, ghosts.p[0]);
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

    #[test]
    fn natural_probability_under_an_ace() {
        let deck = Deck::new(1, false);
        let hands = Hands::new(&deck, &aces());
        let mut dealer = Dealer::new(&hands, false);
        let o = dealer.outcome(&hands, &Shoe::new(&deck), &[0; RANK_COUNT], Rank::ACE);
        assert!((o.p[NATURAL] - 16.0 / 51.0).abs() < 1e-12);
        let peeked = o.without_natural();
        assert_eq!(peeked.p[NATURAL], 0.0);
        assert!((peeked.p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
