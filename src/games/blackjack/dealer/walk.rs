//! One upcard's walk over the dealer's drawing hands ([`Walk`]) and the
//! dealer of every upcard with its single pass ([`Dealer::outcome`]).

use crate::cards::{Counts, RANK_COUNT, Rank};

use super::super::hands::{BUST, HandId, Hands, Shoe};
use super::draw_table::DrawTable;
use super::lanes::LANES;
use super::outcome::{BUSTS, DealerOutcome, NATURAL};

/// What the dealer does with a hand.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Step {
    Draw,
    Stand(usize),
}

/// One upcard's walk: its drawing hands in size order, where each drawn
/// card's probability goes and the draw probabilities they read.
#[derive(Debug, Clone)]
pub(super) struct Walk {
    /// The drawing hands reachable from the upcard, in size order.
    pub(super) drawing: Vec<HandId>,
    /// Per drawing hand (by position) and rank: the position of the
    /// drawing hand the card leads to, or the number of drawing hands plus
    /// the final slot of [`DealerOutcome::p`]. Positions keep the walk's
    /// probabilities in a few kilobytes.
    pub(super) links: Vec<[u16; RANK_COUNT]>,
    /// Per drawing hand (by position): a bit per rank that busts it. The
    /// batched walks add those flows in a register, not through memory:
    /// the bust slot takes several flows per hand, one after the other.
    pub(super) busts: Vec<u16>,
    /// The draw probabilities the drawing hands read.
    pub(super) table: DrawTable,
}

impl Walk {
    /// Number of drawing hands.
    pub(super) fn len(&self) -> usize {
        self.drawing.len()
    }
}

/// Dealer passes for every upcard, with reusable buffers.
#[derive(Debug, Clone)]
pub struct Dealer {
    /// Per upcard: its walk.
    pub(super) walks: Vec<Walk>,
    /// Probability reaching each drawing hand (by position), then each
    /// final slot.
    reach: Vec<f64>,
    /// The current pass's draw probabilities, by the table's triples.
    probs: Vec<f64>,
    /// The batched walks' probability reaching each drawing hand and
    /// final slot, one lane per removal.
    pub(super) lanes: Vec<[f64; LANES]>,
    /// The batched walks' draw probabilities, one lane per removal.
    pub(super) lane_probs: Vec<[f64; LANES]>,
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
        let mut walks = Vec::with_capacity(RANK_COUNT);
        let mut position = vec![u16::MAX; hands.len()];
        for rank in 0..RANK_COUNT {
            let up = hands.child(0, rank);
            let mut seen = vec![false; hands.len()];
            let mut drawing = Vec::new();
            if up != BUST {
                seen[up as usize] = true;
            }
            for size in 1..=hands.max_cards() {
                for id in hands.of_size(size) {
                    if !seen[id as usize] || steps[id as usize] != Step::Draw {
                        continue;
                    }
                    position[id as usize] = drawing.len() as u16;
                    drawing.push(id);
                    for r in 0..RANK_COUNT {
                        let child = hands.child(id, r);
                        if child != BUST {
                            seen[child as usize] = true;
                        }
                    }
                }
            }
            let d = drawing.len() as u16;
            let links = drawing
                .iter()
                .map(|&id| {
                    std::array::from_fn(|r| {
                        let child = hands.child(id, r);
                        if child == BUST {
                            return d + BUSTS as u16;
                        }
                        match steps[child as usize] {
                            Step::Draw => position[child as usize],
                            Step::Stand(slot) => d + slot as u16,
                        }
                    })
                })
                .collect();
            let busts = drawing
                .iter()
                .map(|&id| {
                    (0..RANK_COUNT)
                        .filter(|&r| hands.child(id, r) == BUST)
                        .map(|r| 1u16 << r)
                        .sum()
                })
                .collect();
            let table = DrawTable::new(hands, &drawing);
            walks.push(Walk {
                drawing,
                links,
                busts,
                table,
            });
        }
        let most = walks.iter().map(Walk::len).max().unwrap_or(0);
        Dealer {
            walks,
            reach: vec![0.0; most + 7],
            probs: Vec::new(),
            lanes: Vec::new(),
            lane_probs: Vec::new(),
        }
    }

    /// The dealer's final hand given `upcard` and the other cards `removed`
    /// from the shoe (the player's cards; the upcard is not in `removed`):
    /// all zero when the shoe cannot deal the upcard.
    pub fn outcome(&mut self, shoe: &Shoe, removed: &Counts, upcard: Rank) -> DealerOutcome {
        let mut p = [0.0; 7];
        let up = upcard.index();
        let walk = &self.walks[up];
        if walk.drawing.is_empty() {
            return DealerOutcome { p };
        }
        let pass = walk.table.fill(shoe, removed, &mut self.probs);
        if pass.after(up, 0, 0).0 < 1.0 {
            return DealerOutcome { p };
        }
        self.reach[0] = 1.0;
        for (pos, links) in walk.links.iter().enumerate() {
            let mass = self.reach[pos];
            self.reach[pos] = 0.0;
            if mass == 0.0 {
                continue;
            }
            for (&j, &target) in walk.table.hand(pos).iter().zip(links) {
                let q = self.probs[usize::from(j)];
                if q != 0.0 {
                    self.reach[usize::from(target)] += mass * q;
                }
            }
        }
        let n = walk.len();
        for (slot, value) in p.iter_mut().enumerate() {
            *value = self.reach[n + slot];
            self.reach[n + slot] = 0.0;
        }
        DealerOutcome { p }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::cards::Deck;
    use crate::rules::AceRules;

    /// Aces counting 1 or 11 in hands of every size.
    pub(in crate::games::blackjack::dealer) fn aces() -> AceRules {
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
                let o = dealer.outcome(&shoe, &[0; RANK_COUNT], up);
                assert!((o.p.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{up}");
            }
        }
    }

    #[test]
    fn natural_probability_under_an_ace() {
        let deck = Deck::new(1, false);
        let hands = Hands::new(&deck, &aces());
        let mut dealer = Dealer::new(&hands, false);
        let o = dealer.outcome(&Shoe::new(&deck), &[0; RANK_COUNT], Rank::ACE);
        assert!((o.p[NATURAL] - 16.0 / 51.0).abs() < 1e-12);
        let peeked = o.without_natural();
        assert_eq!(peeked.p[NATURAL], 0.0);
        assert!((peeked.p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
