//! The exact solver as a runner engine: [`dp::solve`] against the rules'
//! fixed dealer, its best chart and its per-composition decisions.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::banluck::dp::{self, Action, DpSolution};
use crate::games::banluck::lab::record::{Figures, Move, Output, Side, StrategyRow};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::lab::{Engine, TaskOutput};

/// `[engines.dp]`: no parameters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DpParams {}

impl Engine<RuleSet> for DpParams {
    fn name(&self) -> &'static str {
        "dp"
    }

    fn params(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    fn run(&self, rules: &RuleSet) -> Result<TaskOutput, String> {
        Ok(output(&dp::solve(&CompiledRules::compile(rules.clone()))).into())
    }
}

/// The runner's view of a DP solution: figures, the chart cells (hand
/// `None`) and every composition with a choice, one row per action.
pub(crate) fn output(solution: &DpSolution) -> Output {
    let figures = Figures {
        ev: Some(solution.ev),
        ev_chart: Some(solution.ev_chart),
        std_dev: Some(solution.std_dev),
        void_rate: Some(solution.void_rate),
        seconds: solution.seconds,
        ..Figures::default()
    };
    let chart = solution.chart.iter().flat_map(|cell| {
        both_actions(
            Cell {
                cards: cell.cards,
                total: cell.total,
                soft: cell.soft,
                upcard: cell.upcard,
                hand: None,
                ev_stand: cell.ev_stand,
                ev_hit: cell.ev_hit,
            },
            cell.action,
        )
    });
    let hands = solution.compositions.iter().flat_map(|decision| {
        both_actions(
            Cell {
                cards: decision.cards,
                total: decision.total,
                soft: decision.soft,
                upcard: decision.upcard,
                hand: Some(decision.hand.clone()),
                ev_stand: decision.ev_stand,
                ev_hit: decision.ev_hit,
            },
            decision.action,
        )
    });
    Output {
        figures,
        strategies: chart.chain(hands).collect(),
        convergence: Vec::new(),
    }
}

struct Cell {
    cards: u8,
    total: u8,
    soft: bool,
    upcard: Option<char>,
    hand: Option<String>,
    ev_stand: f64,
    ev_hit: f64,
}

/// The hit and stand rows of one player information set.
fn both_actions(cell: Cell, action: Action) -> [StrategyRow; 2] {
    let hit = f64::from(u8::from(action == Action::Hit));
    let row = |action: Move, frequency: f64| StrategyRow {
        side: Side::Player,
        cards: cell.cards,
        total: cell.total,
        soft: cell.soft,
        upcard: cell.upcard,
        player_cards: None,
        hand: cell.hand.clone(),
        action,
        frequency,
        ev_stand: Some(cell.ev_stand),
        ev_hit: Some(cell.ev_hit),
    };
    [row(Move::Hit, hit), row(Move::Stand, 1.0 - hit)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn every_information_set_has_a_hit_and_a_stand_row_adding_to_one() {
        let table = CompiledRules::compile(RuleSet::default());
        let solution = dp::solve(&table);
        let out = output(&solution);
        assert_eq!(
            out.strategies.len(),
            2 * (solution.chart.len() + solution.compositions.len())
        );
        for pair in out.strategies.chunks(2) {
            assert_eq!(pair[0].action, Move::Hit);
            assert_eq!(pair[1].action, Move::Stand);
            assert_eq!(pair[0].hand, pair[1].hand);
            assert!((pair[0].frequency + pair[1].frequency - 1.0).abs() < 1e-12);
        }
        assert_eq!(out.figures.ev, Some(solution.ev));
        assert_eq!(out.figures.exploitability, None);
    }
}
