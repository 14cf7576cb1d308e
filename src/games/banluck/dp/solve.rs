//! The exact fixed-dealer solve: the player's best response and best chart
//! to a dealer strategy, and the value of a player strategy against one.

use std::time::Instant;

use serde::Serialize;

use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::chart::{self, Action, ChartCell};
use super::model::{Decision, ExactModel, Values};
use super::outcomes::{OutcomeDistribution, outcome_distribution, serialize_outcomes};
use super::readout::{choice_sets, root_value, to_strategy};

/// The composition-dependent decision for one information set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompositionDecision {
    /// The hand, ranks high to low (`T` is any ten-value card), e.g. `A75`.
    pub hand: String,
    /// Cards held.
    pub cards: u8,
    /// Total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// The optimal action.
    pub action: Action,
    /// Expected payoff of standing, given the hand plays on.
    pub ev_stand: f64,
    /// Expected payoff of hitting and playing on optimally.
    pub ev_hit: f64,
}

/// What the exact solver reports for one rule set and dealer strategy.
#[derive(Debug, Clone, Serialize)]
pub struct DpSolution {
    /// Always `"dp"`.
    pub engine: &'static str,
    /// The rules hash of the table solved.
    pub rules_hash: String,
    /// Expected payoff per dealt hand of the optimal composition-dependent
    /// strategy (voids count as 0).
    pub ev: f64,
    /// Expected payoff per dealt hand of the best chart.
    pub ev_chart: f64,
    /// Standard deviation of the payoff per hand (optimal strategy).
    pub std_dev: f64,
    /// Probability that the dealer surrenders.
    pub void_rate: f64,
    /// Probability of each payoff value (optimal strategy).
    #[serde(serialize_with = "serialize_outcomes")]
    pub outcomes: Vec<(f64, f64)>,
    /// Probability of each payoff value with the best chart.
    #[serde(serialize_with = "serialize_outcomes")]
    pub outcomes_chart: Vec<(f64, f64)>,
    /// The best chart, cell by cell.
    pub chart: Vec<ChartCell>,
    /// Every composition where the player has a choice, with its decision.
    pub compositions: Vec<CompositionDecision>,
    /// Wall-clock seconds the solve took.
    pub seconds: f64,
    /// The optimal composition-dependent strategy.
    #[serde(skip)]
    pub player: PlayerStrategy,
    /// The best chart, expanded to every composition.
    #[serde(skip)]
    pub chart_player: PlayerStrategy,
}

/// Solves the rules' fixed baseline dealer (`[dealer.fixed]`).
pub fn solve(table: &CompiledRules) -> DpSolution {
    best_response(table, &DealerStrategy::fixed(table))
}

/// The player's exact best response (and best chart) to any dealer strategy.
pub fn best_response(table: &CompiledRules, dealer: &DealerStrategy) -> DpSolution {
    let started = Instant::now();
    let model = ExactModel::new(table, dealer);
    let optimal = model.values(Decision::Best);
    let (chart_values, chart) = chart::best_chart(&model, &optimal);
    let distribution = outcome_distribution(&model, &optimal);
    let chart_distribution = outcome_distribution(&model, &chart_values);
    DpSolution {
        engine: "dp",
        rules_hash: table.hash().to_string(),
        ev: root_value(&model, &optimal),
        ev_chart: root_value(&model, &chart_values),
        std_dev: distribution.std_dev(),
        void_rate: distribution.void_rate,
        outcomes: distribution.outcomes,
        outcomes_chart: chart_distribution.outcomes,
        chart,
        compositions: decisions(&model, &optimal),
        seconds: started.elapsed().as_secs_f64(),
        player: to_strategy(&model, &optimal),
        chart_player: to_strategy(&model, &chart_values),
    }
}

/// The exact value per dealt hand of the player's best response to `dealer`
/// (no chart, no tables: the fast path for exploitability).
pub fn best_response_value(table: &CompiledRules, dealer: &DealerStrategy) -> f64 {
    let model = ExactModel::new(table, dealer);
    root_value(&model, &model.values(Decision::Best))
}

/// The exact expected payoff and payoff distribution of a player strategy
/// against a dealer strategy.
pub fn evaluate(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> OutcomeDistribution {
    let model = ExactModel::new(table, dealer);
    let values = model.values(Decision::Follow(player));
    outcome_distribution(&model, &values)
}

fn decisions(model: &ExactModel<'_>, values: &Values) -> Vec<CompositionDecision> {
    let table = model.table;
    let slots = model.slots();
    choice_sets(model)
        .filter_map(|(id, slot)| {
            let i = id as usize * slots + slot;
            let plays_on = model.plays_on(i);
            (plays_on > 0.0).then(|| {
                let hand = table.hand(id);
                CompositionDecision {
                    hand: table.compositions().label(id),
                    cards: hand.cards,
                    total: hand.total,
                    soft: hand.soft,
                    upcard: model.upcard(slot).map(|r| r.label()),
                    action: if values.hit_probability[i] > 0.5 {
                        Action::Hit
                    } else {
                        Action::Stand
                    },
                    ev_stand: values.stand[i] / plays_on,
                    ev_hit: values.hit[i] / plays_on,
                }
            })
        })
        .collect()
}
