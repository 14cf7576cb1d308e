//! The counting dealer (issue 18, item 1's last gap): item 1a's strategic
//! dealer that also uses the cards a reveal shows.
//!
//! **What the dealer sees, and when** (canonical rules, sections 4–6).
//! Before the seats act it sees its own two cards only (the hard-15
//! surrender is decided there). While the seats act, it sees every hand
//! that is settled in the open: a seat's Ban Ban or Ban Luck turned over at
//! the deal, a bust paid at once, 777, an immediate five-card hand; and it
//! learns every seat's card count (five-card hands are announced). When it
//! reveals, it turns over every open seat holding 3+ cards and sees them.
//! From then on it knows every card on the table except the open two-card
//! seats' (each of which stood on two cards), and its own next cards.
//!
//! **The decisions.** Before a reveal the counting dealer plays 1a's
//! strategic policy unchanged (keyed by its cards and the seats' counts;
//! the settled seats' exact cards are not used there). After revealing at
//! composition `c` it chooses hit or stand at every composition it can
//! reach by the exact argmax of its expected gain over the open seats,
//! given its own cards, the revealed and settled seats' exact cards and
//! the number of open seats: the open seats' hands are weighted by their
//! exact posterior (see `posterior`: the strategy's probability of
//! standing on each, card removal through falling factorials), and its
//! own draws are integrated exactly over the cards it has not seen. This
//! is the Bayes-optimal after-reveal play for that information, so it is
//! never worse in expectation than 1a's after-reveal play, which keys on
//! the counts only.
//!
//! **Exactness.** The posterior is enumerated exactly for up to
//! [`EXACT_OPEN_SEATS`] open seats (at most 53 two-card hands, 1,431 unordered
//! pairs); with more, each decision uses [`POSTERIOR_SAMPLES`] weighted
//! draws (sequential importance sampling), so it is a slightly noisy
//! argmax and its value a lower bound on the exact counting dealer's. One
//! seat leaves nobody open after a reveal, so at K = 1 the count is worth
//! exactly zero.
//!
//! **Valuation** (see `value`): on 1a's fresh rounds (same seed, same
//! chunks), paired with 1a's four policies; the dealer's path to the
//! reveal is sampled once per round, the after-reveal plays are valued
//! exactly. `simulate` plays the counting dealer card by card to check it.
mod gain;
mod posterior;
mod simulate;
mod value;

pub use gain::{CountingSolution, counting_gain, simulate_counting};
pub use posterior::{EXACT_OPEN_SEATS, POSTERIOR_SAMPLES, Posterior};
