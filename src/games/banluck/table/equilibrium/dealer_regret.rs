//! The dealer's side of the table MCCFR: per seat key, regrets and
//! average sums at every composition before and after a reveal, and the
//! surrender regrets per start.
//!
//! One round of seats gives the dealer's counterfactual values at every
//! composition of the round's key at once, its draws integrated exactly
//! (a backward pass, as in `table::dealer::solve`, with the current mixed
//! actions). Every value carries the probability of one fixed order of
//! drawing its composition; the number of orders is a constant of the
//! composition, so the regrets are the counterfactual regrets up to a
//! constant factor per information set, which regret matching ignores.

use std::collections::BTreeMap;

use crate::cfr::{Schedule, add_to_average, regret_matching};
use crate::games::banluck::table::dealer::key::SeatKey;
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::view::RoundView;

use super::dealer_mix::{After, Before, KeyMix, MixedDealer, Work};

/// Which actions the dealer has at a composition before a reveal (stand,
/// hit, reveal) for a key; a reveal needs an open 3+-card seat.
fn allowed(nodes: &DealerNodes, i: usize, key: SeatKey) -> [bool; 3] {
    let m = nodes.moves[i];
    [m.stand, m.hit, m.reveal && key.open_three_plus() > 0]
}

/// One key's per-composition sums (regrets, or this iteration's regrets,
/// or average sums).
#[derive(Debug, Clone, PartialEq)]
pub struct KeySums {
    /// Before a reveal: stand, hit, reveal.
    pub before: Vec<Before>,
    /// After a reveal: stand, hit.
    pub after: Vec<After>,
}

impl KeySums {
    /// Zeros for `comps` compositions.
    pub fn new(comps: usize) -> KeySums {
        KeySums {
            before: vec![[0.0; 3]; comps],
            after: vec![[0.0; 2]; comps],
        }
    }

    fn absorb(&mut self, other: &KeySums) {
        for (a, b) in self.before.iter_mut().zip(&other.before) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (a, b) in self.after.iter_mut().zip(&other.after) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

/// One iteration's dealer regrets, summed over rounds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DealerIncrements {
    /// Per key met.
    pub keys: BTreeMap<SeatKey, KeySums>,
    /// Per composition: surrender and play regrets.
    pub surrender: Vec<[f64; 2]>,
    /// Weight of the rounds added.
    pub weight: f64,
}

impl DealerIncrements {
    /// Adds a later chunk's sums.
    pub fn absorb(&mut self, other: DealerIncrements) {
        if self.surrender.is_empty() {
            self.surrender = other.surrender;
        } else {
            for (a, b) in self.surrender.iter_mut().zip(&other.surrender) {
                a[0] += b[0];
                a[1] += b[1];
            }
        }
        for (key, sums) in other.keys {
            match self.keys.get_mut(&key) {
                Some(mine) => mine.absorb(&sums),
                None => {
                    self.keys.insert(key, sums);
                }
            }
        }
        self.weight += other.weight;
    }

    /// Adds the regrets of one round seen as `view` (weight `w`), the
    /// dealer playing `dealer`; `work.weights` holds the round's one-order
    /// draw probabilities.
    pub fn add_round(
        &mut self,
        nodes: &DealerNodes,
        dealer: &MixedDealer,
        view: &RoundView,
        w: f64,
        work: &mut Work,
    ) {
        let comps = nodes.moves.len();
        if self.surrender.is_empty() {
            self.surrender = vec![[0.0; 2]; comps];
        }
        self.weight += w;
        let key = view.key;
        let mix = dealer.for_key(key);
        let inc = self.keys.entry(key).or_insert_with(|| KeySums::new(comps));
        let Work {
            weights,
            before,
            after,
        } = work;
        for &id in nodes.reachable.iter().rev() {
            let i = id as usize;
            let m = nodes.moves[i];
            let class = usize::from(nodes.class[i]);
            let (hit_b, hit_a) = nodes.children[i].iter().fold((0.0, 0.0), |(b, a), &c| {
                (b + before[c as usize], a + after[c as usize])
            });
            let stand_a = weights[i] * (view.all[class] - view.three[class]);
            let [ps, ph] = mix.after[i];
            after[i] = ps * stand_a + ph * hit_a;
            if m.stand && m.hit {
                inc.after[i][0] += w * (stand_a - after[i]);
                inc.after[i][1] += w * (hit_a - after[i]);
            }
            let stand_b = weights[i] * view.all[class];
            let reveal_b = weights[i] * view.three[class] + after[i];
            let [qs, qh, qr] = mix.before[i];
            before[i] = qs * stand_b + qh * hit_b + qr * reveal_b;
            let ok = allowed(nodes, i, key);
            if ok.iter().filter(|&&a| a).count() > 1 {
                for (a, v) in [stand_b, hit_b, reveal_b].into_iter().enumerate() {
                    if ok[a] {
                        inc.before[i][a] += w * (v - before[i]);
                    }
                }
            }
        }
        for (&start, closed) in nodes.starts.iter().zip(&view.closed) {
            let s = start as usize;
            if nodes.may_surrender[s] {
                let play = closed + before[s];
                let value = (1.0 - dealer.surrender[s]) * play;
                self.surrender[s][0] += w * (0.0 - value);
                self.surrender[s][1] += w * (play - value);
            }
        }
    }
}

/// The dealer's accumulated regrets and averages.
#[derive(Debug, Clone)]
pub struct DealerState {
    /// Per key: accumulated regrets.
    pub regret: BTreeMap<SeatKey, KeySums>,
    /// Per key: average sums.
    pub average: BTreeMap<SeatKey, KeySums>,
    /// Per composition: surrender and play regrets.
    pub surrender_regret: Vec<[f64; 2]>,
    /// Per composition: surrender and play average sums.
    pub surrender_average: Vec<[f64; 2]>,
}

impl DealerState {
    /// Nothing accumulated.
    pub fn new(comps: usize) -> DealerState {
        DealerState {
            regret: BTreeMap::new(),
            average: BTreeMap::new(),
            surrender_regret: vec![[0.0; 2]; comps],
            surrender_average: vec![[0.0; 2]; comps],
        }
    }

    /// The current strategy: regret matching over each information set's
    /// allowed actions; keys never met stand or hit at even odds.
    pub fn current(&self, nodes: &DealerNodes) -> MixedDealer {
        let comps = nodes.moves.len();
        let surrender = (0..comps)
            .map(|s| {
                if nodes.may_surrender[s] {
                    let mut p = [0.0; 2];
                    regret_matching(&self.surrender_regret[s], &mut p);
                    p[0]
                } else {
                    0.0
                }
            })
            .collect();
        let keys = self
            .regret
            .iter()
            .map(|(&key, sums)| (key, mix_of(nodes, key, sums, false)))
            .collect();
        MixedDealer {
            surrender,
            keys,
            default: mix_of(nodes, SeatKey(0), &KeySums::new(comps), false),
        }
    }

    /// The average strategy (keys never met: even odds, as at the start).
    pub fn average(&self, nodes: &DealerNodes) -> MixedDealer {
        let comps = nodes.moves.len();
        let surrender = (0..comps)
            .map(|s| {
                let [a, b] = self.surrender_average[s];
                if nodes.may_surrender[s] && a + b > 0.0 {
                    a / (a + b)
                } else {
                    0.0
                }
            })
            .collect();
        let keys = self
            .average
            .iter()
            .map(|(&key, sums)| (key, mix_of(nodes, key, sums, true)))
            .collect();
        MixedDealer {
            surrender,
            keys,
            default: mix_of(nodes, SeatKey(0), &KeySums::new(comps), false),
        }
    }

    /// Adds one iteration: regrets (divided by the rounds' weight) under
    /// `schedule`, and the current strategy `current` to the averages of
    /// the keys met, weighted by the dealer's own reach.
    pub fn update(
        &mut self,
        nodes: &DealerNodes,
        current: &MixedDealer,
        inc: &DealerIncrements,
        schedule: Schedule,
    ) {
        if inc.weight <= 0.0 {
            return;
        }
        let scale = 1.0 / inc.weight;
        let comps = nodes.moves.len();
        for (&key, sums) in &inc.keys {
            let regret = self
                .regret
                .entry(key)
                .or_insert_with(|| KeySums::new(comps));
            for (r, x) in regret.before.iter_mut().zip(&sums.before) {
                schedule.accumulate(r, &x.map(|v| v * scale));
            }
            for (r, x) in regret.after.iter_mut().zip(&sums.after) {
                schedule.accumulate(r, &x.map(|v| v * scale));
            }
            let average = self
                .average
                .entry(key)
                .or_insert_with(|| KeySums::new(comps));
            add_own_reach(nodes, current, current.for_key(key), average, schedule);
        }
        for s in 0..comps {
            if nodes.may_surrender[s] {
                let x = inc.surrender[s].map(|v| v * scale);
                schedule.accumulate(&mut self.surrender_regret[s], &x);
                let p = current.surrender[s];
                let mut total = 0.0;
                add_to_average(
                    &mut self.surrender_average[s],
                    &mut total,
                    schedule.average_weight,
                    &[p, 1.0 - p],
                );
            }
        }
    }
}

/// Adds `mix` to `average` at every composition, weighted by the
/// schedule's weight times the dealer's own reach there (summed over the
/// orders of drawing it).
fn add_own_reach(
    nodes: &DealerNodes,
    dealer: &MixedDealer,
    mix: &KeyMix,
    average: &mut KeySums,
    schedule: Schedule,
) {
    let comps = nodes.moves.len();
    let (mut reach_b, mut reach_a) = (vec![0.0; comps], vec![0.0; comps]);
    for &start in &nodes.starts {
        let s = start as usize;
        reach_b[s] = nodes.orders[s] * (1.0 - dealer.surrender[s]);
    }
    for &id in &nodes.reachable {
        let i = id as usize;
        let (rb, mut total) = (reach_b[i], 0.0);
        if rb > 0.0 {
            let b = mix.before[i];
            add_to_average(
                &mut average.before[i],
                &mut total,
                schedule.average_weight * rb,
                &b,
            );
            for &c in &nodes.children[i] {
                reach_b[c as usize] += rb * b[1];
            }
            reach_a[i] += rb * b[2];
        }
        let ra = reach_a[i];
        if ra > 0.0 {
            let a = mix.after[i];
            add_to_average(
                &mut average.after[i],
                &mut total,
                schedule.average_weight * ra,
                &a,
            );
            for &c in &nodes.children[i] {
                reach_a[c as usize] += ra * a[1];
            }
        }
    }
}

/// A key's mixed actions from regrets (`average` false: regret matching
/// over the allowed actions) or average sums (`average` true: normalised;
/// even odds where nothing was added).
fn mix_of(nodes: &DealerNodes, key: SeatKey, sums: &KeySums, average: bool) -> KeyMix {
    let comps = nodes.moves.len();
    let mut before = vec![[0.0; 3]; comps];
    let mut after = vec![[0.0; 2]; comps];
    for i in 0..comps {
        let ok = allowed(nodes, i, key);
        let mut b = [0.0; 3];
        for a in 0..3 {
            if ok[a] {
                b[a] = if average {
                    sums.before[i][a]
                } else {
                    sums.before[i][a].max(0.0)
                };
            }
        }
        let total: f64 = b.iter().sum();
        let n = ok.iter().filter(|&&a| a).count().max(1) as f64;
        for a in 0..3 {
            before[i][a] = if total > 0.0 {
                b[a] / total
            } else if ok[a] {
                1.0 / n
            } else {
                0.0
            };
        }
        let mut p = [0.0; 2];
        if average {
            let t = sums.after[i][0] + sums.after[i][1];
            p = if t > 0.0 {
                [sums.after[i][0] / t, sums.after[i][1] / t]
            } else {
                [0.5, 0.5]
            };
        } else {
            regret_matching(&sums.after[i], &mut p);
        }
        after[i] = p;
    }
    KeyMix::new(nodes, before, after)
}
