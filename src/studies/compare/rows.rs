//! A compare experiment's computation as plain rows: one per Banluck
//! chart cell beside blackjack's decision, and the EVs.

use serde::{Deserialize, Serialize};

use super::compare;
use super::experiment::CompareExperiment;
use crate::games::banluck::dp::Action;
use crate::games::banluck::rules::CompiledRules;

/// One Banluck chart cell with blackjack basic strategy's decision, as a
/// plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// Cards held.
    pub cards: u8,
    /// The total (Banluck's count).
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the Banluck rules show one.
    pub upcard: Option<String>,
    /// Banluck's best chart: `hit` or `stand`.
    pub banluck: String,
    /// Blackjack basic strategy: `hit` or `stand`.
    pub blackjack: String,
    /// Whether the two agree.
    pub agree: bool,
    /// Probability of holding a hand of this cell in Banluck (drawing every
    /// card).
    pub probability: f64,
}

/// The EVs of a comparison, as one plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareSummaryRow {
    /// The Banluck rules' hash.
    pub banluck_rules_hash: String,
    /// The blackjack rules' hash.
    pub blackjack_rules_hash: String,
    /// Banluck EV per hand with its best chart.
    pub banluck_ev_chart: f64,
    /// Banluck EV per hand playing blackjack basic strategy's hit/stand.
    pub banluck_ev_with_blackjack: f64,
    /// What blackjack's hit/stand costs in Banluck, per hand.
    pub cost_in_banluck: f64,
    /// Blackjack EV per round with the best play (doubles, splits ...).
    pub blackjack_ev: f64,
    /// Blackjack EV per round with basic strategy's hit/stand only.
    pub blackjack_ev_hit_stand: f64,
    /// Blackjack EV per round playing the Banluck chart.
    pub blackjack_ev_with_banluck: f64,
    /// What the Banluck chart costs in blackjack, per round.
    pub cost_in_blackjack: f64,
}

fn action_name(action: Action) -> String {
    match action {
        Action::Hit => "hit".into(),
        Action::Stand => "stand".into(),
    }
}

/// Everything a compare experiment computes.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareTables {
    /// One row per Banluck chart cell.
    pub cells: Vec<CompareRow>,
    /// The EVs.
    pub summary: CompareSummaryRow,
}

/// Computes a compare experiment: the cells and the summary row.
pub fn run_compare(experiment: &CompareExperiment) -> CompareTables {
    let table = CompiledRules::compile(experiment.rules.clone());
    let c = compare(&table, &experiment.blackjack);
    let cells = c
        .cells
        .iter()
        .map(|cell| CompareRow {
            cards: cell.cards,
            total: cell.total,
            soft: cell.soft,
            upcard: cell.upcard.map(String::from),
            banluck: action_name(cell.banluck),
            blackjack: action_name(cell.blackjack),
            agree: cell.agree,
            probability: cell.probability,
        })
        .collect();
    let summary = CompareSummaryRow {
        banluck_rules_hash: c.banluck_rules_hash.clone(),
        blackjack_rules_hash: c.blackjack_rules_hash.clone(),
        banluck_ev_chart: c.banluck_ev_chart,
        banluck_ev_with_blackjack: c.banluck_ev_with_blackjack,
        cost_in_banluck: c.cost_in_banluck(),
        blackjack_ev: c.blackjack_ev,
        blackjack_ev_hit_stand: c.blackjack_ev_hit_stand,
        blackjack_ev_with_banluck: c.blackjack_ev_with_banluck,
        cost_in_blackjack: c.cost_in_blackjack(),
    };
    CompareTables { cells, summary }
}
