//! The [`Spot`]: everything that defines a game, whatever its root's
//! street.

use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::StreetSizes;

/// How the game of a spot is laid out and stored: each option applies
/// where the root's street allows it and is ignored elsewhere, but for
/// [`GameOptions::buckets`], which a spot whose root is not on the flop
/// refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions {
    /// On a flop root, turn and river cards that the board and both ranges
    /// treat alike are solved once (suit isomorphism).
    pub isomorphism: bool,
    /// On a flop root, at most this many buckets of hands per player share
    /// one strategy on every turn and river board (a card abstraction).
    pub buckets: Option<u32>,
    /// The solver stores regrets and average sums as 16-bit integers.
    pub compressed: bool,
    /// The most nodes the tree may have (the root street's
    /// [`MAX_NODES`](crate::games::poker::game::MAX_NODES) caps it too).
    pub max_nodes: usize,
}

impl Default for GameOptions {
    /// Suit isomorphism on, no buckets, full-width stores, no node limit
    /// but the root street's.
    fn default() -> GameOptions {
        GameOptions {
            isomorphism: true,
            buckets: None,
            compressed: false,
            max_nodes: usize::MAX,
        }
    }
}

/// A spot ready to build: the position (its board's length names the
/// root's street: three cards the flop, four the turn, five the river),
/// both ranges `[OOP, IP]`, each player's sizes on every street (only the
/// root's street and those after it are read) and the game's options.
#[derive(Debug, Clone)]
pub struct Spot {
    /// The position: stacks, pot, board, history, the player to act.
    pub position: Position,
    /// The `[OOP, IP]` ranges.
    pub ranges: [Range; 2],
    /// Each player's bet and raise sizes on the flop, the turn and the river.
    pub sizes: StreetSizes,
    /// How the game is laid out and stored.
    pub options: GameOptions,
}

impl Spot {
    /// The root's street (0 flop, 1 turn, 2 river), or `None` for a board
    /// of neither three, four nor five cards.
    pub fn street(&self) -> Option<usize> {
        match self.position.board.cards().len() {
            cards @ 3..=5 => Some(cards - 3),
            _ => None,
        }
    }
}
