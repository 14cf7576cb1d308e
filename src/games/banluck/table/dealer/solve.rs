//! The dealer's best response for one seat key: the dealer's draws are
//! integrated exactly over the deck left by each round's seats, the seats'
//! hands enter through the rounds given (sampled, or enumerated exactly
//! with their probabilities), and backward induction over the dealer's
//! compositions picks the action with the larger sum at every information
//! set (composition × seat key, before or after a reveal).
//!
//! The sums are unnormalised: each round adds its weight times the
//! probability of one fixed order of drawing the dealer's composition
//! times the gain. Given the seats, the dealer's draws have a probability
//! that depends only on the multiset drawn, and no seat reacts to them, so
//! the dealer's posterior at a composition does not depend on the order it
//! drew its cards in: "hit" is worth the sum over the children of their
//! values, and comparing sums compares the conditional expectations.

use super::key::SeatKey;
use super::nodes::DealerNodes;
use super::policy::{HIT, REVEAL, STAND};
use super::seats::SeatRound;
use super::view::RoundView;
use crate::games::banluck::rules::CompiledRules;

/// A key's sums over its rounds.
pub(super) struct KeySums {
    /// Sum of the rounds' weights.
    pub weight: f64,
    /// Per composition: the gain from standing against every open seat.
    all: Vec<f64>,
    /// Per composition: the gain from settling the open 3+-card seats.
    three: Vec<f64>,
    /// Per start: the settled seats' gain.
    pub closed: Vec<f64>,
    /// The dealer's Ban Ban and Ban Luck starts' gain.
    pub special: f64,
}

impl KeySums {
    /// Adds up `rounds` (all of one key) of `players` seats.
    pub fn add_up(
        table: &CompiledRules,
        nodes: &DealerNodes,
        rounds: &[&SeatRound],
        players: usize,
    ) -> KeySums {
        let comps = nodes.moves.len();
        let mut sums = KeySums {
            weight: 0.0,
            all: vec![0.0; comps],
            three: vec![0.0; comps],
            closed: vec![0.0; nodes.starts.len()],
            special: 0.0,
        };
        let mut weights = vec![0.0; comps];
        for round in rounds {
            nodes.order_weights(&round.removed(table, players), &mut weights);
            let view = RoundView::new(table, nodes, round, players, &weights);
            let w = round.weight;
            sums.weight += w;
            sums.special += w * view.special;
            for (sum, gain) in sums.closed.iter_mut().zip(&view.closed) {
                *sum += w * gain;
            }
            for &id in &nodes.reachable {
                let i = id as usize;
                let m = w * weights[i];
                let class = usize::from(nodes.class[i]);
                sums.all[i] += m * view.all[class];
                sums.three[i] += m * view.three[class];
            }
        }
        sums
    }
}

/// A key's best response: its actions and what playing on is worth at
/// each start.
pub(super) struct KeyChoice {
    /// The seat key.
    pub key: SeatKey,
    /// Actions before a reveal.
    pub before: Vec<u8>,
    /// Actions after a reveal.
    pub after: Vec<u8>,
    /// Per start: the settled seats' gain plus the best play's value.
    pub play: Vec<f64>,
}

/// The option with the larger value; the first listed wins unless another
/// is larger beyond rounding.
fn best(options: &[(u8, f64)]) -> (u8, f64) {
    let mut chosen = options[0];
    for &(action, value) in &options[1..] {
        if value > chosen.1 + 1e-12 * (value.abs() + chosen.1.abs()) {
            chosen = (action, value);
        }
    }
    chosen
}

/// Backward induction over the dealer's compositions for one key, with the
/// reveal allowed or not.
pub(super) fn best_response(
    nodes: &DealerNodes,
    key: SeatKey,
    sums: &KeySums,
    reveal: bool,
) -> KeyChoice {
    let comps = nodes.moves.len();
    let (mut before, mut after) = (vec![STAND; comps], vec![STAND; comps]);
    let (mut value_before, mut value_after) = (vec![0.0; comps], vec![0.0; comps]);
    let can_reveal = reveal && key.open_three_plus() > 0;
    for &id in nodes.reachable.iter().rev() {
        let i = id as usize;
        let moves = nodes.moves[i];
        let (hit_before, hit_after) = nodes.children[i].iter().fold((0.0, 0.0), |(a, b), &c| {
            (a + value_before[c as usize], b + value_after[c as usize])
        });
        let rule = if moves.hit && (moves.rule_hits || !moves.stand) {
            HIT
        } else {
            STAND
        };
        let option = |action: u8, stand: f64, hit: f64| match action {
            HIT => (HIT, hit),
            _ => (STAND, stand),
        };
        let stand_after = sums.all[i] - sums.three[i];
        let mut options = vec![option(rule, stand_after, hit_after)];
        if moves.stand && moves.hit {
            options.push(option(HIT + STAND - rule, stand_after, hit_after));
        }
        (after[i], value_after[i]) = best(&options);
        options = vec![option(rule, sums.all[i], hit_before)];
        if moves.stand && moves.hit {
            options.push(option(HIT + STAND - rule, sums.all[i], hit_before));
        }
        if can_reveal && moves.reveal {
            options.push((REVEAL, sums.three[i] + value_after[i]));
        }
        (before[i], value_before[i]) = best(&options);
    }
    let play = nodes
        .starts
        .iter()
        .zip(&sums.closed)
        .map(|(&start, closed)| closed + value_before[start as usize])
        .collect();
    KeyChoice {
        key,
        before,
        after,
        play,
    }
}
