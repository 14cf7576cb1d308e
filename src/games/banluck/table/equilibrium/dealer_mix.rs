//! A table dealer that may mix: per seat key, the probability of each
//! action at every composition before a reveal (stand, hit, reveal) and
//! after one (stand, hit), and a surrender probability per two-card start.
//! A pure [`TablePolicy`] converts to it; the equilibrium's dealer is one.
//! [`MixedDealer::gain`] values it on a round exactly over its draws.

use std::collections::HashMap;

use crate::cards::CompId;
use crate::games::banluck::table::dealer::key::SeatKey;
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::policy::{HIT, KeyPolicy, REVEAL, STAND, TablePolicy};
use crate::games::banluck::table::dealer::view::RoundView;

/// Before a reveal: stand, hit, reveal.
pub type Before = [f64; 3];
/// After a reveal: stand, hit.
pub type After = [f64; 2];

/// The dealer's mixed actions for one seat key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyMix {
    /// Per composition: stand, hit and reveal probabilities before a reveal.
    pub before: Vec<Before>,
    /// Per composition: stand and hit probabilities after a reveal.
    pub after: Vec<After>,
    /// Compositions reached before a reveal, largest first.
    reach_before: Vec<CompId>,
    /// Compositions reached after a reveal, largest first.
    reach_after: Vec<CompId>,
}

impl KeyMix {
    /// The actions `before` and `after` with the rules' forced moves
    /// imposed, and the compositions they reach.
    pub fn new(nodes: &DealerNodes, mut before: Vec<Before>, mut after: Vec<After>) -> KeyMix {
        for (i, moves) in nodes.moves.iter().enumerate() {
            let b = &mut before[i];
            if !moves.reveal {
                b[if moves.stand { 0 } else { 1 }] += b[2];
                b[2] = 0.0;
            }
            if !moves.hit {
                b[0] += b[1];
                b[1] = 0.0;
            }
            if !moves.stand {
                b[1] += b[0];
                b[0] = 0.0;
            }
            let a = &mut after[i];
            if !moves.hit {
                *a = [1.0, 0.0];
            } else if !moves.stand {
                *a = [0.0, 1.0];
            }
        }
        let comps = before.len();
        let (mut seen_before, mut seen_after) = (vec![false; comps], vec![false; comps]);
        for &start in &nodes.starts {
            seen_before[start as usize] = true;
        }
        for &id in &nodes.reachable {
            let i = id as usize;
            if seen_before[i] {
                if before[i][1] > 0.0 {
                    for &c in &nodes.children[i] {
                        seen_before[c as usize] = true;
                    }
                }
                if before[i][2] > 0.0 {
                    seen_after[i] = true;
                }
            }
            if seen_after[i] && after[i][1] > 0.0 {
                for &c in &nodes.children[i] {
                    seen_after[c as usize] = true;
                }
            }
        }
        let list = |seen: &[bool]| -> Vec<CompId> {
            nodes
                .reachable
                .iter()
                .rev()
                .copied()
                .filter(|&id| seen[id as usize])
                .collect()
        };
        KeyMix {
            reach_before: list(&seen_before),
            reach_after: list(&seen_after),
            before,
            after,
        }
    }

    /// A pure key policy as probabilities.
    fn of_policy(nodes: &DealerNodes, policy: &KeyPolicy) -> KeyMix {
        let one_hot_before = |a: u8| match a {
            HIT => [0.0, 1.0, 0.0],
            REVEAL => [0.0, 0.0, 1.0],
            _ => [1.0, 0.0, 0.0],
        };
        let one_hot_after = |a: u8| if a == STAND { [1.0, 0.0] } else { [0.0, 1.0] };
        KeyMix::new(
            nodes,
            policy.before.iter().map(|&a| one_hot_before(a)).collect(),
            policy.after.iter().map(|&a| one_hot_after(a)).collect(),
        )
    }
}

/// Scratch arrays for [`MixedDealer::gain`].
#[derive(Debug, Clone)]
pub struct Work {
    /// The dealer's one-order draw probabilities of the round.
    pub weights: Vec<f64>,
    /// Values before a reveal, per composition.
    pub before: Vec<f64>,
    /// Values after a reveal.
    pub after: Vec<f64>,
}

impl Work {
    /// Arrays for `comps` compositions.
    pub fn new(comps: usize) -> Work {
        Work {
            weights: vec![0.0; comps],
            before: vec![0.0; comps],
            after: vec![0.0; comps],
        }
    }
}

/// A dealer that may mix, per seat key.
#[derive(Debug, Clone, PartialEq)]
pub struct MixedDealer {
    /// Surrender probability per composition (two-card hard 15s only).
    pub surrender: Vec<f64>,
    /// Actions per seat key.
    pub keys: HashMap<SeatKey, KeyMix>,
    /// Actions for every other key.
    pub default: KeyMix,
}

impl MixedDealer {
    /// A pure table policy.
    pub fn of_policy(nodes: &DealerNodes, policy: &TablePolicy) -> MixedDealer {
        MixedDealer {
            surrender: policy
                .surrender
                .iter()
                .map(|&s| f64::from(u8::from(s)))
                .collect(),
            keys: policy
                .keys
                .iter()
                .map(|(&key, p)| (key, KeyMix::of_policy(nodes, p)))
                .collect(),
            default: KeyMix::of_policy(nodes, &policy.default),
        }
    }

    /// The actions for `key`.
    pub fn for_key(&self, key: SeatKey) -> &KeyMix {
        self.keys.get(&key).unwrap_or(&self.default)
    }

    /// The dealer's gain in the round seen as `view`, its draws weighted by
    /// `work.weights` (filled by the caller from the round's seats).
    pub fn gain(&self, nodes: &DealerNodes, view: &RoundView, work: &mut Work) -> f64 {
        let mix = self.for_key(view.key);
        let Work {
            weights,
            before,
            after,
        } = work;
        for &id in &mix.reach_after {
            let i = id as usize;
            let [stand, hit] = mix.after[i];
            let class = usize::from(nodes.class[i]);
            let mut v = stand * weights[i] * (view.all[class] - view.three[class]);
            if hit > 0.0 {
                v += hit
                    * nodes.children[i]
                        .iter()
                        .map(|&c| after[c as usize])
                        .sum::<f64>();
            }
            after[i] = v;
        }
        for &id in &mix.reach_before {
            let i = id as usize;
            let [stand, hit, reveal] = mix.before[i];
            let class = usize::from(nodes.class[i]);
            let mut v = stand * weights[i] * view.all[class];
            if hit > 0.0 {
                v += hit
                    * nodes.children[i]
                        .iter()
                        .map(|&c| before[c as usize])
                        .sum::<f64>();
            }
            if reveal > 0.0 {
                v += reveal * (weights[i] * view.three[class] + after[i]);
            }
            before[i] = v;
        }
        let play: f64 = nodes
            .starts
            .iter()
            .zip(&view.closed)
            .map(|(&start, closed)| {
                let s = start as usize;
                (1.0 - self.surrender[s]) * nodes.orders[s] * (closed + before[s])
            })
            .sum();
        view.special + play
    }
}
