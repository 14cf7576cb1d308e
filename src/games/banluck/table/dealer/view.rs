//! One round of seats seen from the dealer: for every dealer hand class,
//! what standing there gains against the open seats (all of them, and the
//! 3+-card ones a reveal settles); what the settled seats gain at each
//! two-card start; and the dealer's Ban Ban and Ban Luck starts, which
//! settle every seat at once.

use super::key::SeatKey;
use super::nodes::DealerNodes;
use super::seats::SeatRound;
use crate::games::banluck::rules::{CompiledRules, HandClass};

/// The dealer's gains in one round, per dealer class or start.
pub struct RoundView {
    /// The seats' key.
    pub key: SeatKey,
    /// Dealer's gain from settling every open seat, per dealer class key.
    pub all: [f64; HandClass::KEYS],
    /// Dealer's gain from settling the open 3+-card seats, per class key.
    pub three: [f64; HandClass::KEYS],
    /// Per start in `DealerNodes::starts`: the settled seats' total gain,
    /// times the probability of one order of drawing that start.
    pub closed: Vec<f64>,
    /// The dealer's Ban Ban and Ban Luck starts: their gain over every
    /// seat, weighted by the probability of drawing them.
    pub special: f64,
    /// Probability that the dealer's two cards are any start (one).
    pub start_probability: f64,
}

impl RoundView {
    /// The view of `round`'s first `players` seats, with `weights` the
    /// dealer's one-order draw probabilities (`DealerNodes::order_weights`).
    pub fn new(
        table: &CompiledRules,
        nodes: &DealerNodes,
        round: &SeatRound,
        players: usize,
        weights: &[f64],
    ) -> RoundView {
        let seats = &round.seats[..players];
        let mut all = [0.0; HandClass::KEYS];
        let mut three = [0.0; HandClass::KEYS];
        for seat in seats.iter().filter(|s| s.open) {
            let row = table.payoff_row(table.hand(seat.hand).class);
            for (d, &payoff) in row.iter().enumerate() {
                all[d] -= payoff;
                if seat.cards >= 3 {
                    three[d] -= payoff;
                }
            }
        }
        let settled_gain = |dealer| -> f64 {
            seats
                .iter()
                .filter(|s| !s.open)
                .map(|s| match table.deal_special(s.start, dealer) {
                    Some(value) if table.hand(s.start).class.is_deal_special() => -value,
                    _ => -table.payoff(s.hand, dealer),
                })
                .sum()
        };
        let closed = nodes
            .starts
            .iter()
            .map(|&start| weights[start as usize] * settled_gain(start))
            .collect();
        let mut special = 0.0;
        let mut start_probability = 0.0;
        for &start in &nodes.special_starts {
            let p = nodes.orders[start as usize] * weights[start as usize];
            start_probability += p;
            let gain: f64 = seats
                .iter()
                .map(|s| -table.deal_special(s.start, start).unwrap_or(0.0))
                .sum();
            special += p * gain;
        }
        for &start in &nodes.starts {
            start_probability += nodes.orders[start as usize] * weights[start as usize];
        }
        RoundView {
            key: round.key(players),
            all,
            three,
            closed,
            special,
            start_probability,
        }
    }
}
