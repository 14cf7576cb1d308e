//! Outcome counts and the statistics made from them.
//!
//! The hot loop only increments one integer per hand (its outcome code:
//! payoff value × player kind × dealer kind). Integer sums do not depend on
//! the order in which chunks are added, and every statistic is computed
//! from the final counts in a fixed order, so results are bit-identical for
//! any thread count.

use serde::{Deserialize, Serialize};

use super::plan::{KIND_NAMES, KIND_SLOTS, Outcome, SURRENDERED};
use crate::sim::{Z_95, z_score};

/// Hands counted by outcome code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    counts: Vec<u64>,
}

impl Tally {
    /// An empty tally of `codes` outcome codes.
    pub fn new(codes: usize) -> Tally {
        Tally {
            counts: vec![0; codes],
        }
    }

    /// Counts one hand that ended with outcome `code`.
    #[inline]
    pub fn add(&mut self, code: u16) {
        self.counts[usize::from(code)] += 1;
    }

    /// Adds another tally's counts to this one.
    pub fn absorb(&mut self, other: &Tally) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// Hands counted.
    pub fn hands(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// How often one payoff value occurred.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PayoffFrequency {
    /// The payoff to the player, in bets.
    pub value: f64,
    /// Hands that ended with it.
    pub hands: u64,
    /// Its share of all hands.
    pub frequency: f64,
}

/// How often one side ended a hand holding one class of hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassFrequency {
    /// `regular`, `bust`, `five_card`, `five_card_21`, `triple_seven`,
    /// `ban_luck`, `ban_ban`, or for the dealer `surrendered`.
    pub class: String,
    /// Hands in which that side's hand was of this class when settled.
    pub hands: u64,
    /// Their share of all hands.
    pub frequency: f64,
}

/// The statistics of a simulation, per dealt hand (a void hand counts as a
/// hand with payoff 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimStats {
    /// Hands played.
    pub hands: u64,
    /// Mean payoff to the player per hand (the estimated EV), in bets.
    pub mean: f64,
    /// Standard error of the mean.
    pub std_error: f64,
    /// 95% confidence interval of the mean (normal approximation).
    pub ci95: [f64; 2],
    /// Standard deviation of one hand's payoff.
    pub std_dev: f64,
    /// Share of hands the dealer surrendered (void, payoff 0).
    pub void_rate: f64,
    /// Share of hands the player won (payoff above 0).
    pub win_rate: f64,
    /// Share of hands that were played out and pushed (payoff 0, not void).
    pub push_rate: f64,
    /// Share of hands the player lost (payoff below 0).
    pub loss_rate: f64,
    /// Every payoff value the rules allow, ascending, with its count.
    pub payoffs: Vec<PayoffFrequency>,
    /// The player's hand class at settlement.
    pub player_classes: Vec<ClassFrequency>,
    /// The dealer's hand class at settlement (its first two cards when the
    /// player's hand settled at once), or `surrendered`.
    pub dealer_classes: Vec<ClassFrequency>,
}

impl SimStats {
    /// The statistics of `tally`, whose codes index `payoffs`.
    pub fn from_tally(tally: &Tally, payoffs: &[f64]) -> SimStats {
        let hands = tally.hands();
        let n = hands as f64;
        let share = |count: u64| if hands == 0 { 0.0 } else { count as f64 / n };
        let mut by_payoff = vec![0u64; payoffs.len()];
        let mut player = [0u64; KIND_SLOTS];
        let mut dealer = [0u64; KIND_SLOTS];
        for (code, &count) in tally.counts.iter().enumerate() {
            let outcome = Outcome::from_code(code);
            by_payoff[outcome.payoff] += count;
            player[outcome.player] += count;
            dealer[outcome.dealer] += count;
        }
        let mean = payoffs
            .iter()
            .zip(&by_payoff)
            .map(|(v, &c)| v * c as f64)
            .sum::<f64>()
            / n;
        let squares: f64 = payoffs
            .iter()
            .zip(&by_payoff)
            .map(|(v, &c)| (v - mean) * (v - mean) * c as f64)
            .sum();
        let std_dev = if hands > 1 {
            (squares / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        let std_error = std_dev / n.sqrt();
        let void = dealer[SURRENDERED];
        let count_where = |keep: fn(f64) -> bool| -> u64 {
            payoffs
                .iter()
                .zip(&by_payoff)
                .filter(|(v, _)| keep(**v))
                .map(|(_, c)| c)
                .sum()
        };
        let classes = |counts: &[u64], names: &[&str]| -> Vec<ClassFrequency> {
            names
                .iter()
                .zip(counts)
                .map(|(name, &hands)| ClassFrequency {
                    class: name.to_string(),
                    hands,
                    frequency: share(hands),
                })
                .collect()
        };
        let mut dealer_names = KIND_NAMES.to_vec();
        dealer_names.push("surrendered");
        SimStats {
            hands,
            mean,
            std_error,
            ci95: [mean - Z_95 * std_error, mean + Z_95 * std_error],
            std_dev,
            void_rate: share(void),
            win_rate: share(count_where(|v| v > 0.0)),
            push_rate: share(count_where(|v| v == 0.0) - void),
            loss_rate: share(count_where(|v| v < 0.0)),
            payoffs: payoffs
                .iter()
                .zip(&by_payoff)
                .map(|(&value, &hands)| PayoffFrequency {
                    value,
                    hands,
                    frequency: share(hands),
                })
                .collect(),
            player_classes: classes(&player[..KIND_NAMES.len()], &KIND_NAMES),
            dealer_classes: classes(&dealer, &dealer_names),
        }
    }

    /// How many standard errors the mean lies from an exact value.
    pub fn z_score(&self, exact: f64) -> f64 {
        z_score(self.mean, exact, self.std_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::sim::plan::CODES_PER_PAYOFF;

    fn codes_for(payoffs: usize) -> usize {
        payoffs * CODES_PER_PAYOFF
    }

    fn code(payoff: usize, player: usize, dealer: usize) -> u16 {
        (payoff * CODES_PER_PAYOFF + player * KIND_SLOTS + dealer) as u16
    }

    #[test]
    fn statistics_of_a_known_tally() {
        let payoffs = [-1.0, 0.0, 2.0];
        let mut tally = Tally::new(codes_for(payoffs.len()));
        // 2 losses, 1 push, 1 void, 4 wins of 2 with a five-card hand.
        for _ in 0..2 {
            tally.add(code(0, 0, 0));
        }
        tally.add(code(1, 0, 0));
        tally.add(code(1, 6, SURRENDERED));
        for _ in 0..4 {
            tally.add(code(2, 2, 1));
        }
        let stats = SimStats::from_tally(&tally, &payoffs);
        assert_eq!(stats.hands, 8);
        assert_eq!(stats.mean, 6.0 / 8.0);
        let variance =
            (2.0 * 1.75f64.powi(2) + 2.0 * 0.75f64.powi(2) + 4.0 * 1.25f64.powi(2)) / 7.0;
        assert!((stats.std_dev - variance.sqrt()).abs() < 1e-12);
        assert!((stats.std_error - stats.std_dev / 8f64.sqrt()).abs() < 1e-15);
        assert_eq!(stats.void_rate, 1.0 / 8.0);
        assert_eq!(
            (stats.win_rate, stats.push_rate, stats.loss_rate),
            (0.5, 0.125, 0.25)
        );
        assert_eq!(stats.player_classes[2].class, "five_card");
        assert_eq!(stats.player_classes[2].hands, 4);
        assert_eq!(stats.player_classes[6].class, "ban_ban");
        assert_eq!(stats.dealer_classes[SURRENDERED].class, "surrendered");
        assert_eq!(stats.dealer_classes[1].hands, 4);
        assert!((stats.z_score(0.75 - stats.std_error) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn merging_adds_counts() {
        let mut a = Tally::new(codes_for(1));
        let mut b = Tally::new(codes_for(1));
        a.add(3);
        b.add(3);
        b.add(5);
        a.absorb(&b);
        assert_eq!(a.hands(), 3);
        assert_eq!(a.counts[3], 2);
    }
}
