//! The flop solver (issue 24): a flop spot, the turn and the river after
//! it in one public tree, every turn and river card dealt exactly, as a
//! vector-form game on the lab's one CFR core.
//!
//! - [`tree`]: the flop betting, a deal of each turn card at every flop
//!   line that goes to a showdown, the turn betting, a deal of each river
//!   card, the river betting; the turn's node kinds and steps with two
//!   dealt cards, in preorder.
//! - [`iso`]: suit isomorphism: cards that the board, the cards dealt and
//!   both ranges treat alike are solved once; the others are mirrors.
//! - [`game`]: the [`FlopGame`]; card removal at the deals is in its
//!   terminal values, so the tree's chance weights are 1/45 for a turn
//!   card and 1/44 for a river card.
//! - [`buckets`]: the seed's card abstraction (`--buckets N`): hands
//!   grouped by equity and potential on every turn and river board share
//!   one strategy there; measured in the full game.
//! - [`solve`]: DCFR or CFR+ through the shared loop, with the memory
//!   estimate that `--dry-run` and `--memory-limit` read before allocating.
//! - [`spot`]: the settings that rebuild a game, saved with a solution in
//!   the turn's file format (`poker solve --out`).

pub mod buckets;
pub mod game;
pub mod iso;
mod reach;
pub mod solve;
pub mod spot;
pub mod tree;

pub use buckets::Buckets;
pub use game::FlopGame;
pub use iso::Symmetry;
pub use solve::{FlopSettings, memory_estimate, solve, solve_all};
pub use spot::{FLOP_MAGIC, FlopSpot, SavedFlop};
pub use tree::{FlopNode, FlopSizes, FlopTree, FlopTreeTooLarge, Mirror};
