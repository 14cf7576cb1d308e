//! Counting the nodes of a spot's tree before it is built, so that a tree
//! over its node cap is refused without allocating it.
//!
//! The count follows the builder's walk (`build.rs`): every betting line,
//! a deal of each card left after a showdown before the river, the cards
//! that suit isomorphism mirrors left out. A river's betting after a deal
//! depends only on the pot and the stacks it starts with, so each such
//! subtree is counted once.

use std::collections::HashMap;

use crate::games::poker::betting::{Ending, Street};
use crate::games::poker::card::{Board, Card};
use crate::games::poker::sizes::StreetSizes;

use super::build::{MAX_NODES, TreeError, legal_actions};
use super::iso::Symmetry;
use super::tree::Tree;

impl Tree {
    /// The number of nodes [`Tree::build_at_most`] builds from the same
    /// arguments, counted without building them.
    ///
    /// # Errors
    /// [`TreeError::Board`] for a board of neither 3, 4 nor 5 cards, and
    /// [`TreeError::TooLarge`] as soon as the count passes `max_nodes`
    /// (at most the root street's [`MAX_NODES`]).
    pub fn count_at_most(
        root: Street,
        board: &Board,
        sizes: &StreetSizes,
        symmetry: Option<&Symmetry>,
        max_nodes: usize,
    ) -> Result<usize, TreeError> {
        let cards = board.cards().len();
        if !(3..=5).contains(&cards) {
            return Err(TreeError::Board(cards));
        }
        let street = cards - 3;
        let mut counter = Counter {
            sizes,
            board_mask: board.mask(),
            root_street: street,
            symmetry,
            max_nodes: max_nodes.min(MAX_NODES[street]),
            rivers: HashMap::new(),
        };
        counter.street(root, [None, None])
    }
}

/// The state of a count.
struct Counter<'a> {
    sizes: &'a StreetSizes,
    board_mask: u64,
    /// The root's street (0 flop, 1 turn, 2 river).
    root_street: usize,
    symmetry: Option<&'a Symmetry>,
    /// The most nodes the tree may have.
    max_nodes: usize,
    /// The nodes of a river's betting after a deal, by the pot and the
    /// stacks it starts with.
    rivers: HashMap<(u64, [u64; 2]), usize>,
}

impl Counter<'_> {
    /// `sum`, or the error once it is above the cap.
    fn capped(&self, sum: Option<usize>) -> Result<usize, TreeError> {
        sum.filter(|&n| n <= self.max_nodes)
            .ok_or(TreeError::TooLarge {
                street: self.root_street,
                max: self.max_nodes,
            })
    }

    /// The nodes of the subtree of `street` with `dealt` cards out.
    fn street(&mut self, street: Street, dealt: [Option<Card>; 2]) -> Result<usize, TreeError> {
        let on = self.root_street + dealt.iter().flatten().count();
        match street.ending {
            Some(Ending::Fold(_)) => Ok(1),
            Some(Ending::Showdown) if on == 2 => Ok(1),
            Some(Ending::Showdown) => {
                let below = self.deal(&street, dealt)?;
                self.capped(below.checked_add(1))
            }
            None => {
                let sizes = self.sizes.on(on);
                let mut nodes = 1usize;
                for action in legal_actions(&street, &sizes[street.to_act]) {
                    let mut next = street;
                    // The sizes only offer legal amounts.
                    let applied = next.apply(action);
                    debug_assert!(applied.is_ok());
                    let below = self.street(next, dealt)?;
                    nodes = self.capped(nodes.checked_add(below))?;
                }
                Ok(nodes)
            }
        }
    }

    /// The nodes below the deal after `street` went to a showdown: each
    /// card left that is not a mirror, and the next street's subtree.
    fn deal(&mut self, street: &Street, dealt: [Option<Card>; 2]) -> Result<usize, TreeError> {
        let on = dealt.iter().flatten().count();
        let dead = self.board_mask | dealt.iter().flatten().fold(0, |m, c| m | c.bit());
        let stacks = [0, 1].map(|p| street.stacks[p] - street.committed[p]);
        let mut next = Street::new(street.pot_now(), stacks);
        if next.effective() == 0 {
            next.ending = Some(Ending::Showdown);
        }
        let river = self.root_street + on + 1 == 2;
        let mut nodes = 0usize;
        for card in (0..52).map(Card::from_index) {
            if dead & card.bit() != 0 || self.symmetry.and_then(|s| s.image(card, dead)).is_some() {
                continue;
            }
            let mut now = dealt;
            now[on] = Some(card);
            let below = match self.rivers.get(&(next.pot, next.stacks)) {
                Some(&known) if river => known,
                _ => {
                    let counted = self.street(next, now)?;
                    if river {
                        self.rivers.insert((next.pot, next.stacks), counted);
                    }
                    counted
                }
            };
            nodes = self.capped(nodes.checked_add(below))?;
        }
        Ok(nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::range::Range;
    use crate::games::poker::sizes::{PlayerSizes, Sizes};

    fn sizes(bet: &str, raise: &str) -> StreetSizes {
        let player = PlayerSizes {
            bet: Sizes::parse(bet).unwrap(),
            raise: Sizes::parse(raise).unwrap(),
        };
        StreetSizes::every_street([player.clone(), player])
    }

    #[test]
    fn the_count_is_the_built_trees_size() {
        let ranges = [
            Range::parse("AA,KK,QQ,AK").unwrap(),
            Range::parse("JJ+,AQ+").unwrap(),
        ];
        for (board, bet, raise) in [
            ("Ks8h5d3c2h", "33%, 75%, a", "100%"),
            ("Ks8h5d3c", "50%, a", "100%"),
            ("Ks8h5d", "66%", ""),
            ("Ks8s5s", "50%, a", "a"),
        ] {
            let board: Board = board.parse().unwrap();
            let symmetry = Symmetry::new(board.mask(), &ranges);
            let sizes = sizes(bet, raise);
            for iso in [None, Some(&symmetry)] {
                let root = Street::new(20, [100, 100]);
                let tree = Tree::build(root, &board, &sizes, iso).unwrap();
                let count = Tree::count_at_most(root, &board, &sizes, iso, usize::MAX).unwrap();
                assert_eq!(count, tree.nodes.len(), "{board:?} {bet} {raise}");
                let capped = Tree::count_at_most(root, &board, &sizes, iso, count - 1);
                assert!(
                    matches!(capped, Err(TreeError::TooLarge { .. })),
                    "{capped:?}"
                );
                assert_eq!(
                    Tree::count_at_most(root, &board, &sizes, iso, count),
                    Ok(count)
                );
            }
        }
    }
}
