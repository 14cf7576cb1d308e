//! Multi-player tables (spec section 6): up to seven players in seat order
//! against one dealer hand dealt from the same deck, played by the fixed
//! dealer of the rules.
//!
//! - `round`: one round, in the order of play.
//! - `run`: the reproducible parallel driver, [`simulate_table`].
//!
//! The fixed dealer with several players draws by the house rule; with
//! `dealer.fixed.reveal = "on"`, at a reveal total it first settles every
//! 3+-card player against its current hand, then draws on by the rule
//! against the two-card players, and stops once nobody is left. A
//! strategic dealer's policy ([`simulate_table_policy`]) replaces the
//! fixed dealer's surrender and draws by its own actions.

mod round;
mod run;

pub use crate::sim::Estimate;
pub use round::MAX_PLAYERS;
pub(crate) use round::{RoundPlan, play_round, play_round_seen};
pub(crate) use run::{PlayRound, with_cards};
pub use run::{TableParams, TableResult, TableStats, simulate_table, simulate_table_policy};
