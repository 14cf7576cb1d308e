//! The exact model of heads-up play against a known dealer strategy:
//! backward induction over the player's compositions, the deal, and the
//! distribution of the payoff.

use crate::cards::{CompId, NO_CHILD, RANK_COUNT, Rank};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::dealer_pass::{DealerDistributions, needs_dealer_draws};

/// How the player decides where the rules leave it a choice.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Decision<'a> {
    /// The better of stand and hit (composition-dependent best response).
    Best,
    /// Follow a given strategy's hit probabilities.
    Follow(&'a PlayerStrategy),
}

/// Stand, hit and chosen values per player information set (composition ×
/// upcard slot), unnormalised: each is the expectation joint with "the hand
/// plays on" given the player's cards, so they add up over the deal.
#[derive(Debug, Clone)]
pub(crate) struct Values {
    pub stand: Vec<f64>,
    pub hit: Vec<f64>,
    pub value: Vec<f64>,
    pub hit_probability: Vec<f64>,
}

/// Everything needed to value any player strategy against one dealer
/// strategy exactly.
pub(crate) struct ExactModel<'a> {
    pub table: &'a CompiledRules,
    pub dealer: &'a DealerStrategy,
    pub dists: DealerDistributions,
    /// Probability that the player's first cards form each composition.
    pub weight: Vec<f64>,
}

impl<'a> ExactModel<'a> {
    /// Runs the dealer passes for every player composition.
    pub fn new(table: &'a CompiledRules, dealer: &'a DealerStrategy) -> ExactModel<'a> {
        ExactModel::with_distributions(table, dealer, DealerDistributions::compute(table, dealer))
    }

    /// Runs the dealer passes only for `root` and the compositions it can
    /// draw to: enough to value decisions from `root` on.
    pub fn from_hand(
        table: &'a CompiledRules,
        dealer: &'a DealerStrategy,
        root: CompId,
    ) -> ExactModel<'a> {
        let comps = table.compositions();
        let mut below = vec![false; comps.len()];
        below[root as usize] = true;
        for size in comps.size(root)..comps.max_cards() {
            for id in comps.of_size(size) {
                if below[id as usize] {
                    for &child in comps.children(id) {
                        if child != NO_CHILD {
                            below[child as usize] = true;
                        }
                    }
                }
            }
        }
        let dists = DealerDistributions::compute_for(table, dealer, |id| below[id as usize]);
        ExactModel::with_distributions(table, dealer, dists)
    }

    fn with_distributions(
        table: &'a CompiledRules,
        dealer: &'a DealerStrategy,
        dists: DealerDistributions,
    ) -> ExactModel<'a> {
        let comps = table.compositions();
        let mut weight = vec![0.0; comps.len()];
        weight[comps.empty() as usize] = 1.0;
        for id in 0..comps.len() as CompId {
            let w = weight[id as usize];
            if w == 0.0 {
                continue;
            }
            let draws = draw_probabilities(table, id);
            for (rank, &child) in comps.children(id).iter().enumerate() {
                if child != NO_CHILD {
                    weight[child as usize] += w * draws[rank];
                }
            }
        }
        ExactModel {
            table,
            dealer,
            dists,
            weight,
        }
    }

    /// Number of upcard slots (1, or 10 with an upcard).
    pub fn slots(&self) -> usize {
        self.dists.slots
    }

    /// The upcard of a slot, if the player sees one.
    pub fn upcard(&self, slot: usize) -> Option<Rank> {
        (self.slots() > 1).then(|| Rank::new(slot))
    }

    /// The mass of dealer hands that play on, joint with the slot.
    pub fn plays_on(&self, i: usize) -> f64 {
        self.dists.at_deal[i].iter().sum()
    }

    /// The value of standing (or of the hand's forced settlement).
    pub fn stand_value(&self, id: CompId, i: usize) -> f64 {
        let row = self.table.payoff_row(self.table.hand(id).class);
        let dist = if needs_dealer_draws(self.table, id) {
            &self.dists.final_hand[i]
        } else {
            &self.dists.at_deal[i]
        };
        dist.iter().zip(row).map(|(m, p)| m * p).sum()
    }

    /// Backward induction over player compositions, largest first, with the
    /// player deciding by `decision`.
    pub fn values(&self, decision: Decision<'_>) -> Values {
        self.values_with(|id, slot, stand, hit| match decision {
            Decision::Best => f64::from(u8::from(hit > stand)),
            Decision::Follow(strategy) => strategy.hit_probability(id, self.upcard(slot)),
        })
    }

    /// Backward induction with a per-level hook: once the stand and hit
    /// values of every composition of a size are known, `choose_level(size,
    /// values)` returns `(index, hit probability)` for the sets where the
    /// player has a choice. Used directly by the chart search, which decides
    /// a whole level's cells at once.
    pub fn values_by_level(
        &self,
        mut choose_level: impl FnMut(u8, &Values) -> Vec<(usize, f64)>,
    ) -> Values {
        let comps = self.table.compositions();
        let slots = self.slots();
        let n = comps.len() * slots;
        let mut values = Values {
            stand: vec![0.0; n],
            hit: vec![0.0; n],
            value: vec![0.0; n],
            hit_probability: vec![0.0; n],
        };
        for size in (2..=self.table.rules().player.max_cards).rev() {
            for id in comps.of_size(size) {
                for slot in 0..slots {
                    let i = id as usize * slots + slot;
                    values.stand[i] = self.stand_value(id, i);
                    values.hit[i] = self.hit_value(id, slot, &values.value);
                }
            }
            for (i, probability) in choose_level(size, &values) {
                values.hit_probability[i] = probability;
            }
            for id in comps.of_size(size) {
                for slot in 0..slots {
                    let i = id as usize * slots + slot;
                    let node = self.table.player(id);
                    let h = if !node.may_hit {
                        0.0
                    } else if node.must_hit {
                        1.0
                    } else {
                        values.hit_probability[i]
                    };
                    values.hit_probability[i] = h;
                    values.value[i] = h * values.hit[i] + (1.0 - h) * values.stand[i];
                }
            }
        }
        values
    }

    fn values_with(&self, choose: impl Fn(CompId, usize, f64, f64) -> f64) -> Values {
        let slots = self.slots();
        let table = self.table;
        self.values_by_level(|size, values| {
            let mut out = Vec::new();
            for id in table.compositions().of_size(size) {
                let node = table.player(id);
                if !node.may_hit || node.must_hit {
                    continue;
                }
                for slot in 0..slots {
                    let i = id as usize * slots + slot;
                    out.push((i, choose(id, slot, values.stand[i], values.hit[i])));
                }
            }
            out
        })
    }

    /// The value of drawing one card from `id` and going on as `value` says.
    fn hit_value(&self, id: CompId, slot: usize, value: &[f64]) -> f64 {
        if !self.table.player(id).may_hit {
            return 0.0;
        }
        let draws = draw_probabilities(self.table, id);
        let slots = self.slots();
        self.table
            .compositions()
            .children(id)
            .iter()
            .enumerate()
            .filter(|(_, child)| **child != NO_CHILD)
            .map(|(rank, &child)| draws[rank] * value[child as usize * slots + slot])
            .sum()
    }
}

/// Probabilities of the player's next card given only its own cards (the
/// dealer's are accounted for in the dealer distributions).
pub(crate) fn draw_probabilities(table: &CompiledRules, id: CompId) -> [f64; RANK_COUNT] {
    let deck = table.deck();
    let held = table.compositions().counts(id);
    std::array::from_fn(|r| deck.draw_probability(held, Rank::new(r)))
}
