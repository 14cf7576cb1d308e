//! The two sweeps over the public tree: reach forward (a node before its
//! children), counterfactual values backward (children before their
//! node), one hand-indexed row per node, with no allocation.
//!
//! Both walk the [`Layout`]'s preorder, subtree by subtree: where a node's
//! children's subtrees are big enough they go to different threads
//! ([`for_children`]), each with its own slices of the arrays it writes.
//! Every node does the same arithmetic in the same order on any thread, so
//! the results are the same, bit for bit, whatever the number of threads.

use super::game::VectorGame;
use super::layout::Layout;
use super::split::{Rows, Split, for_children};
use super::tree::NodeKind;
use crate::cfr::regret::{add_to_average_columns, regret_matching_columns};
use crate::cfr::{Player, Schedule};

/// What a sweep reads and never writes: the game, its layout, and the
/// smallest work worth handing to another thread.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sweep<'a, G> {
    /// The game.
    pub game: &'a G,
    /// Its tree in preorder.
    pub layout: &'a Layout,
    /// The least work ([`Layout::work`]) of each half of a node's children
    /// for them to be visited in parallel (`usize::MAX`: never).
    pub min_work: usize,
}

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

/// What a backward sweep writes below a position: values, and in an
/// update the per-decision arrays.
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

impl<G: VectorGame> Sweep<'_, G> {
    /// Fills `player`'s reach (`[position × hand]`): its initial weights,
    /// times `probabilities` (per-action arrays) at its decisions, times
    /// the weight of each chance event.
    pub fn forward(&self, player: Player, probabilities: &[f64], reach: &mut [f64]) {
        let width = self.layout.hands()[player.index()];
        reach[..width].copy_from_slice(self.game.initial_weights(player));
        let rows = Rows {
            start: 0,
            width,
            data: reach,
        };
        self.forward_from(0, player, probabilities, rows);
    }

    /// The forward sweep below position `p`, whose row of `rows` is filled.
    fn forward_from(&self, p: usize, player: Player, probabilities: &[f64], rows: Rows<'_>) {
        let kind = self.layout.kind(p);
        if kind == NodeKind::Terminal {
            return;
        }
        let (own, children) = rows.split(self.layout, p + 1);
        let parent = &*own.data;
        let width = own.width;
        let weights = self.game.tree().weights(self.layout.node(p));
        let slot = self.layout.slot(p);
        let visit = |action: usize, child: usize, rows: Rows<'_>| {
            let out = &mut rows.data[..width];
            match kind {
                NodeKind::Decision(actor) if actor == player => {
                    let own = &probabilities[slot + action * width..][..width];
                    for ((out, &parent), &probability) in out.iter_mut().zip(parent).zip(own) {
                        *out = parent * probability;
                    }
                }
                NodeKind::Chance => {
                    for (out, &parent) in out.iter_mut().zip(parent) {
                        *out = parent * weights[action];
                    }
                }
                _ => out.copy_from_slice(parent),
            }
            self.forward_from(child, player, probabilities, rows);
        };
        for_children(self.layout, p, children, self.min_work, &visit);
    }

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
        self.backward_from(0, player, mode, opponent_reach, Part { values, learn });
    }

    /// The backward sweep of position `p`'s subtree, whose data is `part`.
    fn backward_from(
        &self,
        p: usize,
        player: Player,
        mode: Mode<'_>,
        opponent_reach: &[f64],
        part: Part<'_>,
    ) {
        let layout = self.layout;
        let width = part.values.width;
        let kind = layout.kind(p);
        if kind == NodeKind::Terminal {
            let other = layout.hands()[1 - player.index()];
            let opponent = &opponent_reach[p * other..][..other];
            let out = &mut part.values.data[..width];
            self.game
                .terminal_values(layout.node(p), player, opponent, out);
            return;
        }
        let (own, mut children) = part.split(layout, p + 1);
        let visit = |_: usize, child: usize, part: Part<'_>| {
            self.backward_from(child, player, mode, opponent_reach, part);
        };
        let below = Part {
            values: children.values.reborrow(),
            learn: children.learn.as_mut().map(Learn::reborrow),
        };
        for_children(layout, p, below, self.min_work, &visit);
        let out = own.values.data;
        let rows = children.values;
        let child_values = || layout.children(p).map(|c| rows.row(c));
        match (kind, mode) {
            (NodeKind::Decision(actor), _) if actor != player => add_children(out, child_values()),
            (NodeKind::Chance, _) => add_children(out, child_values()),
            (_, Mode::Best) => {
                let mut children = child_values();
                out.copy_from_slice(children.next().expect("a decision has an action"));
                for values in children {
                    for (out, &value) in out.iter_mut().zip(values) {
                        *out = out.max(value);
                    }
                }
            }
            (_, Mode::Average(average)) => {
                let block = &average[layout.slot(p)..layout.slot(p + 1)];
                expected(out, block, child_values());
            }
            (_, Mode::Update(schedule, own_reach)) => {
                let learn = own.learn.expect("an update sweep has arrays to update");
                expected(out, learn.strategy, child_values());
                for (regrets, values) in learn.regrets.chunks_mut(width).zip(child_values()) {
                    for ((regret, &value), &mean) in regrets.iter_mut().zip(values).zip(&*out) {
                        *regret = schedule.update(*regret, value - mean);
                    }
                }
                add_to_average_columns(
                    learn.average_sum,
                    learn.average_total,
                    schedule.average_weight,
                    &own_reach[p * width..][..width],
                    learn.strategy,
                );
                regret_matching_columns(learn.regrets, learn.strategy, width);
            }
        }
    }
}

/// `out = Σ_k children[k]`, entry by entry.
fn add_children<'a>(out: &mut [f64], children: impl Iterator<Item = &'a [f64]>) {
    out.fill(0.0);
    for values in children {
        for (out, &value) in out.iter_mut().zip(values) {
            *out += value;
        }
    }
}

/// `out += factors × values`, entry by entry.
fn add_product(out: &mut [f64], factors: &[f64], values: &[f64]) {
    for ((out, &factor), &value) in out.iter_mut().zip(factors).zip(values) {
        *out += factor * value;
    }
}

/// `out = Σ_k probabilities[k] × children[k]`, with `probabilities` laid out
/// `[action × hand]`.
fn expected<'a>(out: &mut [f64], probabilities: &[f64], children: impl Iterator<Item = &'a [f64]>) {
    out.fill(0.0);
    for (probabilities, values) in probabilities.chunks(out.len()).zip(children) {
        add_product(out, probabilities, values);
    }
}
