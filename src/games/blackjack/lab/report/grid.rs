//! The basic-strategy chart of one variant as a grid: hard 5–21, soft
//! 13–21 and pairs 2–A against upcards 2–A, each cell with its move, the
//! CSS class that colours it, whether it changed from the base chart and
//! whether some two-card hand of the cell plays otherwise. The Markdown
//! report shows it as a text grid ([`ChartGrid::text`]).

use serde::Serialize;

use super::data::Cell;
use crate::games::blackjack::palette::{MOVE_COLOURS, MoveColour};

/// The upcards in chart order.
pub const UPCARDS: [&str; 10] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"];

/// The moves in legend order, with their colours.
pub const LEGEND: [MoveColour; 7] = MOVE_COLOURS;

/// Totals no two-card hand makes (hard 20 is only a pair of tens, 21 a
/// natural): standing is always best there, and the grid shows S.
const NO_TWO_CARD_HAND: [&str; 3] = ["hard 20", "hard 21", "soft 21"];

/// One cell of the grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GridCell {
    /// The move's chart code.
    pub code: String,
    /// The CSS class of the move.
    pub class: &'static str,
    /// The base chart's move when it differs, else `None`.
    pub was: Option<String>,
    /// Whether some two-card hand of the cell plays otherwise.
    pub mixed: bool,
    /// Whether no two-card hand makes this total (S shown).
    pub fixed: bool,
}

/// One row of the grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GridRow {
    /// The row's label, e.g. `12`, `A,7`, `8,8`.
    pub label: String,
    /// One cell per upcard.
    pub cells: Vec<GridCell>,
}

/// One group of rows (hard totals, soft totals, pairs).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GridGroup {
    /// The group's title.
    pub title: &'static str,
    /// Its rows.
    pub rows: Vec<GridRow>,
}

/// A variant's chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartGrid {
    /// Hard totals, soft totals, pairs.
    pub groups: Vec<GridGroup>,
    /// The cells that differ from the base chart, as "hard 11 v A: Dh → H".
    pub changes: Vec<String>,
}

/// The class of a move code.
fn class_of(code: &str) -> &'static str {
    LEGEND
        .iter()
        .find(|m| m.code == code)
        .map_or("mv-x", |m| m.class)
}

/// The chart rows in order: (group title, [(row key, label)]).
fn layout() -> Vec<(&'static str, Vec<(String, String)>)> {
    let hard = (5..=21).map(|t| (format!("hard {t}"), t.to_string()));
    let soft = (13..=21).map(|t| (format!("soft {t}"), format!("A,{}", t - 11)));
    let pairs = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
        .iter()
        .map(|r| (format!("pair {r}"), format!("{r},{r}")));
    vec![
        ("Hard totals", hard.collect()),
        ("Soft totals", soft.collect()),
        ("Pairs", pairs.collect()),
    ]
}

impl ChartGrid {
    /// The grid of `cells` (one variant's chart), compared with `base`.
    pub fn new(cells: &[&Cell], base: &[&Cell]) -> ChartGrid {
        let find = |cells: &[&Cell], row: &str, up: &str| -> Option<(String, bool)> {
            cells
                .iter()
                .find(|c| c.row == row && c.upcard == up)
                .map(|c| (c.code.clone(), c.mixed))
        };
        let mut changes = Vec::new();
        let groups = layout()
            .into_iter()
            .map(|(title, rows)| GridGroup {
                title,
                rows: rows
                    .into_iter()
                    .map(|(key, label)| GridRow {
                        cells: UPCARDS
                            .iter()
                            .map(|up| {
                                let fixed = NO_TWO_CARD_HAND.contains(&key.as_str());
                                let (code, mixed) = find(cells, &key, up).unwrap_or_else(|| {
                                    (if fixed { "S" } else { "?" }.into(), false)
                                });
                                let was =
                                    find(base, &key, up).map(|(c, _)| c).filter(|c| *c != code);
                                if let Some(was) = &was {
                                    changes.push(format!("{key} v {up}: {was} → {code}"));
                                }
                                GridCell {
                                    class: class_of(&code),
                                    code,
                                    was,
                                    mixed,
                                    fixed,
                                }
                            })
                            .collect(),
                        label,
                    })
                    .collect(),
            })
            .collect();
        ChartGrid { groups, changes }
    }

    /// The grid as fixed-width text: the upcards across, one row per
    /// total; `*` marks a cell where some hand plays otherwise, `!` a cell
    /// that changed from the base chart.
    pub fn text(&self) -> String {
        let mut out = format!("{:<7}", "");
        for up in UPCARDS {
            out.push_str(&format!("{up:<6}"));
        }
        out = out.trim_end().to_string();
        out.push('\n');
        for group in &self.groups {
            for row in &group.rows {
                let mut line = format!("{:<7}", row.label);
                for cell in &row.cells {
                    let marks = format!(
                        "{}{}{}",
                        cell.code,
                        if cell.mixed { "*" } else { "" },
                        if cell.was.is_some() { "!" } else { "" }
                    );
                    line.push_str(&format!("{marks:<6}"));
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: &str, up: &str, code: &str) -> Cell {
        Cell {
            variant: "v".into(),
            engine: "exact".into(),
            row: row.into(),
            upcard: up.into(),
            code: code.into(),
            mixed: false,
        }
    }

    #[test]
    fn changed_cells_are_marked_and_listed() {
        let base = [cell("hard 11", "A", "Dh"), cell("hard 12", "2", "H")];
        let other = [cell("hard 11", "A", "H"), cell("hard 12", "2", "H")];
        let grid = ChartGrid::new(
            &other.iter().collect::<Vec<_>>(),
            &base.iter().collect::<Vec<_>>(),
        );
        assert_eq!(grid.changes, ["hard 11 v A: Dh → H"]);
        assert_eq!(grid.groups.len(), 3);
        assert_eq!(grid.groups[0].rows.len(), 17);
        assert_eq!(grid.groups[1].rows.len(), 9);
        assert_eq!(grid.groups[2].rows.len(), 10);
        let eleven = &grid.groups[0].rows[6];
        assert_eq!(eleven.label, "11");
        assert_eq!(eleven.cells[9].was.as_deref(), Some("Dh"));
        assert_eq!(eleven.cells[9].class, "mv-h");
        let text = grid.text();
        assert!(
            text.lines()
                .any(|l| l.starts_with("11") && l.ends_with("H!")),
            "{text}"
        );
        let twenty = &grid.groups[0].rows[15];
        assert!(twenty.cells[0].fixed && twenty.cells[0].code == "S");
    }
}
