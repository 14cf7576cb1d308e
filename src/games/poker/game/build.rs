//! Building a spot's [`Tree`] from its root's betting state, its board
//! (three, four or five cards) and each street's sizes.
//!
//! Pots and stacks carry over from street to street in whole chips: each
//! street starts from the pot and the stacks the last one left, and its
//! sizes are rounded like any street's ([`legal_actions`]). With suit
//! isomorphism (`iso.rs`) a deal lists only one card of each class of
//! cards that the board and both ranges treat alike; the others are
//! recorded as [`Mirror`]s of it.

use crate::games::poker::action::Action;
use crate::games::poker::betting::{Ending, Street};
use crate::games::poker::card::{Board, Card};
use crate::games::poker::sizes::{PlayerSizes, StreetSizes};

use super::iso::Symmetry;
use super::tree::{Mirror, Node, NodeKind, Step, Tree};

/// The most nodes a tree may have, by its root's street (flop, turn,
/// river): a guard against sizes that would take all the memory.
pub const MAX_NODES: [usize; 3] = [20_000_000, 1_500_000, 100_000];

/// Why a tree cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The board has neither three, four nor five cards.
    #[error("the board has {0} cards; a spot is on the flop, the turn or the river (3, 4 or 5)")]
    Board(usize),
    /// The tree would have more than `max` nodes.
    #[error("{}", too_large(*street, *max))]
    TooLarge {
        /// The root's street (0 flop, 1 turn, 2 river).
        street: usize,
        /// The most nodes allowed.
        max: usize,
    },
}

/// The message of a tree over `max` nodes whose root is on `street`.
fn too_large(street: usize, max: usize) -> String {
    let (tree, streets) = match street {
        0 => ("flop tree", " (on every street)"),
        1 => ("turn tree", " (on the river too)"),
        _ => ("betting tree", ""),
    };
    format!("the {tree} would have more than {max} nodes; use fewer or larger sizes{streets}")
}

/// The actions of the player to act, in the tree's order.
pub fn legal_actions(street: &Street, sizes: &PlayerSizes) -> Vec<Action> {
    if street.facing().is_some() {
        let mut actions = vec![Action::Fold, Action::Call];
        actions.extend(sizes.raise.raises(street).into_iter().map(Action::Raise));
        actions
    } else {
        let mut actions = vec![Action::Check];
        actions.extend(sizes.bet.bets(street).into_iter().map(Action::Bet));
        actions
    }
}

impl Tree {
    /// Builds the tree from the betting state `root` (not ended) on
    /// `board` with `sizes`; with `symmetry`, cards it maps onto an
    /// earlier one are mirrored.
    pub fn build(
        root: Street,
        board: &Board,
        sizes: &StreetSizes,
        symmetry: Option<&Symmetry>,
    ) -> Result<Tree, TreeError> {
        Tree::build_at_most(root, board, sizes, symmetry, usize::MAX)
    }

    /// [`Tree::build`] with at most `max_nodes` nodes (at most the root
    /// street's [`MAX_NODES`]), counted first ([`Tree::count_at_most`]):
    /// a tree over the cap is refused before any node is allocated.
    pub fn build_at_most(
        root: Street,
        board: &Board,
        sizes: &StreetSizes,
        symmetry: Option<&Symmetry>,
        max_nodes: usize,
    ) -> Result<Tree, TreeError> {
        // The count checks the board (3 to 5 cards) and the size first.
        Tree::count_at_most(root, board, sizes, symmetry, max_nodes)?;
        let cards = board.cards().len();
        let street = cards - 3;
        let mut builder = Builder {
            nodes: Vec::new(),
            mirrors: Vec::new(),
            sizes,
            board_mask: board.mask(),
            root_street: street,
            root_committed: root.committed,
            symmetry,
            max_nodes: max_nodes.min(MAX_NODES[street]),
        };
        builder.street(root, [0, 0], [None, None], None)?;
        let left = |deals: usize| 1.0 / (52 - cards - deals - 4) as f64;
        Ok(Tree {
            nodes: builder.nodes,
            board: board.clone(),
            root,
            chance_weights: [left(0), left(1)],
            mirrors: builder.mirrors,
        })
    }
}

/// The state of a build.
struct Builder<'a> {
    nodes: Vec<Node>,
    mirrors: Vec<Mirror>,
    sizes: &'a StreetSizes,
    board_mask: u64,
    /// The root's street (0 flop, 1 turn, 2 river).
    root_street: usize,
    /// What the players had put in on the root's street at the root.
    root_committed: [u64; 2],
    symmetry: Option<&'a Symmetry>,
    /// The most nodes the tree may have.
    max_nodes: usize,
}

impl Builder<'_> {
    /// Adds a node to be filled in; returns its number.
    fn push(
        &mut self,
        street: &Street,
        before: [u64; 2],
        dealt: [Option<Card>; 2],
        parent: Option<(usize, Step)>,
    ) -> Result<usize, TreeError> {
        if self.nodes.len() >= self.max_nodes {
            return Err(TreeError::TooLarge {
                street: self.root_street,
                max: self.max_nodes,
            });
        }
        let put_in = self.put_in(street, before, dealt);
        self.nodes.push(Node {
            kind: NodeKind::Showdown,
            pot: street.pot_now(),
            put_in,
            parent,
            dealt,
        });
        Ok(self.nodes.len() - 1)
    }

    /// What each player has put in since the root at `street`, with
    /// `before` put in on earlier streets: on the root's street the
    /// root's own commitments do not count.
    fn put_in(&self, street: &Street, before: [u64; 2], dealt: [Option<Card>; 2]) -> [u64; 2] {
        let offset = match dealt[0] {
            None => self.root_committed,
            Some(_) => [0, 0],
        };
        [0, 1].map(|p| before[p] + street.committed[p] - offset[p])
    }

    /// Adds the subtree of `street` with `dealt` cards out; `before` is
    /// what each player put in on earlier streets since the root.
    fn street(
        &mut self,
        street: Street,
        before: [u64; 2],
        dealt: [Option<Card>; 2],
        parent: Option<(usize, Step)>,
    ) -> Result<usize, TreeError> {
        let index = self.push(&street, before, dealt, parent)?;
        let on = self.root_street + dealt.iter().flatten().count();
        self.nodes[index].kind = match street.ending {
            Some(Ending::Fold(folder)) => NodeKind::Fold(folder),
            Some(Ending::Showdown) if on == 2 => NodeKind::Showdown,
            Some(Ending::Showdown) => self.deal(index, &street, before, dealt)?,
            None => {
                let sizes = self.sizes.on(on);
                let actions = legal_actions(&street, &sizes[street.to_act]);
                let mut children = Vec::with_capacity(actions.len());
                for &action in &actions {
                    let mut next = street;
                    // The sizes only offer legal amounts.
                    let applied = next.apply(action);
                    debug_assert!(applied.is_ok());
                    let parent = Some((index, Step::Action(action)));
                    children.push(self.street(next, before, dealt, parent)?);
                }
                NodeKind::Decision {
                    player: street.to_act,
                    actions,
                    children,
                }
            }
        };
        Ok(index)
    }

    /// The deal after `street` went to a showdown at node `index`: each
    /// card left, followed by the next street's betting (or, when a player
    /// is all-in, by the next deal or the showdown).
    fn deal(
        &mut self,
        index: usize,
        street: &Street,
        before: [u64; 2],
        dealt: [Option<Card>; 2],
    ) -> Result<NodeKind, TreeError> {
        let on = dealt.iter().flatten().count();
        let dead = self.board_mask | dealt.iter().flatten().fold(0, |m, c| m | c.bit());
        let stacks = [0, 1].map(|p| street.stacks[p] - street.committed[p]);
        let mut next = Street::new(street.pot_now(), stacks);
        if next.effective() == 0 {
            next.ending = Some(Ending::Showdown);
        }
        let before = self.put_in(street, before, dealt);
        let (mut cards, mut children) = (Vec::new(), Vec::new());
        for card in (0..52).map(Card::from_index) {
            if dead & card.bit() != 0 {
                continue;
            }
            let mirror = self.symmetry.and_then(|s| s.image(card, dead));
            if let Some((listed, swap)) = mirror {
                let at = cards.iter().position(|&c| c == listed);
                let child = children[at.expect("a mirror's card is listed before it")];
                self.mirrors.push(Mirror {
                    chance: index,
                    child,
                    card,
                    swap,
                });
                continue;
            }
            let mut now = dealt;
            now[on] = Some(card);
            let parent = Some((index, Step::Deal(card)));
            let child = self.street(next, before, now, parent)?;
            cards.push(card);
            children.push(child);
        }
        Ok(NodeKind::Chance { cards, children })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::action::history_notation;
    use crate::games::poker::chips::Chip;
    use crate::games::poker::sizes::Sizes;

    fn sizes(bet: &str, raise: &str) -> PlayerSizes {
        PlayerSizes {
            bet: Sizes::parse(bet).unwrap(),
            raise: Sizes::parse(raise).unwrap(),
        }
    }

    /// A river tree with `[OOP, IP]` sizes from `root`.
    fn river(root: Street, players: [PlayerSizes; 2]) -> Result<Tree, TreeError> {
        let board: Board = "Ks8h5d3c2h".parse().unwrap();
        Tree::build(root, &board, &StreetSizes::every_street(players), None)
    }

    /// Each node's path, breadth first.
    fn paths(tree: &Tree) -> Vec<String> {
        tree.breadth_first()
            .into_iter()
            .map(|i| history_notation(&tree.actions(i), Chip::default()))
            .collect()
    }

    /// The number of decision and of terminal nodes.
    fn counts(tree: &Tree) -> (usize, usize) {
        let (decisions, deals, nodes) = tree.counts();
        assert_eq!(deals, 0);
        (decisions[2], nodes - decisions[2])
    }

    #[test]
    fn pot_20_stack_100_one_bet_no_raise() {
        let both = sizes("66%", "");
        let tree = river(Street::new(20, [100, 100]), [both.clone(), both]).unwrap();
        assert_eq!(
            paths(&tree),
            [
                "", "x", "b13", "xx", "xb13", "b13f", "b13c", "xb13f", "xb13c"
            ]
        );
        assert_eq!(counts(&tree), (4, 5));
        let order = tree.breadth_first();
        let call = &tree.nodes[order[6]];
        assert_eq!((call.pot, tree.committed(order[6])), (46, [13, 13]));
        assert_eq!(call.kind, NodeKind::Showdown);
        assert_eq!(tree.nodes[order[5]].kind, NodeKind::Fold(1));
        assert_eq!(tree.nodes[order[5]].pot, 33);
    }

    #[test]
    fn raises_cap_at_all_in_and_merge() {
        // Pot 20, stacks 100: OOP bets 75 % = 15; IP raises 100 % of the pot
        // after the call (50) to 65; OOP's 100 % raise would go to 65 + 150,
        // capped all-in at 100; IP then may only fold or call.
        let oop = sizes("75%", "100%");
        let ip = sizes("", "100%, a");
        let tree = river(Street::new(20, [100, 100]), [oop, ip]).unwrap();
        let all = paths(&tree);
        for path in [
            "b15",
            "b15r65",
            "b15r100",
            "b15r65r100",
            "b15r65r100c",
            "b15r100f",
        ] {
            assert!(all.contains(&path.to_string()), "{path}: {all:?}");
        }
        // IP has no bet sizes: after a check only a check.
        assert!(!all.iter().any(|p| p.starts_with("xb")));
        let facing_all_in = all.iter().position(|p| p == "b15r65r100").unwrap();
        match &tree.nodes[tree.breadth_first()[facing_all_in]].kind {
            NodeKind::Decision { actions, .. } => {
                assert_eq!(actions, &[Action::Fold, Action::Call]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(counts(&tree), (6, 9));
    }

    #[test]
    fn small_sizes_that_would_be_enormous_are_refused() {
        let many = sizes("10%", "10%, 20%, 30%, 40%, 50%");
        let deep = Street::new(100, [1_000_000_000, 1_000_000_000]);
        let tree = river(deep, [many.clone(), many]);
        assert_eq!(
            tree,
            Err(TreeError::TooLarge {
                street: 2,
                max: MAX_NODES[2]
            })
        );
    }
}
