//! From the simulator's counts to frequencies, standard errors, z-scores
//! against the exact full-shoe figures, and each bet's mean return.

use serde::Serialize;

use crate::games::baccarat::bets::{BETS, returns};
use crate::games::baccarat::exact::Outcomes;
use crate::games::baccarat::rules::BaccaratPayouts;
use crate::games::baccarat::tableau::OUTCOMES;

/// Integer counts from any number of chunks; adding them is exact, so the
/// sum does not depend on the order in which chunks finish.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Coups by outcome class (the order of
    /// [`Outcome`](crate::games::baccarat::tableau::Outcome)).
    pub by_class: [u64; OUTCOMES],
    /// Shoes dealt to their cut card.
    pub shoes: u64,
    /// Coups dealt from those finished shoes.
    pub shoe_hands: u64,
}

impl Tally {
    /// The coups counted.
    pub fn hands(&self) -> u64 {
        self.by_class.iter().sum()
    }

    /// The sum of two tallies.
    pub fn merge(mut self, other: Tally) -> Tally {
        for (a, b) in self.by_class.iter_mut().zip(other.by_class) {
            *a += b;
        }
        self.shoes += other.shoes;
        self.shoe_hands += other.shoe_hands;
        self
    }
}

/// One figure per outcome, keyed as in the exact JSON.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PerOutcome {
    /// Banker wins that are not a Dragon 7.
    pub banker_win: f64,
    /// Dragon 7.
    pub dragon7: f64,
    /// Player wins, Panda 8 included.
    pub player_win: f64,
    /// Panda 8.
    pub panda8: f64,
    /// Ties.
    pub tie: f64,
}

impl PerOutcome {
    fn from_fn(f: impl Fn(usize) -> f64) -> PerOutcome {
        PerOutcome {
            banker_win: f(0),
            dragon7: f(1),
            player_win: f(2),
            panda8: f(3),
            tie: f(4),
        }
    }
}

/// Counts of the five reported outcomes (Player wins including Panda 8)
/// in the order of [`PerOutcome`]'s fields.
fn reported(by_class: &[u64; OUTCOMES]) -> [u64; 5] {
    let [banker, dragon, player, panda, tie] = *by_class;
    [banker, dragon, player + panda, panda, tie]
}

/// The exact probabilities in the order of [`PerOutcome`]'s fields.
fn exact_probabilities(exact: &Outcomes) -> [f64; 5] {
    let total = exact.total as f64;
    [
        exact.banker_win,
        exact.dragon7,
        exact.player_win,
        exact.panda8,
        exact.tie,
    ]
    .map(|count| count as f64 / total)
}

/// One bet's simulated mean return and its standard error.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BetResult {
    /// The bet's key.
    pub bet: &'static str,
    /// Mean units won per unit bet per coup.
    pub mean: f64,
    /// Standard error of `mean` (coups taken as independent).
    pub std_error: f64,
    /// The exact full-shoe EV.
    pub exact: f64,
    /// Units won per shoe by a unit bet on every coup.
    pub per_shoe: f64,
}

/// The statistics of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimStats {
    /// Coups played.
    pub hands: u64,
    /// Shoes dealt to the cut card.
    pub shoes: u64,
    /// Mean coups per finished shoe.
    pub hands_per_shoe: f64,
    /// Coups by outcome, as integers.
    pub counts: [u64; 5],
    /// Simulated probability of each outcome per coup.
    pub frequencies: PerOutcome,
    /// Binomial standard error of each frequency.
    pub std_error: PerOutcome,
    /// The exact full-shoe probabilities.
    pub exact: PerOutcome,
    /// `(frequency − exact) / std_error`.
    pub z: PerOutcome,
    /// Each bet's mean return.
    pub bets: Vec<BetResult>,
}

impl SimStats {
    /// The statistics of `tally` against the exact counts `exact`.
    pub fn new(tally: &Tally, exact: &Outcomes, payouts: &BaccaratPayouts) -> SimStats {
        let hands = tally.hands();
        let n = hands as f64;
        let counts = reported(&tally.by_class);
        let frequency = counts.map(|c| c as f64 / n);
        let exact_p = exact_probabilities(exact);
        let std_error = exact_p.map(|p| (p * (1.0 - p) / n).sqrt());
        let hands_per_shoe = if tally.shoes == 0 {
            0.0
        } else {
            tally.shoe_hands as f64 / tally.shoes as f64
        };
        let class_frequency = tally.by_class.map(|c| c as f64 / n);
        let class_exact = super::super::bets::class_probabilities(exact);
        let bets = BETS
            .iter()
            .map(|&bet| {
                let r = returns(bet, payouts);
                let mean: f64 = class_frequency.iter().zip(r).map(|(f, r)| f * r).sum();
                let second: f64 = class_frequency.iter().zip(r).map(|(f, r)| f * r * r).sum();
                BetResult {
                    bet: bet.key(),
                    mean,
                    std_error: ((second - mean * mean).max(0.0) / n).sqrt(),
                    exact: class_exact.iter().zip(r).map(|(p, r)| p * r).sum(),
                    per_shoe: mean * hands_per_shoe,
                }
            })
            .collect();
        SimStats {
            hands,
            shoes: tally.shoes,
            hands_per_shoe,
            counts,
            frequencies: PerOutcome::from_fn(|i| frequency[i]),
            std_error: PerOutcome::from_fn(|i| std_error[i]),
            exact: PerOutcome::from_fn(|i| exact_p[i]),
            z: PerOutcome::from_fn(|i| (frequency[i] - exact_p[i]) / std_error[i]),
            bets,
        }
    }

    /// The largest |z| over the outcomes.
    pub fn max_abs_z(&self) -> f64 {
        let z = &self.z;
        [z.banker_win, z.dragon7, z.player_win, z.panda8, z.tie]
            .iter()
            .fold(0.0, |m, v| m.max(v.abs()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_adds_counts() {
        let a = Tally {
            by_class: [1, 2, 3, 4, 5],
            shoes: 1,
            shoe_hands: 10,
        };
        let sum = a.merge(a);
        assert_eq!(sum.by_class, [2, 4, 6, 8, 10]);
        assert_eq!((sum.hands(), sum.shoes, sum.shoe_hands), (30, 2, 20));
        assert_eq!(reported(&a.by_class), [1, 2, 7, 4, 5]);
    }
}
