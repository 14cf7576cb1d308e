//! The game one deal at a time, for Monte Carlo CFR: two hands are dealt
//! together unless they share a card (each pair with the product of its
//! weights, as in the vector form); each card dealt below the root is then
//! drawn uniformly from the cards that neither the board, the cards dealt
//! before it nor the two hands hold; a terminal pays the fold amount or
//! the showdown on its board ([`PokerGame::pair_payoff`]).
//!
//! For two hands without a shared card, `1 / (cards left − 4)` is both the
//! chance of a card they do not hold and the tree's chance weight, so the
//! [`SampledGame`] contract with the terminal values holds with the same
//! numbers on both sides. A deal that lists only one card of each class
//! of alike cards (suit isomorphism) breaks it: such a game is solved
//! full width ([`super::solve::solve_sampled`] refuses it).

use crate::cfr::vector::SampledGame;

use super::poker_game::PokerGame;
use super::street::Payoff;
use super::tree::NodeKind;

impl PokerGame {
    /// The cards that the hands `hands` (`[OOP's, IP's]`) hold, as a card
    /// set.
    fn held(&self, hands: [usize; 2]) -> u64 {
        self.hand_mask(0, hands[0]) | self.hand_mask(1, hands[1])
    }

    /// What OOP wins (zero-sum units) at terminal `node` when OOP holds
    /// hand `oop` and IP hand `ip`; `None` at other nodes, or when the
    /// hands share a card or one holds a card dealt on the way.
    pub fn pair_payoff(&self, node: usize, oop: usize, ip: usize) -> Option<f64> {
        let (mine, theirs) = (&self.hands[0], &self.hands[1]);
        let dead = self.tree.nodes[node].dead();
        let ip_mask = self.hand_mask(1, ip);
        if mine.holds(oop, ip_mask | dead) || theirs.holds(ip, dead) {
            return None;
        }
        match self.payoffs[node]? {
            Payoff::Fold { folder, amount, .. } => Some(if folder == 0 { -amount } else { amount }),
            Payoff::Showdown { amount, board } => {
                let [first, second] = self.orders[board].as_ref()?;
                let ordering = first.by_hand[oop].cmp(&second.by_hand[ip]);
                Some(amount * f64::from(ordering as i8))
            }
        }
    }
}

impl SampledGame for PokerGame {
    fn deal_factor(&self, hands: [usize; 2]) -> f64 {
        if self.held(hands).count_ones() == 4 {
            1.0
        } else {
            0.0
        }
    }

    fn chance_probability(&self, node: usize, outcome: usize, hands: [usize; 2]) -> f64 {
        let NodeKind::Chance { cards, .. } = &self.tree.nodes[node].kind else {
            return 0.0;
        };
        let held = self.held(hands);
        if held & cards[outcome].bit() != 0 {
            return 0.0;
        }
        // The hands hold no board card nor any card dealt before, so every
        // held card is among the cards dealt here; for hands without a
        // shared card this is the tree's weight `1 / (cards left − 4)`,
        // bit for bit.
        1.0 / (cards.len() - held.count_ones() as usize) as f64
    }

    fn payoff(&self, node: usize, hands: [usize; 2]) -> f64 {
        self.pair_payoff(node, hands[0], hands[1]).unwrap_or(0.0)
    }
}
