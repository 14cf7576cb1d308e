//! Where the simulator's cards come from: a real shuffled deck (partial
//! Fisher–Yates), the infinite deck (independent draws), or a scripted order
//! for tests.

use rand::Rng;

use crate::cards::{Deck, Rank};
use crate::sim::below;

/// A source of cards for one hand after another.
pub trait CardSource {
    /// Starts a new hand: the whole deck is available again.
    fn start_hand(&mut self);
    /// The next card of the current hand.
    fn draw<R: Rng>(&mut self, rng: &mut R) -> Rank;
    /// The draws that follow are those of hand `hand` after the deal (a
    /// table's seats are 0.., its dealer the next number). Sources that
    /// deal in order ignore it.
    #[inline(always)]
    fn turn(&mut self, _hand: usize) {}
}

/// Every card of `deck` as its rank, in rank order (one deck's worth for the
/// infinite deck, whose draws carry one deck's probabilities).
pub(crate) fn cards_of(deck: &Deck) -> Vec<Rank> {
    Rank::all()
        .flat_map(|rank| std::iter::repeat_n(rank, deck.count(rank) as usize))
        .collect()
}

/// A real deck dealt without replacement and reshuffled before every hand.
///
/// Each draw swaps a uniformly chosen card among those not yet dealt into
/// the next position (partial Fisher–Yates). The array is not reset between
/// hands: continuing the shuffle from any permutation is uniform, so every
/// hand sees a freshly shuffled deck at the cost of the cards it uses.
///
/// The cards are ranks in play; the tests shuffle distinct card numbers
/// through the same code to check where each card lands.
#[derive(Debug, Clone)]
pub struct Shoe<C = Rank> {
    cards: Vec<C>,
    next: usize,
}

impl Shoe {
    /// A full deck of `deck`'s cards (its counts; `deck` should be finite).
    pub fn new(deck: &Deck) -> Shoe {
        Shoe {
            cards: cards_of(deck),
            next: 0,
        }
    }
}

impl<C: Copy> Shoe<C> {
    /// The next card: a uniformly chosen card not yet dealt this hand is
    /// swapped into the next position. Always inlined into `draw` (below).
    #[inline(always)]
    fn deal_next<R: Rng>(&mut self, rng: &mut R) -> C {
        let left = (self.cards.len() - self.next) as u32;
        let pick = self.next + below(rng, left) as usize;
        self.cards.swap(self.next, pick);
        let card = self.cards[self.next];
        self.next += 1;
        card
    }
}

impl CardSource for Shoe {
    #[inline]
    fn start_hand(&mut self) {
        self.next = 0;
    }

    // Always inlined: the hot loop draws a card a few times per hand, and
    // LLVM's size heuristics otherwise leave it as a call in some callers
    // (30% slower heads-up simulation).
    #[inline(always)]
    fn draw<R: Rng>(&mut self, rng: &mut R) -> Rank {
        self.deal_next(rng)
    }
}

/// The infinite deck: every card is drawn independently with the
/// probabilities of a fresh single deck.
#[derive(Debug, Clone)]
pub struct InfiniteShoe {
    cards: Vec<Rank>,
}

impl InfiniteShoe {
    /// Draws with the probabilities of `deck`'s counts.
    pub fn new(deck: &Deck) -> InfiniteShoe {
        InfiniteShoe {
            cards: cards_of(deck),
        }
    }
}

impl CardSource for InfiniteShoe {
    #[inline]
    fn start_hand(&mut self) {}

    // Always inlined, as the shoe's.
    #[inline(always)]
    fn draw<R: Rng>(&mut self, rng: &mut R) -> Rank {
        self.cards[below(rng, self.cards.len() as u32) as usize]
    }
}

/// Cards in a fixed order, for replaying hands in tests: player, player,
/// dealer, dealer, then the player's draws, then the dealer's.
#[cfg(test)]
#[derive(Debug, Clone)]
pub struct Scripted {
    cards: Vec<Rank>,
    next: usize,
}

#[cfg(test)]
impl Scripted {
    /// The cards of `text` (e.g. `"A A T 5"`) in order.
    pub fn new(text: &str) -> Scripted {
        Scripted {
            cards: crate::cards::parse_hand(text).expect("a valid script"),
            next: 0,
        }
    }

    /// Cards not dealt by the hand played.
    pub fn unused(&self) -> usize {
        self.cards.len() - self.next
    }
}

#[cfg(test)]
impl CardSource for Scripted {
    fn start_hand(&mut self) {
        self.next = 0;
    }

    fn draw<R: Rng>(&mut self, _rng: &mut R) -> Rank {
        let card = *self
            .cards
            .get(self.next)
            .expect("the script ran out of cards");
        self.next += 1;
        card
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::RANK_COUNT;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn a_hand_never_deals_more_cards_of_a_rank_than_the_deck_holds() {
        let deck = Deck::new(1, false);
        let mut shoe = Shoe::new(&deck);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..1000 {
            shoe.start_hand();
            let mut counts = [0u32; RANK_COUNT];
            for _ in 0..52 {
                counts[shoe.draw(&mut rng).index()] += 1;
            }
            for rank in Rank::all() {
                assert_eq!(counts[rank.index()], deck.count(rank));
            }
        }
    }

    #[test]
    fn every_card_lands_in_every_position_uniformly() {
        // 52 distinct cards through the shoe's own shuffle, hand after hand
        // (the array carries over, as in play): the 52 positions × 52 cards
        // table of counts against its uniform expectation. A uniform random
        // permutation matrix has covariance n/(n-1) · (A ⊗ A) per hand after
        // scaling, A the centring projection of rank n - 1, so Pearson's
        // statistic times (n-1)/n is a chi-square with (n - 1)² degrees of
        // freedom.
        use statrs::distribution::{ChiSquared, ContinuousCDF};
        let mut shoe = Shoe {
            cards: (0..52u8).collect(),
            next: 0,
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let hands = 52_000u32;
        let mut counts = vec![[0u32; 52]; 52];
        for _ in 0..hands {
            shoe.next = 0;
            for position in &mut counts {
                position[usize::from(shoe.deal_next(&mut rng))] += 1;
            }
        }
        let expected = f64::from(hands) / 52.0;
        let pearson: f64 = counts
            .iter()
            .flatten()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        let statistic = pearson * 51.0 / 52.0;
        let critical = ChiSquared::new(51.0 * 51.0)
            .unwrap()
            .inverse_cdf(1.0 - 1e-6);
        assert!(
            statistic < critical,
            "chi-square {statistic:.1} >= {critical:.1}"
        );
        // The rank the shoe deals second is a ten 16 times in 52: an exact
        // binomial check at |z| < 4.
        let deck = Deck::new(1, false);
        let mut ranks = Shoe::new(&deck);
        let mut tens_second = 0u32;
        for _ in 0..hands {
            ranks.start_hand();
            let _ = ranks.draw(&mut rng);
            if ranks.draw(&mut rng) == Rank::TEN {
                tens_second += 1;
            }
        }
        let p = 16.0 / 52.0;
        let n = f64::from(hands);
        let z = (f64::from(tens_second) - n * p) / (n * p * (1.0 - p)).sqrt();
        assert!(z.abs() < 4.0, "z = {z}");
    }

    #[test]
    fn infinite_shoe_can_deal_five_aces() {
        let mut shoe = InfiniteShoe::new(&Deck::new(1, true));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut aces_in_a_row = 0;
        let mut longest = 0;
        for _ in 0..4_000_000 {
            if shoe.draw(&mut rng) == Rank::ACE {
                aces_in_a_row += 1;
                longest = longest.max(aces_in_a_row);
            } else {
                aces_in_a_row = 0;
            }
        }
        assert!(longest >= 5, "longest run of aces {longest}");
    }
}
