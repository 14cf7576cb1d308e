//! The poker family's grid engine `solve`: the river solver
//! ([`crate::games::poker::river::solve`], the same call as `poker solve`)
//! to a target in per cent of the pot, mapped into the lab's generic
//! [`TaskOutput`] in the columns of [`super::record`].

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::spot::Spot;
use crate::cfr::Algorithm;
use crate::games::poker::action::{Action, history_notation};
use crate::games::poker::combo::combo_name;
use crate::games::poker::range::HandClass;
use crate::games::poker::river::{RiverSolution, SolveOptions, solve};
use crate::games::poker::tree::NodeKind;
use crate::lab::{Cell, TaskOutput};

/// How often the exploitability is measured, as `poker solve` does.
pub const CHECK_EVERY: u64 = 10;

/// The regret-minimisation rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveAlgorithm {
    /// Discounted CFR (α 1.5, β 0, γ 2).
    #[serde(rename = "dcfr")]
    Dcfr,
    /// CFR+ with linear averaging.
    #[serde(rename = "cfr+")]
    CfrPlus,
}

/// `[engines.solve]`: the algorithm, the target exploitability in per cent
/// of the pot, and the iteration cap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolveEngine {
    /// `"dcfr"` (the default) or `"cfr+"`.
    pub algorithm: SolveAlgorithm,
    /// Stop once the exploitability is at most this per cent of the pot
    /// (0.1 by default; 0 runs to the cap).
    pub target_pct_pot: f64,
    /// Stop after this many iterations at the latest.
    pub iterations: u64,
}

impl Default for SolveEngine {
    fn default() -> Self {
        SolveEngine {
            algorithm: SolveAlgorithm::Dcfr,
            target_pct_pot: 0.1,
            iterations: 100_000,
        }
    }
}

impl SolveEngine {
    /// Why these parameters cannot run, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        if !(self.target_pct_pot.is_finite() && self.target_pct_pot >= 0.0) {
            return Err(format!(
                "engines.solve.target_pct_pot = {}: must be a per cent of the pot, at least 0 (e.g. 0.01)",
                self.target_pct_pot
            ));
        }
        if self.iterations == 0 {
            return Err("engines.solve.iterations = 0: must be at least 1".into());
        }
        Ok(())
    }

    /// The engine's parameters as JSON (part of the cache key).
    pub fn params(&self) -> Value {
        let mut params = serde_json::to_value(self).unwrap_or(Value::Null);
        params["check_every"] = Value::from(CHECK_EVERY);
        params
    }

    /// Solves `spot` into one `runs` row and its decision rows.
    pub fn run(&self, spot: &Spot) -> TaskOutput {
        let started = Instant::now();
        let game = &spot.game;
        let target = self.target_pct_pot / 100.0 * game.pot();
        let options = SolveOptions {
            algorithm: match self.algorithm {
                SolveAlgorithm::Dcfr => Algorithm::DCFR,
                SolveAlgorithm::CfrPlus => Algorithm::CFR_PLUS,
            },
            target,
            max_iterations: self.iterations,
            check_every: CHECK_EVERY,
        };
        let solution = solve(game, &options);
        let nodes = node_rows(spot, &solution);
        let p = &spot.position;
        let mut figures = vec![
            ("pot", Cell::F64(game.pot())),
            (
                "stack",
                Cell::F64(p.chip.value(p.oop().stack.min(p.ip().stack))),
            ),
            ("target", Cell::F64(target)),
            ("oop_combos", Cell::U64(game.combos(0).len() as u64)),
            ("ip_combos", Cell::U64(game.combos(1).len() as u64)),
            ("value_oop", Cell::F64(solution.value[0])),
            ("value_ip", Cell::F64(solution.value[1])),
            ("exploitability", Cell::F64(solution.exploitability)),
            (
                "exploitability_pct_pot",
                Cell::F64(solution.exploitability_pct(game.pot())),
            ),
            ("bracket_lo", Cell::F64(solution.bracket[0])),
            ("bracket_hi", Cell::F64(solution.bracket[1])),
            ("iterations", Cell::U64(solution.iterations)),
        ];
        let root_path = history_notation(&p.history, p.chip);
        let after_check = format!("{root_path}x");
        for (path, role, prefix, check, bet) in [
            (&root_path, "OOP", "oop_root", "oop_check", "oop_bet"),
            (
                &after_check,
                "IP",
                "ip_after_check",
                "ip_check_after_check",
                "ip_bet_after_check",
            ),
        ] {
            // Left null when the spot's history puts the tree elsewhere.
            if let Some(node) = nodes.iter().find(|n| &n.path == path && n.role == role) {
                let shares = node.aggregate();
                let listed: Vec<String> = node
                    .actions
                    .iter()
                    .zip(&shares)
                    .map(|(a, s)| format!("{}={s}", a.1))
                    .collect();
                let sum = |kind: fn(&Action) -> bool| {
                    node.actions
                        .iter()
                        .zip(&shares)
                        .filter(|(a, _)| kind(&a.0))
                        .map(|(_, s)| s)
                        .sum::<f64>()
                };
                figures.push((prefix, Cell::Str(listed.join(","))));
                figures.push((check, Cell::F64(sum(|a| *a == Action::Check))));
                figures.push((bet, Cell::F64(sum(|a| matches!(a, Action::Bet(_))))));
            }
        }
        let decisions = nodes.iter().flat_map(NodeRows::rows).collect();
        TaskOutput {
            figures: figures
                .into_iter()
                .map(|(name, cell)| (name.to_string(), cell))
                .collect(),
            decisions,
            convergence: Vec::new(),
            seed: None,
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// One decision node's strategy with the acting player's reach.
struct NodeRows {
    path: String,
    role: &'static str,
    actions: Vec<(Action, String)>,
    combos: Vec<u16>,
    reach: Vec<f64>,
    /// `[action × hand]`.
    strategy: Vec<f64>,
}

impl NodeRows {
    /// Each action's share of the reaching range (reach-weighted).
    fn aggregate(&self) -> Vec<f64> {
        let hands = self.combos.len();
        let total: f64 = self.reach.iter().sum();
        (0..self.actions.len())
            .map(|k| {
                let sum: f64 = (0..hands)
                    .map(|h| self.reach[h] * self.strategy[k * hands + h])
                    .sum();
                if total > 0.0 { sum / total } else { 0.0 }
            })
            .collect()
    }

    /// The decision rows: per hand, per action.
    fn rows(&self) -> Vec<Vec<Cell>> {
        let hands = self.combos.len();
        let mut rows = Vec::with_capacity(hands * self.actions.len());
        for (h, &combo) in self.combos.iter().enumerate() {
            let name = combo_name(combo as usize);
            let class = HandClass::of_combo(combo as usize).to_string();
            for (k, (_, action)) in self.actions.iter().enumerate() {
                rows.push(vec![
                    Cell::Str(self.path.clone()),
                    Cell::Str(self.role.to_string()),
                    Cell::Str(name.clone()),
                    Cell::Str(class.clone()),
                    Cell::Str(action.clone()),
                    Cell::F64(self.strategy[k * hands + h]),
                    Cell::F64(self.reach[h]),
                ]);
            }
        }
        rows
    }
}

/// Every decision node of the solved spot, in tree order, with each
/// acting hand's reach (initial weight times its own action frequencies
/// on the way, as `poker solve --json` reports it).
fn node_rows(spot: &Spot, solution: &RiverSolution) -> Vec<NodeRows> {
    let game = &spot.game;
    let tree = game.betting();
    let chip = spot.position.chip;
    let mut reach: Vec<[Vec<f64>; 2]> = vec![[Vec::new(), Vec::new()]; tree.nodes.len()];
    reach[0] = [0, 1].map(|p| {
        (0..game.combos(p).len())
            .map(|h| game.weight(p, h))
            .collect()
    });
    let mut nodes = Vec::new();
    for (index, node) in tree.nodes.iter().enumerate() {
        let NodeKind::Decision {
            player,
            actions,
            children,
        } = &node.kind
        else {
            continue;
        };
        let Some(strategy) = solution.strategies[index].clone() else {
            continue;
        };
        let hands = game.combos(*player).len();
        for (k, &child) in children.iter().enumerate() {
            let mut next = reach[index].clone();
            for (r, p) in next[*player].iter_mut().zip(&strategy[k * hands..]) {
                *r *= p;
            }
            reach[child] = next;
        }
        let mut history = spot.position.history.clone();
        history.extend(tree.path(index));
        nodes.push(NodeRows {
            path: history_notation(&history, chip),
            role: ["OOP", "IP"][*player],
            actions: actions.iter().map(|&a| (a, a.notation(chip))).collect(),
            combos: game.combos(*player).to_vec(),
            reach: reach[index][*player].clone(),
            strategy,
        });
    }
    nodes
}
