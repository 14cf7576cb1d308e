//! The counting dealer's posterior over the open seats' hands and its
//! after-reveal decisions.
//!
//! After a reveal every seat still open holds two cards it stood on (a
//! reveal settles every open 3+-card seat). With the unseen deck `L` (the
//! deck less the dealer's cards and every seen seat's), the joint
//! probability of the open hands `h_1..h_m` in seat order and of the
//! dealer's further cards `e` is, up to a factor common to all of them,
//! `prod_i pi(h_i) * P_seq(h_1 + .. + h_m + e | L)`, where `pi(h)` is the
//! number of orders of dealing `h` times the probability that the strategy
//! stands on it, and `P_seq` is the probability of one ordered sequence of
//! those ranks drawn from `L` (falling factorials): the probability of a
//! sequence of draws from one shuffled deck depends only on its multiset,
//! so the interleaving of the seats' and the dealer's draws does not
//! matter, and no seat's decision depends on another's cards.

use rand::RngExt as _;
use rand::rngs::Xoshiro256PlusPlus;

use super::super::nodes::DealerNodes;
use super::super::policy::{HIT, STAND};
use super::super::seats::is_open;
use crate::cards::{CompId, Counts, RANK_COUNT, Rank, orderings};
use crate::games::banluck::rules::{CompiledRules, HandClass};
use crate::games::banluck::strategy::PlayerStrategy;

/// Open seats up to which the posterior is enumerated exactly.
pub const EXACT_OPEN_SEATS: usize = 2;

/// Weighted posterior draws per decision beyond [`EXACT_OPEN_SEATS`].
pub const POSTERIOR_SAMPLES: usize = 256;

/// The dealer's gain against each dealer class key.
type Gains = [f64; HandClass::KEYS];

/// One two-card hand an open seat may hold.
struct Candidate {
    id: CompId,
    counts: Counts,
    /// Orders of dealing it times the strategy's probability of standing.
    pi: f64,
    /// The dealer's gain against it, per dealer class key.
    gain: Gains,
}

/// One weighted configuration of the open seats: its (unnormalised)
/// posterior weight, the deck it leaves and the dealer's gain against it.
struct Config {
    weight: f64,
    left: [f64; RANK_COUNT],
    gain: Gains,
}

/// Probability of one ordered sequence with ranks `drawn` from `left`
/// (an infinite deck draws from `full` every time).
fn sequence(left: &[f64; RANK_COUNT], drawn: &Counts, full: Option<&[f64; RANK_COUNT]>) -> f64 {
    let mut p = 1.0;
    if let Some(full) = full {
        let total: f64 = full.iter().sum();
        for (r, &k) in drawn.iter().enumerate() {
            p *= (full[r] / total).powi(i32::from(k));
        }
        return p;
    }
    let mut total: f64 = left.iter().sum();
    for (r, &k) in drawn.iter().enumerate() {
        for i in 0..k {
            let available = left[r] - f64::from(i);
            if available <= 0.0 || total <= 0.0 {
                return 0.0;
            }
            p *= available / total;
            total -= 1.0;
        }
    }
    p
}

/// The dealer's compositions reachable from `c` by drawing, ascending (a
/// topological order), with the cards each adds to `c` and its children's
/// positions.
pub(crate) struct Subtree {
    /// The compositions, `c` first.
    pub ids: Vec<CompId>,
    /// Per composition: the cards drawn since `c`.
    pub extra: Vec<Counts>,
    /// Per composition: its children's positions in `ids`.
    pub children: Vec<Vec<usize>>,
}

impl Subtree {
    /// The compositions the dealer can reach from `c`.
    pub fn new(table: &CompiledRules, nodes: &DealerNodes, c: CompId) -> Subtree {
        let mut ids = vec![c];
        let mut next = 0;
        while next < ids.len() {
            for &child in &nodes.children[ids[next] as usize] {
                if !ids.contains(&child) {
                    ids.push(child);
                }
            }
            next += 1;
        }
        ids.sort_unstable();
        let index = table.compositions();
        let base = index.counts(c);
        let extra = ids
            .iter()
            .map(|&id| std::array::from_fn(|r| index.counts(id)[r] - base[r]))
            .collect();
        let children = ids
            .iter()
            .map(|&id| {
                nodes.children[id as usize]
                    .iter()
                    .map(|child| ids.binary_search(child).expect("a child is in the subtree"))
                    .collect()
            })
            .collect();
        Subtree {
            ids,
            extra,
            children,
        }
    }

    /// The value, per unit probability of reaching `c`, of playing
    /// `action(id)` at every composition against open seats worth `gain`,
    /// the dealer drawing from `left`.
    pub fn value(
        &self,
        nodes: &DealerNodes,
        left: &[f64; RANK_COUNT],
        full: Option<&[f64; RANK_COUNT]>,
        gain: &Gains,
        action: impl Fn(usize) -> u8,
    ) -> f64 {
        let mut value = vec![0.0; self.ids.len()];
        for i in (0..self.ids.len()).rev() {
            value[i] = if action(i) == HIT {
                self.children[i].iter().map(|&c| value[c]).sum()
            } else {
                let class = usize::from(nodes.class[self.ids[i] as usize]);
                sequence(left, &self.extra[i], full) * gain[class]
            };
        }
        value[0]
    }
}

/// The posterior of the open seats' hands and the decisions it implies.
pub struct Posterior {
    candidates: Vec<Candidate>,
    deck: [f64; RANK_COUNT],
    infinite: bool,
}

impl Posterior {
    /// The open two-card hands of `player` under `table`'s rules.
    pub fn new(table: &CompiledRules, player: &PlayerStrategy) -> Self {
        let index = table.compositions();
        let candidates = index
            .of_size(2)
            .filter(|&h| is_open(table, h, h))
            .filter_map(|h| {
                let stand = 1.0 - player.effective_hit(table, h, None);
                let row = table.payoff_row(table.hand(h).class);
                (stand > 0.0).then(|| Candidate {
                    id: h,
                    counts: *index.counts(h),
                    pi: orderings(index.counts(h)) * stand,
                    gain: std::array::from_fn(|d| -row[d]),
                })
            })
            .collect();
        let deck = table.deck();
        Posterior {
            candidates,
            deck: std::array::from_fn(|r| f64::from(deck.count(Rank::new(r)))),
            infinite: deck.is_infinite(),
        }
    }

    /// The deck less `seen` (every card the dealer has seen, its own
    /// included).
    pub fn unseen(&self, seen: &Counts) -> [f64; RANK_COUNT] {
        if self.infinite {
            return self.deck;
        }
        std::array::from_fn(|r| (self.deck[r] - f64::from(seen[r])).max(0.0))
    }

    /// The full deck when draws are with replacement.
    pub fn full(&self) -> Option<&[f64; RANK_COUNT]> {
        self.infinite.then_some(&self.deck)
    }

    /// The posterior of `open` two-card seats given the cards seen, exact
    /// for up to [`EXACT_OPEN_SEATS`] seats: each configuration (hands in
    /// seat order, as a sorted list) with its probability; the
    /// probabilities sum to one. `None` beyond, or if nothing fits.
    pub fn exact(&self, seen: &Counts, open: usize) -> Option<Vec<(Vec<CompId>, f64)>> {
        if open > EXACT_OPEN_SEATS {
            return None;
        }
        let (configs, hands) = self.enumerate(&self.unseen(seen), open);
        let total: f64 = configs.iter().map(|c| c.weight).sum();
        (total > 0.0).then(|| {
            hands
                .into_iter()
                .zip(&configs)
                .map(|(h, c)| (h, c.weight / total))
                .collect()
        })
    }

    /// Every configuration of up to two open seats (unordered, with its
    /// multiplicity folded into the weight) and its hands.
    fn enumerate(
        &self,
        unseen: &[f64; RANK_COUNT],
        open: usize,
    ) -> (Vec<Config>, Vec<Vec<CompId>>) {
        let full = self.full();
        let mut configs = Vec::new();
        let mut hands = Vec::new();
        let less = |left: &[f64; RANK_COUNT], c: &Candidate| -> [f64; RANK_COUNT] {
            if full.is_some() {
                *left
            } else {
                std::array::from_fn(|r| left[r] - f64::from(c.counts[r]))
            }
        };
        match open {
            0 => {
                configs.push(Config {
                    weight: 1.0,
                    left: *unseen,
                    gain: [0.0; HandClass::KEYS],
                });
                hands.push(Vec::new());
            }
            1 => {
                for a in &self.candidates {
                    let weight = a.pi * sequence(unseen, &a.counts, full);
                    if weight > 0.0 {
                        configs.push(Config {
                            weight,
                            left: less(unseen, a),
                            gain: a.gain,
                        });
                        hands.push(vec![a.id]);
                    }
                }
            }
            _ => {
                for (i, a) in self.candidates.iter().enumerate() {
                    let first = a.pi * sequence(unseen, &a.counts, full);
                    if first <= 0.0 {
                        continue;
                    }
                    let after_a = less(unseen, a);
                    for b in &self.candidates[i..] {
                        let both = if a.id == b.id { 1.0 } else { 2.0 };
                        let weight = both * first * b.pi * sequence(&after_a, &b.counts, full);
                        if weight > 0.0 {
                            configs.push(Config {
                                weight,
                                left: less(&after_a, b),
                                gain: std::array::from_fn(|d| a.gain[d] + b.gain[d]),
                            });
                            hands.push(vec![a.id, b.id]);
                        }
                    }
                }
            }
        }
        (configs, hands)
    }

    /// Weighted draws of `open` seats from the posterior by sequential
    /// importance sampling: each seat's hand is drawn in proportion to
    /// `pi(h) * P_seq(h | left)` and the draw is weighted by the product of
    /// the normalisers, an unbiased estimate of the exact weights.
    fn sample(
        &self,
        unseen: &[f64; RANK_COUNT],
        open: usize,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Vec<Config> {
        let full = self.full();
        let mut q = vec![0.0; self.candidates.len()];
        (0..POSTERIOR_SAMPLES)
            .map(|_| {
                let mut config = Config {
                    weight: 1.0,
                    left: *unseen,
                    gain: [0.0; HandClass::KEYS],
                };
                for _ in 0..open {
                    let mut z = 0.0;
                    for (q, c) in q.iter_mut().zip(&self.candidates) {
                        *q = c.pi * sequence(&config.left, &c.counts, full);
                        z += *q;
                    }
                    if z <= 0.0 {
                        config.weight = 0.0;
                        break;
                    }
                    let mut target = rng.random::<f64>() * z;
                    let mut pick = self.candidates.len() - 1;
                    for (i, &qi) in q.iter().enumerate() {
                        if target < qi {
                            pick = i;
                            break;
                        }
                        target -= qi;
                    }
                    let c = &self.candidates[pick];
                    config.weight *= z;
                    if full.is_none() {
                        for r in 0..RANK_COUNT {
                            config.left[r] -= f64::from(c.counts[r]);
                        }
                    }
                    for d in 0..HandClass::KEYS {
                        config.gain[d] += c.gain[d];
                    }
                }
                config
            })
            .collect()
    }

    /// The counting dealer's actions after revealing at `sub`'s root, for
    /// every composition of `sub`: the argmax of its expected gain over
    /// `open` two-card seats given the cards `seen` (its own included).
    /// Exact up to [`EXACT_OPEN_SEATS`] open seats, on
    /// [`POSTERIOR_SAMPLES`] weighted posterior draws beyond; returns the
    /// actions and whether they are exact.
    pub(crate) fn decide(
        &self,
        nodes: &DealerNodes,
        sub: &Subtree,
        seen: &Counts,
        open: usize,
        rng: &mut Xoshiro256PlusPlus,
    ) -> (Vec<u8>, bool) {
        let unseen = self.unseen(seen);
        let exact = open <= EXACT_OPEN_SEATS;
        let configs = if exact {
            self.enumerate(&unseen, open).0
        } else {
            self.sample(&unseen, open, rng)
        };
        let full = self.full();
        let n = sub.ids.len();
        let mut stand = vec![0.0; n];
        for config in &configs {
            for (i, &id) in sub.ids.iter().enumerate() {
                let class = usize::from(nodes.class[id as usize]);
                stand[i] += config.weight
                    * sequence(&config.left, &sub.extra[i], full)
                    * config.gain[class];
            }
        }
        let mut actions = vec![STAND; n];
        let mut value = vec![0.0; n];
        for i in (0..n).rev() {
            let moves = nodes.moves[sub.ids[i] as usize];
            let hit: f64 = sub.children[i].iter().map(|&c| value[c]).sum();
            let rule = if moves.hit && (moves.rule_hits || !moves.stand) {
                HIT
            } else {
                STAND
            };
            let of = |a: u8| if a == HIT { hit } else { stand[i] };
            let (mut chosen, mut best) = (rule, of(rule));
            if moves.hit && moves.stand {
                let other = HIT + STAND - rule;
                let v = of(other);
                if v > best + 1e-12 * (v.abs() + best.abs()) {
                    (chosen, best) = (other, v);
                }
            }
            actions[i] = chosen;
            value[i] = best;
        }
        (actions, exact)
    }
}
