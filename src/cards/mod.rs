//! Cards as the solvers see them: rank classes, decks as rank counts, and
//! hand compositions (multisets of ranks) with child links.
//!
//! Suits never matter in the games of this lab, and the four ten-valued ranks
//! (10, J, Q, K) are one class, so a deck is ten counts and a hand is a
//! composition: how many cards of each rank class it holds. The probability of
//! drawing any ordered sequence of ranks without replacement depends only on
//! the multiset drawn (see [`falling_factorial`]), which is what lets the exact
//! solvers work on compositions instead of 52-card arrays.

mod composition;
mod deck;
mod rank;

pub use composition::{CompId, CompositionIndex, NO_CHILD};
pub use deck::{Deck, falling_factorial, orderings};
pub use rank::{Counts, RANK_COUNT, Rank, parse_hand};
