//! A player's own reach at a node of a solved flop spot, for the views
//! that show a node's hands (`poker solve --json`, `poker show`, the lab's
//! report).

use super::FlopGame;
use crate::games::poker::turn::{Step, TurnKind};

impl FlopGame {
    /// `player`'s reach at node `index` (of any street): each hand's weight times its own
    /// actions' frequencies on the way there.
    pub fn own_reach(
        &self,
        strategies: &[Option<Vec<f64>>],
        index: usize,
        player: usize,
    ) -> Vec<f64> {
        let tree = self.flop_tree();
        let mut reach = self.weights(player).to_vec();
        let hands = reach.len();
        let mut at = index;
        while let Some((parent, step)) = tree.nodes[at].parent {
            if let (
                TurnKind::Decision {
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
