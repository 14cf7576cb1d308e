//! The simulator's flat lookup tables, built once per run from the
//! compiled rules and the two strategies: every decision as an integer threshold and
//! every settlement as an outcome code, so that playing a hand is array reads.

mod check;
mod lookup;
mod outcome;

pub(crate) use lookup::hit_thresholds;
pub use lookup::{ALWAYS, Plan};
pub use outcome::{CODES_PER_PAYOFF, KIND_NAMES, KIND_SLOTS, Outcome, SURRENDERED};
