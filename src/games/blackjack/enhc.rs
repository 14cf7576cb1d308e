//! European no hole card (ENHC): `dealer.peek = false`, or by name
//! `dealer.hole_card = "enhc"`. The dealer's second card is dealt after the
//! player's hands; a dealer natural then takes the bets `dealer.enhc_loses`
//! names (a player natural pushes with it):
//!
//! * `all`: every bet on the table, doubles and split hands included;
//! * `obo`, original bet only: the round loses one unit whatever the player
//!   did; doubles and split bets, busted ones too, are returned;
//! * `obbo`, original and busted bets only: every busted bet, and one unit
//!   from each hand still standing (a double's second unit is returned,
//!   split hands are lost).
//!
//! These are the common published definitions: Ken Smith, blackjackinfo.com
//! forum "OBO" and newsletter 14 (the Basic Strategy Engine's hole-card
//! rule: United States OBO, Europe ENHC, Australia OBBO, with the example of
//! 8-8 split against a ten, one hand doubled to 21 and one busted: OBO loses
//! one bet, ENHC all three, OBBO the busted bet and one of the two on the
//! double); blackjackreview.com's encyclopedia ("OBBO ... the dealer takes
//! any busted bets and one unit from each un-busted hand"); qfit.com's card
//! handling variations (OBO: "Only your first bet is lost. DD and Split bets
//! are returned"). The same three rules are the hole-card options of the
//! exact analyzers discussed there (bjstrat.net's, Cacarulo's, Eric
//! Farmer's), whose figures we did not have at hand.
//!
//! **Surrender** keeps its published meanings (e.g. the definitions quoted
//! at marxthespot.com's "Blackjack Surrender"): a late surrender marks the
//! bet and a dealer natural still takes all of it, which under ENHC means
//! the dealer's natural found after the hands; an early surrender takes
//! half at once, whatever the dealer's second card. A casino that settles
//! an ENHC surrender at once offers early surrender (`surrender.early`).
//!
//! **OBO equals the peek game (a theorem).** Let `q` be the chance that the
//! dealer's second card makes a natural with the upcard, given the cards the
//! player has seen. Under OBO a dealer natural makes the round -1 (0 for a
//! player natural) whatever the player did, so for any strategy the round
//! is worth `-q + (1 - q) E[result | no dealer natural]` (player naturals
//! `(1 - q)` times the payout). The cards of a shuffled shoe are
//! exchangeable: the player's draws and the dealer's second card, given that
//! it makes no natural, have the same joint law whether that card is dealt
//! before the player's hands (the peek game's hole card) or after them. So
//! `E[result | no dealer natural]` is, strategy by strategy, the peek game's
//! value given no natural, and the first term does not depend on the
//! strategy: the best OBO strategy is the best peek strategy and the two
//! games have the same EV, splits, doubles, insurance and surrender
//! included (a late surrender loses the whole bet to a natural in both,
//! an early one half in both). So surrender against a ten or an ace does
//! not tell OBO from the peek game; it tells ENHC `all` and `obbo` from it
//! only through the doubles and splits the player avoids. The engine
//! computes OBO this way (values given no natural), and the tests check it
//! against a card-by-card enumeration that deals the dealer's second card
//! last and settles OBO's flat -1.
//!
//! **OBBO** differs from `all` only on a double that did not bust: a dealer
//! natural takes one unit, not two. A doubled hand's value is twice drawing
//! one card and standing, plus the chance of a dealer natural after that
//! card ([`double_value`]); the split paths add the same term.

use crate::games::blackjack::rules::{BlackjackRules, EnhcLoses};

use super::hands::{BUST, HandId};
use super::player::{Context, Values};

/// Whether the values are computed given no dealer natural: the peek game,
/// and OBO (the same game, see the module doc).
pub(super) fn given_no_natural(rules: &BlackjackRules) -> bool {
    rules.dealer.peek || rules.dealer.enhc_loses == EnhcLoses::Obo
}

/// Whether a dealer natural takes one unit of a double that did not bust.
pub(super) fn returns_doubles(rules: &BlackjackRules) -> bool {
    !rules.dealer.peek && rules.dealer.enhc_loses == EnhcLoses::Obbo
}

/// The value of doubling hand `id` per `values` (per unit of the original
/// bet): twice drawing one card and standing, and under OBBO the dealer
/// natural's second unit returned on every card that does not bust.
pub(super) fn double_value(
    ctx: &Context,
    rules: &BlackjackRules,
    values: &Values,
    id: HandId,
) -> f64 {
    let i = id as usize;
    let twice = 2.0 * values.hit_once[i];
    if !returns_doubles(rules) {
        return twice;
    }
    let returned: f64 = values.next[i]
        .iter()
        .enumerate()
        .filter(|&(_, &q)| q > 0.0)
        .map(|(r, &q)| match ctx.hands.child(id, r) {
            BUST => 0.0,
            child => q * values.dealer_natural[child as usize],
        })
        .sum();
    twice + returned
}
