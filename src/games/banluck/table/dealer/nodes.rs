//! The dealer's compositions as the table dealer meets them: the two-card
//! starts, every composition it can reach by drawing, what the rules let it
//! do at each, and the probability of one ordered draw of each composition
//! from a deck with the seats' cards removed.

use crate::cards::{CompId, Counts, NO_CHILD, RANK_COUNT, Rank, orderings};
use crate::games::banluck::rules::{CompiledRules, DrawChoice, MAX_HAND_CARDS};

/// What the dealer may do at one composition.
#[derive(Debug, Clone, Copy, Default)]
pub struct Moves {
    /// It may stop and settle every open seat.
    pub stand: bool,
    /// It may draw.
    pub hit: bool,
    /// It may reveal (settle the 3+-card seats) here.
    pub reveal: bool,
    /// The house rule of `[dealer.fixed]` draws here (reveal aside).
    pub rule_hits: bool,
}

/// The dealer's compositions, compiled once per rule set.
#[derive(Debug, Clone)]
pub struct DealerNodes {
    /// Every composition the dealer can hold after a non-special two-card
    /// start, in order of size (the backward passes walk it in reverse).
    pub reachable: Vec<CompId>,
    /// The two-card starts that play on (neither Ban Ban nor Ban Luck).
    pub starts: Vec<CompId>,
    /// The dealer's Ban Ban and Ban Luck starts.
    pub special_starts: Vec<CompId>,
    /// Per composition: its class key (see `HandClass::key`).
    pub class: Vec<u8>,
    /// Per composition: the dealer's moves.
    pub moves: Vec<Moves>,
    /// Per composition: its children the dealer can draw to.
    pub children: Vec<Vec<CompId>>,
    /// Per composition: the orders of drawing it (1 or 2 for two cards).
    pub orders: Vec<f64>,
    /// Per composition: a two-card hard 15 the rules let the dealer
    /// surrender.
    pub may_surrender: Vec<bool>,
    /// Per composition of 1+ cards: the composition without its highest
    /// rank, and that rank (the last draw of one fixed order).
    parent: Vec<Parent>,
    /// Cards per rank in the full deck.
    deck: [u32; RANK_COUNT],
    /// Whether draws are with replacement.
    infinite: bool,
}

impl DealerNodes {
    /// Compiles the dealer's compositions of `table`.
    pub fn new(table: &CompiledRules) -> DealerNodes {
        let index = table.compositions();
        let comps = index.len();
        let free = table.rules().dealer.draw_choice == DrawChoice::Free;
        let class: Vec<u8> = (0..comps as CompId)
            .map(|id| table.hand(id).class.key() as u8)
            .collect();
        let moves: Vec<Moves> = (0..comps as CompId)
            .map(|id| {
                let node = table.dealer(id);
                let open = !node.must_stand && !node.must_hit;
                Moves {
                    stand: node.must_stand || (open && (free || !node.rule_hits)),
                    hit: !node.must_stand && (node.must_hit || (open && (free || node.rule_hits))),
                    reveal: node.may_reveal,
                    rule_hits: node.rule_hits,
                }
            })
            .collect();
        let two = index.of_size(2);
        let (starts, special_starts): (Vec<CompId>, Vec<CompId>) =
            two.partition(|&id| !table.hand(id).class.is_deal_special());
        let mut seen = vec![false; comps];
        for &id in &starts {
            seen[id as usize] = true;
        }
        let mut children = vec![Vec::new(); comps];
        for size in 2..MAX_HAND_CARDS {
            for id in index.of_size(size) {
                if !seen[id as usize] || !moves[id as usize].hit {
                    continue;
                }
                for &child in index.children(id) {
                    if child != NO_CHILD {
                        seen[child as usize] = true;
                        children[id as usize].push(child);
                    }
                }
            }
        }
        let reachable = (0..comps as CompId)
            .filter(|&id| seen[id as usize])
            .collect();
        let parent = (0..comps as CompId)
            .map(|id| {
                let counts = index.counts(id);
                match (0..RANK_COUNT).rev().find(|&r| counts[r] > 0) {
                    None => Parent {
                        id: 0,
                        rank: 0,
                        held: 0,
                        size: 0,
                    },
                    Some(rank) => {
                        let mut less: Counts = *counts;
                        less[rank] -= 1;
                        Parent {
                            id: index.find(&less).expect("a sub-hand is indexed"),
                            rank: rank as u8,
                            held: less[rank],
                            size: index.size(id) - 1,
                        }
                    }
                }
            })
            .collect();
        let orders = (0..comps as CompId)
            .map(|id| orderings(index.counts(id)))
            .collect();
        let deck = table.deck();
        let may_surrender = (0..comps as CompId)
            .map(|id| table.dealer(id).may_surrender)
            .collect();
        DealerNodes {
            may_surrender,
            reachable,
            starts,
            special_starts,
            class,
            moves,
            children,
            orders,
            parent,
            deck: std::array::from_fn(|r| deck.count(Rank::new(r))),
            infinite: deck.is_infinite(),
        }
    }

    /// Fills `weights[c]` with the probability of one fixed ordered draw of
    /// composition `c` from the deck less `removed` (the seats' cards), for
    /// every composition `c` (`weights` has one slot per composition).
    pub fn order_weights(&self, removed: &Counts, weights: &mut [f64]) {
        let (left, total) = if self.infinite {
            let left: [f64; RANK_COUNT] = std::array::from_fn(|r| f64::from(self.deck[r]));
            (left, left.iter().sum::<f64>())
        } else {
            let left: [f64; RANK_COUNT] =
                std::array::from_fn(|r| f64::from(self.deck[r]) - f64::from(removed[r]));
            (left, left.iter().sum::<f64>())
        };
        let inverse: [f64; MAX_HAND_CARDS as usize] = std::array::from_fn(|drawn| {
            let rest = if self.infinite {
                total
            } else {
                total - drawn as f64
            };
            if rest > 0.0 { 1.0 / rest } else { 0.0 }
        });
        weights[0] = 1.0;
        for id in 1..weights.len() {
            let Parent {
                id: parent,
                rank,
                held,
                size,
            } = self.parent[id];
            let held = if self.infinite { 0.0 } else { f64::from(held) };
            let available = (left[usize::from(rank)] - held).max(0.0);
            weights[id] = weights[parent as usize] * available * inverse[usize::from(size)];
        }
    }
}

/// One fixed order's last draw: the composition without its highest rank.
#[derive(Debug, Clone, Copy)]
struct Parent {
    /// The smaller composition.
    id: CompId,
    /// The rank drawn last.
    rank: u8,
    /// Cards of that rank the smaller composition holds.
    held: u8,
    /// Cards the smaller composition holds.
    size: u8,
}
