//! The exact fixed-dealer solver (PRD phase 1.1): the player's optimal play
//! against a known dealer strategy, with card removal from the configured
//! deck, conditioned on everything the player has seen.
//!
//! The player's information set is its composition (plus the upcard when
//! the rules show one). Given it, the dealer's two cards are distributed as
//! the deck minus the player's cards allows, less the hands that ended at
//! the deal (surrendered, Ban Ban, Ban Luck): the player knows the hand plays
//! on. Values are kept joint with "the hand plays on" so that they add over
//! the deal; the chart and composition tables divide by that probability to
//! show expectations given the hand plays on.
//!
//! ```
//! use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
//! use banluck_lab::games::banluck::dp;
//! let table = CompiledRules::compile(RuleSet::default());
//! let solution = dp::solve(&table);
//! assert!(solution.ev >= solution.ev_chart);
//! let total: f64 = solution.outcomes.iter().map(|(_, p)| p).sum();
//! assert!((total - 1.0).abs() < 1e-9);
//! ```

mod chart;
mod deal;
mod dealer_pass;
mod leaks;
mod model;
mod outcomes;
mod partial;
mod removal;

use std::time::Instant;

use serde::Serialize;

pub use chart::{Action, ChartCell};
pub use dealer_pass::needs_dealer_draws;
pub use leaks::{ClassLeak, LeakReport, leaks};
pub use outcomes::OutcomeDistribution;
pub use partial::{
    DeckOptimum, DeckValue, MIN_CARDS_LEFT, Remaining, compile_partial, compiled_optimum,
    compiled_optimum_beside, compiled_value, deck_value, full_deck, remaining_after,
};
pub use removal::{
    RankEffect, RemovalEffects, betting_correlation, counting_gain, derive_tags,
    effects_of_removal, strategy_value, transfer_strategy,
};

use crate::cards::CompId;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use deal::{deal_endings, playing_hands};
use model::{Decision, ExactModel, Values};
use outcomes::{outcome_distribution, serialize_outcomes};

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

/// The best play for one hand, from [`advise`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The hand as given, ranks high to low.
    pub hand: String,
    /// Its total and softness, e.g. `soft 12`.
    pub total: String,
    /// The dealer's upcard, when the rules show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// The best action, or `None` when the rules leave no choice.
    pub action: Option<Action>,
    /// Expected payoff of standing, given the hand plays on.
    pub ev_stand: f64,
    /// Expected payoff of hitting and playing on optimally.
    pub ev_hit: f64,
    /// What the rules decide when the player has no choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The best action for one hand against the rules' fixed dealer, with both
/// EVs. Only the hand and what it can draw to are solved, so it is fast.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::dp::{advise, Action};
/// let table = CompiledRules::compile(RuleSet::default());
/// let hand = table.find_hand("T 6").unwrap();
/// let advice = advise(&table, hand, None);
/// assert_eq!(advice.action, Some(Action::Stand));
/// assert!(advice.ev_stand > advice.ev_hit);
/// ```
pub fn advise(table: &CompiledRules, hand: CompId, upcard: Option<crate::cards::Rank>) -> Advice {
    let dealer = DealerStrategy::fixed(table);
    let model = ExactModel::from_hand(table, &dealer, hand);
    let values = model.values(Decision::Best);
    let slot = upcard
        .filter(|_| model.slots() > 1)
        .map_or(0, |r| r.index());
    let i = hand as usize * model.slots() + slot;
    let plays_on = model.plays_on(i);
    let per_hand = |x: f64| if plays_on > 0.0 { x / plays_on } else { 0.0 };
    let value = table.hand(hand);
    let note = no_choice_note(table, hand);
    Advice {
        hand: table.compositions().label(hand),
        total: if value.class.is_bust() {
            "bust".to_string()
        } else {
            format!(
                "{} {}",
                if value.soft { "soft" } else { "hard" },
                value.total
            )
        },
        upcard: upcard.filter(|_| model.slots() > 1).map(|r| r.label()),
        action: note.is_none().then(|| {
            if values.hit_probability[i] > 0.5 {
                Action::Hit
            } else {
                Action::Stand
            }
        }),
        ev_stand: per_hand(values.stand[i]),
        ev_hit: per_hand(values.hit[i]),
        note,
    }
}

/// Why the player has no choice holding `hand`, or `None` when it may hit
/// or stand (the note of [`advise`] and of the explorer page).
pub fn no_choice_note(table: &CompiledRules, hand: CompId) -> Option<String> {
    let value = table.hand(hand);
    let node = table.player(hand);
    if value.class.is_deal_special() && value.cards == 2 {
        Some(format!("{} is settled at the deal", value.class.name()))
    } else if value.cards < 2 {
        Some("a hand has at least two cards".to_string())
    } else if value.cards > table.rules().player.max_cards {
        Some(format!(
            "a hand holds at most {} cards",
            table.rules().player.max_cards
        ))
    } else if node.must_hit {
        Some("the rules make the player draw here (player.below_min = \"must_hit\")".to_string())
    } else if !node.may_hit {
        Some("the rules end the player's turn here (bust, 21, 777 or the card limit)".to_string())
    } else {
        None
    }
}

/// Expected payoff per dealt hand: the deal's endings plus the value of
/// every two-card hand that plays on.
fn root_value(model: &ExactModel<'_>, values: &Values) -> f64 {
    let at_deal: f64 = deal_endings(model.table, model.dealer, &model.weight)
        .iter()
        .map(|e| e.probability * e.payoff)
        .sum();
    let slots = model.slots();
    let playing: f64 = playing_hands(model.table)
        .map(|id| {
            let w = model.weight[id as usize];
            (0..slots)
                .map(|slot| w * values.value[id as usize * slots + slot])
                .sum::<f64>()
        })
        .sum();
    at_deal + playing
}

fn choice_sets<'m>(model: &'m ExactModel<'m>) -> impl Iterator<Item = (CompId, usize)> + 'm {
    let table = model.table;
    let slots = model.slots();
    (table.compositions().of_size(2).start..table.compositions().len() as CompId)
        .filter(move |&id| table.player(id).may_hit && !table.player(id).must_hit)
        .flat_map(move |id| (0..slots).map(move |slot| (id, slot)))
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

fn to_strategy(model: &ExactModel<'_>, values: &Values) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(model.table);
    let slots = model.slots();
    for (id, slot) in choice_sets(model) {
        strategy.set_hit(
            id,
            model.upcard(slot),
            values.hit_probability[id as usize * slots + slot],
        );
    }
    strategy
}
