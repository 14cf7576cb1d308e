//! The blackjack half of the explorer's data: the chart (hard, soft and
//! pair rows by upcard) with each move's EV per cell, from
//! [`blackjack::solve`].

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::blackjack::chart::row_name;
use crate::games::blackjack::palette::{MOVE_COLOURS, MoveColour};
use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::{self, HandRow};

/// Upcards in chart order.
const UPCARDS: [char; 10] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'];

/// One blackjack rule set as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct BlackjackData {
    /// The variant's name.
    pub name: String,
    /// The rules file's `description`.
    pub description: String,
    /// The rules hash.
    pub rules_hash: String,
    /// EV per round with the best play.
    pub ev: f64,
    /// How splits are valued.
    pub split_convention: String,
    /// The chart's rows in display order (`hard 5` … `pair A`).
    pub rows: Vec<String>,
    /// The upcards in display order.
    pub upcards: Vec<char>,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// Each move's code, meaning and colour, in legend order (the
    /// blackjack report's colours).
    pub legend: Vec<MoveColour>,
}

/// One chart cell: its move and each move's EV over the cell's hands,
/// weighted by their probabilities.
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    /// The row, e.g. `soft 18`.
    pub row: String,
    /// The upcard.
    pub upcard: char,
    /// The chart code: S, H, Dh, Ds, P, Rh, Rs.
    #[serde(rename = "move")]
    pub best_move: String,
    /// Whether some hand of the cell plays another move.
    pub mixed: bool,
    /// EV by move: `stand`, `hit` (then play on by standing and hitting),
    /// `double`, `split`, `surrender` where allowed.
    pub ev: BTreeMap<&'static str, f64>,
    /// The cell's hands with their own best move, e.g. `T6: Rh`.
    pub hands: Vec<String>,
}

/// Solves `rules` and collects the chart.
pub fn blackjack_data(name: &str, rules: &BlackjackRules) -> BlackjackData {
    let solution = blackjack::solve(rules);
    let mut rows: Vec<String> = solution.chart.iter().map(|c| c.row.clone()).collect();
    rows.sort_by_key(|r| row_order(r));
    rows.dedup();
    let mut cells = Vec::new();
    for row in &rows {
        for &upcard in &UPCARDS {
            let Some(chart) = solution
                .chart
                .iter()
                .find(|c| c.row == *row && c.upcard == upcard)
            else {
                continue;
            };
            let members: Vec<&HandRow> = solution
                .hands
                .iter()
                .filter(|h| h.upcard == upcard && row_name(h).as_deref() == Some(row.as_str()))
                .collect();
            cells.push(Cell {
                row: row.clone(),
                upcard,
                best_move: chart.best_move.code().to_string(),
                mixed: chart.mixed,
                ev: weighted_evs(&members),
                hands: members
                    .iter()
                    .map(|h| format!("{}: {}", h.hand, h.best_move.code()))
                    .collect(),
            });
        }
    }
    BlackjackData {
        name: name.to_string(),
        description: rules.description.clone(),
        rules_hash: solution.rules_hash.clone(),
        ev: solution.ev,
        split_convention: solution.split_convention.to_string(),
        rows,
        upcards: UPCARDS.to_vec(),
        cells,
        legend: MOVE_COLOURS.to_vec(),
    }
}

/// Hard rows first, then soft, then pairs; by total (pairs by rank, ace last).
fn row_order(row: &str) -> (u8, u8) {
    let (kind, rest) = row.split_once(' ').unwrap_or((row, ""));
    let group = match kind {
        "hard" => 0,
        "soft" => 1,
        _ => 2,
    };
    let value = match rest {
        "T" => 10,
        "A" => 11,
        n => n.parse().unwrap_or(0),
    };
    (group, value)
}

/// A move's EV in a hand row, where allowed.
type MoveValue = fn(&HandRow) -> Option<f64>;

/// Each move's EV over `members`, weighted by their probabilities (a move
/// only where every hand of the cell allows it).
fn weighted_evs(members: &[&HandRow]) -> BTreeMap<&'static str, f64> {
    let weight: f64 = members.iter().map(|h| h.probability).sum();
    let mut evs = BTreeMap::new();
    if weight <= 0.0 {
        return evs;
    }
    let moves: [(&'static str, MoveValue); 5] = [
        ("stand", |h| Some(h.stand)),
        ("hit", |h| Some(h.hit)),
        ("double", |h| h.double),
        ("split", |h| h.split),
        ("surrender", |h| h.surrender),
    ];
    for (name, value) in moves {
        let sum: Option<f64> = members
            .iter()
            .map(|h| value(h).map(|v| v * h.probability))
            .sum();
        if let Some(sum) = sum {
            evs.insert(name, sum / weight);
        }
    }
    evs
}
