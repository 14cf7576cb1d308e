//! One round at the table: the coup dealt from a [`TableShoe`] by the
//! family's tableau, and every bet settled with the family's payouts.

use super::cards::{Card, TableShoe};
use crate::games::baccarat::bets::{Bet, returns};
use crate::games::baccarat::rules::BaccaratPayouts;
use crate::games::baccarat::tableau::{Outcome, is_natural, play};

/// The bets in table order (and in the order of the history's columns).
pub const TABLE_ORDER: [Bet; 5] = [
    Bet::Player,
    Bet::Banker,
    Bet::Tie,
    Bet::Dragon7,
    Bet::Panda8,
];

/// One hand's cards and final total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// The cards in the order dealt (two or three).
    pub cards: Vec<Card>,
    /// The total modulo 10.
    pub total: u8,
}

impl Hand {
    /// Whether the hand drew a third card.
    pub fn drew(&self) -> bool {
        self.cards.len() == 3
    }
}

/// A dealt coup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coup {
    /// The player's hand.
    pub player: Hand,
    /// The banker's hand.
    pub banker: Hand,
    /// Whether either side had a two-card 8 or 9.
    pub natural: bool,
    /// The outcome class.
    pub outcome: Outcome,
}

/// The outcome's word in summaries and the history.
pub fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BankerWin => "banker",
        Outcome::Dragon7 => "banker_dragon7",
        Outcome::PlayerWin => "player",
        Outcome::Panda8 => "player_panda8",
        Outcome::Tie => "tie",
    }
}

/// Deals one coup: player, banker, player, banker, then third cards as
/// the tableau asks. The shoe must not be finished.
pub fn deal_coup(shoe: &mut TableShoe) -> Coup {
    let mut dealt = Vec::with_capacity(6);
    let coup = play(|| {
        let card = shoe.deal();
        dealt.push(card);
        card.value()
    });
    let mut player = vec![dealt[0], dealt[2]];
    let mut banker = vec![dealt[1], dealt[3]];
    let natural = is_natural((dealt[0].value() + dealt[2].value()) % 10)
        || is_natural((dealt[1].value() + dealt[3].value()) % 10);
    let mut thirds = dealt[4..].iter();
    if coup.player_three {
        player.extend(thirds.next());
    }
    if coup.banker_three {
        banker.extend(thirds.next());
    }
    Coup {
        player: Hand {
            cards: player,
            total: coup.player_total,
        },
        banker: Hand {
            cards: banker,
            total: coup.banker_total,
        },
        natural,
        outcome: coup.outcome(),
    }
}

/// A bet's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settled {
    /// The bet.
    pub bet: Bet,
    /// The stake, in chips.
    pub stake: i64,
    /// The chips won (positive), lost (negative, minus the stake) or 0 on
    /// a push.
    pub net: i64,
}

/// Settles `bets` (bet, stake) on `outcome`. A win pays the stake times
/// the payout, rounded down to whole chips (only a commission can make a
/// fraction); a push returns the stake.
pub fn settle(bets: &[(Bet, i64)], outcome: Outcome, payouts: &BaccaratPayouts) -> Vec<Settled> {
    bets.iter()
        .map(|&(bet, stake)| {
            let units = returns(bet, payouts)[outcome as usize];
            let net = if units < 0.0 {
                -stake
            } else {
                whole_chips(stake as f64 * units)
            };
            Settled { bet, stake, net }
        })
        .collect()
}

/// The most a balance may hold: 2^53 chips, so that every balance and
/// every net is exact in a double and in any JSON reader, and no sum of a
/// balance and a round's net can leave 64 bits.
pub const MAX_BALANCE: i64 = 1 << 53;

/// `Err` saying why when a win of `bets` could take `balance` above
/// [`MAX_BALANCE`] (the largest net over every outcome counts).
///
/// ```
/// use banluck_lab::games::baccarat::bets::Bet;
/// use banluck_lab::games::baccarat::play::round::{MAX_BALANCE, check_win_room};
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let payouts = BaccaratRules::default().payouts;
/// assert!(check_win_room(&[(Bet::Player, 10)], 100, &payouts).is_ok());
/// assert!(check_win_room(&[(Bet::Player, 10)], MAX_BALANCE - 5, &payouts).is_err());
/// ```
///
/// # Errors
/// The balance, the largest possible net and the limit.
pub fn check_win_room(
    bets: &[(Bet, i64)],
    balance: i64,
    payouts: &BaccaratPayouts,
) -> Result<(), String> {
    let best = Outcome::ALL
        .iter()
        .map(|&outcome| {
            settle(bets, outcome, payouts)
                .iter()
                .fold(0i64, |sum, settled| sum.saturating_add(settled.net))
        })
        .max()
        .unwrap_or(0);
    match balance.checked_add(best) {
        Some(after) if after <= MAX_BALANCE => Ok(()),
        _ => Err(format!(
            "a win of {best} on these bets would take your balance of {balance} above the limit of {MAX_BALANCE} chips: bet less"
        )),
    }
}

/// `amount` rounded down to whole chips, where an amount within a
/// billionth of a whole number counts as that number (20 × 0.95 is
/// 18.999… in binary floating point and pays 19).
fn whole_chips(amount: f64) -> i64 {
    let nearest = amount.round();
    if (amount - nearest).abs() <= 1e-9 * nearest.abs().max(1.0) {
        nearest as i64
    } else {
        amount.floor() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::rules::{BaccaratRules, BankerRule};

    #[test]
    fn ez_payouts_and_a_rounded_down_commission() {
        let mut payouts = BaccaratRules::default().payouts;
        let bets = [
            (Bet::Banker, 15),
            (Bet::Player, 10),
            (Bet::Dragon7, 2),
            (Bet::Tie, 1),
        ];
        let nets = |o, p: &BaccaratPayouts| -> Vec<i64> {
            settle(&bets, o, p).iter().map(|s| s.net).collect()
        };
        assert_eq!(nets(Outcome::Dragon7, &payouts), [0, -10, 80, -1]);
        assert_eq!(nets(Outcome::BankerWin, &payouts), [15, -10, -2, -1]);
        assert_eq!(nets(Outcome::Tie, &payouts), [0, 0, -2, 8]);
        payouts.banker_rule = BankerRule::Commission;
        // 15 * 0.95 = 14.25 pays 14.
        assert_eq!(nets(Outcome::BankerWin, &payouts), [14, -10, -2, -1]);
        let twenty = settle(&[(Bet::Banker, 20)], Outcome::BankerWin, &payouts);
        assert_eq!(twenty[0].net, 19);
    }
}
