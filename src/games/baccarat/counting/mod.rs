//! Side-bet counting, the simulated half: real shuffled shoes (burn, cut
//! card) dealt through the lab's one Monte Carlo driver, with at every hand
//! a counter and a perfect-information bettor for Dragon 7 and Panda 8.
//!
//! - The **counter** keeps a running count with the derived tags
//!   ([`CountSystem`]), starting at minus the full shoe's count, adding the
//!   tag of every card it sees (the dealt cards, and under the face-value
//!   burn the turned first card; the other burnt cards stay unseen). Its
//!   true count is the running count per deck unseen (52 × count / cards
//!   not seen), and it bets 1 unit when the true count is at least the
//!   trigger.
//! - The **perfect-information bettor** knows the cards left in the shoe
//!   and bets exactly when the exact EV of that composition (from
//!   [`side_bet_ev`], about 0.3 ms a call) is above 0: the upper bound of
//!   any count.
//! - For every hand the exact EV of the remaining composition (the cards
//!   from the next one to the end of the shoe, burnt cards excluded) is
//!   also what a hand is worth: the counter's mean result when betting
//!   must agree with the mean exact EV of the hands it bet.
//!
//! A round of the driver is one whole shoe (shuffle, burn, deal to the cut
//! card); chunks of [`CHUNK_SHOES`] shoes have their own streams and are
//! folded in chunk order, so the figures depend on the seed and the number
//! of shoes only, never on the number of threads.

mod system;
mod tally;

use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

pub use system::{CountSystem, SIDE_BETS};
pub use tally::{BUCKETS, BettorFigures, BucketFigures, CountTally, HIGHEST_BUCKET, LOWEST_BUCKET};

use super::bets::returns;
use super::count::side_bet_ev;
use super::exact::Shoe;
use super::rules::{BaccaratRules, BurnRule, baccarat_rules_hash};
use super::sim::PhysicalShoe;
use crate::sim::{Chunked, Estimate, RunParams};
use tally::{bucket_figures, bucket_of};

/// Shoes per chunk.
pub const CHUNK_SHOES: u64 = 4;

/// What to run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountParams {
    /// Shoes to deal (at least 1).
    pub shoes: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads (0: rayon's default).
    pub threads: usize,
    /// Whether to show a progress bar on stderr.
    pub progress: bool,
    /// Triggers for Dragon 7 and Panda 8 instead of the derived ones.
    pub triggers: [Option<f64>; 2],
}

/// One side bet's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BetCount {
    /// The counting system, with the trigger used.
    #[serde(flatten)]
    pub system: CountSystem,
    /// The mean result of betting every hand (compare the full-shoe EV).
    pub flat_edge: f64,
    /// The counter.
    pub counter: BettorFigures,
    /// The perfect-information bettor.
    pub perfect: BettorFigures,
    /// Perfect minus counter, units per shoe (paired by shoe).
    pub gap_per_shoe: f64,
    /// Its standard error.
    pub gap_per_shoe_std_error: f64,
    /// Perfect minus counter, exact EV bet per shoe (never negative shoe
    /// by shoe).
    pub gap_ev_per_shoe: f64,
    /// Its standard error.
    pub gap_ev_per_shoe_std_error: f64,
    /// Side-bet EV against true count: by bucket of the counter's true count.
    pub by_true_count: Vec<BucketFigures>,
}

/// The count study's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountResult {
    /// The rules' hash.
    pub rules_hash: String,
    /// The decks in the shoe.
    pub decks: u32,
    /// The random number generator.
    pub generator: &'static str,
    /// The seed.
    pub seed: u64,
    /// Shoes dealt.
    pub shoes: u64,
    /// Hands dealt.
    pub hands: u64,
    /// Hands per shoe.
    pub hands_per_shoe: f64,
    /// Threads used.
    pub threads: usize,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Dragon 7, then Panda 8.
    pub bets: Vec<BetCount>,
}

/// The study as the driver sees it: a round is one shoe.
struct Shoes<'r> {
    rules: &'r BaccaratRules,
    systems: [CountSystem; 2],
    /// Per bet, its return by outcome class.
    returns: [[f64; 5]; 2],
}

impl Shoes<'_> {
    /// Deals one shoe into `tally`.
    fn one_shoe(
        &self,
        shoe: &mut PhysicalShoe,
        rng: &mut Xoshiro256PlusPlus,
        tally: &mut CountTally,
    ) {
        shoe.shuffle(rng);
        let burnt = shoe.position();
        let mut left = Shoe::decks(self.rules.shoe.decks);
        for &card in &shoe.cards()[..burnt] {
            left.0[usize::from(card)] -= 1;
        }
        let mut running = self.systems.map(|s| s.initial_count);
        let mut unseen = shoe.cards().len() as i64;
        if burnt > 0 && self.rules.shoe.burn == BurnRule::FaceValue {
            let first = usize::from(shoe.cards()[0]);
            for (count, system) in running.iter_mut().zip(&self.systems) {
                *count += i64::from(system.tags[first]);
            }
            unseen -= 1;
        }
        loop {
            let before = shoe.position();
            let Some(class) = shoe.deal() else {
                break;
            };
            // `left` is still the stack before this coup: more cards than
            // the cut card, so at least 6, which the exact analysis takes.
            let Ok(ev) = side_bet_ev(&left, &self.rules.payouts) else {
                break;
            };
            tally.hands += 1;
            for (b, sums) in tally.bets.iter_mut().enumerate() {
                let ev = [ev.dragon7, ev.panda8][b];
                let result = self.returns[b][usize::from(class)];
                let true_count = 52.0 * running[b] as f64 / unseen as f64;
                sums.flat += result;
                let bucket = &mut sums.buckets[bucket_of(true_count)];
                bucket.hands += 1;
                bucket.ev += ev;
                bucket.result += result;
                if true_count >= self.systems[b].trigger {
                    sums.counter.bet(result, ev);
                }
                if ev > 0.0 {
                    sums.perfect.bet(result, ev);
                }
            }
            for &card in &shoe.cards()[before..shoe.position()] {
                let value = usize::from(card);
                left.0[value] -= 1;
                unseen -= 1;
                for (count, system) in running.iter_mut().zip(&self.systems) {
                    *count += i64::from(system.tags[value]);
                }
            }
        }
        tally.shoes += 1;
        for sums in &mut tally.bets {
            sums.close_shoe();
        }
    }
}

impl Chunked for Shoes<'_> {
    type Tally = CountTally;

    fn empty(&self) -> CountTally {
        CountTally::default()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, shoes: u64) -> CountTally {
        let mut shoe = PhysicalShoe::new(&self.rules.shoe);
        let mut tally = CountTally::default();
        for _ in 0..shoes {
            self.one_shoe(&mut shoe, &mut rng, &mut tally);
        }
        tally
    }

    fn merge(&self, total: &mut CountTally, chunk: CountTally) {
        total.add(&chunk);
    }
}

/// Runs the count study: `params.shoes` shoes under `rules`.
///
/// ```
/// use banluck_lab::games::baccarat::counting::{count_study, CountParams};
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let params = CountParams { shoes: 2, seed: 1, threads: 1, progress: false, triggers: [None; 2] };
/// let result = count_study(&BaccaratRules::default(), &params).unwrap();
/// assert!(result.hands > 100);
/// let dragon = &result.bets[0];
/// assert!(dragon.perfect.mean_exact_ev > 0.0 || dragon.perfect.bets == 0);
/// ```
///
/// # Errors
/// No shoes asked for, a trigger that is not a finite number, or a thread
/// pool that cannot start.
pub fn count_study(rules: &BaccaratRules, params: &CountParams) -> Result<CountResult, String> {
    if params.shoes == 0 {
        return Err("the number of shoes must be at least 1".into());
    }
    let derived = CountSystem::derive(rules).map_err(|e| e.to_string())?;
    let mut systems = derived;
    for (system, trigger) in systems.iter_mut().zip(params.triggers) {
        if let Some(trigger) = trigger {
            if !trigger.is_finite() {
                return Err(format!("the trigger {trigger} is not a finite number"));
            }
            *system = system.with_trigger(trigger);
        }
    }
    let game = Shoes {
        rules,
        systems,
        returns: SIDE_BETS.map(|bet| returns(bet, &rules.payouts)),
    };
    let run = RunParams {
        rounds: params.shoes,
        chunk: CHUNK_SHOES,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    };
    let outcome = crate::sim::run(&game, &run).map_err(|e| e.to_string())?;
    let tally = outcome.tally;
    let bets = systems
        .iter()
        .zip(&tally.bets)
        .map(|(system, sums)| {
            let shoes = tally.shoes as f64;
            let gap = Estimate::from_sums(shoes, sums.gap, sums.gap_sq);
            let gap_ev = Estimate::from_sums(shoes, sums.gap_ev, sums.gap_ev_sq);
            BetCount {
                system: *system,
                flat_edge: sums.flat / tally.hands as f64,
                counter: BettorFigures::new(&sums.counter, tally.hands, tally.shoes),
                perfect: BettorFigures::new(&sums.perfect, tally.hands, tally.shoes),
                gap_per_shoe: gap.mean,
                gap_per_shoe_std_error: gap.std_error,
                gap_ev_per_shoe: gap_ev.mean,
                gap_ev_per_shoe_std_error: gap_ev.std_error,
                by_true_count: bucket_figures(sums),
            }
        })
        .collect();
    Ok(CountResult {
        rules_hash: baccarat_rules_hash(rules),
        decks: rules.shoe.decks,
        generator: crate::sim::GENERATOR,
        seed: params.seed,
        shoes: tally.shoes,
        hands: tally.hands,
        hands_per_shoe: tally.hands as f64 / tally.shoes as f64,
        threads: outcome.threads,
        seconds: outcome.seconds,
        bets,
    })
}
