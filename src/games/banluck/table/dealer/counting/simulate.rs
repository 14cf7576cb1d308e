//! The counting dealer played card by card: seats dealt and played from a
//! shuffled deck, then the dealer's cards from the same deck, its
//! decisions made as it would make them at the table (1a's policy, then
//! at a reveal the posterior's argmax on what it has seen), every seat
//! settled by the rules. Its mean checks the computed value.

use rand::rngs::Xoshiro256PlusPlus;

use super::super::policy::{HIT, REVEAL};
use super::super::seats::{SeatRound, SeatSampler};
use super::posterior::Subtree;
use super::value::Counter;
use crate::games::banluck::sim::deal::{CardSource, InfiniteShoe, Shoe};
use crate::sim::Chunked;

/// Rounds played, and the sum and sum of squares of the dealer's gain.
pub(crate) type SimTally = (u64, f64, f64);

/// Plays the counting dealer against sampled seats.
pub(crate) struct CountingSim<'a> {
    pub sampler: SeatSampler<'a>,
    pub counter: Counter<'a>,
}

impl CountingSim<'_> {
    /// The dealer's gain in `round`, its cards drawn from `cards`.
    fn settle<C: CardSource>(
        &self,
        round: &SeatRound,
        cards: &mut C,
        rng: &mut Xoshiro256PlusPlus,
    ) -> f64 {
        let Counter {
            table,
            nodes,
            posterior,
            policy,
            players,
        } = &self.counter;
        let index = table.compositions();
        let seats = &round.seats[..*players];
        let first = index.child(index.empty(), cards.draw(rng));
        let start = index.child(first, cards.draw(rng));
        if table.hand(start).class.is_deal_special() {
            return seats
                .iter()
                .map(|s| -table.deal_special(s.start, start).unwrap_or(0.0))
                .sum();
        }
        if policy.surrender[start as usize] {
            return 0.0;
        }
        let mut gain: f64 = seats
            .iter()
            .filter(|s| !s.open)
            .map(|s| match table.deal_special(s.start, start) {
                Some(value) if table.hand(s.start).class.is_deal_special() => -value,
                _ => -table.payoff(s.hand, start),
            })
            .sum();
        let settle = |hand, three_plus: bool| -> f64 {
            seats
                .iter()
                .filter(|s| s.open && (s.cards >= 3) == three_plus)
                .map(|s| -table.payoff(s.hand, hand))
                .sum()
        };
        let actions = policy.for_key(round.key(*players));
        let mut hand = start;
        loop {
            match actions.before[hand as usize] {
                HIT => hand = index.child(hand, cards.draw(rng)),
                REVEAL => break,
                _ => return gain + settle(hand, true) + settle(hand, false),
            }
        }
        gain += settle(hand, true);
        let (seen, open) = self.counter.seen(round, hand);
        if open == 0 {
            return gain;
        }
        let sub = Subtree::new(table, nodes, hand);
        let (after, _) = posterior.decide(nodes, &sub, &seen, open, rng);
        let mut at = 0;
        while after[at] == HIT {
            hand = index.child(hand, cards.draw(rng));
            at = sub
                .ids
                .binary_search(&hand)
                .expect("the dealer's draw stays in its subtree");
        }
        gain + settle(hand, false)
    }
}

impl Chunked for CountingSim<'_> {
    type Tally = SimTally;

    fn empty(&self) -> SimTally {
        (0, 0.0, 0.0)
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> SimTally {
        let deck = self.counter.table.deck();
        let mut tally = (0, 0.0, 0.0);
        let mut add = |gain: f64| {
            tally.0 += 1;
            tally.1 += gain;
            tally.2 += gain * gain;
        };
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                add(self.settle(&round, &mut cards, &mut rng));
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                add(self.settle(&round, &mut cards, &mut rng));
            }
        }
        tally
    }

    fn merge(&self, total: &mut SimTally, chunk: SimTally) {
        total.0 += chunk.0;
        total.1 += chunk.1;
        total.2 += chunk.2;
    }
}
