//! Decks as rank counts, draw probabilities and falling factorials.

use super::rank::{Counts, RANK_COUNT, Rank};

/// The falling factorial `(x)_k = x (x-1) ... (x-k+1)`, as a float; 0 when
/// `k > x`, 1 when `k = 0`.
///
/// The probability of drawing a given ordered sequence of ranks from a deck
/// with `n_r` cards of rank `r` and `N` cards in all, without replacement, is
/// `prod_r (n_r)_(m_r) / (N)_m` where the sequence holds `m_r` cards of rank
/// `r` and `m` in all.
///
/// ```
/// use banluck_lab::cards::falling_factorial;
/// assert_eq!(falling_factorial(4, 2), 12.0);
/// assert_eq!(falling_factorial(3, 4), 0.0);
/// assert_eq!(falling_factorial(52, 0), 1.0);
/// ```
pub fn falling_factorial(x: u32, k: u32) -> f64 {
    if k > x {
        return 0.0;
    }
    (0..k).map(|i| f64::from(x - i)).product()
}

/// A deck, shuffled completely before every hand: cards per rank class, or
/// the infinite-deck approximation in which every draw has the probabilities
/// of a fresh single deck.
#[derive(Debug, Clone, PartialEq)]
pub struct Deck {
    counts: [u32; RANK_COUNT],
    infinite: bool,
}

impl Deck {
    /// `decks` standard 52-card decks (4 of each pip and ace, 16 ten-values
    /// per deck), or the infinite deck when `infinite` is true.
    pub fn new(decks: u32, infinite: bool) -> Deck {
        let mut counts = [4 * decks; RANK_COUNT];
        counts[Rank::TEN.index()] = 16 * decks;
        if infinite {
            counts = [4; RANK_COUNT];
            counts[Rank::TEN.index()] = 16;
        }
        Deck { counts, infinite }
    }

    /// A finite deck with the given cards per rank class, for reduced-deck
    /// cross-checks of the solvers (rules files always describe whole decks).
    ///
    /// ```
    /// use banluck_lab::cards::{Deck, Rank};
    /// let mut counts = [0; 10];
    /// counts[Rank::ACE.index()] = 2;
    /// counts[Rank::TEN.index()] = 3;
    /// assert_eq!(Deck::from_counts(counts).size(), 5);
    /// ```
    pub fn from_counts(counts: [u32; RANK_COUNT]) -> Deck {
        Deck {
            counts,
            infinite: false,
        }
    }

    /// Whether draws are with replacement (infinite deck).
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Cards of `rank` in the full deck (for the infinite deck, the counts of
    /// one deck, which carry its probabilities).
    pub fn count(&self, rank: Rank) -> u32 {
        self.counts[rank.index()]
    }

    /// Cards in the full deck (52 per deck).
    pub fn size(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The most cards of one rank a hand can hold (`u8::MAX` when infinite).
    pub fn limit(&self, rank: Rank) -> u8 {
        if self.infinite {
            u8::MAX
        } else {
            self.counts[rank.index()].min(u32::from(u8::MAX)) as u8
        }
    }

    /// Probability that the next card is `rank` once the cards in `removed`
    /// have left the deck.
    pub fn draw_probability(&self, removed: &Counts, rank: Rank) -> f64 {
        let size = self.size();
        if self.infinite {
            return f64::from(self.counts[rank.index()]) / f64::from(size);
        }
        let gone: u32 = removed.iter().map(|&c| u32::from(c)).sum();
        let left = u32::from(removed[rank.index()]);
        let available = self.counts[rank.index()].saturating_sub(left);
        if gone >= size {
            return 0.0;
        }
        f64::from(available) / f64::from(size - gone)
    }

    /// Probability that the next cards, in any order, form the composition
    /// `drawn`, after `removed` has left the deck.
    pub fn composition_probability(&self, removed: &Counts, drawn: &Counts) -> f64 {
        orderings(drawn) * self.sequence_probability(removed, drawn)
    }

    /// Probability of one particular ordered sequence of draws whose ranks
    /// form `drawn`, after `removed` has left the deck.
    pub fn sequence_probability(&self, removed: &Counts, drawn: &Counts) -> f64 {
        let size = self.size();
        let total_drawn: u32 = drawn.iter().map(|&c| u32::from(c)).sum();
        if self.infinite {
            return Rank::all()
                .map(|r| {
                    (f64::from(self.counts[r.index()]) / f64::from(size))
                        .powi(i32::from(drawn[r.index()]))
                })
                .product();
        }
        let gone: u32 = removed.iter().map(|&c| u32::from(c)).sum();
        let numerator: f64 = Rank::all()
            .map(|r| {
                let left = self.counts[r.index()].saturating_sub(u32::from(removed[r.index()]));
                falling_factorial(left, u32::from(drawn[r.index()]))
            })
            .product();
        numerator / falling_factorial(size.saturating_sub(gone), total_drawn)
    }
}

/// Number of distinct orders of a multiset of ranks (the multinomial
/// coefficient `m! / prod m_r!`).
///
/// ```
/// use banluck_lab::cards::orderings;
/// let mut ace_seven_seven = [0u8; 10];
/// ace_seven_seven[9] = 1;
/// ace_seven_seven[5] = 2;
/// assert_eq!(orderings(&ace_seven_seven), 3.0);
/// ```
pub fn orderings(counts: &Counts) -> f64 {
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    let mut result = falling_factorial(total, total);
    for &c in counts {
        result /= falling_factorial(u32::from(c), u32::from(c));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_deck_has_52_cards_and_16_tens() {
        let deck = Deck::new(1, false);
        assert_eq!(deck.size(), 52);
        assert_eq!(deck.count(Rank::TEN), 16);
        assert_eq!(deck.count(Rank::ACE), 4);
        assert_eq!(Deck::new(6, false).size(), 312);
    }

    #[test]
    fn draw_probabilities_sum_to_one_after_removal() {
        let deck = Deck::new(1, false);
        let mut removed = [0u8; RANK_COUNT];
        removed[Rank::ACE.index()] = 2;
        removed[Rank::TEN.index()] = 3;
        let sum: f64 = Rank::all()
            .map(|r| deck.draw_probability(&removed, r))
            .sum();
        assert!((sum - 1.0).abs() < 1e-12);
        assert!((deck.draw_probability(&removed, Rank::ACE) - 2.0 / 47.0).abs() < 1e-15);
    }

    #[test]
    fn sequence_probability_matches_card_by_card_product() {
        let deck = Deck::new(1, false);
        let removed = [0u8; RANK_COUNT];
        let mut drawn = [0u8; RANK_COUNT];
        drawn[Rank::ACE.index()] = 2;
        // A then A: 4/52 * 3/51.
        let expected = 4.0 / 52.0 * 3.0 / 51.0;
        assert!((deck.sequence_probability(&removed, &drawn) - expected).abs() < 1e-15);
        let infinite = Deck::new(1, true);
        assert!((infinite.sequence_probability(&removed, &drawn) - 1.0 / 169.0).abs() < 1e-15);
    }
}
