//! The strength order of every combo on one river board, computed once per
//! board: what a linear-time showdown evaluation sweeps over.

use super::card::{Board, Card};
use super::combo::{COMBOS, combo_cards, combo_mask};
use super::eval::{Hand, Strength};

/// The combos that do not touch a river board, weakest first, with their
/// strengths.
#[derive(Debug, Clone)]
pub struct RiverRanking {
    /// Combo indices sorted by strength, weakest first (ties in combo order).
    order: Vec<u16>,
    /// Strength of each combo; `None` for combos that touch the board.
    strengths: Vec<Option<Strength>>,
}

impl RiverRanking {
    /// Ranks the 1081 combos that do not touch `board` (which must have five
    /// cards; `None` otherwise).
    pub fn new(board: &Board) -> Option<RiverRanking> {
        let cards: &[Card; 5] = board.cards().try_into().ok()?;
        Some(RiverRanking::of_cards(cards))
    }

    /// Ranks the combos that do not touch the five distinct `cards` (a
    /// turn board and a river card, say).
    pub fn of_cards(cards: &[Card; 5]) -> RiverRanking {
        let base = cards
            .iter()
            .fold(Hand::default(), |hand, &card| hand.with(card));
        let board_mask = cards.iter().fold(0, |mask, card| mask | card.bit());
        let strengths: Vec<Option<Strength>> = (0..COMBOS)
            .map(|index| {
                (combo_mask(index) & board_mask == 0).then(|| {
                    let (a, b) = combo_cards(index);
                    base.with(a).with(b).strength()
                })
            })
            .collect();
        let mut order: Vec<u16> = (0..COMBOS as u16)
            .filter(|&i| strengths[i as usize].is_some())
            .collect();
        order.sort_by_key(|&i| (strengths[i as usize], i));
        RiverRanking { order, strengths }
    }

    /// The live combos, weakest first.
    pub fn order(&self) -> &[u16] {
        &self.order
    }

    /// The strength of combo `index` on this board (`None` if it touches the board).
    pub fn strength(&self, index: usize) -> Option<Strength> {
        self.strengths[index]
    }

    /// Each live combo's place in the order with ties sharing a place:
    /// 0 for the weakest hands, and higher ranks beat lower ones.
    pub fn dense_ranks(&self) -> Vec<Option<u32>> {
        let mut ranks = vec![None; COMBOS];
        let mut rank = 0;
        let mut last = None;
        for &index in &self.order {
            let strength = self.strengths[index as usize];
            if last.is_some() && strength != last {
                rank += 1;
            }
            last = strength;
            ranks[index as usize] = Some(rank);
        }
        ranks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::combo::combo_index;

    fn combo(text: &str) -> usize {
        combo_index(text[0..2].parse().unwrap(), text[2..4].parse().unwrap())
    }

    #[test]
    fn the_river_order_on_a_dry_board() {
        let board: Board = "Ks8h5d3c2h".parse().unwrap();
        let ranking = RiverRanking::new(&board).unwrap();
        assert_eq!(ranking.order().len(), 1081);
        let ranks = ranking.dense_ranks();
        let best = *ranking.order().last().unwrap() as usize;
        // The nuts: 4-6 makes the six-high straight (no flush is possible).
        let (a, b) = combo_cards(best);
        assert_eq!((a.rank().min(b.rank()), a.rank().max(b.rank())), (2, 4));
        assert!(ranks[combo("KdKc")] > ranks[combo("8s8d")]);
        assert!(ranks[combo("8s8d")] > ranks[combo("AsKd")]);
        assert_eq!(ranks[combo("AsKd")], ranks[combo("AcKh")]);
        assert!(ranks[combo("AsKd")] > ranks[combo("KdQc")]);
        assert_eq!(ranking.strength(combo("KsKd")), None);
        assert!(RiverRanking::new(&"Ks8h5d".parse().unwrap()).is_none());
    }
}
