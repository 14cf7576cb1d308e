//! The game families, one folder each. A family may use every generic
//! module (cards, rules, cfr, lab, report); no family uses another's folder.
//!
//! - [`baccarat`]: EZ Baccarat, exact shoe analysis and side-bet counting.
//! - [`banluck`]: heads-up and multi-player Banluck, the rotating bank.
//! - [`blackjack`]: exact composition-dependent blackjack.
//! - [`poker`]: heads-up hold'em from the river: ranges, positions, the betting tree.

pub mod baccarat;
pub mod banluck;
pub mod blackjack;
pub mod poker;
