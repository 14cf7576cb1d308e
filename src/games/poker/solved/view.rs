//! A decision node of a solved spot as typed rows: per hand its combo,
//! reach, strategy, EV (where the spot's profile values are available)
//! and equity; and the decision nodes a solve lists.

use crate::games::poker::action::Action;
use crate::games::poker::card::Card;
use crate::games::poker::combo::combo_mask;
use crate::games::poker::game::{NodeKind, Step};

use super::solved_spot::{Reading, SolvedSpot};

/// A hand's EV at a node, given that the node is reached with it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandEv {
    /// The EV in chips (`None` where no opponent hand meets it there).
    pub ev: Option<f64>,
    /// The chance of being there with the hand: its reach times the
    /// opponent reach it meets, over all pairs' weight; EVs of several
    /// hands average by it.
    pub weight: f64,
}

/// One hand of a player at a node.
#[derive(Debug, Clone, PartialEq)]
pub struct HandRow {
    /// The combo's index (`combo_name` writes it).
    pub combo: usize,
    /// The hand's reach as the spot's street reads it.
    pub reach: f64,
    /// The actor's average strategy, one probability per action (empty
    /// for the player not to act).
    pub strategy: Vec<f64>,
    /// The EV and its weight where the spot's profile values are
    /// available (a turn spot).
    pub ev: Option<HandEv>,
    /// The hand's share of the pot at a showdown against the opponent's
    /// reach here, over the runouts to come; `None` where it meets no
    /// opponent reach.
    pub equity: Option<f64>,
}

/// A decision node with its actor's hands.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeView {
    /// The node's index in the spot's tree.
    pub index: usize,
    /// Its path after the position's history ([`SolvedSpot::path`]).
    pub path: String,
    /// The player to act (0 OOP, 1 IP).
    pub player: usize,
    /// The pot in chips.
    pub pot: f64,
    /// The cards dealt since the root, in deal order.
    pub dealt: [Option<Card>; 2],
    /// The actions in the tree's order.
    pub actions: Vec<Action>,
    /// The actor's hands as the spot's street lists them.
    pub hands: Vec<HandRow>,
}

impl SolvedSpot {
    /// Decision node `index` with its actor's hands; `None` at a node
    /// that is no decision or has no kept strategy.
    pub fn node(&self, index: usize) -> Option<NodeView> {
        self.node_as(index, self.reading())
    }

    /// [`SolvedSpot::node`] with the hands read as `reading` says.
    pub fn node_as(&self, index: usize, reading: Reading) -> Option<NodeView> {
        let node = &self.game.spot_tree().nodes[index];
        let NodeKind::Decision {
            player, actions, ..
        } = &node.kind
        else {
            return None;
        };
        self.solution.strategies[index].as_ref()?;
        Some(NodeView {
            index,
            path: self.path(index),
            player: *player,
            pot: self.position().chip.value(node.pot),
            dealt: node.dealt,
            actions: actions.clone(),
            hands: self.hand_rows_as(index, *player, reading),
        })
    }

    /// The decision nodes a solve lists: a river spot's every one,
    /// breadth first; a turn or flop spot's on the root's street, in
    /// preorder (the nodes below a deal are many: [`SolvedSpot::find`]
    /// reaches them).
    pub fn listed_nodes(&self) -> Vec<NodeView> {
        let tree = self.game.spot_tree();
        let order: Vec<usize> = if self.street() == 2 {
            tree.breadth_first()
        } else {
            (0..tree.nodes.len())
                .filter(|&index| tree.nodes[index].deals() == 0)
                .collect()
        };
        order
            .into_iter()
            .filter_map(|index| self.node(index))
            .collect()
    }

    /// `player`'s hands at node `index` (of any kind), as the spot's
    /// street lists them, with the strategy where `player` acts there.
    pub fn hand_rows(&self, index: usize, player: usize) -> Vec<HandRow> {
        self.hand_rows_as(index, player, self.reading())
    }

    /// [`SolvedSpot::hand_rows`] with the hands read as `reading` says.
    pub fn hand_rows_as(&self, index: usize, player: usize, reading: Reading) -> Vec<HandRow> {
        let tree = self.game.spot_tree();
        let node = &tree.nodes[index];
        let combos = self.game.combos(player);
        let hands = combos.len();
        let strategy = match &node.kind {
            NodeKind::Decision {
                player: actor,
                actions,
                ..
            } if *actor == player => self.solution.strategies[index]
                .as_deref()
                .map(|s| (s, actions.len())),
            _ => None,
        };
        let dead = node.dead();
        let live = |h: usize| combo_mask(usize::from(combos[h])) & dead == 0;
        let equity = self.game.equity(&self.solution.strategies, index, player);
        let (reach, evs) = match (reading, self.profile()) {
            (Reading::Profile, Some(profile)) => (
                profile.reach(index, player).to_vec(),
                Some(profile.hand_evs(&self.game, index, player)),
            ),
            (Reading::RootDown, profile) => {
                let mut reach = self.root_down_reach(index, player);
                for (h, r) in reach.iter_mut().enumerate() {
                    if !live(h) {
                        *r = 0.0;
                    }
                }
                let evs = profile.map(|profile| profile.hand_evs(&self.game, index, player));
                (reach, evs)
            }
            _ => {
                let own = self
                    .game
                    .own_reach(&self.solution.strategies, index, player);
                let zeroed = own
                    .into_iter()
                    .enumerate()
                    .map(|(h, r)| if live(h) { r } else { 0.0 })
                    .collect();
                (zeroed, None)
            }
        };
        (0..hands)
            .filter(|&h| reading != Reading::Profile || live(h))
            .map(|h| HandRow {
                combo: usize::from(combos[h]),
                reach: reach[h],
                strategy: strategy.map_or_else(Vec::new, |(s, actions)| {
                    (0..actions).map(|k| s[k * hands + h]).collect()
                }),
                ev: evs.as_ref().map(|evs| HandEv {
                    ev: evs[h].0,
                    weight: evs[h].1,
                }),
                equity: equity[h],
            })
            .collect()
    }

    /// `player`'s reach at node `index`: each hand's weight times its own
    /// actions' frequencies, multiplied from the root down.
    fn root_down_reach(&self, index: usize, player: usize) -> Vec<f64> {
        let tree = self.game.spot_tree();
        let mut reach = self.game.weights(player).to_vec();
        let hands = reach.len();
        let mut at = 0;
        for step in tree.path(index) {
            if let (
                NodeKind::Decision {
                    player: actor,
                    actions,
                    ..
                },
                Step::Action(action),
                Some(strategy),
            ) = (&tree.nodes[at].kind, step, &self.solution.strategies[at])
                && *actor == player
                && let Some(k) = actions.iter().position(|&a| a == action)
            {
                for (r, p) in reach.iter_mut().zip(&strategy[k * hands..]) {
                    *r *= p;
                }
            }
            at = tree.find_from(at, step).expect("a node's path leads to it");
        }
        reach
    }
}
