//! The exact fixed-dealer solver (PRD phase 1.1): the player's optimal play
//! against a known dealer strategy, with card removal from the configured
//! deck, conditioned on everything the player has seen.
//!
//! The player's information set is its composition (plus the upcard when
//! the rules show one). Given it, the dealer's two cards are distributed as
//! the deck minus the player's cards allows, less the hands that ended at
//! the deal (surrendered, Ban Ban, Ban Luck): the player knows the hand plays
//! on. Values are kept joint with "the hand plays on" so that they add over
//! the deal; the chart and composition tables divide by that probability to
//! show expectations given the hand plays on.
//!
//! ```
//! use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
//! use banluck_lab::games::banluck::dp;
//! let table = CompiledRules::compile(RuleSet::default());
//! let solution = dp::solve(&table);
//! assert!(solution.ev >= solution.ev_chart);
//! let total: f64 = solution.outcomes.iter().map(|(_, p)| p).sum();
//! assert!((total - 1.0).abs() < 1e-9);
//! ```

mod advise;
mod chart;
mod deal;
mod dealer_pass;
mod leaks;
mod model;
mod outcomes;
mod partial;
mod readout;
mod removal;
mod solve;

pub use advise::{Advice, UpcardError, advice_upcard, advise, no_choice_note};
pub use chart::{Action, ChartCell};
pub use dealer_pass::needs_dealer_draws;
pub use leaks::{ClassLeak, LeakReport, leaks};
pub use outcomes::OutcomeDistribution;
pub use partial::{
    DeckOptimum, DeckValue, MIN_CARDS_LEFT, Remaining, compile_partial, compiled_optimum,
    compiled_optimum_beside, compiled_value, deck_value, full_deck, remaining_after,
};
pub use removal::{
    RankEffect, RemovalEffects, betting_correlation, counting_gain, derive_tags,
    effects_of_removal, strategy_value, transfer_strategy,
};
pub use solve::{
    CompositionDecision, DpSolution, best_response, best_response_value, evaluate, solve,
};
