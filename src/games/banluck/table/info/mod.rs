//! What a seat sees within a round at a table of K seats, and what playing
//! on it is worth (issue 25, item 3).
//!
//! **What a seat sees before its decisions** (canonical rules, sections 4
//! and 6, dealt as [`crate::games::banluck::table::play`] deals: two cards to each
//! seat in seat order, two to the dealer, each seat's draws in seat order,
//! then the dealer's):
//!
//! - Its own cards.
//! - That the dealer neither surrendered (a surrender voids every seat
//!   before anyone acts) nor holds Ban Ban or Ban Luck (that settles every
//!   seat at once): otherwise nobody decides anything.
//! - **Every other seat's Ban Ban and Ban Luck**, turned over and paid at
//!   the deal, before the first seat acts — so every seat, first or last,
//!   sees the same specials. And, Bayes' other half, that every other seat
//!   that turned nothing over holds no special.
//! - From the seats that acted before it: how many cards each drew (cards
//!   are dealt face down in view), and the hands settled in the open at
//!   once — a bust paid at once, a completed 777. These depend on the
//!   seat's position; they are **not** used here (their state space is the
//!   busted hands' contents, thousands of decks; see "left out").
//! - **Not the dealer's early settlements**: with the selective reveal
//!   the dealer turns over and settles 3+-card seats at 16/17, but only
//!   after every seat has acted, so within a round they inform nobody's
//!   decision. Across rounds, with a deck dealt through, they are cards
//!   seen before the next round, worth what any seen card is worth to the
//!   count (on average `Σ_r (n_r/N) · EOR_r` for the first card, see
//!   [`crate::games::banluck::dp::effects_of_removal`]); but every hand of a
//!   round is turned over by its settlement anyway, so the reveal only
//!   shows those cards earlier, not more of them.
//!
//! **The informed seat** plays the exact optimum of the partial-deck DP
//! from the deck less the cards turned over (the specials are multisets of
//! aces and ten-value cards: at most nine for one deck, [`shown_specials`]
//! gives their exact law), the **ignorant seat** the heads-up optimum.
//!
//! **Exact route** ([`SeatInfo::exact`]): the gain per seat per round is
//! `Σ_S P(S) · [EV*(D − S) − EV_heads-up(D − S)]`, with `P(S)` the exact
//! chance that the other K − 1 seats turn over `S`. It deals the seat's
//! round from `D − S` as if the other seats' hidden cards were burnt at
//! random, which ignores that those seats hold no special (slightly fewer
//! aces and tens among them, so slightly more left for the seat and the
//! dealer). For a fixed strategy a uniform burn leaves the EV unchanged,
//! so `Σ_S P(S) · EV_heads-up(D − S) − EV_heads-up(D)` measures exactly
//! what that misstates ([`InfoExact::conditioning_bias`]); the simulation
//! ([`SeatInfo::simulate`]) deals the hidden hands as they fall and so
//! measures the gain without that shortcut.
//!
//! **Left out**: the informed seat does not re-solve for the posterior
//! that the hidden hands are not special (it plays the optimum of `D − S`;
//! the Bayes-optimal play could only gain more, by an amount not measured
//! here), nor for busts and 777s of earlier seats, nor for the earlier
//! seats' card counts.

mod exact;
mod shown;
mod simulate;

pub use exact::{InfoExact, SeatInfo, ShownRow};
pub use shown::{Shown, shown_specials};
pub use simulate::{InfoSim, InfoSimParams};
