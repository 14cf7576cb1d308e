//! Backward induction over one seat's own hands, given what stopping at
//! each hand pays (one round's payoffs, or their mean over rounds): the
//! value of a strategy, the value of drawing at each hand, and the best
//! reply.

use crate::cards::CompId;
use crate::games::banluck::strategy::PlayerStrategy;

use super::own::OwnHands;

/// Per composition: the value of playing on from there and of drawing
/// there (both 0 where the hand cannot occur).
#[derive(Debug, Clone)]
pub struct Values {
    /// Playing on by the strategy.
    pub on: Vec<f64>,
    /// Drawing one card, then playing on.
    pub hit: Vec<f64>,
}

impl Values {
    /// Arrays for `comps` compositions.
    pub fn new(comps: usize) -> Values {
        Values {
            on: vec![0.0; comps],
            hit: vec![0.0; comps],
        }
    }
}

/// The draw probability `hit(h)` applies at hands with a choice; the rules
/// decide elsewhere.
fn draw(own: &OwnHands, h: usize, chosen: f64) -> f64 {
    if own.free[h] {
        chosen
    } else if own.stops[h] {
        0.0
    } else {
        1.0
    }
}

/// Fills `values` for the strategy `hit` (draw probability by hand) given
/// the stop payoffs `stand`, and returns the value per round.
pub fn play(
    own: &OwnHands,
    stand: &[f64],
    hit: impl Fn(CompId) -> f64,
    values: &mut Values,
) -> f64 {
    for &h in own.hands.iter().rev() {
        let i = h as usize;
        let p = draw(own, i, hit(h));
        let drawn: f64 = own.draws[i]
            .iter()
            .map(|&(c, q)| q * values.on[c as usize])
            .sum();
        values.hit[i] = drawn;
        values.on[i] = if p > 0.0 {
            (1.0 - p) * stand[i] + p * drawn
        } else {
            stand[i]
        };
    }
    own.start_probability
        .iter()
        .map(|&(id, p)| p * values.on[id as usize])
        .sum()
}

/// The best reply to the stop payoffs `stand`: hit where drawing is worth
/// more than standing; hands no round reaches (`seen` false) keep `given`.
pub fn best_reply(
    own: &OwnHands,
    stand: &[f64],
    seen: &[bool],
    given: &PlayerStrategy,
) -> PlayerStrategy {
    let mut reply = given.clone();
    let mut on = vec![0.0; stand.len()];
    for &h in own.hands.iter().rev() {
        let i = h as usize;
        let drawn: f64 = own.draws[i].iter().map(|&(c, q)| q * on[c as usize]).sum();
        let p = if own.free[i] && seen[i] {
            let p = if drawn > stand[i] { 1.0 } else { 0.0 };
            reply.set_hit(h, None, p);
            p
        } else {
            draw(own, i, given.hit_probability(h, None))
        };
        on[i] = (1.0 - p) * stand[i] + p * drawn;
    }
    reply
}
