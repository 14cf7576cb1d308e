//! The exact route: for each thing the other seats can turn over, the
//! partial-deck DP from the deck less those cards, with the informed
//! seat's optimum and the heads-up optimum valued on that deck.

use serde::Serialize;

use crate::games::banluck::dp::{self, Remaining, compile_partial, compiled_optimum, full_deck};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::play::MAX_PLAYERS;

use super::shown::{Shown, shown_specials};

/// One thing the other seats turn over, valued exactly.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShownRow {
    /// The cards turned over, e.g. `A T` (`-` for none).
    pub cards: String,
    /// Other seats holding Ban Ban.
    pub ban_ban: u32,
    /// Other seats holding Ban Luck.
    pub ban_luck: u32,
    /// The chance that the other seats turn over exactly this.
    pub probability: f64,
    /// The seat's EV per round playing the optimum of the deck less these
    /// cards, on that deck.
    pub ev_informed: f64,
    /// The EV of the heads-up (full-deck) optimum on the same deck.
    pub ev_ignorant: f64,
    /// `ev_informed − ev_ignorant` (≥ 0; exactly 0 when nothing is shown).
    pub gain: f64,
}

/// What seeing the other seats' specials is worth to one seat at a table
/// of `seats`, by the exact route (see the module notes on what it leaves
/// out).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InfoExact {
    /// Seats at the table, the seat itself included.
    pub seats: usize,
    /// The chance that at least one other seat turns over a special.
    pub p_shown: f64,
    /// The gain per seat per round, `Σ P(shown) · gain(shown)`.
    pub gain: f64,
    /// The heads-up optimum's EV per round (the full deck's DP).
    pub ev_full: f64,
    /// `Σ P(shown) · ev_ignorant(shown) − ev_full`: what dealing the seat's
    /// round from "the deck less the shown cards" misstates for a fixed
    /// strategy, because it ignores that the seats that turned nothing
    /// over hold no special (0 if the route were exact).
    pub conditioning_bias: f64,
    /// One row per thing the other seats can turn over.
    pub rows: Vec<ShownRow>,
}

/// The full deck's DP and, for every thing six other seats can turn over,
/// the informed optimum (moved onto the full deck's compositions, for the
/// simulator) and both EVs. Tables of fewer seats use a subset.
#[derive(Debug, Clone)]
pub struct SeatInfo {
    rules: RuleSet,
    table: CompiledRules,
    deck: Remaining,
    ev_full: f64,
    heads_up: PlayerStrategy,
    valued: Vec<(Shown, ShownRow, PlayerStrategy)>,
}

impl SeatInfo {
    /// Solves the full deck and every deck less what the other seats of a
    /// full table can turn over.
    ///
    /// # Errors
    /// The infinite deck (whose cards carry no information), in words.
    pub fn new(rules: &RuleSet) -> Result<SeatInfo, String> {
        let deck = full_deck(rules)?;
        let table = CompiledRules::compile(rules.clone());
        let (value, heads_up) = compiled_optimum(&table);
        let mut valued = Vec::new();
        for shown in shown_specials(&deck, MAX_PLAYERS - 1) {
            let (row, informed) = if shown.aces() == 0 {
                let row = row_of(&shown, value.ev, value.ev);
                (row, heads_up.clone())
            } else {
                let part = compile_partial(rules, &shown.removed_from(&deck))?;
                let (best, informed) = compiled_optimum(&part);
                let moved = dp::transfer_strategy(&table, &heads_up, &part);
                let ignorant = dp::evaluate(&part, &moved, &DealerStrategy::fixed(&part)).mean();
                let row = row_of(&shown, best.ev, ignorant);
                (row, dp::transfer_strategy(&part, &informed, &table))
            };
            valued.push((shown, row, informed));
        }
        Ok(SeatInfo {
            rules: rules.clone(),
            table,
            deck,
            ev_full: value.ev,
            heads_up,
            valued,
        })
    }

    /// The rules solved.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The full deck's compiled rules.
    pub fn compiled(&self) -> &CompiledRules {
        &self.table
    }

    /// The heads-up optimum (what a seat that ignores the shown cards plays).
    pub fn heads_up(&self) -> &PlayerStrategy {
        &self.heads_up
    }

    /// The informed optimum for `ban_ban` and `ban_luck` shown by the other
    /// seats, on the full deck's compositions (`None` if six other seats
    /// cannot show that).
    pub fn informed(&self, ban_ban: u32, ban_luck: u32) -> Option<&PlayerStrategy> {
        self.valued
            .iter()
            .find(|(s, _, _)| (s.ban_ban, s.ban_luck) == (ban_ban, ban_luck))
            .map(|(_, _, strategy)| strategy)
    }

    /// The exact route's gain for one seat at a table of `seats` (1..=7).
    ///
    /// # Errors
    /// A table size out of range.
    pub fn exact(&self, seats: usize) -> Result<InfoExact, String> {
        if !(1..=MAX_PLAYERS).contains(&seats) {
            return Err(format!(
                "a table seats 1 to {MAX_PLAYERS} players, not {seats}"
            ));
        }
        let mut rows = Vec::new();
        for shown in shown_specials(&self.deck, seats - 1) {
            let (_, row, _) = self
                .valued
                .iter()
                .find(|(s, _, _)| (s.ban_ban, s.ban_luck) == (shown.ban_ban, shown.ban_luck))
                .ok_or_else(|| format!("no solve for {} shown", shown.label()))?;
            rows.push(ShownRow {
                probability: shown.probability,
                ..row.clone()
            });
        }
        let weighted =
            |f: fn(&ShownRow) -> f64| -> f64 { rows.iter().map(|r| r.probability * f(r)).sum() };
        let shown_none: f64 = rows
            .iter()
            .filter(|r| r.ban_ban + r.ban_luck == 0)
            .map(|r| r.probability)
            .sum();
        Ok(InfoExact {
            seats,
            p_shown: 1.0 - shown_none,
            gain: weighted(|r| r.gain),
            ev_full: self.ev_full,
            conditioning_bias: weighted(|r| r.ev_ignorant) - self.ev_full,
            rows,
        })
    }
}

fn row_of(shown: &Shown, ev_informed: f64, ev_ignorant: f64) -> ShownRow {
    ShownRow {
        cards: shown.label(),
        ban_ban: shown.ban_ban,
        ban_luck: shown.ban_luck,
        probability: shown.probability,
        ev_informed,
        ev_ignorant,
        gain: if shown.aces() == 0 {
            0.0
        } else {
            ev_informed - ev_ignorant
        },
    }
}
