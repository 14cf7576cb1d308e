//! The strategic dealer at a table of K seats (issue 18, item 1a): the
//! dealer's best response to fixed player strategies, one deck dealt to
//! every seat and the dealer, the seats acting in seat order with one
//! strategy.
//!
//! **The dealer's information.** Its own composition (the order it drew
//! its cards in tells it nothing more: no seat reacts to the dealer's
//! cards, and given the seats the probability of its draws depends only on
//! the multiset), and per seat the number of cards it holds and whether it
//! still waits for the dealer or was settled already (Ban Ban or Ban Luck
//! at the deal, a bust paid at once, 777, an immediate five-card hand);
//! five-card hands are announced, so every count is public. All seats play
//! the same strategy, so the joint law of the seats' hands is exchangeable
//! (a permutation of the seats permutes which deck positions they use, and
//! the probability of a sequence of draws depends only on its multiset):
//! the dealer's posterior and its gain, a sum over seats, depend on the
//! seats only through the multiset of (open or settled, cards), the
//! [`key::SeatKey`]. After a reveal the dealer plays on against the open
//! two-card seats; it remembers its key (so it knows which seats it
//! revealed and how many cards each held) but this model does not
//! condition on the revealed or settled seats' exact cards. The
//! [`counting`] dealer does, after a reveal: it plays this policy up to the
//! reveal, then the exact Bayesian argmax given every card seen; with the
//! DP strategy at every seat that adds at most 3e-4 units per round (K =
//! 7), because this dealer rarely reveals with seats left open.
//!
//! **Decisions.** Surrender a two-card hard 15 (on its own cards only,
//! before the seats act), then at each composition: stand, hit (totals
//! `dealer.min_total`..20 below `dealer.max_cards` cards, or as
//! `dealer.draw_choice = "fixed"` allows), or at a reveal total
//! (`dealer.reveal_totals`, soft 17 included) reveal: settle every open
//! 3+-card seat now, then stand or hit on against the rest.
//!
//! **Method.** The dealer's draws are integrated exactly over the deck the
//! seats leave; the seats' hands come from rounds. With one seat they are
//! enumerated exactly (every start and final hand with its probability),
//! so K = 1 is exact and equals the heads-up dealer best response. For two
//! or more seats the rounds are sampled: the joint seat hands of K = 2
//! would already be about 10^8 weighted pairs times 10^3 dealer
//! compositions. The best response is the argmax on the sampled rounds;
//! it is then valued on fresh rounds from another stream, with every
//! policy on the same rounds, so the values carry no selection bias and
//! differences are paired.
pub mod counting;
pub(crate) mod evaluate;
pub mod key;
pub(crate) mod nodes;
pub mod policy;
mod respond;
mod result;
pub(crate) mod seats;
mod solve;
pub(crate) mod view;

pub use respond::{CHUNK_ROUNDS, FRESH_STREAM, best_response};
pub use result::{
    DealerValue, Gain, RevealRow, TableDealerError, TableDealerParams, TableDealerSolution,
};
