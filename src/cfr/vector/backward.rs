//! The backward sweep: counterfactual values from the leaves up, and at
//! the acting player's own decisions the expected value, the best action,
//! or this iteration's update of regrets, average and strategy.

use super::game::VectorGame;
use super::layout::Layout;
use super::split::{Rows, Split, for_children};
use super::sweeps::Sweep;
use super::tied::tied_update;
use super::tree::NodeKind;
use crate::cfr::regret::{add_to_average_columns, regret_matching_columns};
use crate::cfr::{Player, Schedule};

/// What a backward sweep does at the acting player's own decision nodes.
#[derive(Debug)]
pub(super) enum Own<'a> {
    /// Follow the current strategy, then update regrets, the average and
    /// the strategy with this iteration's schedule.
    Update {
        /// The iteration's schedule.
        schedule: Schedule,
        /// The player's reach, `[position × hand]`.
        own_reach: &'a [f64],
        /// The per-decision arrays it updates.
        learn: Learn<'a>,
    },
    /// Follow the average strategy, laid out like the per-action arrays.
    Average(&'a [f64]),
    /// Take the best action for each hand.
    Best,
}

/// The arrays one iteration updates, from position `start`'s blocks on.
#[derive(Debug)]
pub(super) struct Learn<'a> {
    /// The first position.
    pub start: usize,
    /// Accumulated regrets (per action and hand).
    pub regrets: &'a mut [f64],
    /// The current strategy (per action and hand).
    pub strategy: &'a mut [f64],
    /// The average's weighted sums (per action and hand).
    pub average_sum: &'a mut [f64],
    /// The average's total weights (per hand).
    pub average_total: &'a mut [f64],
}

impl Learn<'_> {
    /// The same arrays, borrowed for a shorter time.
    fn reborrow(&mut self) -> Learn<'_> {
        Learn {
            start: self.start,
            regrets: self.regrets,
            strategy: self.strategy,
            average_sum: self.average_sum,
            average_total: self.average_total,
        }
    }

    /// The blocks of position `q` (from `start` on).
    fn block(&mut self, layout: &Layout, q: usize) -> Learn<'_> {
        let (first, slots) = (layout.slot(self.start), layout.slot(q)..layout.slot(q + 1));
        let slots = slots.start - first..slots.end - first;
        let first = layout.column(self.start);
        let columns = layout.column(q) - first..layout.column(q + 1) - first;
        Learn {
            start: q,
            regrets: &mut self.regrets[slots.clone()],
            strategy: &mut self.strategy[slots.clone()],
            average_sum: &mut self.average_sum[slots],
            average_total: &mut self.average_total[columns],
        }
    }
}

impl Split for Learn<'_> {
    fn split(self, layout: &Layout, at: usize) -> (Self, Self) {
        let slots = layout.slot(at) - layout.slot(self.start);
        let columns = layout.column(at) - layout.column(self.start);
        let (regrets, regrets_tail) = self.regrets.split_at_mut(slots);
        let (strategy, strategy_tail) = self.strategy.split_at_mut(slots);
        let (average_sum, average_sum_tail) = self.average_sum.split_at_mut(slots);
        let (average_total, average_total_tail) = self.average_total.split_at_mut(columns);
        let head = Learn {
            start: self.start,
            regrets,
            strategy,
            average_sum,
            average_total,
        };
        let tail = Learn {
            start: at,
            regrets: regrets_tail,
            strategy: strategy_tail,
            average_sum: average_sum_tail,
            average_total: average_total_tail,
        };
        (head, tail)
    }
}

/// What a backward sweep reads at the acting player's decisions.
#[derive(Clone, Copy, Debug)]
enum Mode<'a> {
    /// [`Own::Update`]'s schedule and reach.
    Update(Schedule, &'a [f64]),
    /// [`Own::Average`].
    Average(&'a [f64]),
    /// [`Own::Best`].
    Best,
}

/// What a backward sweep writes in a subtree: values, and in an update
/// the per-decision arrays.
struct Part<'a> {
    values: Rows<'a>,
    learn: Option<Learn<'a>>,
}

impl Split for Part<'_> {
    fn split(self, layout: &Layout, at: usize) -> (Self, Self) {
        let (values, values_tail) = self.values.split(layout, at);
        let (learn, learn_tail) = self.learn.split(layout, at);
        (
            Part { values, learn },
            Part {
                values: values_tail,
                learn: learn_tail,
            },
        )
    }
}

/// What every node of one backward sweep reads.
#[derive(Clone, Copy)]
struct Pass<'a> {
    player: Player,
    mode: Mode<'a>,
    /// The opponent's reach, `[position × hand]`.
    opponent_reach: &'a [f64],
}

impl<G: VectorGame> Sweep<'_, G> {
    /// Fills `player`'s counterfactual values (`[position × hand]`) from
    /// the opponent's reach, doing what `own` says at `player`'s decisions.
    pub fn backward(
        &self,
        player: Player,
        own: Own<'_>,
        opponent_reach: &[f64],
        values: &mut [f64],
    ) {
        let (mode, learn) = match own {
            Own::Update {
                schedule,
                own_reach,
                learn,
            } => (Mode::Update(schedule, own_reach), Some(learn)),
            Own::Average(average) => (Mode::Average(average), None),
            Own::Best => (Mode::Best, None),
        };
        let width = self.layout.hands()[player.index()];
        if width == 0 {
            return;
        }
        let values = Rows {
            start: 0,
            width,
            data: values,
        };
        let pass = Pass {
            player,
            mode,
            opponent_reach,
        };
        self.backward_from(0, pass, Part { values, learn });
    }

    /// The backward sweep of position `p`'s subtree, whose data is `part`.
    fn backward_from(&self, p: usize, pass: Pass<'_>, part: Part<'_>) {
        if self.serial(p) {
            return self.backward_serial(p, pass, part);
        }
        let (mut own, mut children) = part.split(self.layout, p + 1);
        if self.layout.kind(p) != NodeKind::Terminal {
            let below = Part {
                values: children.values.reborrow(),
                learn: children.learn.as_mut().map(|learn| learn.reborrow()),
            };
            let visit = |child: usize, part: Part<'_>| self.backward_from(child, pass, part);
            for_children(self.layout, p, below, self.min_work, &visit);
        }
        let learn = own.learn.as_mut().map(|learn| learn.reborrow());
        self.backward_node(p, pass, own.values.data, children.values.data, learn);
    }

    /// The backward sweep of position `p`'s subtree in one loop, children
    /// before parents.
    fn backward_serial(&self, p: usize, pass: Pass<'_>, mut part: Part<'_>) {
        let (start, width) = (part.values.start, part.values.width);
        for q in (p..self.layout.end(p)).rev() {
            let (head, below) = part.values.data.split_at_mut((q + 1 - start) * width);
            let learn = part.learn.as_mut().map(|learn| learn.block(self.layout, q));
            self.backward_node(q, pass, &mut head[(q - start) * width..], below, learn);
        }
    }

    /// Fills position `q`'s values `out` from its children's, in `below`
    /// (the rows from position `q + 1` on), with `q`'s blocks of the
    /// per-decision arrays in an update.
    fn backward_node(
        &self,
        q: usize,
        pass: Pass<'_>,
        out: &mut [f64],
        below: &[f64],
        learn: Option<Learn<'_>>,
    ) {
        let layout = self.layout;
        let width = out.len();
        let child = |c: usize| &below[(c - q - 1) * width..][..width];
        let children = || layout.children(q).map(child);
        match (layout.kind(q), pass.mode) {
            (NodeKind::Terminal, _) => {
                let other = layout.hands()[1 - pass.player.index()];
                let opponent = &pass.opponent_reach[q * other..][..other];
                let node = layout.node(q);
                self.game.terminal_values(node, pass.player, opponent, out);
            }
            // Chance weights and the opponent's strategy are in its reach.
            (NodeKind::Chance, _) => {
                add_children(out, children());
                for &(node, permutation) in self.game.mirrors(layout.node(q)) {
                    let values = child(layout.position(node));
                    let permutation = self.game.permutation(pass.player, permutation);
                    for (out, &hand) in out.iter_mut().zip(permutation) {
                        *out += values[hand as usize];
                    }
                }
            }
            (NodeKind::Decision(actor), _) if actor != pass.player => add_children(out, children()),
            (_, Mode::Best) => {
                let mut children = children();
                out.copy_from_slice(children.next().expect("a decision has an action"));
                for values in children {
                    for (out, &value) in out.iter_mut().zip(values) {
                        *out = out.max(value);
                    }
                }
            }
            (_, Mode::Average(average)) => {
                expected(
                    out,
                    &average[layout.slot(q)..layout.slot(q + 1)],
                    children(),
                );
            }
            (_, Mode::Update(schedule, own_reach)) => {
                let mut learn = learn.expect("an update has arrays to update");
                expected(out, learn.strategy, children());
                let reach = &own_reach[q * width..][..width];
                // Card abstraction: the game's buckets tie hands (tied.rs).
                if let Some(buckets) = self.game.buckets(layout.node(q), pass.player) {
                    tied_update(buckets, schedule, out, children, reach, learn.reborrow());
                } else {
                    for (regrets, values) in learn.regrets.chunks_mut(width).zip(children()) {
                        for ((regret, &value), &mean) in regrets.iter_mut().zip(values).zip(&*out) {
                            *regret = schedule.update(*regret, value - mean);
                        }
                    }
                    add_to_average_columns(
                        learn.average_sum,
                        learn.average_total,
                        schedule.average_weight,
                        reach,
                        learn.strategy,
                    );
                }
                regret_matching_columns(learn.regrets, learn.strategy, width);
            }
        }
    }
}

/// `out = Σ_k children[k]`, entry by entry.
#[inline]
fn add_children<'a>(out: &mut [f64], children: impl Iterator<Item = &'a [f64]>) {
    out.fill(0.0);
    for values in children {
        for (out, &value) in out.iter_mut().zip(values) {
            *out += value;
        }
    }
}

/// `out = Σ_k probabilities[k] × children[k]`, with `probabilities` laid out
/// `[action × hand]`.
#[inline]
fn expected<'a>(out: &mut [f64], probabilities: &[f64], children: impl Iterator<Item = &'a [f64]>) {
    out.fill(0.0);
    for (probabilities, values) in probabilities.chunks(out.len()).zip(children) {
        for ((out, &probability), &value) in out.iter_mut().zip(probabilities).zip(values) {
            *out += probability * value;
        }
    }
}
