//! EZ Baccarat with the Dragon 7 and Panda 8 side bets (and classic 5 %
//! commission baccarat from the same engine), from a shoe of 3 to 8 decks.
//!
//! - [`rules`]: the schema (`game = "baccarat"`): shoe, burn, cut card,
//!   payouts.
//! - [`tableau`]: the third-card rules, fixed in code as bit-mask lookups.

pub mod rules;
pub mod tableau;
