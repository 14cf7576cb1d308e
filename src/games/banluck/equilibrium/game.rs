//! The heads-up Banluck game in vector form.
//!
//! Both sides' strategies live on their composition DAGs; a side's
//! chance-free reach of a composition sums its own action probabilities over
//! every order of drawing its cards. Chance enters only through the kernel:
//! the probability of one particular order of the player's cards `P` and the
//! dealer's cards `D` is `prod_r (n_r)_(P_r + D_r) / (N)_(|P| + |D|)`, so the
//! game value is the bilinear form
//! `sum_P sum_D X(P) Y(D) chance(P, D) payoff(P, D)` plus the deal's endings.
//! `X(P)` is the player's reach of `P` times its probability of stopping
//! there, `Y(D)` the dealer's, against a player holding `|P|` cards.

use crate::cards::{CompId, NO_CHILD, RANK_COUNT, Rank, falling_factorial, orderings};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};

use crate::games::banluck::dp::needs_dealer_draws;

/// A kernel block: player compositions (rows) against dealer compositions
/// (columns), `chance(P, D) * payoff(P, D)` in each cell.
pub(crate) struct Block {
    /// The player's card count (0 for the deal's block, which mixes counts).
    pub cards: u8,
    /// Player compositions whose payoff depends on the dealer's draws.
    pub rows: Vec<CompId>,
    /// Dealer compositions where the dealer may stop facing `cards` cards.
    pub cols: Vec<CompId>,
    /// `chance(P, D) * payoff(P, D)`, row-major.
    pub kernel: Vec<f64>,
    /// With an upcard: per upcard rank, this block restricted to the
    /// columns that hold the rank (the others have no reach in its slot).
    /// Empty without an upcard.
    pub parts: Vec<Block>,
}

impl Block {
    /// The block an upcard slot's products use: its part, or the whole
    /// block without an upcard.
    pub fn part(&self, slot: usize) -> &Block {
        self.parts.get(slot).unwrap_or(self)
    }

    /// The block restricted to the columns `keep` accepts.
    fn restricted(&self, keep: impl Fn(CompId) -> bool) -> Block {
        let width = self.cols.len();
        let picked: Vec<usize> = (0..width).filter(|&j| keep(self.cols[j])).collect();
        let kernel = (0..self.rows.len())
            .flat_map(|row| picked.iter().map(move |&j| row * width + j))
            .map(|k| self.kernel[k])
            .collect();
        Block {
            cards: self.cards,
            rows: self.rows.clone(),
            cols: picked.iter().map(|&j| self.cols[j]).collect(),
            kernel,
            parts: Vec::new(),
        }
    }

    /// Calls `out(row, value)` with each row's product with `col_weights`
    /// (one weight per column).
    pub fn row_products(&self, col_weights: &[f64], mut out: impl FnMut(CompId, f64)) {
        let width = self.cols.len();
        for (row, &p) in self.rows.iter().enumerate() {
            let k = &self.kernel[row * width..(row + 1) * width];
            out(p, k.iter().zip(col_weights).map(|(x, y)| x * y).sum());
        }
    }

    /// Fills `out` with each column's product with the row weights given by
    /// `row_weight(row composition)`.
    pub fn column_products(&self, row_weight: impl Fn(CompId) -> f64, out: &mut Vec<f64>) {
        let width = self.cols.len();
        out.clear();
        out.resize(width, 0.0);
        for (row, &p) in self.rows.iter().enumerate() {
            let x = row_weight(p);
            if x == 0.0 {
                continue;
            }
            let k = &self.kernel[row * width..(row + 1) * width];
            for (acc, kv) in out.iter_mut().zip(k) {
                *acc += x * kv;
            }
        }
    }
}

/// The precomputed game: which sets have choices, the kernels, and the
/// constants of the deal.
pub(crate) struct HeadsUpGame<'a> {
    pub table: &'a CompiledRules,
    /// The player may choose hit or stand here (two or more cards, playing).
    pub player_choice: Vec<bool>,
    /// The player's compositions that can be held while the hand plays on.
    pub player_reachable: Vec<bool>,
    /// The dealer's compositions reachable facing each card count.
    pub dealer_reachable: Vec<[bool; MAX_HAND_CARDS as usize + 1]>,
    /// Kernel blocks, one per player card count that reaches the dealer.
    pub blocks: Vec<Block>,
    /// Player hands settled against the dealer's first two cards (forfeits,
    /// immediate busts, 777, immediate five-card hands) against every
    /// dealer two-card hand (zero against Ban Ban and Ban Luck, which end
    /// the deal).
    pub deal: Block,
    /// Per dealer two-card hand: the value of the deal's Ban Ban / Ban Luck
    /// settlements against it, per unit of the dealer's reach, when it does
    /// not surrender.
    pub special_value: Vec<f64>,
    /// Upcard slots: 1 without an upcard, one per rank with one. Every
    /// per-composition array of the solver holds `slots` blocks of
    /// `compositions` entries (slot-major).
    pub slots: usize,
    /// Per slot and dealer two-card hand: the orders it is dealt in with
    /// that slot's upcard first (all its orders without an upcard; 1 when
    /// the hand holds the upcard's rank, else 0).
    pub deal_weights: Vec<Vec<f64>>,
}

/// `chance(P, D)`: the probability of one particular order of dealing the
/// player's cards `p` and the dealer's cards `d`.
pub(crate) struct Chance {
    counts: [u32; RANK_COUNT],
    size: u32,
    infinite: bool,
}

impl Chance {
    pub fn new(table: &CompiledRules) -> Chance {
        let deck = table.deck();
        Chance {
            counts: std::array::from_fn(|r| deck.count(Rank::new(r))),
            size: deck.size(),
            infinite: deck.is_infinite(),
        }
    }

    pub fn of(&self, p: &[u8; RANK_COUNT], d: &[u8; RANK_COUNT]) -> f64 {
        let mut cards = 0u32;
        let mut numerator = 1.0;
        for r in 0..RANK_COUNT {
            let k = u32::from(p[r]) + u32::from(d[r]);
            cards += k;
            if self.infinite {
                numerator *= (f64::from(self.counts[r]) / f64::from(self.size)).powi(k as i32);
            } else {
                numerator *= falling_factorial(self.counts[r], k);
            }
        }
        if self.infinite {
            numerator
        } else {
            numerator / falling_factorial(self.size, cards)
        }
    }
}

impl<'a> HeadsUpGame<'a> {
    pub fn new(table: &'a CompiledRules) -> HeadsUpGame<'a> {
        let comps = table.compositions();
        let n = comps.len();
        let max_player = table.rules().player.max_cards;
        let chance = Chance::new(table);

        // The player's reachable compositions and choices.
        let mut player_reachable = vec![false; n];
        for id in comps.of_size(2) {
            player_reachable[id as usize] = !table.hand(id).class.is_deal_special();
        }
        for size in 2..max_player {
            for id in comps.of_size(size) {
                if player_reachable[id as usize] && table.player(id).may_hit {
                    for &child in comps.children(id) {
                        if child != NO_CHILD {
                            player_reachable[child as usize] = true;
                        }
                    }
                }
            }
        }
        let player_choice: Vec<bool> = (0..n as CompId)
            .map(|id| {
                let node = table.player(id);
                player_reachable[id as usize] && node.may_hit && !node.must_hit
            })
            .collect();
        let player_stops = |id: CompId| player_reachable[id as usize] && !table.player(id).must_hit;

        // The dealer's reachable compositions facing each count.
        let mut dealer_reachable = vec![[false; MAX_HAND_CARDS as usize + 1]; n];
        for id in comps.of_size(2) {
            if !table.hand(id).class.is_deal_special() {
                dealer_reachable[id as usize] = [true; MAX_HAND_CARDS as usize + 1];
            }
        }
        for size in 2..comps.max_cards() {
            for id in comps.of_size(size) {
                let node = table.dealer(id);
                for cards in 2..=MAX_HAND_CARDS {
                    let c = usize::from(cards);
                    let may_draw = node.must_hit || node.chooses[c] || node.forced_hit(cards);
                    if dealer_reachable[id as usize][c] && may_draw && !node.must_stand {
                        for &child in comps.children(id) {
                            if child != NO_CHILD {
                                dealer_reachable[child as usize][c] = true;
                            }
                        }
                    }
                }
            }
        }
        let dealer_stops = |id: CompId, cards: u8| {
            let node = table.dealer(id);
            dealer_reachable[id as usize][usize::from(cards)]
                && comps.size(id) >= 2
                && (node.must_stand || node.chooses[usize::from(cards)] || !node.forced_hit(cards))
                && !node.must_hit
        };

        let mut blocks = Vec::new();
        for cards in 2..=max_player {
            let rows: Vec<CompId> = comps
                .of_size(cards)
                .filter(|&id| player_stops(id) && needs_dealer_draws(table, id))
                .collect();
            if rows.is_empty() {
                continue;
            }
            let cols: Vec<CompId> = (comps.of_size(2).start..n as CompId)
                .filter(|&id| dealer_stops(id, cards))
                .collect();
            let mut kernel = Vec::with_capacity(rows.len() * cols.len());
            for &p in &rows {
                let pc = comps.counts(p);
                let row = table.payoff_row(table.hand(p).class);
                for &d in &cols {
                    let payoff = row[table.hand(d).class.key()];
                    kernel.push(chance.of(pc, comps.counts(d)) * payoff);
                }
            }
            let mut block = Block {
                cards,
                rows,
                cols,
                kernel,
                parts: Vec::new(),
            };
            if table.rules().dealer.upcard {
                block.parts = (0..RANK_COUNT)
                    .map(|r| block.restricted(|d| comps.counts(d)[r] > 0))
                    .collect();
            }
            blocks.push(block);
        }

        let deal_cols: Vec<CompId> = comps.of_size(2).collect();
        let deal_rows: Vec<CompId> = (comps.of_size(2).start..n as CompId)
            .filter(|&id| player_stops(id) && !needs_dealer_draws(table, id))
            .filter(|&id| !table.hand(id).class.is_deal_special())
            .collect();
        let mut deal_kernel = Vec::with_capacity(deal_rows.len() * deal_cols.len());
        for &p in &deal_rows {
            for &d in &deal_cols {
                let plays = !table.hand(d).class.is_deal_special();
                let value = if plays {
                    chance.of(comps.counts(p), comps.counts(d)) * table.payoff(p, d)
                } else {
                    0.0
                };
                deal_kernel.push(value);
            }
        }
        let special_value = deal_cols
            .iter()
            .map(|&d| {
                comps
                    .of_size(2)
                    .filter_map(|p| {
                        table.deal_special(p, d).map(|payoff| {
                            orderings(comps.counts(p))
                                * chance.of(comps.counts(p), comps.counts(d))
                                * payoff
                        })
                    })
                    .sum()
            })
            .collect();
        let orders: Vec<f64> = deal_cols
            .iter()
            .map(|&d| orderings(comps.counts(d)))
            .collect();
        let deal_weights = if table.rules().dealer.upcard {
            (0..RANK_COUNT)
                .map(|r| {
                    deal_cols
                        .iter()
                        .map(|&d| f64::from(u8::from(comps.counts(d)[r] > 0)))
                        .collect()
                })
                .collect()
        } else {
            vec![orders]
        };
        HeadsUpGame {
            table,
            player_choice,
            player_reachable,
            dealer_reachable,
            blocks,
            deal: Block {
                cards: 0,
                rows: deal_rows,
                cols: deal_cols,
                kernel: deal_kernel,
                parts: Vec::new(),
            },
            special_value,
            slots: deal_weights.len(),
            deal_weights,
        }
    }

    /// Number of compositions (the length of one upcard slot's block).
    pub fn comps(&self) -> usize {
        self.table.compositions().len()
    }

    /// Number of kernel entries (for the log and benches).
    pub fn kernel_len(&self) -> usize {
        self.blocks.iter().map(|b| b.kernel.len()).sum::<usize>() + self.deal.kernel.len()
    }
}
