//! Suit isomorphism: two suits that the board, the cards dealt so far and
//! both ranges treat alike (exchanging them changes none of these) make
//! the same game, so a deal solves a card of one of them and obtains the
//! other's subtree by exchanging the suits in each hand.
//!
//! A card maps to the card of the same rank in the lowest suit it may be
//! exchanged with; the valid exchanges are closed under composition, so
//! that card is in no smaller exchange and is solved itself. On a monotone
//! flop with suit-symmetric ranges the three other suits are alike: of the
//! 39 off-suit turn cards, 13 are solved.

use crate::games::poker::card::Card;
use crate::games::poker::combo::{COMBOS, combo_cards, combo_index};
use crate::games::poker::range::Range;

/// The suit exchanges that leave the board and both ranges as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symmetry {
    /// `alike[a][b]`: exchanging suits `a` and `b` keeps the board and both
    /// ranges.
    alike: [[bool; 4]; 4],
}

/// `card` with suits `a` and `b` exchanged.
pub fn swap_card(card: Card, [a, b]: [u8; 2]) -> Card {
    let suit = match card.suit() {
        s if s == a => b,
        s if s == b => a,
        s => s,
    };
    Card::new(card.rank(), suit)
}

/// `mask` (a card set) with suits `a` and `b` exchanged.
pub fn swap_mask(mask: u64, swap: [u8; 2]) -> u64 {
    (0..52)
        .filter(|&i| mask & (1 << i) != 0)
        .fold(0, |out, i| out | swap_card(Card::from_index(i), swap).bit())
}

/// Combo `combo` with suits `a` and `b` exchanged.
pub fn swap_combo(combo: usize, swap: [u8; 2]) -> usize {
    let (x, y) = combo_cards(combo);
    combo_index(swap_card(x, swap), swap_card(y, swap))
}

impl Symmetry {
    /// The exchanges that keep `board_mask` and both `ranges`.
    pub fn new(board_mask: u64, ranges: &[Range; 2]) -> Symmetry {
        let mut alike = [[false; 4]; 4];
        for a in 0..4_u8 {
            for b in a + 1..4 {
                let swap = [a, b];
                let ok = swap_mask(board_mask, swap) == board_mask
                    && ranges.iter().all(|range| {
                        (0..COMBOS).all(|c| range.weight(c) == range.weight(swap_combo(c, swap)))
                    });
                alike[usize::from(a)][usize::from(b)] = ok;
                alike[usize::from(b)][usize::from(a)] = ok;
            }
        }
        Symmetry { alike }
    }

    /// The card `card` is solved as, and the exchange between them, when
    /// `dead` (the board and the cards dealt before `card`) allows it:
    /// the same rank in the lowest suit alike to `card`'s; `None` if that
    /// is `card` itself.
    pub fn image(&self, card: Card, dead: u64) -> Option<(Card, [u8; 2])> {
        let suit = card.suit();
        (0..suit).find_map(|lower| {
            let swap = [lower, suit];
            (self.alike[usize::from(lower)][usize::from(suit)] && swap_mask(dead, swap) == dead)
                .then(|| (Card::new(card.rank(), lower), swap))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::card::Board;

    fn symmetry_of(board: &str, oop: &str, ip: &str) -> (Symmetry, u64) {
        let board: Board = board.parse().unwrap();
        let ranges = [Range::parse(oop).unwrap(), Range::parse(ip).unwrap()];
        (Symmetry::new(board.mask(), &ranges), board.mask())
    }

    fn solved(symmetry: &Symmetry, dead: u64) -> usize {
        (0..52)
            .map(Card::from_index)
            .filter(|c| dead & c.bit() == 0 && symmetry.image(*c, dead).is_none())
            .count()
    }

    #[test]
    fn a_monotone_flop_solves_one_of_three_off_suits() {
        let (symmetry, dead) = symmetry_of("Th9h2h", "AA,AKs,KQo", "QQ-TT,AQs");
        // 10 hearts and 13 of the 39 other cards.
        assert_eq!(solved(&symmetry, dead), 23);
        let ks: Card = "Ks".parse().unwrap();
        assert_eq!(
            symmetry.image(ks, dead),
            Some(("Kc".parse().unwrap(), [0, 3]))
        );
        // After a club turn, diamonds and spades are still alike.
        let turn: Card = "4c".parse().unwrap();
        let dead = dead | turn.bit();
        assert_eq!(solved(&symmetry, dead), 10 + 12 + 13);
    }

    #[test]
    fn a_suited_range_or_a_two_tone_board_breaks_the_symmetry() {
        let (symmetry, dead) = symmetry_of("Th9h2h", "AsKs", "QQ");
        assert_eq!(solved(&symmetry, dead), 10 + 13 + 13);
        let (symmetry, dead) = symmetry_of("Td9d6h", "AA", "KK");
        // Clubs and spades alike: 49 cards, the 13 spades solved as clubs.
        assert_eq!(solved(&symmetry, dead), 49 - 13);
        assert_eq!(swap_combo(swap_combo(7, [1, 2]), [1, 2]), 7);
    }
}
