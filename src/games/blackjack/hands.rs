//! Every live (not bust) blackjack hand composition a deck can deal, with
//! totals, softness and child links, and the shoe's draw probabilities.

use std::ops::Range;

use super::fx_hash::FxHashMap;
use crate::cards::{Counts, Deck, RANK_COUNT, Rank};
use crate::rules::AceRules;

/// Index of a hand in a [`Hands`] index.
pub type HandId = u32;

/// Child link of a hand that busts (or that the shoe cannot deal).
pub const BUST: HandId = HandId::MAX;

/// The live compositions of 0.. cards (a composition is live when its
/// total under the ace rules is at most 21), in order of size, each with a
/// link per rank to the composition one card larger. Unlike
/// [`CompositionIndex`](crate::cards::CompositionIndex) it stops at a bust,
/// so the infinite deck's hands (up to 21 cards) stay a few thousand.
#[derive(Debug, Clone)]
pub struct Hands {
    counts: Vec<Counts>,
    totals: Vec<u8>,
    soft: Vec<bool>,
    sizes: Vec<u8>,
    children: Vec<[HandId; RANK_COUNT]>,
    by_size: Vec<Range<HandId>>,
    lookup: FxHashMap<Counts, HandId>,
}

impl Hands {
    /// Enumerates the live hands `deck` can deal under `ace`.
    pub fn new(deck: &Deck, ace: &AceRules) -> Hands {
        let limits: Vec<u8> = Rank::all().map(|r| deck.limit(r)).collect();
        let mut counts: Vec<Counts> = vec![[0; RANK_COUNT]];
        let mut by_size: Vec<Range<HandId>> = vec![Range { start: 0, end: 1 }];
        loop {
            let previous = by_size[by_size.len() - 1].clone();
            let start = counts.len() as HandId;
            for id in previous {
                let base = counts[id as usize];
                let highest = (0..RANK_COUNT).rev().find(|&r| base[r] > 0).unwrap_or(0);
                for rank in highest..RANK_COUNT {
                    if base[rank] < limits[rank] {
                        let mut next = base;
                        next[rank] += 1;
                        if ace.total(&next).0 <= 21 {
                            counts.push(next);
                        }
                    }
                }
            }
            let end = counts.len() as HandId;
            if start == end {
                break;
            }
            by_size.push(start..end);
        }
        let lookup: FxHashMap<Counts, HandId> = counts
            .iter()
            .enumerate()
            .map(|(id, c)| (*c, id as HandId))
            .collect();
        let values: Vec<(u8, bool)> = counts.iter().map(|c| ace.total(c)).collect();
        let children = counts
            .iter()
            .map(|c| {
                std::array::from_fn(|rank| {
                    let mut next = *c;
                    next[rank] = next[rank].saturating_add(1);
                    lookup.get(&next).copied().unwrap_or(BUST)
                })
            })
            .collect();
        Hands {
            totals: values.iter().map(|v| v.0).collect(),
            soft: values.iter().map(|v| v.1).collect(),
            sizes: counts.iter().map(|c| c.iter().sum()).collect(),
            counts,
            children,
            by_size,
            lookup,
        }
    }

    /// Number of live hands of every size together.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether the index is empty (never: the empty hand is in it).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The largest hand size indexed.
    pub fn max_cards(&self) -> u8 {
        (self.by_size.len() - 1) as u8
    }

    /// The hands of exactly `size` cards.
    pub fn of_size(&self, size: u8) -> Range<HandId> {
        self.by_size.get(usize::from(size)).cloned().unwrap_or(0..0)
    }

    /// Cards per rank of hand `id`.
    pub fn counts(&self, id: HandId) -> &Counts {
        &self.counts[id as usize]
    }

    /// The total of hand `id` (at most 21).
    pub fn total(&self, id: HandId) -> u8 {
        self.totals[id as usize]
    }

    /// Whether hand `id` counts an ace above its lowest value.
    pub fn soft(&self, id: HandId) -> bool {
        self.soft[id as usize]
    }

    /// Number of cards in hand `id`.
    pub fn size(&self, id: HandId) -> u8 {
        self.sizes[id as usize]
    }

    /// Hand `id` plus one card of rank index `rank`, or [`BUST`].
    pub fn child(&self, id: HandId, rank: usize) -> HandId {
        self.children[id as usize][rank]
    }

    /// The hand holding `counts`, if live.
    pub fn find(&self, counts: &Counts) -> Option<HandId> {
        self.lookup.get(counts).copied()
    }

    /// Whether hand `id` is a natural: two cards totalling 21.
    pub fn is_natural(&self, id: HandId) -> bool {
        self.size(id) == 2 && self.total(id) == 21
    }

    /// A short label, ranks from high to low, e.g. `AT` or `T63`.
    pub fn label(&self, id: HandId) -> String {
        let counts = self.counts(id);
        Rank::all()
            .rev()
            .flat_map(|r| std::iter::repeat_n(r.label(), usize::from(counts[r.index()])))
            .collect()
    }
}

/// The shoe's arithmetic: next-card probabilities once some cards are out.
#[derive(Debug, Clone)]
pub struct Shoe {
    counts: [f64; RANK_COUNT],
    size: f64,
    infinite: bool,
}

impl Shoe {
    /// The shoe of `deck`.
    pub fn new(deck: &Deck) -> Shoe {
        Shoe {
            counts: std::array::from_fn(|r| f64::from(deck.count(Rank::new(r)))),
            size: f64::from(deck.size()),
            infinite: deck.is_infinite(),
        }
    }

    /// Whether draws are with replacement.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Cards of each rank left once `removed` is out (the full counts of
    /// one deck when infinite), and how many in all.
    #[inline]
    pub fn left(&self, removed: &Counts) -> ([f64; RANK_COUNT], f64) {
        if self.infinite {
            return (self.counts, self.size);
        }
        let left: [f64; RANK_COUNT] =
            std::array::from_fn(|r| (self.counts[r] - f64::from(removed[r])).max(0.0));
        let total = left.iter().sum();
        (left, total)
    }

    /// Probability of each next rank once `removed` is out.
    #[inline]
    pub fn next(&self, removed: &Counts) -> [f64; RANK_COUNT] {
        let (left, total) = self.left(removed);
        if total <= 0.0 {
            return [0.0; RANK_COUNT];
        }
        std::array::from_fn(|r| left[r] / total)
    }

    /// Probability of each next rank for the player once `removed` is out,
    /// given that the dealer's unseen hole card (dealt from the same cards)
    /// is none of the ranks in `excluded` (the peek: the hole card does not
    /// complete a dealer natural). With no rank excluded this is
    /// [`Shoe::next`].
    pub fn next_given_hole(
        &self,
        removed: &Counts,
        excluded: &[bool; RANK_COUNT],
    ) -> [f64; RANK_COUNT] {
        let (left, total) = self.left(removed);
        let plain = self.next(removed);
        if self.infinite || !excluded.iter().any(|&e| e) || total <= 1.0 {
            return plain;
        }
        let excluded_cards: f64 = (0..RANK_COUNT)
            .filter(|&r| excluded[r])
            .map(|r| left[r])
            .sum();
        let hole_ok = 1.0 - excluded_cards / total;
        if hole_ok <= 0.0 {
            return [0.0; RANK_COUNT];
        }
        std::array::from_fn(|r| {
            let after = excluded_cards - if excluded[r] { 1.0 } else { 0.0 };
            plain[r] * (1.0 - after / (total - 1.0)) / hole_ok
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blackjack_aces() -> AceRules {
        AceRules {
            two_cards: vec![1, 11],
            three_cards: vec![1, 11],
            four_cards: vec![1, 11],
            five_cards: vec![1, 11],
        }
    }

    #[test]
    fn live_hands_and_links() {
        let hands = Hands::new(&Deck::new(1, false), &blackjack_aces());
        assert_eq!(hands.of_size(2).len(), 55);
        let mut at = [0u8; RANK_COUNT];
        at[Rank::ACE.index()] = 1;
        at[Rank::TEN.index()] = 1;
        let natural = hands.find(&at).unwrap();
        assert!(hands.is_natural(natural) && hands.soft(natural));
        assert_eq!(
            hands.child(natural, Rank::TEN.index()),
            hands
                .find(&{
                    let mut c = at;
                    c[Rank::TEN.index()] = 2;
                    c
                })
                .unwrap()
        );
        let tt = hands.child(hands.child(0, 8), 8);
        assert_eq!(hands.child(tt, 0), BUST);
        // Eleven cards at most from one deck: A A A A 2 2 2 2 3 3 3 is 21.
        assert_eq!(hands.max_cards(), 11);
        let infinite = Hands::new(&Deck::new(1, true), &blackjack_aces());
        assert_eq!(infinite.max_cards(), 21);
    }

    #[test]
    fn peeked_draws_sum_to_one_and_lower_the_excluded_rank() {
        let shoe = Shoe::new(&Deck::new(1, false));
        let mut removed = [0u8; RANK_COUNT];
        removed[Rank::ACE.index()] = 1;
        let mut excluded = [false; RANK_COUNT];
        excluded[Rank::TEN.index()] = true;
        let peeked = shoe.next_given_hole(&removed, &excluded);
        let plain = shoe.next(&removed);
        assert!((peeked.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(peeked[Rank::TEN.index()] > plain[Rank::TEN.index()]);
        // Ten given the hole card is not a ten: 16/50 of the 50 other cards.
        assert!((peeked[Rank::TEN.index()] - 16.0 / 50.0).abs() < 1e-12);
    }
}
