//! The two sweeps over the public tree: reach forward (parents before
//! children), counterfactual values backward (children before parents),
//! one hand-indexed slice per node, with no recursion and no allocation.

use super::game::VectorGame;
use super::solver::{Own, Profile, VectorSolver};
use super::tree::NodeKind;
use crate::cfr::Player;
use crate::cfr::regret::{add_to_average_columns, regret_matching_columns};

impl<G: VectorGame> VectorSolver<'_, G> {
    /// Fills `player`'s reach at every node: its initial weights, times its
    /// own `profile` at its decisions, times the weight of each chance
    /// event.
    pub(super) fn forward(&mut self, player: Player, profile: Profile) {
        let VectorSolver {
            game,
            hands,
            slot,
            strategy,
            average,
            reach,
            ..
        } = self;
        let tree = game.tree();
        let hands = hands[player.index()];
        let probabilities = match profile {
            Profile::Current => &strategy[..],
            Profile::Average => &average[..],
        };
        let reach = &mut reach[player.index()];
        reach[..hands].copy_from_slice(game.initial_weights(player));
        for node in 0..tree.num_nodes() {
            let kind = tree.kind(node);
            if kind == NodeKind::Terminal {
                continue;
            }
            let (head, tail) = reach.split_at_mut((node + 1) * hands);
            let parent = &head[node * hands..];
            let edges = tree.children(node).iter().zip(tree.weights(node));
            for (action, (&child, &weight)) in edges.enumerate() {
                let out = &mut tail[(child - node - 1) * hands..][..hands];
                match kind {
                    NodeKind::Decision(actor) if actor == player => {
                        let own = &probabilities[slot[node] + action * hands..][..hands];
                        for ((out, &parent), &probability) in out.iter_mut().zip(parent).zip(own) {
                            *out = parent * probability;
                        }
                    }
                    NodeKind::Chance => {
                        for (out, &parent) in out.iter_mut().zip(parent) {
                            *out = parent * weight;
                        }
                    }
                    _ => out.copy_from_slice(parent),
                }
            }
        }
    }

    /// Fills `player`'s counterfactual values at every node from the
    /// opponent's reach (which must be current for the purpose), doing what
    /// `own` says at `player`'s decision nodes.
    pub(super) fn backward(&mut self, player: Player, own: Own) {
        let VectorSolver {
            game,
            hands,
            slot,
            column,
            regrets,
            strategy,
            average_sum,
            average_total,
            average,
            reach,
            values,
            ..
        } = self;
        let tree = game.tree();
        let (width, other) = (hands[player.index()], hands[1 - player.index()]);
        let own_reach = &reach[player.index()];
        let opponent_reach = &reach[1 - player.index()];
        let values = &mut values[player.index()];
        if width == 0 {
            return;
        }
        for node in (0..tree.num_nodes()).rev() {
            let (head, tail) = values.split_at_mut((node + 1) * width);
            let out = &mut head[node * width..];
            let child = |c: usize| &tail[(c - node - 1) * width..][..width];
            let children = tree.children(node);
            match tree.kind(node) {
                NodeKind::Terminal => {
                    let opponent = &opponent_reach[node * other..][..other];
                    game.terminal_values(node, player, opponent, out);
                }
                // Chance weights and the opponent's strategy are in its reach.
                NodeKind::Chance => add_children(out, children.iter().map(|&c| child(c))),
                NodeKind::Decision(actor) if actor != player => {
                    add_children(out, children.iter().map(|&c| child(c)));
                }
                NodeKind::Decision(_) => {
                    let block = slot[node]..slot[node] + children.len() * width;
                    match own {
                        Own::Best => {
                            out.copy_from_slice(child(children[0]));
                            for &c in &children[1..] {
                                for (out, &value) in out.iter_mut().zip(child(c)) {
                                    *out = out.max(value);
                                }
                            }
                        }
                        Own::Average => {
                            expected(out, &average[block], children.iter().map(|&c| child(c)));
                        }
                        Own::Update(schedule) => {
                            let probabilities = &mut strategy[block.clone()];
                            expected(out, probabilities, children.iter().map(|&c| child(c)));
                            let regrets = &mut regrets[block.clone()];
                            for (regrets, &c) in regrets.chunks_mut(width).zip(children) {
                                for ((regret, &value), &mean) in
                                    regrets.iter_mut().zip(child(c)).zip(&*out)
                                {
                                    *regret = schedule.update(*regret, value - mean);
                                }
                            }
                            add_to_average_columns(
                                &mut average_sum[block],
                                &mut average_total[column[node]..][..width],
                                schedule.average_weight,
                                &own_reach[node * width..][..width],
                                probabilities,
                            );
                            regret_matching_columns(regrets, probabilities, width);
                        }
                    }
                }
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
