//! The counting study on the lab's one Monte Carlo driver: each chunk deals
//! whole decks at a table, and every deck leaves one [`DeckRecord`].

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use super::solve::DeckSolver;
use super::source::{RUN_OUT_CLASSES, Watched};
use super::system::{CountSystem, counter_bet, perfect_bet};
use crate::games::banluck::dp::MIN_CARDS_LEFT;
use crate::games::banluck::sim::refresh::RefreshShoe;
use crate::games::banluck::table::play::{MAX_PLAYERS, RoundPlan, play_round, play_round_seen};
use crate::rules::Refresh;
use crate::sim::Chunked;

/// What one deck (from a shuffle to the next) adds up to, from the
/// counter's seat (seat 1).
///
/// The played sums cover every round, seat 1 on the chart. The solved sums
/// cover the rounds valued by the exact DP, each weighted by `w`, one over
/// its chance of being solved (so that weighted sums estimate sums over
/// every round that could be solved).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DeckRecord {
    /// Rounds dealt from the deck.
    pub rounds: f64,
    /// The seat's payoffs at 1 unit, on the chart (the flat bettor).
    pub flat: f64,
    /// The counter's units bet.
    pub counter_bet: f64,
    /// The counter's bets × the chart's payoffs (the spread alone).
    pub counter_win: f64,
    /// Per [`RunOut`](super::source::RunOut) class: rounds, flat payoffs,
    /// counter's bets, counter's bets × payoffs (chart play).
    pub by_run_out: [[f64; 4]; RUN_OUT_CLASSES],
    /// Rounds whose first-order EV estimate was positive.
    pub linear_positive: f64,
    /// Rounds whose first-order EV estimate was above [`EDGE_SCREEN`].
    pub screened: f64,
    /// Rounds with fewer cards left than the exact DP needs.
    pub short: f64,
    /// Rounds valued by the exact DP (unweighted count).
    pub exact: f64,
    /// Σ w over the solved rounds.
    pub weight: f64,
    /// Σ w · [EV* > 0].
    pub exact_positive: f64,
    /// Σ w · [the first-order estimate has the sign of EV*].
    pub sign_agrees: f64,
    /// Σ w · EV*: a flat bettor playing each deck's optimum.
    pub exact_flat: f64,
    /// Σ w · EV on the deck of the full deck's optimum: the flat bettor.
    pub exact_base: f64,
    /// Σ w · bet · EV*: the counter (ramp, each deck's optimum).
    pub exact_counter: f64,
    /// Σ w · bet.
    pub exact_counter_bet: f64,
    /// Σ w · perfect bet · EV*.
    pub exact_perfect: f64,
    /// Σ w · perfect bet.
    pub exact_perfect_bet: f64,
    /// Σ bet · payoff of the counter playing the deck's optimum (the round
    /// played out, the stub running out as it may), unweighted.
    pub played_optimum: f64,
    /// Σ bet · payoff of the counter playing the chart on the same cards.
    pub played_chart: f64,
    /// Σ bet · EV* over the same rounds, unweighted.
    pub played_exact: f64,
    /// Rounds during which the stub ran out (the discards were shuffled).
    pub run_outs: f64,
}

/// The first-order EV above which a round is solved with the higher chance
/// (`edge_share`): the rounds near or above break-even, where the bets of
/// the counter and of the perfect-information bettor are decided.
pub const EDGE_SCREEN: f64 = -0.02;

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
    /// whole number): solved rounds, Σ w, Σ w · EV*, Σ w · EV*².
    pub by_true_count: Vec<[f64; 4]>,
}

impl CountTally {
    fn new() -> CountTally {
        CountTally {
            decks: Vec::new(),
            by_true_count: vec![[0.0; 4]; (TC_HIGH - TC_LOW + 1) as usize],
        }
    }

    fn add_exact(&mut self, tc: f64, ev: f64, w: f64) {
        let bucket =
            (tc.round().clamp(f64::from(TC_LOW), f64::from(TC_HIGH)) as i32 - TC_LOW) as usize;
        let cell = &mut self.by_true_count[bucket];
        cell[0] += 1.0;
        cell[1] += w;
        cell[2] += w * ev;
        cell[3] += w * ev * ev;
    }
}

/// The counting study as the driver sees it.
pub(super) struct CountRounds<'a> {
    pub round: &'a RoundPlan<'a>,
    pub refresh: Refresh,
    pub system: &'a CountSystem,
    pub solver: &'a DeckSolver<'a>,
    /// The chance that a round is solved (screened rounds: `edge_share`).
    pub exact_share: f64,
    /// The chance that a round above [`EDGE_SCREEN`] is solved.
    pub edge_share: f64,
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
        let mut optimum_out = [0u16; MAX_PLAYERS];
        let mut shoe = RefreshShoe::new(self.round.plan.deck, self.refresh);
        let chart = &self.round.plan.player_hit;
        shoe.play_decks(rounds, |shoe, fresh| {
            if fresh && deck.rounds > 0.0 {
                tally.decks.push(std::mem::take(&mut deck));
            }
            let left = shoe.remaining();
            let cards: u32 = left.iter().sum();
            let tc = self.system.true_count(&left);
            let bet = f64::from(counter_bet(self.system.estimated_edge(tc)));
            let linear = self.system.linear_ev(&left);
            let screened = linear > EDGE_SCREEN;
            let chance = if screened {
                self.edge_share
            } else {
                self.exact_share
            };
            // One draw per round whatever the shares, so that the cards
            // dealt do not depend on them.
            let solved = rng.random::<f64>() < chance && cards >= MIN_CARDS_LEFT;
            let before = solved.then(|| (shoe.clone(), rng.clone()));
            let run_outs = shoe.run_outs();
            let mut watched = Watched::new(&mut *shoe);
            play_round(self.round, &mut watched, &mut rng, &mut out);
            let class = watched.run_out as usize;
            let payoff = self.round.value[usize::from(out[0])];
            deck.rounds += 1.0;
            deck.flat += payoff;
            deck.counter_bet += bet;
            deck.counter_win += bet * payoff;
            let cell = &mut deck.by_run_out[class];
            cell[0] += 1.0;
            cell[1] += payoff;
            cell[2] += bet;
            cell[3] += bet * payoff;
            deck.linear_positive += f64::from(u8::from(linear > 0.0));
            deck.screened += f64::from(u8::from(screened));
            deck.short += f64::from(u8::from(cards < MIN_CARDS_LEFT));
            deck.run_outs += (shoe.run_outs() - run_outs) as f64;
            let Some((mut replay, mut replay_rng)) = before else {
                return;
            };
            let Ok(solution) = self.solver.solve(&left) else {
                return;
            };
            // The same round again from the same cards, the counter on the
            // deck's optimum, every other seat on the chart.
            play_round_seen(
                self.round,
                &mut replay,
                &mut replay_rng,
                &mut optimum_out,
                |seat, _| {
                    if seat == 0 {
                        solution.hits.as_slice()
                    } else {
                        chart.as_slice()
                    }
                },
            );
            let played = self.round.value[usize::from(optimum_out[0])];
            let ev = solution.ev;
            let w = 1.0 / chance;
            tally.add_exact(tc, ev, w);
            let perfect = f64::from(perfect_bet(ev));
            deck.exact += 1.0;
            deck.weight += w;
            deck.exact_positive += w * f64::from(u8::from(ev > 0.0));
            deck.sign_agrees += w * f64::from(u8::from((ev > 0.0) == (linear > 0.0)));
            deck.exact_flat += w * ev;
            deck.exact_base += w * solution.ev_base;
            deck.exact_counter += w * bet * ev;
            deck.exact_counter_bet += w * bet;
            deck.exact_perfect += w * perfect * ev;
            deck.exact_perfect_bet += w * perfect;
            deck.played_optimum += bet * played;
            deck.played_chart += bet * payoff;
            deck.played_exact += bet * ev;
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
