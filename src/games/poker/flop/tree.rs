//! The public tree of a flop spot: the flop betting; at every flop line
//! that goes to a showdown a chance node that deals each turn card, each
//! followed by the turn betting; at every turn line that goes to a
//! showdown a chance node for each river card, each followed by the river
//! betting (or, when a player is all-in, the deals go straight on to the
//! showdown).
//!
//! The nodes are the turn tree's ([`TurnKind`], [`Step`]) with two dealt
//! cards instead of one, numbered in preorder, so every turn card's and
//! every river card's subtree is one contiguous range of node numbers.
//! Pots and stacks carry over from street to street in whole chips: each
//! street starts from the pot and the stacks the last one left, and its
//! sizes are rounded like the river's and the turn's ([`legal_actions`]).
//!
//! With suit isomorphism (`iso.rs`) a deal lists only one card of each
//! class of cards that the board and both ranges treat alike; the others
//! are recorded as [`Mirror`]s of it.

use super::super::betting::{Ending, Street};
use super::super::card::{Board, Card};
use super::super::tree::{PlayerSizes, legal_actions};
use super::super::turn::{Step, StreetNode, TurnKind};
use super::iso::Symmetry;

/// The most nodes a flop tree may have (a guard against sizes that would
/// take all the memory).
pub const MAX_NODES: usize = 20_000_000;

/// The sizes of both players (`[OOP, IP]`) on each street.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FlopSizes {
    /// On the flop.
    pub flop: [PlayerSizes; 2],
    /// On the turn.
    pub turn: [PlayerSizes; 2],
    /// On the river.
    pub river: [PlayerSizes; 2],
}

/// One node of the flop tree: the turn and the river card, once dealt.
pub type FlopNode = StreetNode<[Option<Card>; 2]>;

impl FlopNode {
    /// The street: 0 flop, 1 turn, 2 river.
    pub fn street(&self) -> usize {
        self.dealt.iter().flatten().count()
    }

    /// The dealt cards as a card set.
    pub fn dead(&self) -> u64 {
        self.dealt
            .iter()
            .flatten()
            .fold(0, |mask, card| mask | card.bit())
    }
}

/// A card a deal does not list because it is solved as another one: its
/// subtree is the listed card's with the suits `swap` exchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mirror {
    /// The chance node.
    pub chance: usize,
    /// The listed card's child.
    pub child: usize,
    /// The card not listed.
    pub card: Card,
    /// The two suits exchanged between them.
    pub swap: [u8; 2],
}

/// The tree; node 0 is the root.
#[derive(Debug, Clone, PartialEq)]
pub struct FlopTree {
    /// The nodes in preorder.
    pub nodes: Vec<FlopNode>,
    /// The board (three cards).
    pub board: Board,
    /// The chance weight of a turn card (1/45) and of a river card (1/44):
    /// the chance of the card given two hands that do not hold it.
    pub chance_weights: [f64; 2],
    /// The cards solved as another one (empty without isomorphism).
    pub mirrors: Vec<Mirror>,
}

/// The tree would be too large.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the flop tree would have more than {0} nodes; use fewer or larger sizes (on every street)"
)]
pub struct FlopTreeTooLarge(pub usize);

impl FlopTree {
    /// Builds the tree from the flop betting state `root` (not ended) on the
    /// three-card `board`; `None` if the board does not have three cards.
    /// With `symmetry`, cards it maps onto an earlier one are mirrored.
    pub fn build(
        root: Street,
        board: &Board,
        sizes: &FlopSizes,
        symmetry: Option<&Symmetry>,
    ) -> Result<Option<FlopTree>, FlopTreeTooLarge> {
        FlopTree::build_at_most(root, board, sizes, symmetry, MAX_NODES)
    }

    /// [`FlopTree::build`] with at most `max_nodes` nodes (at most
    /// [`MAX_NODES`]): the solver page stops a tree that would not fit in
    /// its memory before building it.
    pub fn build_at_most(
        root: Street,
        board: &Board,
        sizes: &FlopSizes,
        symmetry: Option<&Symmetry>,
        max_nodes: usize,
    ) -> Result<Option<FlopTree>, FlopTreeTooLarge> {
        if board.cards().len() != 3 {
            return Ok(None);
        }
        let mut builder = Builder {
            nodes: Vec::new(),
            mirrors: Vec::new(),
            sizes,
            board_mask: board.mask(),
            root_committed: root.committed,
            symmetry,
            max_nodes: max_nodes.min(MAX_NODES),
        };
        builder.street(root, [0, 0], [None, None], None)?;
        Ok(Some(FlopTree {
            nodes: builder.nodes,
            board: board.clone(),
            chance_weights: [1.0 / 45.0, 1.0 / 44.0],
            mirrors: builder.mirrors,
        }))
    }

    /// The steps from the root to node `index`.
    pub fn path(&self, index: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = index;
        while let Some((parent, step)) = self.nodes[at].parent {
            steps.push(step);
            at = parent;
        }
        steps.reverse();
        steps
    }

    /// The number of decision nodes per street, of deals, and of all nodes.
    pub fn counts(&self) -> ([usize; 3], usize, usize) {
        let mut decisions = [0; 3];
        let mut deals = 0;
        for node in &self.nodes {
            match node.kind {
                TurnKind::Decision { .. } => decisions[node.street()] += 1,
                TurnKind::Chance { .. } => deals += 1,
                _ => {}
            }
        }
        (decisions, deals, self.nodes.len())
    }
}

/// The state of a build.
struct Builder<'a> {
    nodes: Vec<FlopNode>,
    mirrors: Vec<Mirror>,
    sizes: &'a FlopSizes,
    board_mask: u64,
    /// What the players had put in on the flop at the root.
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
    ) -> Result<usize, FlopTreeTooLarge> {
        if self.nodes.len() >= self.max_nodes {
            return Err(FlopTreeTooLarge(self.max_nodes));
        }
        let put_in = self.put_in(street, before, dealt);
        self.nodes.push(FlopNode {
            kind: TurnKind::Showdown,
            pot: street.pot_now(),
            put_in,
            parent,
            dealt,
        });
        Ok(self.nodes.len() - 1)
    }

    /// What each player has put in since the root at `street`, with
    /// `before` put in on earlier streets: on the flop the root's own
    /// commitments do not count.
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
    ) -> Result<usize, FlopTreeTooLarge> {
        let index = self.push(&street, before, dealt, parent)?;
        let on = dealt.iter().flatten().count();
        self.nodes[index].kind = match street.ending {
            Some(Ending::Fold(folder)) => TurnKind::Fold(folder),
            Some(Ending::Showdown) if on == 2 => TurnKind::Showdown,
            Some(Ending::Showdown) => self.deal(index, &street, before, dealt)?,
            None => {
                let sizes = [&self.sizes.flop, &self.sizes.turn, &self.sizes.river][on];
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
                TurnKind::Decision {
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
    ) -> Result<TurnKind, FlopTreeTooLarge> {
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
        Ok(TurnKind::Chance { cards, children })
    }
}
