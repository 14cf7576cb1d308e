//! One heads-up game for a spot whose root is on the flop, the turn or the
//! river, as a vector-form game on the lab's one CFR core.
//!
//! - [`tree`], [`build`]: the public tree: the root street's betting, a
//!   deal of each card left at every line that goes to a showdown before
//!   the river, the next street's betting; in preorder, so each dealt
//!   card's subtree is a contiguous node range. A river spot's tree is its
//!   betting alone.
//! - [`iso`]: suit isomorphism: cards that the board, the cards dealt and
//!   both ranges treat alike are solved once; the others are mirrors.
//! - [`poker_game`]: the [`PokerGame`]; card removal at the deals is in its
//!   terminal values ([`terminal`], [`street`]), so the tree's chance
//!   weight is `1 / (cards left − 4)` for every card. `counts.rs`: its
//!   information sets, dealt and solved cards, and bytes.
//! - [`buckets`]: the card abstraction of a flop spot (`--buckets N`):
//!   hands grouped by equity and potential on every turn and river board
//!   share one strategy there; measured in the full game.
//! - [`solve`]: DCFR or CFR+ through the shared loop, or Monte Carlo CFR
//!   on the sampled form (`sampled.rs`) of the game, with the memory estimate read
//!   before the solver allocates.
//! - [`profile`], `reach.rs`, [`path`]: values, reach and per-hand EVs under
//!   saved strategies, and node paths with the dealt cards (`x b20 c 2s b33`).
//! - `equity.rs`: each hand's equity at any node against the opponent's
//!   reach there, over the runouts to come, card removal exact.

pub mod buckets;
pub mod build;
mod counts;
mod equity;
pub mod iso;
mod node_count;
pub mod path;
pub mod poker_game;
pub mod profile;
mod reach;
mod sampled;
pub mod solve;
pub(crate) mod street;
pub(crate) mod terminal;
pub mod tree;

pub use build::{MAX_NODES, TreeError, legal_actions};
pub use iso::Symmetry;
pub use poker_game::{GameError, PokerGame};
pub use profile::ProfileValues;
pub use reach::DecisionReach;
pub use solve::{
    Keep, SampledError, Solution, SolveOptions, memory_estimate, solve, solve_observed,
    solve_sampled,
};
pub use tree::{Mirror, Node, NodeKind, STREETS, Step, Tree};
