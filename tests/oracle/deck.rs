//! The deck as rank counts and the exact probability of the next card.

use super::hand::{Counts, RANKS, TEN};
use super::rules::Rules;

/// A deck: counts per rank, drawn without replacement unless infinite.
#[derive(Debug, Clone)]
pub struct Deck {
    /// Cards of each rank in the full deck.
    pub counts: [u32; RANKS],
    /// Draws with replacement.
    pub infinite: bool,
}

impl Deck {
    /// The deck the rules name: `deck.decks` times 4 of each pip rank and 16
    /// ten-value cards (infinite: the same proportions, with replacement).
    pub fn of(rules: &Rules) -> Deck {
        let mut counts = [4 * rules.decks; RANKS];
        counts[usize::from(TEN)] = 16 * rules.decks;
        Deck {
            counts,
            infinite: rules.infinite,
        }
    }

    /// A reduced deck, given as (label, count) pairs; missing ranks are 0.
    pub fn reduced(cards: &[(char, u32)]) -> Deck {
        let mut counts = [0; RANKS];
        for &(label, n) in cards {
            let r = super::hand::LABELS
                .iter()
                .position(|&l| l == label)
                .unwrap();
            counts[r] = n;
        }
        Deck {
            counts,
            infinite: false,
        }
    }

    /// The probability that the next card is `rank` once `removed` is out
    /// of the deck.
    pub fn probability(&self, removed: &Counts, rank: u8) -> f64 {
        let r = usize::from(rank);
        let size: u32 = self.counts.iter().sum();
        if self.infinite {
            return f64::from(self.counts[r]) / f64::from(size);
        }
        let gone: u32 = removed.iter().map(|&c| u32::from(c)).sum();
        let left = self.counts[r].saturating_sub(u32::from(removed[r]));
        if left == 0 {
            0.0
        } else {
            f64::from(left) / f64::from(size - gone)
        }
    }

    /// Every rank that can come next once `removed` is out of the deck, with
    /// its probability.
    pub fn draws(&self, removed: &Counts) -> impl Iterator<Item = (u8, f64)> {
        let p: [f64; RANKS] = std::array::from_fn(|r| self.probability(removed, r as u8));
        (0..RANKS as u8)
            .map(move |r| (r, p[usize::from(r)]))
            .filter(|&(_, q)| q > 0.0)
    }

    /// Probability of drawing the ranks `cards` in this order once `removed`
    /// is out.
    pub fn sequence(&self, removed: &Counts, cards: &[u8]) -> f64 {
        let mut gone = *removed;
        let mut p = 1.0;
        for &r in cards {
            p *= self.probability(&gone, r);
            gone[usize::from(r)] += 1;
        }
        p
    }
}

/// The counts of two hands together.
pub fn both(a: &Counts, b: &Counts) -> Counts {
    std::array::from_fn(|r| a[r] + b[r])
}
