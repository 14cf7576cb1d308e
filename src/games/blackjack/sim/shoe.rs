//! The simulator's cards: a shoe of the rules' decks dealt without
//! replacement to the cut card (`shoe.penetration`), or reshuffled before
//! every round when the key is unset; the infinite deck draws with
//! replacement.

use rand::Rng;

use crate::cards::{Deck, RANK_COUNT, Rank};
use crate::sim::below;

/// A shoe dealt card by card.
///
/// Each draw swaps a uniformly chosen card among those not yet dealt into
/// the next position (a partial Fisher–Yates shuffle), so a reshuffle only
/// resets the position: continuing the shuffle from any permutation is
/// uniform. A round that runs the shoe dry reshuffles the discards (every
/// card not on the table) and deals on; the shoe is then reshuffled in full
/// after that round.
#[derive(Debug, Clone)]
pub struct CardShoe {
    /// Rank indices of every card (one deck's worth for the infinite deck).
    cards: Vec<u8>,
    /// Cards dealt since the last shuffle.
    next: usize,
    /// Where the current round's first card lies.
    round_start: usize,
    /// Deal no new round once this many cards are dealt (`None`: a fresh
    /// shoe every round).
    cut: Option<usize>,
    /// Draws with replacement.
    infinite: bool,
    /// The shoe ran dry in this round: reshuffle in full after it.
    ran_dry: bool,
    /// Shuffles so far (the first included).
    shuffles: u64,
}

impl CardShoe {
    /// The shoe of `deck`, cut at `penetration` (the share dealt before the
    /// shuffle; `None`: shuffled before every round).
    pub fn new(deck: &Deck, penetration: Option<f64>) -> CardShoe {
        let cards: Vec<u8> = Rank::all()
            .flat_map(|rank| std::iter::repeat_n(rank.index() as u8, deck.count(rank) as usize))
            .collect();
        let cut = penetration.map(|p| ((p * cards.len() as f64).round() as usize).max(1));
        CardShoe {
            cards,
            next: 0,
            round_start: 0,
            cut,
            infinite: deck.is_infinite(),
            ran_dry: false,
            shuffles: 0,
        }
    }

    /// Starts a round: reshuffles when the cut card has come out (or every
    /// round without a cut card, or after the shoe ran dry).
    #[inline]
    pub fn start_round(&mut self) {
        let shuffle = match self.cut {
            None => true,
            Some(cut) => self.shuffles == 0 || self.ran_dry || self.next >= cut,
        };
        if shuffle {
            self.next = 0;
            self.ran_dry = false;
            self.shuffles += 1;
        }
        self.round_start = self.next;
    }

    /// The next card's rank index.
    #[inline]
    pub fn draw<R: Rng>(&mut self, rng: &mut R) -> usize {
        let len = self.cards.len();
        if self.infinite {
            return usize::from(self.cards[below(rng, len as u32) as usize]);
        }
        if self.next == len {
            self.refill();
        }
        let pick = self.next + below(rng, (len - self.next) as u32) as usize;
        self.cards.swap(self.next, pick);
        let card = self.cards[self.next];
        self.next += 1;
        usize::from(card)
    }

    /// The shoe ran dry mid-round: the discards (dealt before this round)
    /// become the undealt cards, the round's cards stay on the table. (A
    /// round that used every card of the shoe, which the deck sizes allowed
    /// make impossible, would deal from a full reshuffle.)
    fn refill(&mut self) {
        let on_table = self.cards.len() - self.round_start;
        self.cards.rotate_left(self.round_start);
        self.next = if self.round_start == 0 { 0 } else { on_table };
        self.round_start = 0;
        self.ran_dry = true;
    }

    /// How many times the shoe has been shuffled.
    pub fn shuffles(&self) -> u64 {
        self.shuffles
    }

    /// Removes the cards of `counts` from the undealt cards as if dealt
    /// (to deal a fixed start of a round); `false` when the shoe lacks one.
    pub fn take(&mut self, counts: &[u8; RANK_COUNT]) -> bool {
        if self.infinite {
            return true;
        }
        for (rank, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                match self.cards[self.next..]
                    .iter()
                    .position(|&c| usize::from(c) == rank)
                {
                    Some(at) => {
                        self.cards.swap(self.next, self.next + at);
                        self.next += 1;
                    }
                    None => return false,
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn a_cut_shoe_deals_to_the_cut_and_keeps_every_card() {
        let mut shoe = CardShoe::new(&Deck::new(1, false), Some(0.5));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        shoe.start_round();
        let mut seen = [0u32; RANK_COUNT];
        for _ in 0..26 {
            seen[shoe.draw(&mut rng)] += 1;
        }
        assert_eq!(shoe.shuffles(), 1);
        // The cut card (26 of 52) is out: the next round reshuffles.
        shoe.start_round();
        assert_eq!(shoe.shuffles(), 2);
        for _ in 0..26 {
            seen[shoe.draw(&mut rng)] += 1;
        }
        assert_eq!(seen.iter().sum::<u32>(), 52);
        let mut counts = [0u32; RANK_COUNT];
        for &c in &shoe.cards {
            counts[usize::from(c)] += 1;
        }
        assert_eq!(counts, [4, 4, 4, 4, 4, 4, 4, 4, 16, 4]);
    }

    #[test]
    fn a_dry_shoe_deals_the_discards_but_not_the_table() {
        let mut shoe = CardShoe::new(&Deck::new(1, false), Some(0.99));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        shoe.start_round();
        for _ in 0..50 {
            shoe.draw(&mut rng);
        }
        // A new round from the last two cards runs dry after them and deals
        // the 50 discards, never a card of its own again.
        shoe.start_round();
        let mut round = [0u32; RANK_COUNT];
        for _ in 0..52 {
            round[shoe.draw(&mut rng)] += 1;
        }
        assert_eq!(round, [4, 4, 4, 4, 4, 4, 4, 4, 16, 4]);
        shoe.start_round();
        assert_eq!(shoe.shuffles(), 2);
    }

    #[test]
    fn taking_fixed_cards_removes_them() {
        let mut shoe = CardShoe::new(&Deck::new(1, false), None);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        shoe.start_round();
        let mut aces = [0; RANK_COUNT];
        aces[9] = 4;
        assert!(shoe.take(&aces));
        assert!((0..48).all(|_| shoe.draw(&mut rng) != 9));
        shoe.start_round();
        aces[9] = 5;
        assert!(!shoe.take(&aces));
    }
}
