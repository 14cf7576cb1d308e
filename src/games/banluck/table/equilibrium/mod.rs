//! The Banluck table equilibrium (issue 18, item 1b): K seats sharing one
//! strategy keyed by their own cards, and the strategic dealer of
//! `table::dealer`, all adapting.
//!
//! **What a seat sees.** The canonical rules (spec section 6) deal every
//! seat face down and let the seats act in seat order, each seeing only its
//! own cards; no upcard is shown (`dealer.upcard = false`). So a seat's
//! information set is its own composition, and one strategy keyed by it is
//! all a seat can play.
//!
//! **Seat positions.** With every other seat on one strategy, the joint law
//! of all hands does not depend on which position deviates (the probability
//! of a sequence of draws depends only on the multiset drawn, and no seat
//! sees another's cards), and the dealer's information, a multiset of seat
//! states, forgets positions: one reply serves every position.
//!
//! - `dealer_mix`: a table dealer that may mix, valued exactly over its
//!   draws.
//! - `own`: one seat's payoff at every hand it can stop at, exact over its
//!   own cards, against sampled other seats.
//! - `induce`: backward induction over the seat's hands (values, reply).
//! - `fresh`: the sampled rounds, the sums the reply is chosen on, and the
//!   paired values on fresh rounds.
//! - `reply`: [`seat_best_reply`] and its serialisable result.
//! - `dealer_regret`, `solver`: the MCCFR iterations (see `solver`).
//! - `measure`, `solve`: [`solve_table`], NashConv on fresh rounds.
//! - `check`: [`TableEqError`] and the checks every solve makes first.

mod check;
mod dealer_mix;
mod dealer_regret;
mod fresh;
mod induce;
mod measure;
mod own;
mod reply;
mod solve;
mod solver;

pub use check::TableEqError;
pub use dealer_mix::{KeyMix, MixedDealer};
pub use reply::{Deviation, ReplyParams, SeatReply, seat_best_reply};
pub use solve::{StrategyDifference, TableEqParams, TableEquilibrium, differences, solve_table};
