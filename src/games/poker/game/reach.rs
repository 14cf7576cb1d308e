//! Reach at a node of a solved game: a player's own reach (its weights
//! times its own actions' frequencies on the way), for the views that show
//! a node's hands, and the opponent reach each hand can meet there.

use super::poker_game::PokerGame;
use super::terminal::compatible_reach;
use super::tree::{NodeKind, Step};
use crate::games::poker::action::Action;

/// A decision node of a solved game with its actor's reach there.
#[derive(Debug, Clone)]
pub struct DecisionReach<'a> {
    /// The node's index in the spot's tree.
    pub index: usize,
    /// The player to act.
    pub player: usize,
    /// The actions in the tree's order.
    pub actions: &'a [Action],
    /// The average strategy, `[action × hand]`.
    pub strategy: &'a [f64],
    /// Each of the actor's hands' weight times its own actions'
    /// frequencies on the way, multiplied from the root down.
    pub reach: Vec<f64>,
}

impl PokerGame {
    /// `player`'s reach at node `index` (of any street): each hand's weight times its own
    /// actions' frequencies on the way there.
    pub fn own_reach(
        &self,
        strategies: &[Option<Vec<f64>>],
        index: usize,
        player: usize,
    ) -> Vec<f64> {
        let tree = self.spot_tree();
        let mut reach = self.weights(player).to_vec();
        let hands = reach.len();
        let mut at = index;
        while let Some((parent, step)) = tree.nodes[at].parent {
            if let (
                NodeKind::Decision {
                    player: actor,
                    actions,
                    ..
                },
                Step::Action(action),
                Some(strategy),
            ) = (&tree.nodes[parent].kind, step, &strategies[parent])
                && *actor == player
                && let Some(k) = actions.iter().position(|&a| a == action)
            {
                for (r, p) in reach.iter_mut().zip(&strategy[k * hands..]) {
                    *r *= p;
                }
            }
            at = parent;
        }
        reach
    }
}

impl PokerGame {
    /// `out[h]` = the reach of `opponent_reach` that `player`'s hand `h`
    /// can meet at `node` (no shared card, none holding a card dealt on
    /// the way).
    pub fn meeting_reach(
        &self,
        node: usize,
        player: usize,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let dead = self.tree.nodes[node].dead();
        let (mine, theirs) = (&self.hands[player], &self.hands[1 - player]);
        compatible_reach(mine, theirs, dead, opponent_reach, out);
    }
}

impl PokerGame {
    /// Every decision node that has a strategy in `strategies`, breadth
    /// first, with its actor's reach multiplied from the root down (a
    /// node's reach is its parent's times the action's frequency). Below a
    /// node without a strategy nothing is listed.
    pub fn decisions_breadth_first<'a>(
        &'a self,
        strategies: &'a [Option<Vec<f64>>],
    ) -> Vec<DecisionReach<'a>> {
        let tree = self.spot_tree();
        let mut reach: Vec<[Vec<f64>; 2]> = vec![[Vec::new(), Vec::new()]; tree.nodes.len()];
        reach[0] = [0, 1].map(|p| self.weights(p).to_vec());
        let mut decisions = Vec::new();
        for index in tree.breadth_first() {
            let NodeKind::Decision {
                player,
                actions,
                children,
            } = &tree.nodes[index].kind
            else {
                continue;
            };
            let Some(strategy) = strategies[index].as_deref() else {
                continue;
            };
            let hands = self.combos(*player).len();
            for (k, &child) in children.iter().enumerate() {
                let mut next = reach[index].clone();
                for (r, p) in next[*player].iter_mut().zip(&strategy[k * hands..]) {
                    *r *= p;
                }
                reach[child] = next;
            }
            decisions.push(DecisionReach {
                index,
                player: *player,
                actions,
                strategy,
                reach: reach[index][*player].clone(),
            });
        }
        decisions
    }
}
