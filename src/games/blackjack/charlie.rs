//! The Charlie (`charlie = 5 | 6 | 7`, 0 off): a hand that reaches that
//! many cards without busting wins even money at once and draws no more.
//!
//! * **Against a dealer natural** the Charlie loses, as the common rule
//!   says ("does not apply ... if the dealer has a blackjack",
//!   realonlinegambling.com's rule-variation page, after the Wizard of
//!   Odds' table). Under the peek the natural is found before the player
//!   acts, so a Charlie always wins; under ENHC the Charlie waits for the
//!   dealer's second card and loses one unit to a natural (`all`, `obbo`;
//!   under `obo` the round's flat unit, like every other hand).
//! * **Split hands** reach it as any hand does (a split hand starts with
//!   one card and counts the cards it holds).
//! * **Doubled hands** hold three cards, so they cannot reach it (5 cards
//!   at least); a natural holds two.
//!
//! So a Charlie hand stands with the value of a total that beats every
//! dealer hand but a natural: its weight of dealer hands minus twice the
//! weight of the natural ([`value`]). Every path that values a standing
//! hand (the player's values, the `cdp1` split values built from them,
//! the exact split paths) takes it from here.

use super::dealer::NATURAL;

/// Whether a hand of `cards` cards is a Charlie under `charlie` (0: off).
pub(super) fn reached(charlie: u8, cards: u8) -> bool {
    charlie > 0 && cards >= charlie
}

/// A Charlie's value against the dealer's final hands `p` (probabilities
/// or ghost-weighted, natural included unless conditioned away), with its
/// win, push and loss parts.
pub(super) fn value(p: &[f64; 7]) -> (f64, [f64; 3]) {
    let weight: f64 = p.iter().sum();
    let natural = p[NATURAL];
    (weight - 2.0 * natural, [weight - natural, 0.0, natural])
}
