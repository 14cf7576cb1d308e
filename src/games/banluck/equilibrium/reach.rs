//! The forward passes: each side's chance-free reach of every composition
//! under a profile (the dealer's per player card count), per upcard slot.

use crate::cards::NO_CHILD;

use super::game::HeadsUpGame;
use super::state::{Behaviour, HAND_SIZES};

/// The dealer's chance-free reach of every composition per player count:
/// in each slot, over the orders of its cards that start with the slot's
/// upcard (all orders without an upcard).
pub(super) fn dealer(game: &HeadsUpGame<'_>, profile: &Behaviour, reach: &mut [[f64; HAND_SIZES]]) {
    let comps = game.table.compositions();
    let n = comps.len();
    reach.iter_mut().for_each(|r| *r = [0.0; HAND_SIZES]);
    for (slot, weights) in game.deal_weights.iter().enumerate() {
        let off = slot * n;
        let reach = &mut reach[off..off + n];
        for (i, &d) in game.deal.cols.iter().enumerate() {
            let plays = !game.table.hand(d).class.is_deal_special();
            let mass = if plays {
                weights[i] * (1.0 - profile.surrender[off + d as usize])
            } else {
                0.0
            };
            reach[d as usize] = [mass; HAND_SIZES];
        }
        for size in 2..comps.max_cards() {
            for d in comps.of_size(size) {
                for block in &game.blocks {
                    let c = usize::from(block.cards);
                    let mass = reach[d as usize][c];
                    if mass == 0.0 {
                        continue;
                    }
                    let flow = mass * profile.dealer_draw(game.table, slot, d, block.cards);
                    if flow > 0.0 {
                        for &child in comps.children(d) {
                            if child != NO_CHILD {
                                reach[child as usize][c] += flow;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The player's chance-free reach of every composition, per slot (the
/// player's own cards are dealt in every order whatever the upcard).
pub(super) fn player(game: &HeadsUpGame<'_>, profile: &Behaviour, reach: &mut [f64]) {
    let comps = game.table.compositions();
    let n = comps.len();
    reach.iter_mut().for_each(|r| *r = 0.0);
    for slot in 0..game.slots {
        let off = slot * n;
        let reach = &mut reach[off..off + n];
        for d in comps.of_size(2) {
            if game.player_reachable[d as usize] {
                reach[d as usize] = crate::cards::orderings(comps.counts(d));
            }
        }
        for size in 2..game.table.rules().player.max_cards {
            for p in comps.of_size(size) {
                let mass = reach[p as usize];
                if mass == 0.0 {
                    continue;
                }
                let flow = mass * profile.player_draw(game.table, slot, p);
                if flow > 0.0 {
                    for &child in comps.children(p) {
                        if child != NO_CHILD {
                            reach[child as usize] += flow;
                        }
                    }
                }
            }
        }
    }
}
