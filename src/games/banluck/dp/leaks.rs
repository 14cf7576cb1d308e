//! What a player strategy costs against the optimum, decision by decision,
//! against one dealer strategy.
//!
//! The leak of an information set `s` (a composition, and the upcard when
//! shown) is
//!
//! ```text
//! leak(s) = reach(s) × (V*(s) − Q*(s, user))
//! ```
//!
//! - `reach(s)`: the probability of holding `s` **when playing the user's
//!   strategy** (every earlier decision the user's), per dealt hand, joint
//!   with "the hand plays on" as the DP's values are;
//! - `V*(s)`: the optimal value of `s`;
//! - `Q*(s, user)`: the value of the user's action at `s` (its hit
//!   probability mixing hit and stand) **with optimal play after it**.
//!
//! Leaks are summed by hand class (cards, hard/soft, total, upcard). Because
//! the player's problem against a fixed dealer is a one-agent decision
//! process, the leaks add up exactly to the total loss
//! `EV(optimal) − EV(user)` (the performance-difference identity: telescope
//! along the user's play). A leak is not the gain of fixing that decision
//! alone: after the fix the user's own later decisions apply, not optimal
//! ones, so the gains of single fixes do not add up to the total.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::{CompId, NO_CHILD};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::chart::{Action, CellKey};
use super::deal::playing_hands;
use super::model::{Decision, ExactModel, draw_probabilities};
use super::readout::root_value;

/// The cost of the user's play in one hand class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassLeak {
    /// Cards held.
    pub cards: u8,
    /// The total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the rules show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// The user's hit probability in the class (weighted by reach).
    pub user_hit: f64,
    /// The optimal action for most of the class (by reach).
    pub optimal: Action,
    /// Probability per dealt hand of reaching the class with the user's play
    /// (the hand playing on).
    pub reach: f64,
    /// `reach × (V* − Q*(user))` summed over the class: units per dealt hand.
    pub cost: f64,
}

impl ClassLeak {
    /// E.g. `standing on soft 16 with 3 cards` or `hitting hard 12 with 2
    /// cards vs T`.
    pub fn describe(&self) -> String {
        let action = if self.user_hit >= 1.0 - 1e-12 {
            "hitting".to_string()
        } else if self.user_hit <= 1e-12 {
            "standing on".to_string()
        } else {
            format!("hitting {:.0}% of the time on", self.user_hit * 100.0)
        };
        let upcard = self
            .upcard
            .map_or(String::new(), |card| format!(" vs {card}"));
        format!(
            "{action} {} {} with {} cards{upcard}",
            if self.soft { "soft" } else { "hard" },
            self.total,
            self.cards
        )
    }
}

/// The exact EVs of a player strategy and of the optimum against one
/// dealer, and the strategy's leaks by hand class, largest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeakReport {
    /// The user's EV per dealt hand.
    pub ev: f64,
    /// The optimal (composition-dependent) EV per dealt hand.
    pub optimal_ev: f64,
    /// `optimal_ev − ev`: what the strategy loses per dealt hand.
    pub loss: f64,
    /// The sum of all class leaks (equal to `loss` up to rounding).
    pub leak_sum: f64,
    /// Classes with a nonzero leak, largest cost first.
    pub leaks: Vec<ClassLeak>,
}

#[derive(Default)]
struct Sums {
    reach: f64,
    hit: f64,
    cost: f64,
    optimal_hit: f64,
}

/// The EVs and leaks of `player` against `dealer`.
pub fn leaks(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> LeakReport {
    let model = ExactModel::new(table, dealer);
    let optimal = model.values(Decision::Best);
    let user = model.values(Decision::Follow(player));
    let slots = model.slots();
    let comps = table.compositions();
    let mut reach = vec![0.0; comps.len() * slots];
    for id in playing_hands(table) {
        for slot in 0..slots {
            reach[id as usize * slots + slot] = model.weight[id as usize];
        }
    }
    let mut classes: BTreeMap<CellKey, Sums> = BTreeMap::new();
    for size in 2..=table.rules().player.max_cards {
        for id in comps.of_size(size) {
            let node = table.player(id);
            let draws = draw_probabilities(table, id);
            for slot in 0..slots {
                let i = id as usize * slots + slot;
                let r = reach[i];
                if r == 0.0 {
                    continue;
                }
                let h = user.hit_probability[i];
                if node.may_hit && !node.must_hit {
                    let q = h * optimal.hit[i] + (1.0 - h) * optimal.stand[i];
                    let sums = classes.entry(CellKey::of(table, id, slot)).or_default();
                    sums.reach += r * model.plays_on(i);
                    sums.hit += r * model.plays_on(i) * h;
                    sums.optimal_hit += r * model.plays_on(i) * optimal.hit_probability[i];
                    sums.cost += r * (optimal.value[i] - q);
                }
                if h > 0.0 {
                    push_children(&mut reach, comps.children(id), &draws, r * h, slots, slot);
                }
            }
        }
    }
    let ev = root_value(&model, &user);
    let optimal_ev = root_value(&model, &optimal);
    let mut leaks: Vec<ClassLeak> = classes
        .into_iter()
        .filter(|(_, s)| s.cost != 0.0 && s.reach > 0.0)
        .map(|(key, s)| ClassLeak {
            cards: key.cards,
            total: key.total,
            soft: key.soft,
            upcard: model.upcard(key.slot).map(|r| r.label()),
            user_hit: s.hit / s.reach,
            optimal: if s.optimal_hit * 2.0 > s.reach {
                Action::Hit
            } else {
                Action::Stand
            },
            reach: s.reach,
            cost: s.cost,
        })
        .collect();
    leaks.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    LeakReport {
        ev,
        optimal_ev,
        loss: optimal_ev - ev,
        leak_sum: leaks.iter().map(|l| l.cost).sum(),
        leaks,
    }
}

fn push_children(
    reach: &mut [f64],
    children: &[CompId],
    draws: &[f64],
    mass: f64,
    slots: usize,
    slot: usize,
) {
    for (rank, &child) in children.iter().enumerate() {
        if child != NO_CHILD {
            reach[child as usize * slots + slot] += mass * draws[rank];
        }
    }
}
