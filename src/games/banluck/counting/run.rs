//! The counting study on the lab's one Monte Carlo driver: each chunk deals
//! whole decks at a table, and every deck leaves one [`DeckRecord`].

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use super::system::{CountSystem, perfect_bet};
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
    type Tally = Vec<DeckRecord>;

    fn empty(&self) -> Vec<DeckRecord> {
        Vec::new()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Vec<DeckRecord> {
        let mut decks = Vec::new();
        let mut deck = DeckRecord::default();
        let mut out = [0u16; MAX_PLAYERS];
        let mut shoe = RefreshShoe::new(self.round.plan.deck, self.refresh);
        shoe.play_decks(rounds, |shoe, fresh| {
            if fresh && deck.rounds > 0.0 {
                decks.push(std::mem::take(&mut deck));
            }
            let left = shoe.remaining();
            let bet = f64::from(self.system.bet(&left));
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
            decks.push(deck);
        }
        decks
    }

    fn merge(&self, total: &mut Vec<DeckRecord>, chunk: Vec<DeckRecord>) {
        total.extend(chunk);
    }
}
