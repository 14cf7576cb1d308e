//! The strategies the simulator plays, as flat tables by upcard and hand
//! (a [`Hands`] id), and the basic-strategy chart's tables.
//!
//! The chart (`--strategy chart`) is total-dependent: a two-card hand plays
//! its chart cell (`pair X`, `soft T` or `hard T` of
//! [`BlackjackSolution::chart`]); a hand of more cards, or one whose cell's
//! move is not allowed there (a double or surrender after a split, a split
//! at the most hands), hits or stands as the two-card cell of its total
//! says (`Dh`, `Rh`: hit; `Ds`, `Rs`: stand). Totals without a two-card
//! cell (hard 4, hard 20, soft 12, 21) hit below 12 hard and below 18 soft.
//! Insurance and even money are taken as the values with only the ace out
//! of the shoe say.

use std::collections::HashMap;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::blackjack::BlackjackSolution;
use crate::games::blackjack::chart::Move;
use crate::games::blackjack::hands::{BUST, HandId, Hands, Shoe};
use crate::games::blackjack::insurance::{self, Side};
use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::split_plan::Action;

/// The first move on two cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum First {
    /// Stand (naturals too).
    Stand,
    /// Hit, then play on by the hit table.
    Hit,
    /// Double: one card for a second bet.
    Double,
    /// Split the pair.
    Split,
    /// Surrender half the bet (early or late, as the rules allow).
    Surrender,
}

/// The decisions on the first two cards against an upcard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Opening {
    /// The move.
    pub mv: First,
    /// Whether to take insurance (an ace up).
    pub insure: bool,
    /// Whether to take even money (a natural against an ace).
    pub even_money: bool,
}

const STAND: Opening = Opening {
    mv: First::Stand,
    insure: false,
    even_money: false,
};

/// When the split hands resplit a pair card drawn as a second card.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Resplit {
    /// Whenever the rules allow it.
    Always,
    /// As `cdp1` values it: by the hands that exist and the one-card hands
    /// left to play (this one included), `[hands][pending]`.
    Table([[bool; 5]; 5]),
}

/// How the hands of one split pair are played.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SplitPlay {
    /// Per number of hands split (2, 3, 4; the last serves beyond): the move
    /// of every hand holding a pair card.
    pub plans: Vec<Vec<Action>>,
    /// The resplit rule.
    pub resplit: Resplit,
}

impl SplitPlay {
    /// Whether to resplit a pair card drawn while `hands` hands exist and
    /// `pending` one-card hands (this one included) are left; the rules'
    /// limits are checked by the caller.
    #[inline]
    pub fn resplits(&self, hands: usize, pending: usize) -> bool {
        match &self.resplit {
            Resplit::Always => true,
            Resplit::Table(table) => table[hands.min(4)][pending.min(4)],
        }
    }

    /// The plan for a hand whose second card came while `hands` hands
    /// existed.
    #[inline]
    pub fn plan(&self, hands: usize) -> &[Action] {
        &self.plans[(hands - 2).min(self.plans.len() - 1)]
    }
}

/// A whole strategy as tables.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// The hand index every table is keyed by.
    pub hands: Hands,
    /// Per upcard and two-card hand: the opening decisions.
    pub openings: Vec<Vec<Opening>>,
    /// Per upcard and hand: whether a hand played on (not split) hits.
    pub hits: Vec<Vec<bool>>,
    /// Per upcard and pair rank: how the split hands are played.
    pub splits: Vec<Vec<Option<SplitPlay>>>,
}

/// The dealer's natural probability under `upcard` with `out` (the
/// upcard aside) out of the fresh shoe.
pub(super) fn natural_chance(hands: &Hands, shoe: &Shoe, out: &[u8; RANK_COUNT], up: Rank) -> f64 {
    let mut seen = *out;
    seen[up.index()] += 1;
    let next = shoe.next(&seen);
    let upcard = hands.child(0, up.index());
    (0..RANK_COUNT)
        .filter(|&r| {
            let two = hands.child(upcard, r);
            two != BUST && hands.is_natural(two)
        })
        .map(|r| next[r])
        .sum()
}

/// The insurance and even-money choices of a hand against `up` when the
/// dealer's natural has probability `q` (as the exact engine settles them).
pub(super) fn opening(
    rules: &BlackjackRules,
    mv: First,
    natural: bool,
    up: Rank,
    q: f64,
) -> Opening {
    let hand_ev = if natural {
        (1.0 - q) * rules.payouts.blackjack
    } else {
        0.0
    };
    let (_, side) = insurance::settle(rules, up, natural, q, hand_ev);
    Opening {
        mv,
        insure: side == Some(Side::Insurance),
        even_money: side == Some(Side::EvenMoney),
    }
}

/// A chart code as a first move.
pub(super) fn first_of(code: Move) -> First {
    match code {
        Move::Stand => First::Stand,
        Move::Hit => First::Hit,
        Move::DoubleHit | Move::DoubleStand => First::Double,
        Move::Split => First::Split,
        Move::SurrenderHit | Move::SurrenderStand => First::Surrender,
    }
}

/// The tables of the basic-strategy chart of `solution`.
pub(super) fn chart_tables(
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    hands: Hands,
    shoe: &Shoe,
) -> Tables {
    let cells: HashMap<(char, String), Move> = solution
        .chart
        .iter()
        .map(|c| ((c.upcard, c.row.clone()), c.best_move))
        .collect();
    let total_row = |id: HandId| {
        let kind = if hands.soft(id) { "soft" } else { "hard" };
        format!("{kind} {}", hands.total(id))
    };
    let pair_row = |id: HandId| -> Option<String> {
        let counts = hands.counts(id);
        let r = (0..RANK_COUNT).find(|&r| counts[r] == 2)?;
        Some(format!("pair {}", Rank::new(r).label()))
    };
    let mut openings = Vec::new();
    let mut hits = Vec::new();
    let mut splits = Vec::new();
    for up in Rank::all() {
        let label = up.label();
        let hit_row: Vec<bool> = (0..hands.len() as HandId)
            .map(|id| match cells.get(&(label, total_row(id))) {
                Some(Move::Hit | Move::DoubleHit | Move::SurrenderHit) => true,
                Some(Move::Stand | Move::DoubleStand | Move::SurrenderStand) => false,
                _ => {
                    let t = hands.total(id);
                    if hands.soft(id) { t < 18 } else { t < 12 }
                }
            })
            .collect();
        let q = natural_chance(&hands, shoe, &[0; RANK_COUNT], up);
        let cell_of = |id: HandId| {
            let size2 = hands.size(id) == 2;
            let row = pair_row(id)
                .filter(|_| size2)
                .unwrap_or_else(|| total_row(id));
            cells.get(&(label, row)).copied()
        };
        let mut open = vec![STAND; hands.len()];
        for id in hands.of_size(2) {
            let natural = hands.is_natural(id);
            let mv = match cell_of(id) {
                Some(code) if !natural => first_of(code),
                _ => First::Stand,
            };
            open[id as usize] = opening(rules, mv, natural, up, q);
        }
        let mut split_row: Vec<Option<SplitPlay>> = vec![None; RANK_COUNT];
        if rules.split.max_hands >= 2 {
            for (x, slot) in split_row.iter_mut().enumerate() {
                let draws_on = x != Rank::ACE.index() || rules.split.hit_split_aces;
                let plan = (0..hands.len() as HandId)
                    .map(|id| {
                        let size = hands.size(id);
                        if hands.counts(id)[x] == 0 || size < 2 || (size == 2 && !draws_on) {
                            return Action::Stand;
                        }
                        let double = size == 2
                            && rules.double.after_split
                            && rules.double.allowed.allows(hands.total(id))
                            && matches!(cell_of(id), Some(Move::DoubleHit | Move::DoubleStand));
                        if double {
                            Action::Double
                        } else if hit_row[id as usize] {
                            Action::Hit
                        } else {
                            Action::Stand
                        }
                    })
                    .collect();
                let pair_cell = cells.get(&(label, format!("pair {}", Rank::new(x).label())));
                *slot = Some(SplitPlay {
                    plans: vec![plan],
                    resplit: if pair_cell == Some(&Move::Split) {
                        Resplit::Always
                    } else {
                        Resplit::Table([[false; 5]; 5])
                    },
                });
            }
        }
        openings.push(open);
        hits.push(hit_row);
        splits.push(split_row);
    }
    Tables {
        hands,
        openings,
        hits,
        splits,
    }
}
