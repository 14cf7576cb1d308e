//! Each bet's probability, EV and standard deviation per unit, from the
//! exact outcome counts and the rule set's payouts.

use serde::Serialize;

use super::exact::Outcomes;
use super::rules::BaccaratPayouts;

/// The bets, in report order.
pub const BETS: [Bet; 5] = [
    Bet::Banker,
    Bet::Player,
    Bet::Tie,
    Bet::Dragon7,
    Bet::Panda8,
];

/// A bet on one coup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bet {
    /// The banker's hand wins (pushes on a tie; under EZ on a Dragon 7).
    Banker,
    /// The player's hand wins (pushes on a tie).
    Player,
    /// The totals are equal.
    Tie,
    /// The banker wins with three cards totalling 7.
    Dragon7,
    /// The player wins with three cards totalling 8.
    Panda8,
}

impl Bet {
    /// The bet's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Bet::Banker => "banker",
            Bet::Player => "player",
            Bet::Tie => "tie",
            Bet::Dragon7 => "dragon7",
            Bet::Panda8 => "panda8",
        }
    }

    /// The bet's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Bet::Banker => "Banker",
            Bet::Player => "Player",
            Bet::Tie => "Tie",
            Bet::Dragon7 => "Dragon 7",
            Bet::Panda8 => "Panda 8",
        }
    }
}

/// One bet's exact figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BetStats {
    /// The bet.
    pub bet: Bet,
    /// The probability that the bet wins.
    pub win_probability: f64,
    /// The expected return per unit bet.
    pub ev: f64,
    /// The standard deviation of the return per unit bet.
    pub sd: f64,
}

/// The units a bet returns for each outcome class: Banker win (not a
/// Dragon 7), Dragon 7, Player win (not a Panda 8), Panda 8, Tie.
pub fn returns(bet: Bet, payouts: &BaccaratPayouts) -> [f64; 5] {
    match bet {
        Bet::Banker => [
            payouts.banker_win(),
            payouts.banker_on_dragon7(),
            -1.0,
            -1.0,
            0.0,
        ],
        Bet::Player => [-1.0, -1.0, payouts.player, payouts.player, 0.0],
        Bet::Tie => [-1.0, -1.0, -1.0, -1.0, payouts.tie],
        Bet::Dragon7 => [-1.0, payouts.dragon7, -1.0, -1.0, -1.0],
        Bet::Panda8 => [-1.0, -1.0, -1.0, payouts.panda8, -1.0],
    }
}

/// The probabilities of the five outcome classes, in the order of
/// [`returns`].
pub fn class_probabilities(outcomes: &Outcomes) -> [f64; 5] {
    let total = outcomes.total as f64;
    [
        outcomes.banker_win as f64 / total,
        outcomes.dragon7 as f64 / total,
        (outcomes.player_win - outcomes.panda8) as f64 / total,
        outcomes.panda8 as f64 / total,
        outcomes.tie as f64 / total,
    ]
}

/// The exact probability, EV and SD of `bet`.
///
/// ```
/// use banluck_lab::games::baccarat::bets::{bet_stats, Bet};
/// use banluck_lab::games::baccarat::exact::{count_outcomes, Shoe};
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let counts = count_outcomes(&Shoe::decks(8)).unwrap();
/// let tie = bet_stats(Bet::Tie, &counts, &BaccaratRules::default().payouts);
/// assert!((tie.ev + 0.143596).abs() < 1e-6);
/// ```
pub fn bet_stats(bet: Bet, outcomes: &Outcomes, payouts: &BaccaratPayouts) -> BetStats {
    let probabilities = class_probabilities(outcomes);
    let returns = returns(bet, payouts);
    let mut ev = 0.0;
    let mut second = 0.0;
    let mut win = 0.0;
    for (p, r) in probabilities.iter().zip(returns) {
        ev += p * r;
        second += p * r * r;
        if r > 0.0 {
            win += p;
        }
    }
    BetStats {
        bet,
        win_probability: win,
        ev,
        sd: (second - ev * ev).max(0.0).sqrt(),
    }
}

/// Every bet's figures, in [`BETS`] order.
pub fn all_bets(outcomes: &Outcomes, payouts: &BaccaratPayouts) -> Vec<BetStats> {
    BETS.iter()
        .map(|&bet| bet_stats(bet, outcomes, payouts))
        .collect()
}
