//! Equilibrium strategies summarised for people: frequencies per chart cell,
//! weighted by the exact probability of reaching each composition under the
//! equilibrium, and the headline reveal and surrender frequencies.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::{CompId, NO_CHILD, orderings};

use super::game::{Chance, VectorGame};
use super::state::Profile;

/// The player's hit frequency in one chart cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerCell {
    /// Cards held.
    pub cards: u8,
    /// Total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// Probability of hitting, over the cell's compositions as reached.
    pub hit: f64,
    /// Probability of being in this cell with the hand playing on.
    pub probability: f64,
}

/// The player's hit frequency with one composition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerComposition {
    /// The hand, ranks high to low (`T` is any ten-value card).
    pub hand: String,
    /// Cards held.
    pub cards: u8,
    /// Total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// Probability of hitting.
    pub hit: f64,
    /// Probability of holding it with the hand playing on.
    pub probability: f64,
}

/// The dealer's frequencies in one chart cell against one player count.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealerCell {
    /// Cards the dealer holds.
    pub cards: u8,
    /// The dealer's total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// Cards the player holds.
    pub player_cards: u8,
    /// Probability of drawing.
    pub hit: f64,
    /// Probability of stopping by revealing (3+-card players at a reveal
    /// total; heads-up this is the same as standing).
    pub reveal: f64,
    /// Probability of standing.
    pub stand: f64,
    /// Probability of reaching this cell.
    pub probability: f64,
}

pub(crate) struct Frequencies {
    pub reveal: f64,
    pub surrender: f64,
    pub player_chart: Vec<PlayerCell>,
    pub player_compositions: Vec<PlayerComposition>,
    pub dealer_chart: Vec<DealerCell>,
}

impl Frequencies {
    pub fn compute(game: &VectorGame<'_>, profile: &Profile) -> Frequencies {
        let table = game.table;
        let comps = table.compositions();
        let chance = Chance::new(table);
        let n = comps.len();
        let hit = |p: CompId| profile.player_draw(table, p);
        // The player's chance-free reach.
        let mut player_reach = vec![0.0; n];
        for p in comps.of_size(2) {
            if game.player_reachable[p as usize] {
                player_reach[p as usize] = orderings(comps.counts(p));
            }
        }
        for p in 0..n as CompId {
            let flow = player_reach[p as usize] * hit(p);
            if flow > 0.0 && comps.size(p) >= 2 {
                for &child in comps.children(p) {
                    if child != NO_CHILD {
                        player_reach[child as usize] += flow;
                    }
                }
            }
        }
        // Player cells: reach times the chance of holding the hand with a
        // dealer hand that plays on.
        let mut player_cells: BTreeMap<(u8, bool, u8), (f64, f64)> = BTreeMap::new();
        let mut player_compositions = Vec::new();
        for p in 0..n as CompId {
            if !game.player_choice[p as usize] || player_reach[p as usize] == 0.0 {
                continue;
            }
            let plays_on: f64 = game
                .deal
                .cols
                .iter()
                .enumerate()
                .filter(|(_, d)| !table.hand(**d).class.is_deal_special())
                .map(|(j, &d)| {
                    game.deal_orderings[j]
                        * (1.0 - profile.surrender[d as usize])
                        * chance.of(comps.counts(p), comps.counts(d))
                })
                .sum();
            let w = player_reach[p as usize] * plays_on;
            let hand = table.hand(p);
            player_compositions.push(PlayerComposition {
                hand: comps.label(p),
                cards: hand.cards,
                total: hand.total,
                soft: hand.soft,
                hit: profile.player_hit[p as usize],
                probability: w,
            });
            let cell = player_cells
                .entry((hand.cards, hand.soft, hand.total))
                .or_default();
            cell.0 += w * profile.player_hit[p as usize];
            cell.1 += w;
        }
        let player_chart = player_cells
            .into_iter()
            .filter(|(_, (_, w))| *w > 0.0)
            .map(|((cards, soft, total), (h, w))| PlayerCell {
                cards,
                total,
                soft,
                hit: h / w,
                probability: w,
            })
            .collect();

        // Dealer cells: the dealer's chance-free reach times the chance of
        // the player stopping with that many cards.
        let mut dealer_cells: BTreeMap<(u8, u8, bool, u8), [f64; 4]> = BTreeMap::new();
        let (mut reveal_stop, mut reveal_weight) = (0.0, 0.0);
        for block in &game.blocks {
            let c = usize::from(block.cards);
            let mut reach = vec![0.0; n];
            for (j, &d) in game.deal.cols.iter().enumerate() {
                if !table.hand(d).class.is_deal_special() {
                    reach[d as usize] =
                        game.deal_orderings[j] * (1.0 - profile.surrender[d as usize]);
                }
            }
            let stopping: Vec<(CompId, f64)> = block
                .rows
                .iter()
                .map(|&p| (p, player_reach[p as usize] * (1.0 - hit(p))))
                .filter(|(_, x)| *x > 0.0)
                .collect();
            for d in comps.of_size(2).start..n as CompId {
                let mass = reach[d as usize];
                if mass == 0.0 {
                    continue;
                }
                let node = table.dealer(d);
                let draw = profile.dealer_draw(table, d, block.cards);
                if node.chooses[c] {
                    let w: f64 = mass
                        * stopping
                            .iter()
                            .map(|&(p, x)| x * chance.of(comps.counts(p), comps.counts(d)))
                            .sum::<f64>();
                    let hand = table.hand(d);
                    let reveals = node.may_reveal && c >= 3;
                    let cell = dealer_cells
                        .entry((hand.cards, hand.total, hand.soft, block.cards))
                        .or_default();
                    cell[0] += w * draw;
                    if reveals {
                        cell[1] += w * (1.0 - draw);
                        reveal_stop += w * (1.0 - draw);
                        reveal_weight += w;
                    } else {
                        cell[2] += w * (1.0 - draw);
                    }
                    cell[3] += w;
                }
                if draw > 0.0 {
                    for &child in comps.children(d) {
                        if child != NO_CHILD {
                            reach[child as usize] += mass * draw;
                        }
                    }
                }
            }
        }
        let dealer_chart = dealer_cells
            .into_iter()
            .filter(|(_, s)| s[3] > 0.0)
            .map(|((cards, total, soft, player_cards), s)| DealerCell {
                cards,
                total,
                soft,
                player_cards,
                hit: s[0] / s[3],
                reveal: s[1] / s[3],
                stand: s[2] / s[3],
                probability: s[3],
            })
            .collect();

        let empty = [0u8; crate::cards::RANK_COUNT];
        let (mut surrendered, mut hard_fifteens) = (0.0, 0.0);
        for (j, &d) in game.deal.cols.iter().enumerate() {
            if table.dealer(d).may_surrender {
                let w = game.deal_orderings[j] * chance.of(&empty, comps.counts(d));
                surrendered += w * profile.surrender[d as usize];
                hard_fifteens += w;
            }
        }
        Frequencies {
            reveal: if reveal_weight > 0.0 {
                reveal_stop / reveal_weight
            } else {
                0.0
            },
            surrender: if hard_fifteens > 0.0 {
                surrendered / hard_fifteens
            } else {
                0.0
            },
            player_chart,
            player_compositions,
            dealer_chart,
        }
    }
}
