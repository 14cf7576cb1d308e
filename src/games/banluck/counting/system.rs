//! The count and the bets: tags derived from the exact effects of removal,
//! the true count, the counter's ramp and the perfect-information bet.

use serde::Serialize;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::banluck::dp::{Remaining, effects_of_removal, full_deck};
use crate::games::banluck::rules::RuleSet;

/// The smallest bet, in units.
pub const MIN_BET: u32 = 1;
/// The largest bet, in units.
pub const MAX_BET: u32 = 8;
/// The counter adds one unit per this much estimated edge (0.5 %).
pub const EDGE_PER_UNIT: f64 = 0.005;

/// A counting system derived from the full deck's exact effects of removal
/// ([`effects_of_removal`]): its tags, and the first-order model of the
/// edge that the ramp reads.
///
/// A card seen adds its tag minus the mean tag `t̄` of the full deck to the
/// running count (so a full deck dealt out counts 0 whatever the tags sum
/// to); the true count is the running count per 52 cards left. To first
/// order the exact EV of the deck left is
/// `EV₀ + ((N − 1) / n) · Σ_seen (EOR_r − Ē)` for a deck of `N` cards with
/// `n` left (`Ē` the card-weighted mean EOR), and with `EOR_r − Ē ≈ u·(t_r − t̄)`
/// (`u` fitted by card-weighted least squares) the count's estimate of the
/// edge is `EV₀ + u · (N − 1) / 52 · TC`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountSystem {
    /// Tags per rank class (2..9, T, A), from `solve --effects`.
    pub tags: [i32; RANK_COUNT],
    /// The full deck's effects of removal per rank class.
    pub eors: [f64; RANK_COUNT],
    /// The full deck's cards per rank class.
    pub full: Remaining,
    /// `EV*` of a round from the full deck.
    pub ev_full: f64,
    /// The card-weighted mean tag `t̄` of the full deck.
    pub mean_tag: f64,
    /// The card-weighted mean EOR `Ē`.
    pub mean_eor: f64,
    /// `u`: EV per tag point per card removed (least squares).
    pub slope: f64,
    /// The true count from which the count's estimated edge is positive
    /// (where the counter starts to raise).
    pub trigger: f64,
}

impl CountSystem {
    /// Derives the count of `rules`' full deck (eleven exact DP solves).
    ///
    /// # Errors
    /// The rules have no composition to count (the infinite deck).
    pub fn derive(rules: &RuleSet) -> Result<CountSystem, String> {
        let full = full_deck(rules)?;
        let effects = effects_of_removal(rules, &full)?;
        let mut tags = [0; RANK_COUNT];
        let mut eors = [0.0; RANK_COUNT];
        for effect in &effects.effects {
            let rank = Rank::from_label(&effect.rank.to_string())
                .ok_or_else(|| format!("unknown rank {}", effect.rank))?;
            tags[rank.index()] = effect.tag;
            eors[rank.index()] = effect.eor;
        }
        let total: f64 = full.iter().map(|&n| f64::from(n)).sum();
        let weighted = |x: &dyn Fn(usize) -> f64| -> f64 {
            (0..RANK_COUNT)
                .map(|r| f64::from(full[r]) * x(r))
                .sum::<f64>()
                / total
        };
        let mean_tag = weighted(&|r| f64::from(tags[r]));
        let mean_eor = weighted(&|r| eors[r]);
        let covariance = weighted(&|r| (eors[r] - mean_eor) * (f64::from(tags[r]) - mean_tag));
        let variance = weighted(&|r| (f64::from(tags[r]) - mean_tag).powi(2));
        let slope = if variance > 0.0 {
            covariance / variance
        } else {
            0.0
        };
        let per_tc = slope * (total - 1.0) / 52.0;
        let trigger = if per_tc > 0.0 {
            -effects.ev / per_tc
        } else {
            f64::INFINITY
        };
        Ok(CountSystem {
            tags,
            eors,
            full,
            ev_full: effects.ev,
            mean_tag,
            mean_eor,
            slope,
            trigger,
        })
    }

    /// The true count before a round dealt from `left`: the running count
    /// of the cards gone per 52 cards left.
    pub fn true_count(&self, left: &Remaining) -> f64 {
        let n: u32 = left.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let running: f64 = (0..RANK_COUNT)
            .map(|r| f64::from(self.full[r] - left[r]) * (f64::from(self.tags[r]) - self.mean_tag))
            .sum();
        running * 52.0 / f64::from(n)
    }

    /// The count's estimate of the edge at true count `tc`.
    pub fn estimated_edge(&self, tc: f64) -> f64 {
        let total: u32 = self.full.iter().sum();
        self.ev_full + self.slope * f64::from(total - 1) / 52.0 * tc
    }

    /// The first-order estimate of the exact EV of a round from `left`,
    /// from the full deck's EORs themselves (not the rounded tags).
    pub fn linear_ev(&self, left: &Remaining) -> f64 {
        let n: u32 = left.iter().sum();
        let total: u32 = self.full.iter().sum();
        if n == 0 {
            return self.ev_full;
        }
        let shift: f64 = (0..RANK_COUNT)
            .map(|r| f64::from(self.full[r] - left[r]) * (self.eors[r] - self.mean_eor))
            .sum();
        self.ev_full + f64::from(total - 1) / f64::from(n) * shift
    }

    /// The counter's bet before a round from `left` (see [`counter_bet`]).
    pub fn bet(&self, left: &Remaining) -> u32 {
        counter_bet(self.estimated_edge(self.true_count(left)))
    }
}

/// The counter's ramp: 1 unit while the count's estimated edge is at most
/// 0, else 1 unit more per [`EDGE_PER_UNIT`] of estimated edge (rounded
/// up), at most [`MAX_BET`]: 2 units up to +0.5 %, 8 units above +3 %.
///
/// ```
/// use banluck_lab::games::banluck::counting::counter_bet;
/// assert_eq!(counter_bet(-0.05), 1);
/// assert_eq!(counter_bet(0.004), 2);
/// assert_eq!(counter_bet(0.02), 5);
/// assert_eq!(counter_bet(0.5), 8);
/// ```
pub fn counter_bet(edge: f64) -> u32 {
    if edge.is_nan() || edge <= 0.0 {
        return MIN_BET;
    }
    let units = 1.0 + (edge / EDGE_PER_UNIT).ceil();
    units.min(f64::from(MAX_BET)) as u32
}

/// The perfect-information bettor: [`MAX_BET`] when the exact EV of the
/// deck left is positive, else [`MIN_BET`].
pub fn perfect_bet(ev: f64) -> u32 {
    if ev > 0.0 { MAX_BET } else { MIN_BET }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canonical_count_has_the_derived_tags_and_a_positive_slope() {
        let system = CountSystem::derive(&RuleSet::default()).unwrap();
        assert_eq!(system.tags, [-1, -1, -1, 3, -1, 0, 0, 1, 1, -3]);
        assert!(system.slope > 0.0);
        // The full deck counts 0 and its estimates are the exact EV.
        assert_eq!(system.true_count(&system.full), 0.0);
        assert_eq!(system.linear_ev(&system.full), system.ev_full);
        assert!((system.estimated_edge(system.trigger)).abs() < 1e-12);
        // Fives gone: the count rises and so does the estimate.
        let mut fewer_fives = system.full;
        fewer_fives[Rank::new(3).index()] = 0;
        assert!(system.true_count(&fewer_fives) > 0.0);
        assert!(system.linear_ev(&fewer_fives) > system.ev_full);
        assert!(system.bet(&system.full) == MIN_BET);
    }

    #[test]
    fn bets_stay_within_the_spread() {
        for edge in [-1.0, 0.0, 1e-9, 0.005, 0.0051, 0.035, 1.0, f64::NAN] {
            let bet = counter_bet(edge);
            assert!((MIN_BET..=MAX_BET).contains(&bet), "{edge}: {bet}");
        }
        assert_eq!(counter_bet(0.005), 2);
        assert_eq!(counter_bet(0.0051), 3);
        assert_eq!(perfect_bet(0.0), MIN_BET);
        assert_eq!(perfect_bet(1e-9), MAX_BET);
    }
}
