//! A split hand's cards as counts per rank index: its total and the
//! hand one card on or one card back.

use banluck_lab::cards::RANK_COUNT;

use super::Cards;

/// A rank index's points (an ace 1).
fn points(rank: usize) -> u8 {
    match rank {
        8 => 10,
        9 => 1,
        r => r as u8 + 2,
    }
}

/// (total, soft, cards) of a hand.
pub fn total(cards: &Cards) -> (u8, bool, u8) {
    let hard: u8 = (0..RANK_COUNT).map(|r| points(r) * cards[r]).sum();
    let n = cards.iter().sum();
    if cards[9] > 0 && hard + 10 <= 21 {
        (hard + 10, true, n)
    } else {
        (hard, false, n)
    }
}

/// `cards` with one more of `rank`.
pub fn plus(cards: &Cards, rank: usize) -> Cards {
    let mut c = *cards;
    c[rank] += 1;
    c
}

/// `cards` with one fewer of `rank`.
pub fn minus(cards: &Cards, rank: usize) -> Cards {
    let mut c = *cards;
    c[rank] -= 1;
    c
}
