//! The 13×13 range grids of one decision node, one per action: each hand
//! class's frequency of the action (its combos weighted by their reach),
//! with a colour that deepens with the frequency (HTML) and the same
//! figures as text (Markdown).

use serde::Serialize;

use super::data::Decision;
use crate::games::poker::range::HandClass;

/// The ranks in grid order, ace first.
pub const RANKS: [&str; 13] = [
    "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2",
];

/// One cell of a grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// The class (`AKs`).
    pub class: String,
    /// The frequency in whole per cent, or empty when the class is not in
    /// the acting range.
    pub text: String,
    /// The background colour, `#rrggbb`.
    pub colour: String,
    /// The text colour: white on dark backgrounds, black otherwise.
    pub ink: &'static str,
}

/// One row of a grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The row's rank (`A` … `2`).
    pub label: &'static str,
    /// Its 13 cells.
    pub cells: Vec<Cell>,
}

/// One action's grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionGrid {
    /// The action in words (`bet 20 (33 % of the pot)`).
    pub action: String,
    /// The action's share of the whole reaching range.
    pub share: f64,
    /// 13 rows of 13 cells, ace first; suited above the diagonal.
    pub rows: Vec<Row>,
}

/// The grids of one decision node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeGrids {
    /// The variant.
    pub variant: String,
    /// The node in words (`OOP at the root`, `IP after a check`).
    pub title: String,
    /// The node's path.
    pub path: String,
    /// One grid per action, in action order.
    pub actions: Vec<ActionGrid>,
}

/// The action `notation` in words; bets and raises with their share of
/// `pot` (the pot at the node).
pub fn action_words(notation: &str, pot: f64) -> String {
    let amount = |rest: &str| rest.parse::<f64>().unwrap_or(f64::NAN);
    match notation.split_at(notation.len().min(1)) {
        ("x", _) => "check".into(),
        ("c", _) => "call".into(),
        ("f", _) => "fold".into(),
        ("b", rest) => format!("bet {rest} ({:.0}% of the pot)", 100.0 * amount(rest) / pot),
        ("r", rest) => format!("raise to {rest}"),
        _ => notation.to_string(),
    }
}

/// The colour of an action at full frequency: green for check and call,
/// blue for fold, and warm colours for the bets and raises in size order.
fn base_colour(notation: &str, aggressive_rank: usize) -> (f64, f64, f64) {
    const WARM: [(f64, f64, f64); 4] = [
        (230.0, 120.0, 30.0),
        (200.0, 40.0, 40.0),
        (140.0, 50.0, 150.0),
        (90.0, 40.0, 90.0),
    ];
    match notation.chars().next() {
        Some('x' | 'c') => (60.0, 160.0, 70.0),
        Some('f') => (70.0, 120.0, 190.0),
        _ => WARM[aggressive_rank.min(WARM.len() - 1)],
    }
}

/// White mixed towards `full` by `frequency`, and the text colour that
/// reads on it (white where the relative luminance is below 0.4).
fn shade(full: (f64, f64, f64), frequency: f64) -> (String, &'static str) {
    let f = frequency.clamp(0.0, 1.0);
    let mix = |c: f64| (255.0 + (c - 255.0) * f).round() as u8;
    let (r, g, b) = (mix(full.0), mix(full.1), mix(full.2));
    let luminance = (0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b)) / 255.0;
    let ink = if luminance < 0.4 { "#fff" } else { "#000" };
    (format!("#{r:02x}{g:02x}{b:02x}"), ink)
}

/// The grids of the node `path` of `variant` from its decision rows
/// (`rows`, this node's only), with `pot` the pot at the node.
pub fn node_grids(
    variant: &str,
    title: &str,
    path: &str,
    rows: &[&Decision],
    pot: f64,
) -> NodeGrids {
    let mut actions: Vec<&str> = Vec::new();
    for row in rows {
        if !actions.contains(&row.action.as_str()) {
            actions.push(&row.action);
        }
    }
    // Per class and action: (reach, reach × frequency).
    let mut sums = vec![vec![(0.0, 0.0); actions.len()]; 13 * 13];
    let mut present = [false; 13 * 13];
    for row in rows {
        let Some((r, c)) = cell_of(&row.class) else {
            continue;
        };
        let k = actions.iter().position(|a| *a == row.action).unwrap_or(0);
        present[r * 13 + c] = true;
        let sum = &mut sums[r * 13 + c][k];
        sum.0 += row.reach;
        sum.1 += row.reach * row.frequency;
    }
    let mut aggressive = 0;
    let grids = actions
        .iter()
        .enumerate()
        .map(|(k, &notation)| {
            let rank = aggressive;
            if notation.starts_with(['b', 'r']) {
                aggressive += 1;
            }
            let full = base_colour(notation, rank);
            let (total, acted) = sums.iter().fold((0.0, 0.0), |acc, cell| {
                (acc.0 + cell[k].0, acc.1 + cell[k].1)
            });
            let cells = (0..13)
                .map(|r| Row {
                    label: RANKS[r],
                    cells: (0..13)
                        .map(|c| {
                            let class = HandClass::at_cell(r, c).to_string();
                            let (reach, sum) = sums[r * 13 + c][k];
                            if !present[r * 13 + c] || reach <= 0.0 {
                                return Cell {
                                    class,
                                    text: String::new(),
                                    colour: "#f2f2f2".into(),
                                    ink: "#000",
                                };
                            }
                            let frequency = sum / reach;
                            let (colour, ink) = shade(full, frequency);
                            Cell {
                                class,
                                text: format!("{:.0}", 100.0 * frequency),
                                colour,
                                ink,
                            }
                        })
                        .collect(),
                })
                .collect();
            ActionGrid {
                action: action_words(notation, pot),
                share: if total > 0.0 { acted / total } else { 0.0 },
                rows: cells,
            }
        })
        .collect();
    NodeGrids {
        variant: variant.to_string(),
        title: title.to_string(),
        path: path.to_string(),
        actions: grids,
    }
}

/// The grid cell of a class written like `AKs`, `AKo` or `AA`.
fn cell_of(class: &str) -> Option<(usize, usize)> {
    let rank = |c: char| RANKS.iter().position(|r| r.starts_with(c));
    let mut chars = class.chars();
    let (a, b) = (rank(chars.next()?)?, rank(chars.next()?)?);
    match chars.next() {
        None if a == b => Some((a, a)),
        Some('s') if a != b => Some((a.min(b), a.max(b))),
        Some('o') if a != b => Some((a.max(b), a.min(b))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_land_in_the_cell_the_range_grid_uses() {
        for (r, c) in [(0, 0), (0, 1), (1, 0), (12, 12), (3, 9), (9, 3)] {
            let class = HandClass::at_cell(r, c).to_string();
            assert_eq!(cell_of(&class), Some((r, c)), "{class}");
        }
        assert_eq!(cell_of("AAs"), None);
        assert_eq!(cell_of("Z"), None);
    }

    #[test]
    fn frequencies_are_reach_weighted_and_coloured() {
        let row = |class: &str, action: &str, frequency: f64, reach: f64| Decision {
            variant: "v".into(),
            engine: "solve".into(),
            node: String::new(),
            player: "OOP".into(),
            class: class.into(),
            hand: format!("{class}{reach}"),
            action: action.into(),
            frequency,
            reach,
            category: None,
            ev: None,
            ev_weight: None,
        };
        let rows = [
            row("AA", "x", 1.0, 1.0),
            row("AA", "b20", 0.0, 1.0),
            row("AA", "x", 0.0, 3.0),
            row("AA", "b20", 1.0, 3.0),
        ];
        let refs: Vec<&Decision> = rows.iter().collect();
        let grids = node_grids("v", "OOP at the root", "", &refs, 60.0);
        assert_eq!(grids.actions.len(), 2);
        assert_eq!(grids.actions[1].action, "bet 20 (33% of the pot)");
        assert_eq!(grids.actions[1].rows[0].cells[0].text, "75");
        assert!((grids.actions[1].share - 0.75).abs() < 1e-12);
        assert_eq!(grids.actions[0].rows[0].cells[1].text, "");
        assert_eq!(shade((0.0, 0.0, 0.0), 1.0), ("#000000".into(), "#fff"));
        assert_eq!(shade((0.0, 0.0, 0.0), 0.0), ("#ffffff".into(), "#000"));
    }
}
