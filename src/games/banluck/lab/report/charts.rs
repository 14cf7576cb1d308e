//! Banluck's strategy charts: one heat map and text table per variant,
//! engine, side and upcard, from the chart-cell rows of
//! `strategies.parquet`.

use std::collections::BTreeSet;

use serde::Serialize;

use super::data::{CellView, ReportData};
use crate::report::{HeatCell, Manifest, ReportError, heat_map};

/// At most this many strategy charts are drawn (the first variants and
/// engines); `strategies.parquet` holds them all.
pub const MAX_CHARTS: usize = 12;

/// One row of a strategy chart in text form.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartRow {
    /// `hard 16`, `soft 17`, ... (the dealer's: `3 cards hard 16`, ...)
    pub label: String,
    /// One entry per column: `H`, `S`, `H 40%`, with the gain of hitting;
    /// empty where the player has no choice.
    pub cells: Vec<String>,
}

/// One strategy chart: a variant's decisions of one side by one engine
/// (and one upcard, when shown).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartModel {
    /// The variant.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// `player` or `dealer`.
    pub side: String,
    /// The dealer's upcard, when the rules show one.
    pub upcard: Option<String>,
    /// Column headings (`2 cards`, ... for the player; `vs 2 cards`, ...
    /// for the dealer).
    pub columns: Vec<String>,
    /// The rows as text.
    pub rows: Vec<ChartRow>,
    /// The heat map as inline SVG.
    pub svg: String,
}

/// Frequencies within this of 0 or 1 show as pure actions (they round to
/// 0% or 100%).
const MIXED: f64 = 0.005;

/// A chart cell's place: (column, row) keys, ordered for display.
type Place = (i32, (i32, bool, std::cmp::Reverse<i32>));

/// Where a strategy row goes in its side's chart: the player's charts have
/// a column per card count and a row per (soft, total); the dealer's a
/// column per player card count and a row per (cards, soft, total).
fn place(cell: &CellView) -> Place {
    let total = std::cmp::Reverse(cell.total);
    match cell.side.as_str() {
        "dealer" => (
            cell.player_cards.unwrap_or_default(),
            (cell.cards, cell.soft, total),
        ),
        _ => (cell.cards, (0, cell.soft, total)),
    }
}

fn column_label(side: &str, column: i32) -> String {
    match side {
        "dealer" => format!("vs {column} cards"),
        _ => format!("{column} cards"),
    }
}

fn row_label(side: &str, (cards, soft, total): (i32, bool, std::cmp::Reverse<i32>)) -> String {
    let kind = if soft { "soft" } else { "hard" };
    match side {
        "dealer" => format!("{cards} cards {kind} {}", total.0),
        _ => format!("{kind} {}", total.0),
    }
}

/// `H` or `S` by the hit frequency `f`, with the percentage when mixed
/// (the rounded percentage is neither 0 nor 100).
fn hit_or_stand(f: f64) -> String {
    let letter = if f >= 0.5 { "H" } else { "S" };
    if (MIXED..1.0 - MIXED).contains(&f) {
        format!("{letter} {:.0}%", f * 100.0)
    } else {
        letter.to_string()
    }
}

/// A dealer cell's label and detail from its hit and reveal frequencies:
/// the most frequent of hit (`H`), stand (`S`) and reveal (`R`), then the
/// others it plays. A cell where the dealer never stands never shows `S`.
fn dealer_label(hit: f64, reveal: f64) -> (String, String) {
    let stand = (1.0 - hit - reveal).max(0.0);
    let mut actions = [("H", hit), ("R", reveal), ("S", stand)];
    actions.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (letter, top) = actions[0];
    let label = if top < 1.0 - MIXED {
        format!("{letter} {:.0}%", top * 100.0)
    } else {
        letter.to_string()
    };
    let detail: Vec<String> = actions[1..]
        .iter()
        .filter(|a| a.1 >= MIXED)
        .map(|(l, p)| format!("{l} {:.0}%", p * 100.0))
        .collect();
    (label, detail.join(" "))
}

/// The chart of one (variant, engine, side, upcard) from its rows: colour
/// from the hit frequency, letter and detail from the hit frequency and the
/// EVs (gain of hitting) or, for the dealer, its most frequent action and
/// the others.
fn chart(key: &ChartKey, title: String, rows: &[&CellView]) -> Result<ChartModel, ReportError> {
    let hits: Vec<&&CellView> = rows.iter().filter(|c| c.action == "hit").collect();
    let columns: Vec<i32> = hits
        .iter()
        .map(|c| place(c).0)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let row_keys: Vec<_> = hits
        .iter()
        .map(|c| place(c).1)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut text = vec![vec![String::new(); columns.len()]; row_keys.len()];
    let mut cells = Vec::new();
    for cell in &hits {
        let (column_key, row_key) = place(cell);
        let (Some(column), Some(row)) = (
            columns.iter().position(|&c| c == column_key),
            row_keys.iter().position(|&r| r == row_key),
        ) else {
            continue;
        };
        let f = cell.frequency;
        let reveal = rows
            .iter()
            .find(|r| r.action == "reveal" && place(r) == place(cell))
            .map_or(0.0, |r| r.frequency);
        let (label, detail) = match (cell.ev_hit, cell.ev_stand) {
            (Some(hit), Some(stand)) => (hit_or_stand(f), format!("{:+.3}", hit - stand)),
            _ => dealer_label(f, reveal),
        };
        text[row][column] = if detail.is_empty() {
            label.clone()
        } else {
            format!("{label} ({detail})")
        };
        cells.push(HeatCell {
            column,
            row,
            frequency: f,
            label,
            detail,
        });
    }
    let column_names: Vec<String> = columns
        .iter()
        .map(|&c| column_label(&key.side, c))
        .collect();
    let row_names: Vec<String> = row_keys.iter().map(|&r| row_label(&key.side, r)).collect();
    Ok(ChartModel {
        variant: key.variant.clone(),
        engine: key.engine.clone(),
        side: key.side.clone(),
        upcard: key.upcard.clone(),
        svg: heat_map(&title, &column_names, &row_names, &cells)?,
        columns: column_names,
        rows: row_names
            .into_iter()
            .zip(text)
            .map(|(label, cells)| ChartRow { label, cells })
            .collect(),
    })
}

/// What one chart shows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct ChartKey {
    variant: String,
    engine: String,
    side: String,
    upcard: Option<String>,
}

/// The charts of the first variants (at most [`MAX_CHARTS`]), ordered by
/// variant, engine and side (player first), and how many were left out.
pub(super) fn charts(
    manifest: &Manifest,
    data: &ReportData,
) -> Result<(Vec<ChartModel>, usize), ReportError> {
    let order = |c: &CellView| {
        let v = manifest.variants.iter().position(|v| v.name == c.variant)?;
        let e = manifest.engines.iter().position(|e| e.name == c.engine)?;
        Some((v, e, c.side != "player", c.upcard.clone()))
    };
    let mut keys: Vec<_> = data
        .cells
        .iter()
        .filter(|c| c.action == "hit")
        .filter_map(|c| {
            order(c).map(|o| {
                let key = ChartKey {
                    variant: c.variant.clone(),
                    engine: c.engine.clone(),
                    side: c.side.clone(),
                    upcard: c.upcard.clone(),
                };
                (o, key)
            })
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let omitted = keys.len().saturating_sub(MAX_CHARTS);
    keys.truncate(MAX_CHARTS);
    let charts = keys
        .into_iter()
        .map(|(_, key)| {
            let rows: Vec<&CellView> = data
                .cells
                .iter()
                .filter(|c| {
                    c.variant == key.variant
                        && c.engine == key.engine
                        && c.side == key.side
                        && c.upcard == key.upcard
                })
                .collect();
            let whose = if key.side == "dealer" {
                "dealer"
            } else {
                "player"
            };
            let mut title = format!("{}: {whose} ({})", key.variant, key.engine);
            if let Some(card) = &key.upcard {
                title.push_str(&format!(", dealer shows {card}"));
            }
            chart(&key, title, &rows)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((charts, omitted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dealer_cell_that_never_stands_shows_its_real_action() {
        // Hit 26%, reveal 74%, stand 0: the dealer reveals, never stands.
        let (label, detail) = dealer_label(0.26, 0.74);
        assert_eq!((label.as_str(), detail.as_str()), ("R 74%", "H 26%"));
        assert_eq!(dealer_label(1.0, 0.0), ("H".to_string(), String::new()));
        assert_eq!(dealer_label(0.0, 0.0), ("S".to_string(), String::new()));
        assert_eq!(hit_or_stand(0.4), "S 40%");
    }
}
