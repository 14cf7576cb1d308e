//! A table dealer's policy: surrender per two-card start, and per seat key
//! (see `key`) an action at every composition before a reveal and after
//! one. The table simulator plays it; the evaluator values it exactly over
//! the dealer's draws.

use std::collections::HashMap;

use super::key::SeatKey;
use super::nodes::DealerNodes;
use crate::cards::CompId;
use crate::games::banluck::rules::{CompiledRules, RevealPolicy};

/// Stop and settle every open seat against the current hand.
pub const STAND: u8 = 0;
/// Draw a card.
pub const HIT: u8 = 1;
/// Settle every open seat holding 3+ cards against the current hand, then
/// act again by the after-reveal actions.
pub const REVEAL: u8 = 2;

/// The dealer's actions for one seat key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyPolicy {
    /// Action per composition before any reveal.
    pub before: Vec<u8>,
    /// Action per composition after a reveal (never [`REVEAL`]).
    pub after: Vec<u8>,
    /// Compositions reached before a reveal, largest first.
    pub(super) reach_before: Vec<CompId>,
    /// Compositions reached after a reveal, largest first.
    pub(super) reach_after: Vec<CompId>,
    /// Reveal-total compositions reached before a reveal: the composition,
    /// the number of orders of drawing it that the policy follows, and
    /// whether it reveals there.
    pub(super) reveal_nodes: Vec<(CompId, f64, bool)>,
}

impl KeyPolicy {
    /// Actions `before` and `after` (forced moves are imposed), with the
    /// compositions they reach from the starts not surrendered.
    pub(super) fn new(
        nodes: &DealerNodes,
        surrender: &[bool],
        mut before: Vec<u8>,
        mut after: Vec<u8>,
    ) -> KeyPolicy {
        for (id, moves) in nodes.moves.iter().enumerate() {
            for (actions, phase_after) in [(&mut before, false), (&mut after, true)] {
                let a = &mut actions[id];
                let allowed = match *a {
                    STAND => moves.stand,
                    HIT => moves.hit,
                    _ => moves.reveal && !phase_after,
                };
                if !allowed {
                    *a = if moves.stand { STAND } else { HIT };
                }
            }
        }
        let comps = before.len();
        let mut orders = vec![0.0; comps];
        let mut seen_after = vec![false; comps];
        for &start in &nodes.starts {
            if !surrender[start as usize] {
                orders[start as usize] = nodes.orders[start as usize];
            }
        }
        let mut reveal_nodes = Vec::new();
        for &id in &nodes.reachable {
            let i = id as usize;
            if orders[i] > 0.0 {
                if nodes.moves[i].reveal {
                    reveal_nodes.push((id, orders[i], before[i] == REVEAL));
                }
                match before[i] {
                    HIT => {
                        for &child in &nodes.children[i] {
                            orders[child as usize] += orders[i];
                        }
                    }
                    REVEAL => seen_after[i] = true,
                    _ => {}
                }
            }
            if seen_after[i] && after[i] == HIT {
                for &child in &nodes.children[i] {
                    seen_after[child as usize] = true;
                }
            }
        }
        let reach_before = nodes
            .reachable
            .iter()
            .rev()
            .copied()
            .filter(|&id| orders[id as usize] > 0.0)
            .collect();
        let reach_after = nodes
            .reachable
            .iter()
            .rev()
            .copied()
            .filter(|&id| seen_after[id as usize])
            .collect();
        KeyPolicy {
            before,
            after,
            reach_before,
            reach_after,
            reveal_nodes,
        }
    }
}

/// A dealer policy at a table: surrender per composition and actions per
/// seat key, with a default for keys it holds no actions for.
#[derive(Debug, Clone, PartialEq)]
pub struct TablePolicy {
    /// Whether the dealer surrenders each composition (two-card hard 15s
    /// only).
    pub surrender: Vec<bool>,
    /// Actions per seat key.
    pub keys: HashMap<SeatKey, KeyPolicy>,
    /// Actions for every other key.
    pub default: KeyPolicy,
}

impl TablePolicy {
    /// The actions for seat key `key`.
    #[inline]
    pub fn for_key(&self, key: SeatKey) -> &KeyPolicy {
        self.keys.get(&key).unwrap_or(&self.default)
    }

    /// The rules' fixed dealer with the reveal forced off or on (see
    /// [`TablePolicy::fixed`]), its compositions compiled here.
    pub fn fixed_dealer(table: &CompiledRules, reveal: RevealPolicy) -> TablePolicy {
        TablePolicy::fixed(table, &DealerNodes::new(table), reveal)
    }

    /// The rules' fixed dealer (`[dealer.fixed]`) with the reveal forced
    /// off or on: it draws by the house rule, and when revealing it settles
    /// the 3+-card seats at every reveal total, then draws on by the rule.
    pub fn fixed(table: &CompiledRules, nodes: &DealerNodes, reveal: RevealPolicy) -> TablePolicy {
        let surrender: Vec<bool> = (0..table.compositions().len() as CompId)
            .map(|id| table.fixed_surrenders(id))
            .collect();
        let rule: Vec<u8> = nodes
            .moves
            .iter()
            .map(|m| {
                if m.hit && (m.rule_hits || !m.stand) {
                    HIT
                } else {
                    STAND
                }
            })
            .collect();
        let before = rule
            .iter()
            .zip(&nodes.moves)
            .map(|(&a, m)| {
                if m.reveal && reveal == RevealPolicy::On {
                    REVEAL
                } else {
                    a
                }
            })
            .collect();
        TablePolicy {
            default: KeyPolicy::new(nodes, &surrender, before, rule),
            surrender,
            keys: HashMap::new(),
        }
    }
}
