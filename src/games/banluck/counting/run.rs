//! The counting study on the lab's one Monte Carlo driver: each chunk deals
//! whole decks at a table, and every deck leaves one [`DeckRecord`].

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use super::system::{CountSystem, counter_bet, perfect_bet};
use crate::games::banluck::dp::{MIN_CARDS_LEFT, deck_value};
use crate::games::banluck::multi::{MAX_PLAYERS, RoundPlan, play_round};
use crate::games::banluck::rules::RuleSet;
use crate::games::banluck::sim::refresh::RefreshShoe;
use crate::rules::Refresh;
use crate::sim::Chunked;

/// What one deck (from a shuffle to the next) adds up to, from the
/// counter's seat (seat 1).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DeckRecord {
    /// Rounds dealt from the deck.
    pub rounds: f64,
    /// The seat's payoffs at 1 unit (the flat bettor's units won).
    pub flat: f64,
    /// The counter's units bet.
    pub counter_bet: f64,
    /// The counter's units won (bet × payoff).
    pub counter_win: f64,
    /// Rounds whose first-order EV estimate was positive.
    pub linear_positive: f64,
    /// Rounds valued by the exact DP (the sample of the exact figures).
    pub exact: f64,
    /// Of those, rounds whose exact EV was positive.
    pub exact_positive: f64,
    /// Of those, rounds where the first-order estimate had the exact sign.
    pub sign_agrees: f64,
    /// Σ EV* over the exact rounds: a flat bettor playing the optimal
    /// strategy for each deck.
    pub exact_flat: f64,
    /// Σ counter's bet × EV* over the exact rounds.
    pub exact_counter: f64,
    /// Σ counter's bet over the exact rounds.
    pub exact_counter_bet: f64,
    /// Σ perfect bet × EV* over the exact rounds.
    pub exact_perfect: f64,
    /// Σ perfect bet over the exact rounds.
    pub exact_perfect_bet: f64,
    /// Rounds during which the stub ran out (the discards were shuffled).
    pub run_outs: f64,
}

/// The lowest true-count bucket (it also holds every lower count).
pub const TC_LOW: i32 = -30;
/// The highest true-count bucket (it also holds every higher count).
pub const TC_HIGH: i32 = 60;

/// A chunk's (or a run's) tally: one record per deck, and the exactly
/// valued rounds by true count.
#[derive(Debug, Clone, PartialEq)]
pub struct CountTally {
    /// One record per deck, in the order dealt.
    pub decks: Vec<DeckRecord>,
    /// Per true-count bucket (`TC_LOW..=TC_HIGH`, TC rounded to the nearest
    /// whole number): exactly valued rounds, Σ EV*, Σ EV*².
    pub by_true_count: Vec<[f64; 3]>,
}

impl CountTally {
    fn new() -> CountTally {
        CountTally {
            decks: Vec::new(),
            by_true_count: vec![[0.0; 3]; (TC_HIGH - TC_LOW + 1) as usize],
        }
    }

    fn add_exact(&mut self, tc: f64, ev: f64) {
        let bucket =
            (tc.round().clamp(f64::from(TC_LOW), f64::from(TC_HIGH)) as i32 - TC_LOW) as usize;
        let cell = &mut self.by_true_count[bucket];
        cell[0] += 1.0;
        cell[1] += ev;
        cell[2] += ev * ev;
    }
}

/// The counting study as the driver sees it.
pub(super) struct CountRounds<'a> {
    pub round: &'a RoundPlan<'a>,
    pub rules: &'a RuleSet,
    pub refresh: Refresh,
    pub system: &'a CountSystem,
    /// The chance that a round is valued by the exact DP.
    pub exact_share: f64,
}

impl CountRounds<'_> {
    /// The exact EV of a round from `left`, when sampled and defined.
    fn exact_ev(&self, left: &[u32; 10], sampled: bool) -> Option<f64> {
        if !sampled || left.iter().sum::<u32>() < MIN_CARDS_LEFT {
            return None;
        }
        if *left == self.system.full {
            return Some(self.system.ev_full);
        }
        deck_value(self.rules, left).ok().map(|value| value.ev)
    }
}

impl Chunked for CountRounds<'_> {
    type Tally = CountTally;

    fn empty(&self) -> CountTally {
        CountTally::new()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> CountTally {
        let mut tally = CountTally::new();
        let mut deck = DeckRecord::default();
        let mut out = [0u16; MAX_PLAYERS];
        let mut shoe = RefreshShoe::new(self.round.plan.deck, self.refresh);
        shoe.play_decks(rounds, |shoe, fresh| {
            if fresh && deck.rounds > 0.0 {
                tally.decks.push(std::mem::take(&mut deck));
            }
            let left = shoe.remaining();
            let tc = self.system.true_count(&left);
            let bet = f64::from(counter_bet(self.system.estimated_edge(tc)));
            let linear = self.system.linear_ev(&left);
            // One draw per round whatever the share, so that the cards dealt
            // do not depend on it.
            let sampled = rng.random::<f64>() < self.exact_share;
            let exact = self.exact_ev(&left, sampled);
            let run_outs = shoe.run_outs();
            play_round(self.round, shoe, &mut rng, &mut out);
            let payoff = self.round.value[usize::from(out[0])];
            deck.rounds += 1.0;
            deck.flat += payoff;
            deck.counter_bet += bet;
            deck.counter_win += bet * payoff;
            deck.linear_positive += f64::from(u8::from(linear > 0.0));
            deck.run_outs += (shoe.run_outs() - run_outs) as f64;
            if let Some(ev) = exact {
                tally.add_exact(tc, ev);
                let perfect = f64::from(perfect_bet(ev));
                deck.exact += 1.0;
                deck.exact_positive += f64::from(u8::from(ev > 0.0));
                deck.sign_agrees += f64::from(u8::from((ev > 0.0) == (linear > 0.0)));
                deck.exact_flat += ev;
                deck.exact_counter += bet * ev;
                deck.exact_counter_bet += bet;
                deck.exact_perfect += perfect * ev;
                deck.exact_perfect_bet += perfect;
            }
        });
        if deck.rounds > 0.0 {
            tally.decks.push(deck);
        }
        tally
    }

    fn merge(&self, total: &mut CountTally, chunk: CountTally) {
        total.decks.extend(chunk.decks);
        for (sum, part) in total.by_true_count.iter_mut().zip(&chunk.by_true_count) {
            for (s, p) in sum.iter_mut().zip(part) {
                *s += p;
            }
        }
    }
}
