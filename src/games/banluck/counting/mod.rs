//! Can a Banluck player count cards? The counting study by simulation on
//! the lab's one Monte Carlo driver ([`crate::sim::run`]).
//!
//! A table of K seats (the counter in seat 1, every other seat playing one
//! fixed strategy, by default the chart) is dealt from a deck shuffled as
//! `deck.refresh` says; each driver chunk deals whole decks. Before every
//! round the cards left are known to the study, and on the same hands of
//! seat 1 it compares:
//!
//! - the **flat bettor**: 1 unit every round, playing the chart;
//! - the **counter**: the ramp of [`counter_bet`] on the true count of the
//!   count derived from the exact effects of removal ([`CountSystem`]),
//!   playing the **composition-dependent optimum of the cards left** (the
//!   partial-deck DP, [`crate::games::banluck::dp::compiled_optimum_beside`]);
//! - the **perfect-information bettor**: 8 units when the exact EV of the
//!   deck left is positive, else 1, playing that deck's optimum too.
//!
//! The exact DP costs about 33 ms a call on a loaded 2-core machine
//! (criterion, `benches/partial_deck.rs`), too slow for every round, so
//! the rounds are sampled: a round whose first-order EV estimate is above
//! [`EDGE_SCREEN`] (near or above break-even, where the bets are decided)
//! is solved with chance `edge_share`, any other with chance `exact_share`
//! (the full deck is solved once). A solved round is worth its exact
//! expected win, bet × EV of the deck left (the conditional expectation of
//! the seat's win given the cards left: an unbiased estimate with no
//! play-out noise), weighted by one over its chance; these are the
//! counter's, the flat bettor's (1 unit on the full deck's optimum, the
//! best play without counting, valued on the same cards) and the
//! perfect-information bettor's figures. The DP deals seat 1 and the dealer
//! from the cards left (a seat's exact EV does not depend on the other
//! seats' play); rounds with fewer cards left than the DP needs
//! ([`crate::games::banluck::dp::MIN_CARDS_LEFT`]) are never solved and
//! their share is reported.
//!
//! Every round is also played out with seat 1 on the chart (the flat
//! bettor, and the counter's bets on the chart's payoffs: the spread
//! alone), split by whether the stub ran out and whether seat 1 drew from
//! the reshuffled discards; and every solved round is played again from the
//! same cards with the counter on the deck's optimum, so that its played
//! units (the stub running out as it may) can be set against its exact
//! expected win.
//!
//! With `deck.refresh = "every_round"` every round is dealt from a full
//! deck: the true count is 0 before every bet, the counter bets 1 unit and
//! plays the full deck's optimum throughout and its counting gain is
//! exactly 0.
mod rate;
mod run;
mod simulate;
mod solve;
mod source;
mod summary;
mod system;

pub use rate::Rate;
pub use run::{CountTally, DeckRecord, EDGE_SCREEN, TC_HIGH, TC_LOW};
pub use simulate::{COUNT_CHUNK_ROUNDS, CountParams, CountResult, count_study};
pub use summary::{Bettor, CountFigures, RunOutSplit, TrueCountBucket};
pub use system::{CountSystem, EDGE_PER_UNIT, MAX_BET, MIN_BET, counter_bet, perfect_bet};
