//! The turn solver (issue 17): a turn spot and the river after it in one
//! public tree, every river card dealt exactly, as a vector-form game.
//!
//! - [`tree`]: the turn betting, a deal of each river card at every turn
//!   line that goes to a showdown, the river betting (or the showdown when
//!   a player is all-in); numbered in preorder, so each river card's
//!   subtree is a contiguous node range.
//! - [`game`]: the [`TurnGame`]; card removal at the deal (a river card a
//!   hand holds is impossible for it) is in its terminal values, so the
//!   tree's chance weight is `1 / (cards left − 4)` for every card.
//! - [`solve`]: DCFR or CFR+ through the shared loop, or Monte Carlo CFR
//!   (external or outcome sampling) on the [`sampled`] form of the game,
//!   one deal of two hands and one river card at a time; [`profile`]:
//!   values and per-hand EVs under saved strategies.
//! - [`path`]: node paths with the river card (`x b20 c 2s b33`).
//! - [`spot`], [`save`]: the settings that rebuild a game, and the binary
//!   file of a solution.

pub mod game;
pub mod path;
pub mod profile;
pub mod sampled;
pub mod save;
pub mod solve;
pub mod spot;
pub mod tree;

pub use game::{TurnError, TurnGame};
pub use profile::ProfileValues;
pub use save::SavedTurn;
pub use solve::{TurnSolution, solve, solve_sampled};
pub use spot::TurnSpot;
pub use tree::{Step, StreetNode, StreetSizes, TurnKind, TurnNode, TurnTree};
