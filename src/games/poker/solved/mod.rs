//! One interpreter of a solved spot, whatever its root's street: the
//! spot, its game, the solution and how it was solved ([`SolvedSpot`]),
//! navigation by action path with the cards dealt (`x b20 c 2s b33`,
//! [`SolvedSpot::find`]), and at a decision node each hand's reach,
//! strategy, EV and equity ([`NodeView`]) with its per-class (13×13) and
//! whole-range sums ([`RangeSummary`]).
//!
//! - [`solved_spot`]: the [`SolvedSpot`] and how each street reads reach
//!   and EVs.
//! - [`find`]: a path (and cards given apart) to a node, with errors
//!   that say what to change.
//! - [`view`]: the typed rows of a decision node and the nodes a solve
//!   lists.
//! - [`aggregate`]: a node's hands summed per class and over the range.
//! - [`settings`], [`file`]: the settings that rebuild a spot of any
//!   street, and the one versioned file of a solved spot ([`load`]);
//!   [`file_check`]: what its numbers must be, checked on every read.

pub mod aggregate;
pub mod file;
pub mod file_check;
pub mod find;
pub mod settings;
pub mod solved_spot;
pub mod view;

pub use aggregate::{Aggregate, RangeSummary};
pub use file::{LoadError, from_bytes, load, to_bytes};
pub use find::FindError;
pub use settings::SpotSettings;
pub use solved_spot::{Reading, SolveRun, SolvedSpot};
pub use view::{HandEv, HandRow, NodeView};
