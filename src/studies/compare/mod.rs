//! Banluck's best chart against blackjack basic strategy, cell by cell, and
//! what each costs when played in the other game; `kind = "compare"`
//! ([`CompareStudy`]) runs it as an experiment ([`rows`]) and renders it
//! side by side ([`report`], templates in `templates/`).
//!
//! Both games keep their own hand values: a cell is (cards, total, soft) as
//! the game that owns the strategy counts the hand. Blackjack's basic
//! strategy here is the hit-or-stand part of its best-moves chart (a double
//! or surrender code falls back to its H or S; hands outside the chart's
//! hard and soft rows hit through 11, and soft hands through 17). When the
//! Banluck rules show no upcard, blackjack's decision for a cell is the one
//! its chart takes for most upcards, weighted by their probabilities.
//! Played in blackjack, the Banluck chart stands with five cards (where
//! Banluck ends the hand) and hits below 17 in cells it does not hold.

mod experiment;
mod kind;
pub mod report;
pub mod rows;

use std::collections::HashMap;

use serde::Serialize;

use crate::cards::{Deck, Rank};
use crate::games::banluck::dp::{self, Action};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::{self, BlackjackSolution, Move};

pub use experiment::{CompareExperiment, CompareSpec};
pub use kind::CompareStudy;
pub use rows::{CompareRow, CompareSummaryRow, CompareTables, run_compare};

/// One Banluck chart cell with blackjack's decision for the same hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareCell {
    /// Cards held.
    pub cards: u8,
    /// The hand's total (Banluck's count).
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the Banluck rules show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// Banluck's best chart.
    pub banluck: Action,
    /// Blackjack basic strategy's hit or stand.
    pub blackjack: Action,
    /// Whether the two agree.
    pub agree: bool,
    /// Probability of holding a hand of this cell in Banluck.
    pub probability: f64,
}

/// The comparison of one Banluck and one blackjack rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The Banluck rules' hash.
    pub banluck_rules_hash: String,
    /// The blackjack rules' hash.
    pub blackjack_rules_hash: String,
    /// Every Banluck chart cell with both decisions.
    pub cells: Vec<CompareCell>,
    /// Banluck EV per hand with its best chart.
    pub banluck_ev_chart: f64,
    /// Banluck EV per hand playing blackjack basic strategy's hit/stand.
    pub banluck_ev_with_blackjack: f64,
    /// Blackjack EV per round with the best play (doubles, splits...).
    pub blackjack_ev: f64,
    /// Blackjack EV per round with basic strategy's hit/stand only.
    pub blackjack_ev_hit_stand: f64,
    /// Blackjack EV per round playing the Banluck chart (hit/stand only).
    pub blackjack_ev_with_banluck: f64,
}

impl Comparison {
    /// What blackjack's hit/stand costs in Banluck (units per hand).
    pub fn cost_in_banluck(&self) -> f64 {
        self.banluck_ev_chart - self.banluck_ev_with_blackjack
    }

    /// What the Banluck chart costs in blackjack against basic strategy's
    /// hit/stand (units per round).
    pub fn cost_in_blackjack(&self) -> f64 {
        self.blackjack_ev_hit_stand - self.blackjack_ev_with_banluck
    }
}

/// Blackjack basic strategy's hit-or-stand decisions.
struct BasicHits(HashMap<(char, u8, bool), bool>);

impl BasicHits {
    fn of(solution: &BlackjackSolution) -> BasicHits {
        let mut cells = HashMap::new();
        for cell in &solution.chart {
            let Some((kind, total)) = cell.row.split_once(' ') else {
                continue;
            };
            let (Ok(total), "hard" | "soft") = (total.parse::<u8>(), kind) else {
                continue;
            };
            let hits = matches!(
                cell.best_move,
                Move::Hit | Move::DoubleHit | Move::SurrenderHit
            );
            cells.insert((cell.upcard, total, kind == "soft"), hits);
        }
        BasicHits(cells)
    }

    fn hits(&self, total: u8, soft: bool, upcard: Rank) -> bool {
        self.0
            .get(&(upcard.label(), total, soft))
            .copied()
            .unwrap_or(total <= 11 || (soft && total <= 17))
    }

    /// The decision for most upcards, weighted by their probabilities.
    fn hits_unseen(&self, total: u8, soft: bool) -> bool {
        let deck = Deck::new(1, true);
        let share: f64 = Rank::all()
            .filter(|&up| self.hits(total, soft, up))
            .map(|up| f64::from(deck.count(up)) / f64::from(deck.size()))
            .sum();
        share > 0.5
    }
}

fn action(hits: bool) -> Action {
    if hits { Action::Hit } else { Action::Stand }
}

/// Compares the Banluck rules `banluck` (their fixed dealer) with the
/// blackjack rules `blackjack`.
pub fn compare(banluck: &CompiledRules, blackjack: &BlackjackRules) -> Comparison {
    let banluck_solution = dp::solve(banluck);
    let blackjack_solution = blackjack::solve(blackjack);
    let basic = BasicHits::of(&blackjack_solution);
    let by_upcard = banluck.rules().dealer.upcard;
    let cells = banluck_solution
        .chart
        .iter()
        .map(|cell| {
            let upcard = cell.upcard.and_then(|c| Rank::from_label(&c.to_string()));
            let hits = match upcard {
                Some(up) => basic.hits(cell.total, cell.soft, up),
                None => basic.hits_unseen(cell.total, cell.soft),
            };
            CompareCell {
                cards: cell.cards,
                total: cell.total,
                soft: cell.soft,
                upcard: cell.upcard,
                banluck: cell.action,
                blackjack: action(hits),
                agree: cell.action == action(hits),
                probability: cell.probability,
            }
        })
        .collect();
    let mut in_banluck = PlayerStrategy::stand_everywhere(banluck);
    let comps = banluck.compositions();
    for id in comps.of_size(2).start..comps.len() as u32 {
        let hand = banluck.hand(id);
        if by_upcard {
            for up in Rank::all() {
                let hit = basic.hits(hand.total, hand.soft, up);
                in_banluck.set_hit(id, Some(up), f64::from(u8::from(hit)));
            }
        } else {
            let hit = basic.hits_unseen(hand.total, hand.soft);
            in_banluck.set_hit(id, None, f64::from(u8::from(hit)));
        }
    }
    let dealer = DealerStrategy::fixed(banluck);
    let banluck_ev_with_blackjack = dp::evaluate(banluck, &in_banluck, &dealer).mean();
    let chart: HashMap<(u8, u8, bool, Option<char>), Action> = banluck_solution
        .chart
        .iter()
        .map(|c| ((c.cards, c.total, c.soft, c.upcard), c.action))
        .collect();
    let max_cards = banluck.rules().player.max_cards;
    let banluck_rule = |cards: u8, total: u8, soft: bool, up: Rank| {
        if cards >= max_cards {
            return false;
        }
        let upcard = by_upcard.then(|| up.label());
        chart
            .get(&(cards, total, soft, upcard))
            .map_or(total < 17, |&a| a == Action::Hit)
    };
    let basic_rule = |_: u8, total: u8, soft: bool, up: Rank| basic.hits(total, soft, up);
    Comparison {
        banluck_rules_hash: banluck.hash().to_string(),
        blackjack_rules_hash: blackjack_solution.rules_hash.clone(),
        cells,
        banluck_ev_chart: banluck_solution.ev_chart,
        banluck_ev_with_blackjack,
        blackjack_ev: blackjack_solution.ev,
        blackjack_ev_hit_stand: blackjack::evaluate_rule(blackjack, &basic_rule),
        blackjack_ev_with_banluck: blackjack::evaluate_rule(blackjack, &banluck_rule),
    }
}
