//! Reach at a node of a solved game: a player's own reach (its weights
//! times its own actions' frequencies on the way), for the views that show
//! a node's hands, and the opponent reach each hand can meet there.

use super::poker_game::PokerGame;
use super::terminal::compatible_reach;
use super::tree::{NodeKind, Step};

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
