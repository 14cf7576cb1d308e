//! The full distribution of the payoff of one hand under a player strategy.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::cards::NO_CHILD;

use super::deal::{deal_endings, playing_hands};
use super::dealer_pass::needs_dealer_draws;
use super::model::{ExactModel, Values, draw_probabilities};

/// The probability of each payoff value, the void rate and the moments.
#[derive(Debug, Clone, PartialEq)]
pub struct OutcomeDistribution {
    /// `(payoff, probability)` in increasing order of payoff; voids count as 0.
    pub outcomes: Vec<(f64, f64)>,
    /// Probability that the dealer surrenders (the hand is void).
    pub void_rate: f64,
}

impl OutcomeDistribution {
    /// Expected payoff per dealt hand.
    pub fn mean(&self) -> f64 {
        self.outcomes.iter().map(|(v, p)| v * p).sum()
    }

    /// Standard deviation of the payoff per dealt hand.
    pub fn std_dev(&self) -> f64 {
        let mean = self.mean();
        let second: f64 = self.outcomes.iter().map(|(v, p)| v * v * p).sum();
        (second - mean * mean).max(0.0).sqrt()
    }

    /// Sum of all probabilities (1 up to rounding).
    pub fn total_probability(&self) -> f64 {
        self.outcomes.iter().map(|(_, p)| p).sum()
    }

    fn add(&mut self, payoff: f64, probability: f64) {
        if probability == 0.0 {
            return;
        }
        match self.outcomes.iter_mut().find(|(v, _)| *v == payoff) {
            Some(entry) => entry.1 += probability,
            None => self.outcomes.push((payoff, probability)),
        }
    }
}

/// Serializes as a JSON object from payoff (as text) to probability.
pub(crate) fn serialize_outcomes<S: Serializer>(
    outcomes: &[(f64, f64)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(outcomes.len()))?;
    for (value, probability) in outcomes {
        map.serialize_entry(&format!("{value}"), probability)?;
    }
    map.end()
}

impl Serialize for OutcomeDistribution {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_outcomes(&self.outcomes, serializer)
    }
}

/// Pushes the player's reach forward through its hit probabilities and
/// settles every final hand against the dealer's distribution.
pub(crate) fn outcome_distribution(model: &ExactModel<'_>, values: &Values) -> OutcomeDistribution {
    let table = model.table;
    let comps = table.compositions();
    let slots = model.slots();
    let mut result = OutcomeDistribution {
        outcomes: Vec::new(),
        void_rate: 0.0,
    };
    for ending in deal_endings(table, model.dealer, &model.weight) {
        result.add(ending.payoff, ending.probability);
        if ending.void {
            result.void_rate += ending.probability;
        }
    }
    let mut reach = vec![0.0; comps.len() * slots];
    for id in playing_hands(table) {
        for slot in 0..slots {
            reach[id as usize * slots + slot] = model.weight[id as usize];
        }
    }
    for size in 2..=table.rules().player.max_cards {
        for id in comps.of_size(size) {
            let draws = draw_probabilities(table, id);
            let row = table.payoff_row(table.hand(id).class);
            let full = needs_dealer_draws(table, id);
            for slot in 0..slots {
                let i = id as usize * slots + slot;
                let mass = reach[i];
                if mass == 0.0 {
                    continue;
                }
                let hit = values.hit_probability[i];
                let stands = mass * (1.0 - hit);
                if stands > 0.0 {
                    let dist = if full {
                        &model.dists.final_hand[i]
                    } else {
                        &model.dists.at_deal[i]
                    };
                    for (key, &dealer_mass) in dist.iter().enumerate() {
                        result.add(row[key], stands * dealer_mass);
                    }
                }
                if hit > 0.0 {
                    for (rank, &child) in comps.children(id).iter().enumerate() {
                        if child != NO_CHILD {
                            reach[child as usize * slots + slot] += mass * hit * draws[rank];
                        }
                    }
                }
            }
        }
    }
    result.outcomes.sort_by(|a, b| a.0.total_cmp(&b.0));
    result
}
