//! A node's hands summed per hand class (the 13×13 grid) and over the
//! whole range: reach-weighted action frequencies, EVs weighted by their
//! weights, equities weighted by reach.

use crate::games::poker::range::HandClass;

use super::view::{HandRow, NodeView};

/// Sums over some hands of a node, in the rows' order.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregate {
    /// The total reach.
    pub weight: f64,
    /// Per action, reach times probability.
    pub action_sums: Vec<f64>,
    /// EV weight times EV, and the EV weight, over the hands with an EV.
    pub ev_sums: (f64, f64),
    /// Reach times equity, and the reach, over the hands with an equity.
    pub equity_sums: (f64, f64),
}

impl Aggregate {
    /// Nothing summed, for `actions` actions.
    pub fn new(actions: usize) -> Aggregate {
        Aggregate {
            weight: 0.0,
            action_sums: vec![0.0; actions],
            ev_sums: (0.0, 0.0),
            equity_sums: (0.0, 0.0),
        }
    }

    /// Adds one hand.
    pub fn add(&mut self, row: &HandRow) {
        self.weight += row.reach;
        for (sum, p) in self.action_sums.iter_mut().zip(&row.strategy) {
            *sum += row.reach * p;
        }
        if let Some(ev) = row.ev
            && let Some(value) = ev.ev
        {
            self.ev_sums.0 += ev.weight * value;
            self.ev_sums.1 += ev.weight;
        }
        if let Some(equity) = row.equity {
            self.equity_sums.0 += row.reach * equity;
            self.equity_sums.1 += row.reach;
        }
    }

    /// Action `k`'s reach-weighted frequency (NaN where nothing reaches).
    pub fn frequency(&self, k: usize) -> f64 {
        self.action_sums[k] / self.weight
    }

    /// The weighted EV, where some hand has one with a positive weight.
    pub fn ev(&self) -> Option<f64> {
        (self.ev_sums.1 > 0.0).then(|| self.ev_sums.0 / self.ev_sums.1)
    }

    /// The reach-weighted equity, where some reached hand has one.
    pub fn equity(&self) -> Option<f64> {
        (self.equity_sums.1 > 0.0).then(|| self.equity_sums.0 / self.equity_sums.1)
    }
}

/// A node's hands summed per class and over the range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeSummary {
    /// Every hand.
    pub total: Aggregate,
    /// Per grid cell (`HandClass::cell`: row, column), its hands.
    pub classes: Vec<Vec<Aggregate>>,
}

impl NodeView {
    /// The node's hands summed per class and over the range.
    pub fn summary(&self) -> RangeSummary {
        let actions = self.actions.len();
        let mut total = Aggregate::new(actions);
        let mut classes = vec![vec![Aggregate::new(actions); 13]; 13];
        for row in &self.hands {
            let (r, c) = HandClass::of_combo(row.combo).cell();
            classes[r][c].add(row);
            total.add(row);
        }
        RangeSummary { total, classes }
    }
}
