//! The turn game one deal at a time, for Monte Carlo CFR: two hands are
//! dealt together unless they share a card (each pair with the product of
//! its weights, as in the vector form); the river card is then drawn
//! uniformly from the cards that neither the board nor the two hands hold;
//! a terminal pays the fold amount or the showdown on the board that its
//! river card completes ([`TurnGame::pair_payoff`]).
//!
//! For two hands without a shared card, `1 / (cards left − 4)` is both the
//! chance of a river card they do not hold and the tree's chance weight,
//! so the [`SampledGame`] contract with the terminal values holds with the
//! same numbers on both sides.

use crate::cfr::vector::SampledGame;

use super::game::TurnGame;
use super::tree::TurnKind;

impl TurnGame {
    /// The cards that the hands `hands` (`[OOP's, IP's]`) hold, as a card
    /// set.
    fn held(&self, hands: [usize; 2]) -> u64 {
        self.hand_mask(0, hands[0]) | self.hand_mask(1, hands[1])
    }
}

impl SampledGame for TurnGame {
    fn deal_factor(&self, hands: [usize; 2]) -> f64 {
        if self.held(hands).count_ones() == 4 {
            1.0
        } else {
            0.0
        }
    }

    fn chance_probability(&self, node: usize, outcome: usize, hands: [usize; 2]) -> f64 {
        let TurnKind::Chance { cards, .. } = &self.turn_tree().nodes[node].kind else {
            return 0.0;
        };
        let held = self.held(hands);
        if held & cards[outcome].bit() != 0 {
            return 0.0;
        }
        // The hands hold no board card, so every held card is among the
        // cards dealt here; for hands without a shared card this is the
        // tree's weight `1 / (cards left − 4)`, bit for bit.
        1.0 / (cards.len() - held.count_ones() as usize) as f64
    }

    fn payoff(&self, node: usize, hands: [usize; 2]) -> f64 {
        self.pair_payoff(node, hands[0], hands[1]).unwrap_or(0.0)
    }
}
