//! Side-bet card counting, the exact half: the EV of Dragon 7 and Panda 8
//! for any remaining composition, each card value's effect of removal on
//! them, and the integer tags derived from those effects.
//!
//! The effect of removal of value `v` is `EV(shoe − one v) − EV(shoe)`,
//! exact for the given shoe; the effects weighted by the shoe's counts sum
//! to zero (removing a random card does not change the EV on average). A
//! positive effect means that seeing a `v` leave the shoe raises the bet's
//! EV, so a counter adds the value's tag when one is dealt.
//!
//! The tags are the effects times a scale, rounded to integers: of the
//! scales that map the largest effect to 0.50 … 3.49 (so tags stay within
//! ±[`MAX_TAG`]), the one whose tags are balanced (the full shoe counts to
//! zero) with the highest betting correlation with the effects; when no
//! scale balances, the highest correlation. For 8 decks this gives, by
//! value 0 (tens and faces) to 9:
//!
//! - Dragon 7: `+1 0 −1 −1 −2 −2 −2 −2 +3 +3` (betting correlation 0.979);
//! - Panda 8: `+1 +1 +1 −2 −2 −2 −1 −1 −1 +3` (betting correlation 0.987).
//!
//! (The simpler Dragon 7 count 4–7 −1, 8–9 +2, others 0 is also balanced;
//! its betting correlation is 0.964.)

use serde::Serialize;

use super::bets::{Bet, bet_stats};
use super::exact::{Shoe, ShoeError, count_outcomes};
use super::rules::BaccaratPayouts;

/// The largest tag in size.
pub const MAX_TAG: i32 = 3;

/// The scales tried, in hundredths: the largest effect maps to 0.50 up to
/// 3.49 before rounding, so no tag exceeds [`MAX_TAG`] in size.
const SCALE_STEPS: std::ops::Range<u16> = 50..350;

/// The exact EV per unit of the two side bets for one composition.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SideBetEv {
    /// Dragon 7.
    pub dragon7: f64,
    /// Panda 8.
    pub panda8: f64,
}

/// The exact EV of Dragon 7 and Panda 8 dealt from `shoe`.
///
/// ```
/// use banluck_lab::games::baccarat::count::side_bet_ev;
/// use banluck_lab::games::baccarat::exact::Shoe;
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let ev = side_bet_ev(&Shoe::decks(8), &BaccaratRules::default().payouts).unwrap();
/// // The seed's -0.076106 and -0.101882 come from rounded probabilities.
/// assert!((ev.dragon7 + 0.076113).abs() < 1e-6);
/// assert!((ev.panda8 + 0.101876).abs() < 1e-6);
/// ```
pub fn side_bet_ev(shoe: &Shoe, payouts: &BaccaratPayouts) -> Result<SideBetEv, ShoeError> {
    let outcomes = count_outcomes(shoe)?;
    Ok(SideBetEv {
        dragon7: bet_stats(Bet::Dragon7, &outcomes, payouts).ev,
        panda8: bet_stats(Bet::Panda8, &outcomes, payouts).ev,
    })
}

/// The effects of removal on one side bet and the tags made from them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RemovalEffects {
    /// The bet: `"dragon7"` or `"panda8"`.
    pub bet: &'static str,
    /// The bet's EV for the shoe itself.
    pub ev: f64,
    /// By card value 0 to 9: the change in EV when one card of that value
    /// is removed (0 for a value the shoe does not hold).
    pub effect: [f64; 10],
    /// By card value: the effect scaled and rounded to an integer (see the
    /// module documentation for the choice of scale).
    pub tag: [i32; 10],
    /// The running count of the whole shoe under these tags (0 when the
    /// tags are balanced; a counter starts at minus this).
    pub full_shoe_count: i64,
    /// The betting correlation: the correlation between tags and effects
    /// over the shoe's cards (1 is a perfect count).
    pub betting_correlation: f64,
}

/// The effects of removal of every card value on Dragon 7 and Panda 8.
///
/// ```
/// use banluck_lab::games::baccarat::count::removal_effects;
/// use banluck_lab::games::baccarat::exact::Shoe;
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let [dragon, _panda] =
///     removal_effects(&Shoe::decks(8), &BaccaratRules::default().payouts).unwrap();
/// assert_eq!(dragon.tag, [1, 0, -1, -1, -2, -2, -2, -2, 3, 3]);
/// assert_eq!(dragon.full_shoe_count, 0);
/// ```
pub fn removal_effects(
    shoe: &Shoe,
    payouts: &BaccaratPayouts,
) -> Result<[RemovalEffects; 2], ShoeError> {
    let base = side_bet_ev(shoe, payouts)?;
    let mut dragon = [0.0; 10];
    let mut panda = [0.0; 10];
    for value in 0..10 {
        if let Some(less) = shoe.without(value) {
            let ev = side_bet_ev(&less, payouts)?;
            dragon[value] = ev.dragon7 - base.dragon7;
            panda[value] = ev.panda8 - base.panda8;
        }
    }
    Ok([
        effects("dragon7", base.dragon7, dragon, shoe),
        effects("panda8", base.panda8, panda, shoe),
    ])
}

fn effects(bet: &'static str, ev: f64, effect: [f64; 10], shoe: &Shoe) -> RemovalEffects {
    let largest = effect.iter().fold(0.0f64, |m, e| m.max(e.abs()));
    let count_of = |tag: &[i32; 10]| -> i64 {
        (0..10)
            .map(|v| i64::from(tag[v]) * i64::from(shoe.0[v]))
            .sum()
    };
    // (balanced, betting correlation, tags) of the best scale so far.
    let mut best: Option<(bool, f64, [i32; 10])> = None;
    if largest > 0.0 {
        for step in SCALE_STEPS {
            let scale = f64::from(step) / 100.0;
            let tag = effect.map(|e| (scale * e / largest).round() as i32);
            let candidate = (count_of(&tag) == 0, correlation(&effect, &tag, shoe), tag);
            let better =
                best.is_none_or(|(balanced, bc, _)| (candidate.0, candidate.1) > (balanced, bc));
            if better {
                best = Some(candidate);
            }
        }
    }
    let (_, betting_correlation, tag) = best.unwrap_or((true, 0.0, [0; 10]));
    RemovalEffects {
        bet,
        ev,
        effect,
        tag,
        full_shoe_count: count_of(&tag),
        betting_correlation,
    }
}

/// The correlation of effects and tags, each card of the shoe one sample.
fn correlation(effect: &[f64; 10], tag: &[i32; 10], shoe: &Shoe) -> f64 {
    let weights = shoe.0.map(f64::from);
    let n: f64 = weights.iter().sum();
    let tags = tag.map(f64::from);
    let mean = |x: &[f64; 10]| x.iter().zip(&weights).map(|(x, w)| x * w).sum::<f64>() / n;
    let (me, mt) = (mean(effect), mean(&tags));
    let mut cov = 0.0;
    let mut ve = 0.0;
    let mut vt = 0.0;
    for v in 0..10 {
        let (de, dt) = (effect[v] - me, tags[v] - mt);
        cov += weights[v] * de * dt;
        ve += weights[v] * de * de;
        vt += weights[v] * dt * dt;
    }
    if ve > 0.0 && vt > 0.0 {
        cov / (ve * vt).sqrt()
    } else {
        0.0
    }
}
