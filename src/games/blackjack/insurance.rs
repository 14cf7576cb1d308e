//! Insurance and even money against a dealer ace. The insurance bet is
//! half the original bet and pays 2:1 when the hole card is a ten, so per
//! unit of insurance it is worth `3p - 1` with `p` the chance of a ten hole
//! card given the cards seen (the player's two and the ace). Without the
//! peek the dealer's second card is drawn after the player's play, but
//! every unseen card is equally likely to be it, so `p` is the same. The
//! composition-dependent player insures exactly when `3p - 1 > 0`
//! ("perfect insurance"); with `even_money` a player natural against an
//! ace may take 1:1 at once instead.

use crate::cards::{RANK_COUNT, Rank};
use crate::games::blackjack::rules::BlackjackRules;

use super::hands::Shoe;

/// The side bet a hand took against an ace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// Insurance (half the bet, 2:1 on a dealer natural).
    Insurance,
    /// Even money on a natural (1:1 at once).
    EvenMoney,
}

/// The chance of a ten hole card under an ace with only the ace out of
/// `shoe` (the insurance bet before any player card is seen).
pub(super) fn ten_under_ace(shoe: &Shoe) -> f64 {
    let mut out = [0; RANK_COUNT];
    out[Rank::ACE.index()] = 1;
    shoe.next(&out)[Rank::TEN.index()]
}

/// The value of insurance per unit of the insurance bet when the dealer's
/// natural (a ten hole card under an ace) has probability `q`.
pub fn insurance_bet_ev(q: f64) -> f64 {
    3.0 * q - 1.0
}

/// The insurance bet's value for a hand against `upcard`, when insurance is
/// offered (an ace up and `rules.insurance`).
pub(super) fn offered(rules: &BlackjackRules, upcard: Rank, q: f64) -> Option<f64> {
    (rules.insurance && upcard == Rank::ACE).then(|| insurance_bet_ev(q))
}

/// A hand's round value `hand_ev` (natural or not) against `upcard` once
/// insurance and even money are offered and taken when worth more, and
/// which was taken, if either.
pub(super) fn settle(
    rules: &BlackjackRules,
    upcard: Rank,
    natural: bool,
    q: f64,
    hand_ev: f64,
) -> (f64, Option<Side>) {
    let mut best = (hand_ev, None);
    if let Some(bet) = offered(rules, upcard, q).filter(|&bet| bet > 0.0) {
        best = (hand_ev + 0.5 * bet, Some(Side::Insurance));
    }
    if rules.even_money && natural && upcard == Rank::ACE && 1.0 > best.0 {
        best = (1.0, Some(Side::EvenMoney));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_insurance_takes_only_positive_bets() {
        let rules = BlackjackRules {
            insurance: true,
            ..BlackjackRules::default()
        };
        assert_eq!(settle(&rules, Rank::ACE, false, 0.3, -0.2), (-0.2, None));
        let (ev, taken) = settle(&rules, Rank::ACE, false, 0.4, -0.2);
        assert_eq!(taken, Some(Side::Insurance));
        assert!((ev - (-0.2 + 0.5 * 0.2)).abs() < 1e-12);
        assert_eq!(settle(&rules, Rank::TEN, false, 0.4, -0.2), (-0.2, None));
    }

    #[test]
    fn even_money_when_it_beats_the_natural() {
        let rules = BlackjackRules {
            even_money: true,
            ..BlackjackRules::default()
        };
        let even = Some(Side::EvenMoney);
        assert_eq!(settle(&rules, Rank::ACE, true, 0.3, 0.84), (1.0, even));
        assert_eq!(settle(&rules, Rank::ACE, true, 0.3, 1.05), (1.05, None));
        assert_eq!(settle(&rules, Rank::ACE, false, 0.3, -0.1), (-0.1, None));
    }
}
