//! Equilibrium strategies summarised for people: frequencies per chart cell,
//! weighted by the exact probability of reaching each composition under the
//! equilibrium, and the headline reveal and surrender frequencies.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::{CompId, NO_CHILD, Rank};

use super::game::{Chance, HeadsUpGame};
use super::state::Behaviour;

/// The player's hit frequency in one chart cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerCell {
    /// The dealer's upcard (with `dealer.upcard = true` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
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
    /// The dealer's upcard (with `dealer.upcard = true` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
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
    /// The dealer's upcard (with `dealer.upcard = true` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
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

/// A player chart cell's key: upcard slot, cards, soft, total.
type PlayerKey = (usize, u8, bool, u8);
/// A dealer chart cell's key: upcard slot, cards, total, soft, player cards.
type DealerKey = (usize, u8, u8, bool, u8);

impl Frequencies {
    pub fn compute(game: &HeadsUpGame<'_>, profile: &Behaviour) -> Frequencies {
        let mut player_reach = vec![0.0; game.comps() * game.slots];
        super::reach::player(game, profile, &mut player_reach);
        let mut player_cells = BTreeMap::new();
        let mut player_compositions = Vec::new();
        let mut dealer_cells = BTreeMap::new();
        let (mut reveal_stop, mut reveal_weight) = (0.0, 0.0);
        for slot in 0..game.slots {
            let off = slot * game.comps();
            let reach = &player_reach[off..off + game.comps()];
            player_slot(
                game,
                profile,
                slot,
                reach,
                &mut player_cells,
                &mut player_compositions,
            );
            let (stop, weight) = dealer_slot(game, profile, slot, reach, &mut dealer_cells);
            reveal_stop += stop;
            reveal_weight += weight;
        }
        let upcard = |slot: usize| (game.slots > 1).then(|| Rank::new(slot).label());
        let player_chart = player_cells
            .into_iter()
            .filter(|(_, (_, w))| *w > 0.0)
            .map(|((slot, cards, soft, total), (h, w))| PlayerCell {
                upcard: upcard(slot),
                cards,
                total,
                soft,
                hit: h / w,
                probability: w,
            })
            .collect();
        let dealer_chart = dealer_cells
            .into_iter()
            .filter(|(_, s)| s[3] > 0.0)
            .map(|((slot, cards, total, soft, player_cards), s)| DealerCell {
                upcard: upcard(slot),
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
        Frequencies {
            reveal: if reveal_weight > 0.0 {
                reveal_stop / reveal_weight
            } else {
                0.0
            },
            surrender: surrender_frequency(game, profile),
            player_chart,
            player_compositions,
            dealer_chart,
        }
    }
}

/// The player's cells and compositions in one upcard slot: reach times the
/// chance of holding the hand with a dealer hand that plays on.
fn player_slot(
    game: &HeadsUpGame<'_>,
    profile: &Behaviour,
    slot: usize,
    player_reach: &[f64],
    cells: &mut BTreeMap<PlayerKey, (f64, f64)>,
    compositions: &mut Vec<PlayerComposition>,
) {
    let table = game.table;
    let comps = table.compositions();
    let chance = Chance::new(table);
    let off = slot * comps.len();
    let upcard = (game.slots > 1).then(|| Rank::new(slot).label());
    for p in 0..comps.len() as CompId {
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
                game.deal_weights[slot][j]
                    * (1.0 - profile.surrender[off + d as usize])
                    * chance.of(comps.counts(p), comps.counts(d))
            })
            .sum();
        let w = player_reach[p as usize] * plays_on;
        if game.slots > 1 && w == 0.0 {
            continue;
        }
        let hand = table.hand(p);
        let hit = profile.player_hit[off + p as usize];
        compositions.push(PlayerComposition {
            upcard,
            hand: comps.label(p),
            cards: hand.cards,
            total: hand.total,
            soft: hand.soft,
            hit,
            probability: w,
        });
        let cell = cells
            .entry((slot, hand.cards, hand.soft, hand.total))
            .or_default();
        cell.0 += w * hit;
        cell.1 += w;
    }
}

/// The dealer's cells in one upcard slot: the dealer's chance-free reach
/// times the chance of the player stopping with that many cards. Returns
/// the weight of stopping at a reveal total against 3+ cards, and the
/// weight of getting there.
fn dealer_slot(
    game: &HeadsUpGame<'_>,
    profile: &Behaviour,
    slot: usize,
    player_reach: &[f64],
    cells: &mut BTreeMap<DealerKey, [f64; 4]>,
) -> (f64, f64) {
    let table = game.table;
    let comps = table.compositions();
    let chance = Chance::new(table);
    let n = comps.len();
    let off = slot * n;
    let (mut reveal_stop, mut reveal_weight) = (0.0, 0.0);
    for block in &game.blocks {
        let c = usize::from(block.cards);
        let mut reach = vec![0.0; n];
        for (j, &d) in game.deal.cols.iter().enumerate() {
            if !table.hand(d).class.is_deal_special() {
                reach[d as usize] =
                    game.deal_weights[slot][j] * (1.0 - profile.surrender[off + d as usize]);
            }
        }
        let stopping: Vec<(CompId, f64)> = block
            .rows
            .iter()
            .map(|&p| {
                let draw = profile.player_draw(table, slot, p);
                (p, player_reach[p as usize] * (1.0 - draw))
            })
            .filter(|(_, x)| *x > 0.0)
            .collect();
        for d in comps.of_size(2).start..n as CompId {
            let mass = reach[d as usize];
            if mass == 0.0 {
                continue;
            }
            let node = table.dealer(d);
            let draw = profile.dealer_draw(table, slot, d, block.cards);
            if node.chooses[c] {
                let w: f64 = mass
                    * stopping
                        .iter()
                        .map(|&(p, x)| x * chance.of(comps.counts(p), comps.counts(d)))
                        .sum::<f64>();
                let hand = table.hand(d);
                let reveals = node.may_reveal && c >= 3;
                let cell = cells
                    .entry((slot, hand.cards, hand.total, hand.soft, block.cards))
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
    (reveal_stop, reveal_weight)
}

/// The probability that the dealer surrenders a hard 15 it is dealt, over
/// every upcard.
fn surrender_frequency(game: &HeadsUpGame<'_>, profile: &Behaviour) -> f64 {
    let table = game.table;
    let comps = table.compositions();
    let chance = Chance::new(table);
    let empty = [0u8; crate::cards::RANK_COUNT];
    let (mut surrendered, mut hard_fifteens) = (0.0, 0.0);
    for (slot, weights) in game.deal_weights.iter().enumerate() {
        for (j, &d) in game.deal.cols.iter().enumerate() {
            if table.dealer(d).may_surrender {
                let w = weights[j] * chance.of(&empty, comps.counts(d));
                surrendered += w * profile.surrender[slot * comps.len() + d as usize];
                hard_fifteens += w;
            }
        }
    }
    if hard_fifteens > 0.0 {
        surrendered / hard_fifteens
    } else {
        0.0
    }
}
