//! A deck dealt through several rounds before it is shuffled again
//! (`deck.refresh` other than `"every_round"`), and the loop that plays
//! whole decks.
//!
//! The cards sit in one array: the discards of the rounds finished since
//! the shuffle, then the cards of the round on the table, then the stub
//! (not yet dealt). Each draw swaps a uniformly chosen stub card into the
//! next position (partial Fisher–Yates, as [`super::deal::Shoe`]).
//!
//! When the stub runs out in the middle of a round, the discards of the
//! finished rounds, and only those, are shuffled and dealt on: the cards of
//! the round on the table stay where they are. The round after that starts
//! from a freshly shuffled full deck. A round must use fewer cards than
//! the deck holds (a round uses at most 5 per hand, 40 at eight hands; a
//! deck holds at least 52).

use rand::Rng;

use super::deal::{CardSource, cards_of};
use crate::cards::{Deck, RANK_COUNT, Rank};
use crate::rules::Refresh;
use crate::sim::below;

/// When the deck in hand is shuffled again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Limit {
    /// After this many rounds.
    Rounds(u32),
    /// Before a round once this many cards have been dealt.
    Cards(usize),
}

impl Limit {
    fn of(refresh: Refresh, cards: usize) -> Limit {
        match refresh {
            Refresh::EveryRound => Limit::Rounds(1),
            Refresh::Rounds(n) => Limit::Rounds(n.max(1)),
            Refresh::Penetration(p) => {
                Limit::Cards(((p * cards as f64).ceil() as usize).clamp(1, cards))
            }
        }
    }
}

/// A deck dealt round after round until `deck.refresh` says to shuffle.
#[derive(Debug, Clone)]
pub struct RefreshShoe<C = Rank> {
    cards: Vec<C>,
    /// The first card of the stub.
    next: usize,
    /// The first card of the round on the table.
    round_start: usize,
    /// Rounds begun since the shuffle.
    rounds: u32,
    limit: Limit,
    /// The stub ran out during the current round.
    ran_out: bool,
    /// [`RefreshShoe::begin_round`] ran for the round about to be dealt.
    begun: bool,
    /// Rounds during which the stub ran out.
    run_outs: u64,
}

impl RefreshShoe {
    /// A shuffled deck of `deck`'s cards (finite) refreshed as `refresh` says.
    pub fn new(deck: &Deck, refresh: Refresh) -> RefreshShoe {
        RefreshShoe::of_cards(cards_of(deck), refresh)
    }

    /// Cards per rank class not dealt since the shuffle: what the next
    /// round is dealt from (call after [`RefreshShoe::begin_round`]).
    pub fn remaining(&self) -> [u32; RANK_COUNT] {
        let mut left = [0; RANK_COUNT];
        for card in &self.cards[self.next..] {
            left[card.index()] += 1;
        }
        left
    }
}

impl<C: Copy> RefreshShoe<C> {
    /// The cards `cards` (in any order: the first round shuffles them).
    pub fn of_cards(cards: Vec<C>, refresh: Refresh) -> RefreshShoe<C> {
        let limit = Limit::of(refresh, cards.len());
        RefreshShoe {
            cards,
            next: 0,
            round_start: 0,
            rounds: 0,
            limit,
            ran_out: true,
            begun: false,
            run_outs: 0,
        }
    }

    /// Gets the next round ready: shuffles the whole deck again when the
    /// rule says so (or when the last round ran out of cards), and returns
    /// whether it did. The cards dealt before are the discards.
    pub fn begin_round(&mut self) -> bool {
        let reshuffle = self.ran_out
            || match self.limit {
                Limit::Rounds(n) => self.rounds >= n,
                Limit::Cards(cut) => self.next >= cut,
            };
        if reshuffle {
            self.next = 0;
            self.rounds = 0;
            self.ran_out = false;
        }
        self.round_start = self.next;
        self.rounds += 1;
        self.begun = true;
        reshuffle
    }

    /// Cards dealt since the last full shuffle.
    pub fn dealt(&self) -> usize {
        self.next
    }

    /// Rounds so far during which the stub ran out (and the discards were
    /// shuffled to finish them).
    pub fn run_outs(&self) -> u64 {
        self.run_outs
    }

    /// The next card, with the discards shuffled back if the stub is empty.
    #[inline(always)]
    fn deal_next<R: Rng>(&mut self, rng: &mut R) -> C {
        if self.next == self.cards.len() {
            self.reshuffle_discards();
        }
        let left = (self.cards.len() - self.next) as u32;
        let pick = self.next + below(rng, left) as usize;
        self.cards.swap(self.next, pick);
        let card = self.cards[self.next];
        self.next += 1;
        card
    }

    /// Moves the round on the table to the front and makes the discards of
    /// the finished rounds the stub.
    fn reshuffle_discards(&mut self) {
        self.cards.rotate_left(self.round_start);
        self.next = self.cards.len() - self.round_start;
        self.round_start = 0;
        if !self.ran_out {
            self.run_outs += 1;
        }
        self.ran_out = true;
    }
}

impl<C: Copy> RefreshShoe<C> {
    /// Plays whole decks, `round` once per round, until at least `rounds`
    /// rounds are played and the deck in hand is finished (its next round
    /// would start a new shuffle); returns the rounds played. With
    /// `"every_round"` that is exactly `rounds`.
    pub fn play_decks(&mut self, rounds: u64, mut round: impl FnMut(&mut Self, bool)) -> u64 {
        let mut played = 0;
        loop {
            let fresh = self.begin_round();
            if fresh && played >= rounds {
                return played;
            }
            round(self, fresh);
            played += 1;
        }
    }
}

impl CardSource for RefreshShoe {
    #[inline]
    fn start_hand(&mut self) {
        if !self.begun {
            self.begin_round();
        }
        self.begun = false;
    }

    #[inline(always)]
    fn draw<R: Rng>(&mut self, rng: &mut R) -> Rank {
        self.deal_next(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    fn numbered(n: u16, refresh: Refresh) -> RefreshShoe<u16> {
        RefreshShoe::of_cards((0..n).collect(), refresh)
    }

    /// Deals `sizes[i]` cards in round `i`, returning each round's cards and
    /// whether it started a new shuffle.
    fn deal_rounds(shoe: &mut RefreshShoe<u16>, sizes: &[usize]) -> Vec<(bool, Vec<u16>)> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        sizes
            .iter()
            .map(|&size| {
                let fresh = shoe.begin_round();
                (fresh, (0..size).map(|_| shoe.deal_next(&mut rng)).collect())
            })
            .collect()
    }

    #[test]
    fn rounds_n_shuffles_after_n_rounds() {
        let mut shoe = numbered(52, Refresh::Rounds(3));
        let rounds = deal_rounds(&mut shoe, &[5; 7]);
        let fresh: Vec<bool> = rounds.iter().map(|r| r.0).collect();
        assert_eq!(fresh, [true, false, false, true, false, false, true]);
        // Within one shuffle no card comes twice.
        let mut first_deck: Vec<u16> = rounds[..3].iter().flat_map(|r| r.1.clone()).collect();
        first_deck.sort_unstable();
        first_deck.dedup();
        assert_eq!(first_deck.len(), 15);
    }

    #[test]
    fn penetration_shuffles_once_the_share_is_gone() {
        // 0.5 of 20 cards: rounds start while fewer than 10 are gone.
        let mut shoe = numbered(20, Refresh::Penetration(0.5));
        let rounds = deal_rounds(&mut shoe, &[4, 4, 4, 4]);
        let fresh: Vec<bool> = rounds.iter().map(|r| r.0).collect();
        // 0, 4, 8 gone: deal on; 12 gone: shuffle.
        assert_eq!(fresh, [true, false, false, true]);
        assert_eq!(shoe.dealt(), 4);
    }

    #[test]
    fn a_round_that_runs_out_is_finished_from_the_discards_only() {
        // 10 cards: rounds of 4, 4 leave 2 in the stub; a third round of 6
        // takes those 2, then 4 of the 8 discards, never its own cards.
        let mut shoe = numbered(10, Refresh::Rounds(100));
        let rounds = deal_rounds(&mut shoe, &[4, 4, 6, 3]);
        let discards: Vec<u16> = rounds[..2].iter().flat_map(|r| r.1.clone()).collect();
        let third = &rounds[2].1;
        let mut distinct = third.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            6,
            "a card of the round came twice: {third:?}"
        );
        let stub: Vec<u16> = (0..10).filter(|c| !discards.contains(c)).collect();
        for card in &third[..2] {
            assert!(
                stub.contains(card),
                "{card} should come from the stub {stub:?}"
            );
        }
        for card in &third[2..] {
            assert!(
                discards.contains(card),
                "{card} is not a discard {discards:?}"
            );
        }
        assert_eq!(shoe.run_outs(), 1);
        // The round after a run-out starts from a full shuffle.
        assert!(rounds[3].0);
        assert_eq!(shoe.dealt(), 3);
    }

    #[test]
    fn play_decks_finishes_the_last_deck() {
        let mut shoe = numbered(52, Refresh::Rounds(4));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let played = shoe.play_decks(9, |shoe, _| {
            let _ = shoe.deal_next(&mut rng);
        });
        assert_eq!(played, 12);
        let mut every = numbered(52, Refresh::EveryRound);
        assert_eq!(every.play_decks(9, |_, fresh| assert!(fresh)), 9);
    }

    #[test]
    fn remaining_counts_the_stub() {
        let deck = Deck::new(1, false);
        let mut shoe = RefreshShoe::new(&deck, Refresh::Rounds(2));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        shoe.begin_round();
        assert_eq!(shoe.remaining().iter().sum::<u32>(), 52);
        let drawn: Vec<Rank> = (0..7).map(|_| shoe.draw(&mut rng)).collect();
        assert!(!shoe.begin_round(), "the second round deals on");
        let left = shoe.remaining();
        for rank in Rank::all() {
            let gone = drawn.iter().filter(|&&r| r == rank).count() as u32;
            assert_eq!(left[rank.index()], deck.count(rank) - gone);
        }
    }
}
