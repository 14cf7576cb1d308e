//! The best chart: decisions that depend only on (cards, total, soft) and the
//! upcard when shown, found by backward induction over the number of cards,
//! each cell choosing the action that is best summed over all its
//! compositions, weighted by the probability of holding them.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::banluck::rules::CompiledRules;

use super::model::{ExactModel, Values};

/// A player action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Draw a card.
    Hit,
    /// Stop drawing.
    Stand,
}

/// The key of a chart cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct CellKey {
    pub cards: u8,
    pub total: u8,
    pub soft: bool,
    pub slot: usize,
}

impl CellKey {
    pub fn of(table: &CompiledRules, id: crate::cards::CompId, slot: usize) -> CellKey {
        let hand = table.hand(id);
        CellKey {
            cards: hand.cards,
            total: hand.total,
            soft: hand.soft,
            slot,
        }
    }
}

/// One cell of a chart: what to do holding `cards` cards totalling `total`
/// (soft or hard), with the expected payoff of standing and of hitting given
/// that the hand plays on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartCell {
    /// Cards held.
    pub cards: u8,
    /// The hand's total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the rules show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// The chart's action.
    pub action: Action,
    /// Expected payoff of standing, over the cell's compositions.
    pub ev_stand: f64,
    /// Expected payoff of hitting (and following the chart after).
    pub ev_hit: f64,
    /// Probability of holding a hand of this cell (drawing every card).
    pub probability: f64,
    /// Share of the cell (by probability) where the composition-dependent
    /// optimum hits: 0 or 1 when the chart loses nothing here.
    pub optimal_hit_share: f64,
}

#[derive(Default, Clone, Copy)]
struct Sums {
    stand: f64,
    hit: f64,
    plays_on: f64,
    weight: f64,
    optimal_hits: f64,
}

/// Runs the chart's backward induction and returns its values and cells.
/// `optimal` supplies the composition-dependent decisions for comparison.
pub(crate) fn best_chart(model: &ExactModel<'_>, optimal: &Values) -> (Values, Vec<ChartCell>) {
    let table = model.table;
    let slots = model.slots();
    let mut cells = Vec::new();
    let values = model.values_by_level(|size, values| {
        let mut sums: BTreeMap<CellKey, Sums> = BTreeMap::new();
        let members: Vec<(CellKey, usize)> = table
            .compositions()
            .of_size(size)
            .filter(|&id| table.player(id).may_hit && !table.player(id).must_hit)
            .flat_map(|id| (0..slots).map(move |slot| (id, slot)))
            .map(|(id, slot)| {
                let i = id as usize * slots + slot;
                let w = model.weight[id as usize];
                let entry = sums.entry(CellKey::of(table, id, slot)).or_default();
                entry.stand += w * values.stand[i];
                entry.hit += w * values.hit[i];
                entry.plays_on += w * model.plays_on(i);
                entry.weight += w;
                entry.optimal_hits += w * optimal.hit_probability[i];
                (CellKey::of(table, id, slot), i)
            })
            .collect();
        for (key, s) in &sums {
            if s.plays_on <= 0.0 {
                continue;
            }
            cells.push(ChartCell {
                cards: key.cards,
                total: key.total,
                soft: key.soft,
                upcard: model.upcard(key.slot).map(|r| r.label()),
                action: if s.hit > s.stand {
                    Action::Hit
                } else {
                    Action::Stand
                },
                ev_stand: s.stand / s.plays_on,
                ev_hit: s.hit / s.plays_on,
                probability: s.weight,
                optimal_hit_share: s.optimal_hits / s.weight,
            });
        }
        members
            .into_iter()
            .map(|(key, i)| {
                let s = sums[&key];
                (i, f64::from(u8::from(s.hit > s.stand)))
            })
            .collect()
    });
    cells.sort_by_key(|c| (c.upcard, c.cards, c.soft, c.total));
    (values, cells)
}
