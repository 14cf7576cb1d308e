//! One depth-first walk of the public tree for one player: reach goes
//! down, counterfactual values come back up, and nothing is kept per node
//! but the per-decision stores.
//!
//! A node gets its reach rows (the walker's own, the opponent's) from its
//! parent and writes its values into a row its parent owns. Its frame (the
//! acting player's strategy, one value row per child, at the walker's own
//! decision a row to update) and each child's reach rows are cut from a
//! scratch slice that the node hands on to its children, so the scratch a
//! walk needs is one root-to-leaf path's ([`Layout::need`]). At the
//! walker's own decisions an update ([`Mode::Update`]) follows the current
//! strategy (regret matching of the stored regrets, computed on the way
//! down) and then stores the new regrets and average sums; a measurement
//! ([`Mode::Measure`]) takes the best action and, in a second lane of its
//! value rows, may follow the average strategy too. Where the game ties
//! hands into buckets (card abstraction), the update sums the bucket's
//! regrets and reach (`tied.rs`). Subtrees the opponent does not reach
//! are pruned (`Walk::unreached`).

use super::game::VectorGame;
use super::layout::Layout;
use super::reach::{Down, Reach, descend};
use super::rows::{AverageUpdate, Discount, RegretUpdate, add_rows, all_zero, best_rows, expected};
use super::split::{Data, for_children, with_scratch};
use super::store::{Learn, Store};
use super::tied::{tied_reach, tied_regrets};
use super::tree::NodeKind;
use crate::cfr::{Player, Schedule};

/// What a walk does at the walker's own decisions, and which strategy the
/// opponent plays.
#[derive(Clone, Copy, Debug)]
pub(super) enum Mode<'a> {
    /// Both play their current strategies; the walker's regrets and
    /// average sums are updated with the iteration's schedule.
    Update(Schedule),
    /// The opponent plays its average strategy (from `sums`). The walker's
    /// values are those of its best action hand by hand and, with
    /// `average`, in a second lane (a second row of each value row), those
    /// of its own average strategy: one walk evaluates the terminals and
    /// the opponent's strategy for both.
    Measure {
        /// The average's weighted sums of both players.
        sums: &'a Store,
        /// Whether the walker's average strategy is valued too.
        average: bool,
    },
}

impl Mode<'_> {
    /// The value rows a walk carries per hand: two when a measurement
    /// values the walker's average strategy too, else one.
    fn lanes(self) -> usize {
        match self {
            Mode::Measure { average: true, .. } => 2,
            _ => 1,
        }
    }
}

/// A walk's read-only settings.
#[derive(Clone, Copy, Debug)]
pub(super) struct Walk<'a, G> {
    /// The game.
    pub game: &'a G,
    /// Its tree in preorder.
    pub layout: &'a Layout,
    /// The least work ([`Layout::work`]) of each half of a node's children
    /// for them to be visited in parallel (`usize::MAX`: never).
    pub min_work: usize,
    /// Whose values.
    pub player: Player,
    /// What happens at decisions.
    pub mode: Mode<'a>,
}

impl<G: VectorGame> Walk<'_, G> {
    /// Walks the whole tree, updating `learn` in an update; returns the
    /// walker's expected payoff (each root value times its hand's initial
    /// weight) per lane ([`Mode::Measure`]; 0 for a lane the walk does not
    /// carry).
    pub fn run(&self, mut learn: Learn<'_>) -> [f64; 2] {
        let me = self.player.index();
        let width = self.layout.hands()[me];
        let opponent = Player::BOTH[1 - me];
        let lanes = self.mode.lanes();
        // Two lanes' frames are at most twice an update's
        // ([`Layout::need`]).
        let need = lanes * self.layout.need(me);
        with_scratch(need + lanes * width, |scratch| {
            let (out, free) = scratch.split_at_mut(lanes * width);
            let own = self.game.initial_weights(self.player);
            let reach = Reach {
                own: if matches!(self.mode, Mode::Update(_)) {
                    own
                } else {
                    &[]
                },
                opponent: self.game.initial_weights(opponent),
                unreached: false,
            };
            self.node(0, reach, out, &mut learn, free);
            let mut payoffs = [0.0; 2];
            for (payoff, lane) in payoffs.iter_mut().zip(out.chunks(width.max(1))) {
                *payoff = own.iter().zip(lane).map(|(w, v)| w * v).sum();
            }
            payoffs
        })
    }

    /// Fills `out` with the walker's values at position `p`.
    fn node(
        &self,
        p: usize,
        reach: Reach<'_>,
        out: &mut [f64],
        learn: &mut Learn<'_>,
        free: &mut [f64],
    ) {
        let layout = self.layout;
        let node = layout.node(p);
        let kind = layout.kind(p);
        if reach.unreached && self.unreached(p, reach, out, learn, free) {
            return;
        }
        // `row` entries per value row: `width` per hand and lane.
        let row = out.len();
        let width = row / self.mode.lanes();
        if kind == NodeKind::Terminal {
            let (first, second) = out.split_at_mut(width);
            self.game
                .terminal_values(node, self.player, reach.opponent, first);
            second.copy_from_slice(&first[..second.len()]);
            return;
        }
        let actions = self.game.tree().children(node).len();
        match (kind, self.mode) {
            (NodeKind::Chance, _) => {
                let (values, free) = free.split_at_mut(actions * row);
                let down = Down::Chance(self.game.tree().weights(node));
                self.children(p, reach, down, learn, values, free);
                add_rows(out, values);
                let children = self.game.tree().children(node);
                for &(child, permutation) in self.game.mirrors(node) {
                    let index = children.iter().position(|&c| c == child);
                    let index = index.expect("a mirror names a child of its chance node");
                    let values = &values[index * row..][..row];
                    let permutation = self.game.permutation(self.player, permutation);
                    for (out, values) in out.chunks_mut(width).zip(values.chunks(width)) {
                        for (out, &hand) in out.iter_mut().zip(permutation) {
                            *out += values[hand as usize];
                        }
                    }
                }
            }
            (NodeKind::Decision(actor), Mode::Update(_))
                if actor != self.player && reach.unreached =>
            {
                // The opponent's reach stays 0 whatever it plays.
                let (values, free) = free.split_at_mut(actions * row);
                self.children(p, reach, Down::Same, learn, values, free);
                out.fill(0.0);
            }
            (NodeKind::Decision(actor), mode) if actor != self.player => {
                let hands = layout.hands()[actor.index()];
                let (strategy, free) = free.split_at_mut(actions * hands);
                let (totals, free) = free.split_at_mut(hands);
                match (mode, &*learn) {
                    (Mode::Update(_), Some((regrets, _))) => {
                        regrets.read_matched(layout, p, strategy, totals);
                    }
                    (Mode::Measure { sums, .. }, _) => {
                        sums.read_average(layout, p, strategy, totals);
                    }
                    (Mode::Update(_), None) => unreachable!("an update walk has its stores"),
                }
                let (values, free) = free.split_at_mut(actions * row);
                self.children(p, reach, Down::Opponent(strategy), learn, values, free);
                add_rows(out, values);
            }
            (_, Mode::Measure { sums, average }) => {
                let (values, free) = free.split_at_mut(actions * row);
                let (strategy, free) = free.split_at_mut(if average { actions * width } else { 0 });
                if average {
                    let (totals, _) = free.split_at_mut(width);
                    sums.read_average(layout, p, strategy, totals);
                }
                self.children(p, reach, Down::Same, learn, values, free);
                let (best, mean) = out.split_at_mut(width);
                best_rows(best, values, row);
                if average {
                    expected(mean, strategy, &values[width..], row);
                }
            }
            (_, Mode::Update(schedule)) => {
                let (strategy, free) = free.split_at_mut(actions * width);
                let (values, free) = free.split_at_mut(actions * width);
                let (update, free) = free.split_at_mut(actions * width);
                let (regrets, _) = learn.as_ref().expect("an update walk has its stores");
                // `out` is scratch until the children's values are in.
                regrets.read_matched(layout, p, strategy, out);
                self.children(p, reach, Down::Own(strategy), learn, values, free);
                expected(out, strategy, values, width);
                // Card abstraction: the game's buckets tie hands (tied.rs).
                let tied = self.game.buckets(node, self.player);
                let (regrets, sums) = learn.as_mut().expect("an update walk has its stores");
                if let Some(buckets) = tied {
                    regrets.read(layout, p, update);
                    tied_regrets(buckets, schedule, out, values, update);
                    regrets.write(layout, p, update);
                } else {
                    let mean = &*out;
                    regrets.update(
                        layout,
                        p,
                        update,
                        &RegretUpdate {
                            values,
                            mean,
                            schedule,
                        },
                    );
                }
                // The children's values are used: their first row takes the
                // tied hands' summed reach.
                let own = match tied {
                    Some(buckets) => {
                        let weights = &mut values[..width];
                        tied_reach(buckets, reach.own, weights);
                        &*weights
                    }
                    None => reach.own,
                };
                let weight = schedule.average_weight;
                sums.update(
                    layout,
                    p,
                    update,
                    &AverageUpdate {
                        strategy,
                        own,
                        weight,
                    },
                );
            }
        }
    }

    /// At position `p`, which the opponent does not reach: fills `out`
    /// with the walker's values there (all 0) and says whether that is all
    /// the node needs. So it is for a measurement and at a terminal node.
    /// An update whose own reach is 0 too only discounts the walker's
    /// regrets in the subtree (its instant regrets are 0 and its average
    /// sums would add 0), position by position without a walk. An update
    /// with some own reach walks on, to add to its average sums.
    fn unreached(
        &self,
        p: usize,
        reach: Reach<'_>,
        out: &mut [f64],
        learn: &mut Learn<'_>,
        free: &mut [f64],
    ) -> bool {
        out.fill(0.0);
        let layout = self.layout;
        let Mode::Update(schedule) = self.mode else {
            return true;
        };
        if layout.kind(p) == NodeKind::Terminal {
            return true;
        }
        if !all_zero(reach.own) {
            return false;
        }
        let (regrets, _) = learn.as_mut().expect("an update walk has its stores");
        if schedule.discounts() {
            let walker = NodeKind::Decision(self.player);
            for q in (p..layout.end(p)).filter(|&q| layout.kind(q) == walker) {
                regrets.update(layout, q, free, &Discount(schedule));
            }
        }
        true
    }

    /// Walks each child of position `p` into its row of `values`, with
    /// the reach `down` makes of `reach` and the stores in `learn`.
    fn children(
        &self,
        p: usize,
        reach: Reach<'_>,
        down: Down<'_>,
        learn: &mut Learn<'_>,
        values: &mut [f64],
        free: &mut [f64],
    ) {
        let node = self.layout.node(p);
        let actions = self.game.tree().children(node).len();
        let paired = self.paired(p, reach, down, values);
        let visit = |child: usize,
                     action: usize,
                     learn: &mut Learn<'_>,
                     row: &mut [f64],
                     free: &mut [f64]| {
            if paired.is_some_and(|pair| pair.contains(&action)) {
                return;
            }
            let (reach, free) = descend(reach, down, action, free);
            self.node(child, reach, row, learn, free);
        };
        let data = Data::new(learn, values, actions);
        for_children(self.layout, p, data, self.min_work, free, &visit);
    }

    /// Where every child of position `p` meets the opponent's reach
    /// unchanged (a decision of the walker's own) and the game values two
    /// terminal children together ([`VectorGame::paired_terminals`]):
    /// fills their rows of `values` and returns their indices, which the
    /// walk then skips.
    fn paired(
        &self,
        p: usize,
        reach: Reach<'_>,
        down: Down<'_>,
        values: &mut [f64],
    ) -> Option<[usize; 2]> {
        if reach.unreached || !matches!(down, Down::Same | Down::Own(_)) {
            return None;
        }
        let node = self.layout.node(p);
        let pair = self.game.paired_terminals(node)?;
        let children = self.game.tree().children(node);
        let row = values.len() / children.len();
        let width = row / self.mode.lanes();
        let [first, second] = pair.map(|action| action * row..(action + 1) * row);
        let [first, second] = values
            .get_disjoint_mut([first, second])
            .expect("a pair is two different children");
        let (first_values, first_lane) = first.split_at_mut(width);
        let (second_values, second_lane) = second.split_at_mut(width);
        let nodes = pair.map(|action| children[action]);
        self.game.paired_values(
            nodes,
            self.player,
            reach.opponent,
            [&mut *first_values, &mut *second_values],
        );
        // A measurement's second lane: the same terminal values.
        first_lane.copy_from_slice(&first_values[..first_lane.len()]);
        second_lane.copy_from_slice(&second_values[..second_lane.len()]);
        Some(pair)
    }
}
