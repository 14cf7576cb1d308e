//! A side bet's counting system: its tags (from [`removal_effects`]), the
//! linear relation between true count and EV that the tags imply, and the
//! trigger derived from it.
//!
//! **How the trigger is chosen.** Let `e_v` be the exact effect of
//! removing one card of value `v` from the full shoe of `N` cards (`D`
//! decks) and `t_v` its tag. Fit `e_v ≈ u · (t_v − t̄)` by least squares
//! over the shoe's cards (`t̄` is the mean tag, zero for a balanced count):
//! `u` is the EV per tag point per card removed. To first order, dealing a
//! set of `m` cards leaving `R` moves the EV by `N/R` times the sum of their
//! effects, which is `u · D · 52 (Σ tags − m t̄) / R`. A counter who starts
//! at minus the full shoe's count `F` and divides by the decks unseen has
//! `TC = 52 (Σ tags − F) / R = 52 (Σ tags − m t̄) / R − F / D`, so
//!
//! `EV(TC) ≈ EV₀ + u · D · (TC + F/D)`, and the bet is worth making from
//! `trigger = −EV₀ / (u · D) − F/D`.
//!
//! The trigger is that root rounded up to the next tenth. The report's
//! chart of the mean exact EV per true-count bucket (from the simulation)
//! shows how good this first-order line is.

use serde::Serialize;

use crate::games::baccarat::bets::Bet;
use crate::games::baccarat::count::{RemovalEffects, removal_effects};
use crate::games::baccarat::exact::{Shoe, ShoeError};
use crate::games::baccarat::rules::BaccaratRules;

/// The side bets a counter plays, in report order.
pub const SIDE_BETS: [Bet; 2] = [Bet::Dragon7, Bet::Panda8];

/// One side bet's count: tags, start, trigger and the linear EV model.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CountSystem {
    /// The bet.
    pub bet: Bet,
    /// The tag of each card value 0 (tens and faces) to 9.
    pub tags: [i32; 10],
    /// The running count at the start of a shoe: minus the full shoe's
    /// count (0 for a balanced count).
    pub initial_count: i64,
    /// The exact EV of the full shoe.
    pub full_shoe_ev: f64,
    /// The EV gained per point of true count (the first-order model).
    pub ev_per_true_count: f64,
    /// Bet when the true count is at least this.
    pub trigger: f64,
}

impl CountSystem {
    /// The systems for Dragon 7 and Panda 8 under `rules`, with the
    /// derived triggers.
    ///
    /// # Errors
    /// A shoe the exact analysis cannot take (never for 3 to 8 decks).
    pub fn derive(rules: &BaccaratRules) -> Result<[CountSystem; 2], ShoeError> {
        let shoe = Shoe::decks(rules.shoe.decks);
        let [dragon, panda] = removal_effects(&shoe, &rules.payouts)?;
        Ok([
            system(Bet::Dragon7, &dragon, &shoe, rules.shoe.decks),
            system(Bet::Panda8, &panda, &shoe, rules.shoe.decks),
        ])
    }

    /// The same system with another trigger.
    pub fn with_trigger(self, trigger: f64) -> CountSystem {
        CountSystem { trigger, ..self }
    }
}

fn system(bet: Bet, effects: &RemovalEffects, shoe: &Shoe, decks: u32) -> CountSystem {
    let weights = shoe.0.map(f64::from);
    let cards: f64 = weights.iter().sum();
    let tags = effects.tag.map(f64::from);
    let mean_tag = effects.full_shoe_count as f64 / cards;
    let (mut cross, mut square) = (0.0, 0.0);
    for v in 0..10 {
        let centred = tags[v] - mean_tag;
        cross += weights[v] * effects.effect[v] * centred;
        square += weights[v] * centred * centred;
    }
    let per_point = if square > 0.0 { cross / square } else { 0.0 };
    let decks = f64::from(decks);
    let ev_per_true_count = per_point * decks;
    let offset = effects.full_shoe_count as f64 / decks;
    let root = if ev_per_true_count > 0.0 {
        -effects.ev / ev_per_true_count - offset
    } else {
        f64::INFINITY
    };
    CountSystem {
        bet,
        tags: effects.tag,
        initial_count: -effects.full_shoe_count,
        full_shoe_ev: effects.ev,
        ev_per_true_count,
        trigger: (root * 10.0).ceil() / 10.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_deck_triggers_are_positive_and_the_line_crosses_zero_there() {
        let systems = CountSystem::derive(&BaccaratRules::default()).unwrap();
        for s in systems {
            assert!(s.trigger > 0.0 && s.trigger < 20.0, "{s:?}");
            assert!(s.ev_per_true_count > 0.0);
            let at_trigger = s.full_shoe_ev + s.ev_per_true_count * s.trigger;
            assert!((0.0..0.1 * s.ev_per_true_count + 1e-12).contains(&at_trigger));
        }
        assert_eq!(systems[0].initial_count, 0);
    }
}
