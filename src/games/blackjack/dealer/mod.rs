//! The dealer's final-total probabilities for an upcard, with card removal:
//! one pass over the dealer's hand DAG from the upcard, pushing probability
//! along child links with draw probabilities from the shoe minus the cards
//! already out and the dealer's own cards. A sequence's probability depends
//! only on its multiset, so the DAG's merged paths give exact numbers.

//!
//! [`DealerOutcome`] is the result (`outcome.rs`); `walk.rs` builds each
//! upcard's walk over the drawing hands and runs the single pass,
//! `draw_table.rs` shares its draw probabilities among the hands,
//! `batch.rs` runs the walk for several removals at once in lanes
//! (`lanes.rs`), and `ghost.rs` weighs its final hands by ghost cards for
//! the split values.

mod batch;
mod draw_table;
mod ghost;
mod lanes;
mod outcome;
mod walk;

pub use ghost::{GhostOutcome, MAX_GHOSTS, ghost_weights};
pub use outcome::{BUSTS, DealerOutcome, NATURAL};
pub use walk::Dealer;
