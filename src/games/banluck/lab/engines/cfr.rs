//! The CFR+ equilibrium solver as a runner engine: the game value, its
//! exploitability, the convergence log, and both sides' frequencies.

use serde_json::Value;

use crate::cards::{CompId, Rank};
use crate::games::banluck::equilibrium::{self, EquilibriumSolution};
use crate::games::banluck::lab::record::{Figures, Move, Output, Side, StrategyRow};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::lab::{ConvergencePoint, Engine, TaskOutput};

/// `[engines.cfr]`: the solver's own parameters (variant, target
/// exploitability, iteration limit, logging interval), read from the
/// experiment file with the solver's defaults.
pub use crate::games::banluck::equilibrium::CfrParams;

impl CfrParams {
    /// The engine for these parameters.
    ///
    /// # Errors
    /// Never in this build; the signature leaves room for engines a build
    /// may lack.
    pub fn engine(&self) -> Result<Box<dyn Engine<RuleSet>>, String> {
        Ok(Box::new(self.clone()))
    }
}

impl Engine<RuleSet> for CfrParams {
    fn name(&self) -> &'static str {
        "cfr"
    }

    fn params(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    fn run(&self, rules: &RuleSet) -> Result<TaskOutput, String> {
        let table = CompiledRules::compile(rules.clone());
        let solution = equilibrium::solve(&table, self);
        Ok(output(&table, &solution).into())
    }
}

/// One row per action of an information set, sharing everything else.
fn rows(template: &StrategyRow, actions: &[(Move, f64)]) -> Vec<StrategyRow> {
    actions
        .iter()
        .map(|&(action, frequency)| StrategyRow {
            action,
            frequency,
            ..template.clone()
        })
        .collect()
}

fn player_row(
    upcard: Option<char>,
    cards: u8,
    total: u8,
    soft: bool,
    hand: Option<String>,
) -> StrategyRow {
    StrategyRow {
        side: Side::Player,
        cards,
        total,
        soft,
        upcard,
        player_cards: None,
        hand,
        action: Move::Hit,
        frequency: 0.0,
        ev_stand: None,
        ev_hit: None,
    }
}

/// The runner's view of an equilibrium: figures, the player's chart cells
/// and compositions (hit, stand), the dealer's chart cells per player card
/// count (hit, reveal, stand), its hard-15 surrenders (surrender, play),
/// and the log. With an upcard every row names the card the dealer shows.
fn output(table: &CompiledRules, solution: &EquilibriumSolution) -> Output {
    let comps = table.compositions();
    let dealer_may = |allowed: &dyn Fn(CompId) -> bool| (0..comps.len() as CompId).any(allowed);
    let figures = Figures {
        ev: Some(solution.value),
        exploitability: Some(solution.exploitability),
        iterations: Some(u64::from(solution.iterations)),
        reveal_frequency: dealer_may(&|id| table.dealer(id).may_reveal)
            .then_some(solution.reveal_frequency),
        surrender_frequency: dealer_may(&|id| table.dealer(id).may_surrender)
            .then_some(solution.surrender_frequency),
        seconds: solution.seconds,
        ..Figures::default()
    };
    let mut strategies = Vec::new();
    for cell in &solution.player_chart {
        let row = player_row(cell.upcard, cell.cards, cell.total, cell.soft, None);
        strategies.extend(rows(
            &row,
            &[(Move::Hit, cell.hit), (Move::Stand, 1.0 - cell.hit)],
        ));
    }
    for hand in &solution.player_compositions {
        let row = player_row(
            hand.upcard,
            hand.cards,
            hand.total,
            hand.soft,
            Some(hand.hand.clone()),
        );
        strategies.extend(rows(
            &row,
            &[(Move::Hit, hand.hit), (Move::Stand, 1.0 - hand.hit)],
        ));
    }
    for cell in &solution.dealer_chart {
        let row = StrategyRow {
            side: Side::Dealer,
            player_cards: Some(cell.player_cards),
            ..player_row(cell.upcard, cell.cards, cell.total, cell.soft, None)
        };
        strategies.extend(rows(
            &row,
            &[
                (Move::Hit, cell.hit),
                (Move::Reveal, cell.reveal),
                (Move::Stand, cell.stand),
            ],
        ));
    }
    for id in comps.of_size(2) {
        if !table.dealer(id).may_surrender {
            continue;
        }
        let hand = table.hand(id);
        let shown: Vec<Option<Rank>> = if solution.dealer.by_upcard {
            Rank::all()
                .filter(|r| comps.counts(id)[r.index()] > 0)
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for upcard in shown {
            let row = StrategyRow {
                side: Side::Dealer,
                ..player_row(
                    upcard.map(Rank::label),
                    hand.cards,
                    hand.total,
                    hand.soft,
                    Some(comps.label(id)),
                )
            };
            let surrender = solution.dealer.surrender[solution.dealer.surrender_at(id, upcard)];
            strategies.extend(rows(
                &row,
                &[(Move::Surrender, surrender), (Move::Play, 1.0 - surrender)],
            ));
        }
    }
    let convergence = solution
        .log
        .iter()
        .map(|row| ConvergencePoint {
            iteration: row.iteration,
            seconds: row.seconds,
            exploitability: row.exploitability,
            value: row.value,
            extra: Vec::new(),
        })
        .collect();
    Output {
        figures,
        strategies,
        convergence,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn the_equilibrium_maps_to_figures_rows_and_a_convergence_log() {
        let table = CompiledRules::compile(RuleSet::default());
        let params = CfrParams {
            max_iterations: 50,
            check_every: 10,
            ..CfrParams::default()
        };
        let out = output(&table, &equilibrium::solve(&table, &params));
        let f = &out.figures;
        assert_eq!(f.iterations, Some(50));
        assert!(f.exploitability.unwrap() > 0.0);
        assert!(f.ev.unwrap() < 0.0);
        assert!((0.0..=1.0).contains(&f.reveal_frequency.unwrap()));
        assert_eq!(f.void_rate, None);
        assert_eq!(out.convergence.len(), 6);
        assert_eq!(out.convergence.last().unwrap().iteration, 50);
        // Every information set's frequencies add up to one.
        let mut sums = std::collections::BTreeMap::new();
        for row in &out.strategies {
            let key = (
                row.side.as_str(),
                row.cards,
                row.total,
                row.soft,
                row.player_cards,
                row.hand.clone(),
            );
            *sums.entry(key).or_insert(0.0) += row.frequency;
        }
        assert!(sums.values().all(|s: &f64| (s - 1.0).abs() < 1e-9));
        assert!(out.strategies.iter().any(|r| r.action == Move::Reveal));
        assert!(out.strategies.iter().any(|r| r.side == Side::Dealer));
        let surrenders = out
            .strategies
            .iter()
            .filter(|r| r.action == Move::Surrender);
        assert_eq!(surrenders.count(), 3, "T5, 96 and 87");
    }
}
