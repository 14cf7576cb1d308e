//! The 1326 two-card combos and their fixed order.
//!
//! Combo `(low, high)` with card numbers `low < high` (see [`super::card`])
//! has index `high × (high − 1) / 2 + low`: index 0 is `2d2c`, index 1325
//! is `AsAh`. Every range and every per-hand array of the poker family uses
//! this order.

use super::card::Card;

/// The number of two-card combos.
pub const COMBOS: usize = 1326;

/// The index of the combo made of two different cards (in either order).
pub fn combo_index(a: Card, b: Card) -> usize {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let high = high.index() as usize;
    high * (high - 1) / 2 + low.index() as usize
}

/// The two cards (lower numbered first) of combo `index` (0..1326).
pub fn combo_cards(index: usize) -> (Card, Card) {
    let (low, high) = COMBO_CARDS[index];
    (Card::from_index(low), Card::from_index(high))
}

/// The combo's two cards as a 52-bit card set.
pub fn combo_mask(index: usize) -> u64 {
    let (low, high) = COMBO_CARDS[index];
    (1 << low) | (1 << high)
}

/// The card numbers of every combo, in index order.
static COMBO_CARDS: [(u8, u8); COMBOS] = {
    let mut table = [(0u8, 0u8); COMBOS];
    let mut high = 1;
    let mut index = 0;
    while high < 52 {
        let mut low = 0;
        while low < high {
            table[index] = (low as u8, high as u8);
            index += 1;
            low += 1;
        }
        high += 1;
    }
    table
};

/// The combo written as its two cards, higher card first (`AsKd`).
pub fn combo_name(index: usize) -> String {
    let (low, high) = combo_cards(index);
    format!("{high}{low}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_cards_are_inverse() {
        for index in 0..COMBOS {
            let (low, high) = combo_cards(index);
            assert!(low < high);
            assert_eq!(combo_index(low, high), index);
            assert_eq!(combo_index(high, low), index);
            assert_eq!(combo_mask(index).count_ones(), 2);
        }
        assert_eq!(combo_name(0), "2d2c");
        assert_eq!(combo_name(COMBOS - 1), "AsAh");
    }
}
