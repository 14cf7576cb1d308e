//! The heads-up equilibrium (PRD phase 2): CFR+ with a strategic dealer
//! who chooses when to surrender, draw and reveal, and an exact
//! exploitability next to every result.
//!
//! The solver works on the vector form of the game (see the `game`
//! module): each iteration is two streaming products with a precomputed
//! kernel and a few passes over the composition DAGs, with no tree walk per
//! history. Exploitability is exact: the player's and the dealer's best
//! responses are computed over the whole game every few iterations.
//!
//! Heads-up, revealing a 3+-card player and standing are the same act (both
//! settle the hand against the dealer's current total), so the dealer's
//! choice at a reveal total is "draw or stop"; the reported reveal frequency
//! is the frequency of stopping there against 3+-card players. With
//! `dealer.draw_choice = "fixed"` the dealer must draw as `[dealer.fixed]`
//! says and the reveal is its only way to stop at 16 or soft 17.
//!
//! With `dealer.upcard = true` the dealer's first card is dealt face up:
//! every reach splits by it (one block per upcard rank in every array), the
//! player's strategy is keyed by its cards and the upcard, the dealer's by
//! its cards, the upcard among them, and the player's card count. The
//! kernel is the same; a dealer composition's reach in an upcard's block
//! counts only the orders of its cards that start with that upcard.
//!
//! ```no_run
//! use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
//! use banluck_lab::games::banluck::equilibrium::{solve, CfrParams};
//! let table = CompiledRules::compile(RuleSet::default());
//! let solution = solve(&table, &CfrParams::default());
//! assert!(solution.exploitability <= 1e-6);
//! println!("game value {:+.6}, reveal frequency {:.3}", solution.value, solution.reveal_frequency);
//! ```

mod dealer_values;
mod exploits;
mod game;
mod params;
mod reach;
mod readout;
mod report;
mod solve;
mod solver;
mod state;

pub use crate::cfr::LogRow;
pub use dealer_values::{DealerDeal, DealerDecision, DealerValues, dealer_values};
pub use exploits::{Exploit, exploit_analyses};
pub use params::{CfrParams, CfrVariant};
pub use report::{DealerCell, PlayerCell, PlayerComposition};
pub use solve::{EquilibriumSolution, dealer_best_response, solve, solve_observed};
