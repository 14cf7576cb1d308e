//! The reduced shoe the split tests deal from.

use banluck_lab::cards::RANK_COUNT;

use super::Cards;

/// The reduced shoe of the split tests (rank indices: 2..9 are 0..7, ten
/// 8, ace 9). Twenty cards: ten tens, five eights, three aces, a nine and a
/// two. They hold 154 hard points, more than four split hands (30 each at
/// most: a hand hits only below 21) and the dealer (26) can take, so the
/// shoe never runs out; five eights allow four hands, three aces three.
pub fn shoe() -> Cards {
    let mut c = [0; RANK_COUNT];
    c[8] = 10;
    c[6] = 5;
    c[9] = 3;
    c[7] = 1;
    c[0] = 1;
    c
}

/// Every (pair, upcard) the reduced shoe can deal.
pub fn cases() -> Vec<(usize, usize)> {
    let cards = shoe();
    let mut out = Vec::new();
    for pair in [6, 9, 8] {
        for up in [0, 6, 7, 8, 9] {
            if cards[pair] >= 2 + u8::from(pair == up) && cards[up] >= 1 {
                out.push((pair, up));
            }
        }
    }
    out
}
