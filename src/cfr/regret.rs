//! The arithmetic every CFR solver of the crate shares, whatever its game
//! form: the regret-minimisation rule and its per-iteration schedule
//! (CFR+ or Discounted CFR), regret matching, and the weighted average
//! strategy.
//!
//! The generic [`VectorSolver`](super::vector::VectorSolver), Banluck's
//! vector-form solvers and the per-history engine of the tests
//! (`tests/support/history_cfr`) all call these functions; none writes its
//! own copy.

use serde::{Deserialize, Serialize};

/// The regret-minimisation rule.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Algorithm {
    /// CFR+: regret matching+ (accumulated regrets floored at zero) and an
    /// average strategy that weights iteration `t` by `max(t - delay, 0)`.
    CfrPlus {
        /// Iterations left out of the average at the start.
        delay: u64,
    },
    /// Discounted CFR: at iteration `t`, positive accumulated regrets are
    /// multiplied by `t^alpha / (t^alpha + 1)` and the others by
    /// `t^beta / (t^beta + 1)` before the iteration's regrets are added;
    /// the average weights iteration `t` by `t^gamma`, or, with
    /// `restart`, by `(t − s + 1)^gamma` where `s` is the last restart:
    /// the average starts again from nothing at iterations 2, 5, 17 and
    /// 65 (`s − 1` a power of 4, as postflop-solver restarts it, but no
    /// later), which drops the first iterations' poor strategies.
    Dcfr {
        /// Discount exponent of positive regrets.
        alpha: f64,
        /// Discount exponent of negative regrets.
        beta: f64,
        /// Weight exponent of the average strategy.
        gamma: f64,
        /// Whether the average restarts at iterations 2, 5, 17 and 65.
        #[serde(default)]
        restart: bool,
    },
}

impl Algorithm {
    /// CFR+ with linear averaging from the first iteration.
    pub const CFR_PLUS: Algorithm = Algorithm::CfrPlus { delay: 0 };
    /// DCFR with the recommended exponents (1.5, 0, 2).
    pub const DCFR: Algorithm = Algorithm::Dcfr {
        alpha: 1.5,
        beta: 0.0,
        gamma: 2.0,
        restart: false,
    };
    /// DCFR (1.5, 0, 2) with the average restarted at iterations 2, 5,
    /// 17 and 65: the poker solvers' DCFR. On the flop spots it
    /// reaches 0.2 % and 0.5 % of the pot in 10 to 15 % fewer iterations
    /// than [`Algorithm::DCFR`]; the river experiment's solves to 0.01 %
    /// take 4 % more. (Restarting at every power of 4 as postflop-solver
    /// does, with its gamma of 3, costs 40 % more there: the restart at
    /// 257 drops most of a long run.)
    pub const DCFR_RESTARTED: Algorithm = Algorithm::Dcfr {
        alpha: 1.5,
        beta: 0.0,
        gamma: 2.0,
        restart: true,
    };

    /// How iteration `t` (counted from 1) settles regrets and weighs the
    /// average.
    pub fn schedule(self, t: u64) -> Schedule {
        let start = average_start(t);
        // Never at the first iteration, whose sums are zero anyway.
        let restarts = t > 1 && t == start;
        let t = t as f64;
        match self {
            Algorithm::CfrPlus { delay } => Schedule {
                positive: 1.0,
                negative: 1.0,
                floor: true,
                average_weight: (t - delay as f64).max(0.0),
                restart_average: false,
            },
            Algorithm::Dcfr {
                alpha,
                beta,
                gamma,
                restart,
            } => Schedule {
                positive: discount_factor(t, alpha),
                negative: discount_factor(t, beta),
                floor: false,
                average_weight: if restart {
                    (t - start as f64 + 1.0).powf(gamma)
                } else {
                    t.powf(gamma)
                },
                restart_average: restart && restarts,
            },
        }
    }
}

/// The last iteration up to `t` (counted from 1) at which a restarting
/// average starts again: 1, 2, 5, 17 or 65 (1 plus a power of 4 up to
/// 64).
fn average_start(t: u64) -> u64 {
    match t.min(LAST_RESTART) {
        0 | 1 => 1,
        t => {
            // The largest power of 4 up to t − 1 (an even bit position).
            let bit = (63 - (t - 1).leading_zeros()) & !1;
            (1 << bit) + 1
        }
    }
}

/// The last iteration at which a restarting average starts again.
const LAST_RESTART: u64 = 65;

/// `t^e / (t^e + 1)`, and 1 where `t^e` overflows.
fn discount_factor(t: f64, exponent: f64) -> f64 {
    let power = t.powf(exponent);
    if power.is_finite() {
        power / (power + 1.0)
    } else {
        1.0
    }
}

/// What one iteration does with the accumulated sums.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The factor on positive accumulated regrets before the iteration's
    /// regrets are added.
    positive: f64,
    /// The factor on the other accumulated regrets.
    negative: f64,
    /// Whether accumulated regrets are floored at zero after the addition
    /// (regret matching+).
    floor: bool,
    /// The weight of the iteration in the average strategy.
    pub average_weight: f64,
    /// Whether the average's sums are set to zero before this iteration
    /// adds to them ([`Algorithm::Dcfr`]'s `restart`; never at the first
    /// iteration, where they are zero).
    pub restart_average: bool,
}

impl Schedule {
    /// An accumulated regret discounted before the iteration adds to it.
    pub fn discount(self, regret: f64) -> f64 {
        regret
            * if regret > 0.0 {
                self.positive
            } else {
                self.negative
            }
    }

    /// Whether [`Schedule::discount`] changes anything (not under CFR+), so
    /// that a solver can skip a pass over its regrets.
    pub fn discounts(self) -> bool {
        self.positive != 1.0 || self.negative != 1.0
    }

    /// An accumulated regret after the iteration's regrets were added to
    /// its discounted value: floored at zero under CFR+.
    pub fn settle(self, regret: f64) -> f64 {
        if self.floor { regret.max(0.0) } else { regret }
    }

    /// Discounts every accumulated regret of a decision point, adds the
    /// iteration's regrets `instant` and settles the sums.
    pub fn accumulate(self, regrets: &mut [f64], instant: &[f64]) {
        for (regret, &x) in regrets.iter_mut().zip(instant) {
            *regret = self.update(*regret, x);
        }
    }

    /// One accumulated regret after adding the iteration's regret `instant`
    /// to its discounted value, settled.
    #[inline]
    pub fn update(self, regret: f64, instant: f64) -> f64 {
        self.settle(self.discount(regret) + instant)
    }
}

/// Writes the strategy proportional to the positive regrets, or uniform if
/// none is positive.
pub fn regret_matching(regrets: &[f64], strategy: &mut [f64]) {
    positive_parts(regrets, strategy);
    normalize_or_uniform(strategy);
}

/// Writes the positive part of each regret.
fn positive_parts(regrets: &[f64], strategy: &mut [f64]) {
    for (probability, &regret) in strategy.iter_mut().zip(regrets) {
        *probability = regret.max(0.0);
    }
}

/// Scales non-negative weights to sum to one, or makes them uniform if they
/// sum to zero.
fn normalize_or_uniform(weights: &mut [f64]) {
    let total: f64 = weights.iter().sum();
    if total > 0.0 {
        weights.iter_mut().for_each(|weight| *weight /= total);
    } else {
        weights.fill(1.0 / weights.len() as f64);
    }
}

/// Adds one iteration's strategy at a decision point to the running
/// average: `weight` (the schedule's average weight times the acting
/// player's own reach) times each probability to `sums`, and `weight` to
/// `total`. Only the actions a caller tracks need a sum.
pub fn add_to_average(sums: &mut [f64], total: &mut f64, weight: f64, strategy: &[f64]) {
    for (sum, &probability) in sums.iter_mut().zip(strategy) {
        *sum += weight * probability;
    }
    *total += weight;
}

/// The average probability of an action from its weighted sum and the
/// decision point's total weight, or `fallback` where it has no weight yet.
pub fn average_probability(sum: f64, total: f64, fallback: f64) -> f64 {
    if total > 0.0 { sum / total } else { fallback }
}

/// The running average of a decision point with `A` tracked actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AverageSum<const A: usize> {
    sums: [f64; A],
    total: f64,
}

impl<const A: usize> Default for AverageSum<A> {
    fn default() -> Self {
        AverageSum {
            sums: [0.0; A],
            total: 0.0,
        }
    }
}

impl<const A: usize> AverageSum<A> {
    /// Adds a strategy with `weight` (see [`add_to_average`]).
    pub fn add(&mut self, weight: f64, strategy: [f64; A]) {
        add_to_average(&mut self.sums, &mut self.total, weight, &strategy);
    }

    /// The average probability of tracked action `action`, or `fallback`
    /// where nothing was added with a positive weight.
    pub fn probability(&self, action: usize, fallback: f64) -> f64 {
        average_probability(self.sums[action], self.total, fallback)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regret_matching_follows_positive_regrets_or_plays_uniformly() {
        let mut strategy = [0.0; 3];
        regret_matching(&[3.0, -2.0, 1.0], &mut strategy);
        assert_eq!(strategy, [0.75, 0.0, 0.25]);
        regret_matching(&[-1.0, 0.0, -5.0], &mut strategy);
        assert_eq!(strategy, [1.0 / 3.0; 3]);
        // Two actions: the first probability is exactly a / (a + b).
        let mut two = [0.0; 2];
        regret_matching(&[0.3, 0.7000000000000001], &mut two);
        assert_eq!(two[0], 0.3 / (0.3 + 0.7000000000000001));
    }

    #[test]
    fn a_restarting_average_starts_again_up_to_iteration_65() {
        let restarts: Vec<u64> = (1..=300)
            .filter(|&t| Algorithm::DCFR_RESTARTED.schedule(t).restart_average)
            .collect();
        assert_eq!(restarts, [2, 5, 17, 65]);
        // Within a run from s = 17 iteration t weighs (t − 16)^2, and from
        // 65 on for good.
        let weight = |t| Algorithm::DCFR_RESTARTED.schedule(t).average_weight;
        assert_eq!(weight(17), 1.0);
        assert_eq!(weight(20), 16.0);
        assert_eq!(weight(64), 48.0 * 48.0);
        assert_eq!(weight(65), 1.0);
        assert_eq!(weight(1000), 936.0 * 936.0);
        // Regrets are discounted as without the restart.
        let (plain, restarted) = (
            Algorithm::DCFR.schedule(9),
            Algorithm::DCFR_RESTARTED.schedule(9),
        );
        assert_eq!(plain.discount(3.0), restarted.discount(3.0));
        assert_eq!(plain.discount(-3.0), restarted.discount(-3.0));
        assert!(!Algorithm::DCFR.schedule(5).restart_average);
    }

    #[test]
    fn dcfr_discounts_the_old_sums_by_sign_before_adding() {
        // t = 4: positive regrets keep 4^1.5 / (4^1.5 + 1) = 8/9, negative
        // ones 1/2; the average weighs 4^2.
        let dcfr = Algorithm::DCFR.schedule(4);
        let mut regrets = [9.0, -3.0, 9.0];
        dcfr.accumulate(&mut regrets, &[1.0, 1.0, -20.0]);
        assert!((regrets[0] - 9.0).abs() < 1e-12, "{regrets:?}");
        assert!((regrets[1] + 0.5).abs() < 1e-12, "{regrets:?}");
        // The sign is the old sum's: 9 is discounted as positive, then -20
        // added, and nothing is floored.
        assert!((regrets[2] + 12.0).abs() < 1e-12, "{regrets:?}");
        assert_eq!(dcfr.average_weight, 16.0);
        // A huge exponent keeps the factor finite.
        let steep = Algorithm::Dcfr {
            alpha: 1e3,
            beta: 0.0,
            gamma: 1.0,
            restart: false,
        }
        .schedule(1000);
        assert_eq!(steep.discount(5.0), 5.0);
        assert_eq!(steep.discount(-4.0), -2.0);
    }

    #[test]
    fn cfr_plus_floors_at_zero_and_weighs_linearly_after_the_delay() {
        let cfr_plus = Algorithm::CfrPlus { delay: 3 }.schedule(4);
        let mut regrets = [2.0, 1.0];
        cfr_plus.accumulate(&mut regrets, &[0.5, -4.0]);
        assert_eq!(regrets, [2.5, 0.0]);
        assert_eq!(cfr_plus.average_weight, 1.0);
        assert_eq!(
            Algorithm::CfrPlus { delay: 3 }.schedule(2).average_weight,
            0.0
        );
        assert_eq!(Algorithm::CFR_PLUS.schedule(7).average_weight, 7.0);
    }

    #[test]
    fn the_average_weighs_each_strategy_and_falls_back_without_weight() {
        let mut average = AverageSum::<2>::default();
        assert_eq!(average.probability(0, 0.25), 0.25);
        average.add(1.0, [1.0, 0.0]);
        average.add(3.0, [0.0, 1.0]);
        assert_eq!(average.probability(0, 0.25), 0.25);
        assert_eq!(average.probability(1, 0.0), 0.75);
        // A zero weight (unreached, or before CFR+'s delay) changes nothing.
        average.add(0.0, [1.0, 0.0]);
        assert_eq!(average.probability(0, 0.5), 0.25);
        let mut sums = [0.0];
        let mut total = 0.0;
        add_to_average(&mut sums, &mut total, 2.0, &[0.5, 0.5]);
        assert_eq!((sums, total), ([1.0], 2.0));
        assert_eq!(average_probability(0.0, 0.0, 0.5), 0.5);
    }
}
