//! Under ENHC OBO the engine values a split given no dealer natural, while
//! the oracle plays the whole round; the tests that compare them under OBO
//! convert with the chance of a natural.

use banluck_lab::cards::RANK_COUNT;

/// The chance that the dealer's second card makes a natural with `up`
/// once the pair and the upcard are out of `cards` (rank indices: ten 8,
/// ace 9).
pub fn natural_chance(cards: &[u8; RANK_COUNT], pair: usize, up: usize) -> f64 {
    let mut left = *cards;
    left[pair] -= 2;
    left[up] -= 1;
    let n: f64 = left.iter().map(|&c| f64::from(c)).sum();
    match up {
        8 => f64::from(left[9]) / n,
        9 => f64::from(left[8]) / n,
        _ => 0.0,
    }
}

/// The whole round's value under OBO of a split the engine values at
/// `engine` given no natural: the natural takes one unit, else the split
/// plays.
pub fn obo_round_value(engine: f64, cards: &[u8; RANK_COUNT], pair: usize, up: usize) -> f64 {
    let q = natural_chance(cards, pair, up);
    -q + (1.0 - q) * engine
}
