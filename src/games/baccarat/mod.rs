//! EZ Baccarat with the Dragon 7 and Panda 8 side bets (and classic 5 %
//! commission baccarat from the same engine), from a shoe of 3 to 8 decks.
//!
//! - [`rules`]: the schema (`game = "baccarat"`): shoe, burn, cut card,
//!   payouts.
//! - [`tableau`]: the third-card rules, fixed in code as bit-mask lookups.
//! - [`exact`]: exact `u128` counts of every outcome for any composition,
//!   in the seed's six-ordered-card convention.
//! - [`bets`]: each bet's probability, EV and SD from those counts.
//! - [`count`]: side-bet EV for any composition, effects of removal, tags.
//! - [`counting`]: the simulated count study: a tag counter and the
//!   perfect-information bettor on real shoes.
//! - [`lab`]: the lab family (grid engines exact, sim and count, their
//!   columns, the grid report).
//! - [`table_rules`]: `[table]`, the table game's starting balance and bet
//!   limits.
//! - [`play`]: the table game for a person at the terminal, with its
//!   SQLite profile and history.
//! - [`sim`]: the shoe simulator (burn, cut card, reshuffle), chunked and
//!   reproducible per seed.

pub mod bets;
pub mod count;
pub mod counting;
pub mod exact;
pub mod lab;
pub mod play;
pub mod rules;
pub mod sim;
pub mod table_rules;
pub mod tableau;
