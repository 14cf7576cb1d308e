//! The river game one deal at a time, for Monte Carlo CFR: two hands are
//! dealt together unless they share a card (each pair with the product of
//! its weights, as in the vector form), there is no public chance, and a
//! terminal pays the fold amount or the showdown to the better hand.

use crate::cfr::vector::SampledGame;

use super::game::RiverGame;
use super::street::Payoff;

impl SampledGame for RiverGame {
    fn deal_factor(&self, hands: [usize; 2]) -> f64 {
        let [a, b] = self.hands[0].cards[hands[0]];
        let other = self.hands[1].cards[hands[1]];
        if other.contains(&a) || other.contains(&b) {
            0.0
        } else {
            1.0
        }
    }

    fn payoff(&self, node: usize, hands: [usize; 2]) -> f64 {
        match self.payoffs[node] {
            Some(Payoff::Fold { folder, amount, .. }) => {
                if folder == 0 {
                    -amount
                } else {
                    amount
                }
            }
            Some(Payoff::Showdown { amount, .. }) => {
                let [orders] = &self.orders;
                let orders = orders
                    .as_ref()
                    .expect("a river game orders its board's hands");
                let [mine, theirs] = [0, 1].map(|p| orders[p].by_hand[hands[p]]);
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => amount,
                    std::cmp::Ordering::Less => -amount,
                    std::cmp::Ordering::Equal => 0.0,
                }
            }
            None => 0.0,
        }
    }
}
