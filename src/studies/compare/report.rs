//! The outputs of a compare experiment: the cells and the EVs as Parquet
//! tables, written and read back, and the model, headline and templates
//! of its reports, rendered from the tables alone.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Serialize;

use super::rows::{CompareRow, CompareSummaryRow, CompareTables};
use crate::report::{HeatCell, Manifest, ReportError, StudyTables, TableSet, heat_map, read_rows};

/// File name of the cells (one row per Banluck chart cell).
pub const COMPARE: &str = "compare.parquet";
/// File name of the EVs (one row).
pub const COMPARE_SUMMARY: &str = "compare_summary.parquet";

/// The embedded Markdown template of compare reports.
pub const COMPARE_MARKDOWN_TEMPLATE: &str = include_str!("templates/compare.md.tera");
/// The embedded HTML template of compare reports.
pub const COMPARE_HTML_TEMPLATE: &str = include_str!("templates/compare.html.tera");

/// A cost of at least this (units per hand) counts as a material
/// difference in the headline.
pub const MATERIAL_COST: f64 = 0.001;

impl StudyTables for CompareTables {
    fn tables(&self) -> Result<TableSet, ReportError> {
        TableSet::new()
            .rows(COMPARE, &self.cells)?
            .rows(COMPARE_SUMMARY, std::slice::from_ref(&self.summary))
    }

    fn read(folder: &Path) -> Result<CompareTables, ReportError> {
        let cells = read_rows(folder, COMPARE)?;
        let summary: Vec<CompareSummaryRow> = read_rows(folder, COMPARE_SUMMARY)?;
        let summary = summary
            .into_iter()
            .next()
            .ok_or_else(|| ReportError::file(&folder.join(COMPARE_SUMMARY), "holds no row"))?;
        Ok(CompareTables { cells, summary })
    }
}

/// One cell of a side-by-side chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideCell {
    /// `H` or `S` where both agree, `H / S` (Banluck / blackjack) where they
    /// differ; empty where Banluck has no such cell.
    pub text: String,
    /// Whether the two agree (or the cell is empty).
    pub agree: bool,
}

/// One row of a side-by-side chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideRow {
    /// `hard 16`, `soft 17`, ...
    pub label: String,
    /// One cell per card count.
    pub cells: Vec<SideCell>,
}

/// The side-by-side chart for one upcard (or none).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideChart {
    /// The dealer's upcard, when shown.
    pub upcard: Option<String>,
    /// Column headings (`2 cards`, ...).
    pub columns: Vec<String>,
    /// The rows.
    pub rows: Vec<SideRow>,
    /// Banluck's chart as a heat map (SVG).
    pub banluck_svg: String,
    /// Blackjack's decisions on the same cells (SVG).
    pub blackjack_svg: String,
}

/// Everything a compare report template sees.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The crate version that wrote the data.
    pub version: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The Banluck rules file.
    pub rules_file: String,
    /// The parameters and hashes (JSON).
    pub params: String,
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// The EVs.
    pub summary: CompareSummaryRow,
    /// Cells in the chart.
    pub cells: usize,
    /// Cells where the two agree.
    pub agree: usize,
    /// Every cell where they differ.
    pub differences: Vec<CompareRow>,
    /// The side-by-side charts.
    pub charts: Vec<SideChart>,
}

fn cell_name(cell: &CompareRow) -> String {
    let kind = if cell.soft { "soft" } else { "hard" };
    let mut name = format!("{} cards {kind} {}", cell.cards, cell.total);
    if let Some(up) = &cell.upcard {
        name.push_str(&format!(" vs {up}"));
    }
    name
}

fn some_of(cells: &[&CompareRow]) -> String {
    const SHOWN: usize = 8;
    let names: Vec<String> = cells.iter().take(SHOWN).map(|c| cell_name(c)).collect();
    let more = cells.len().saturating_sub(SHOWN);
    if more > 0 {
        format!("{} and {more} more", names.join(", "))
    } else {
        names.join(", ")
    }
}

/// The headline of a compare report, from its tables.
pub fn compare_headline(cells: &[CompareRow], s: &CompareSummaryRow) -> Vec<String> {
    let differ: Vec<&CompareRow> = cells.iter().filter(|c| !c.agree).collect();
    let material = s.cost_in_banluck >= MATERIAL_COST;
    let share = if s.banluck_ev_chart < 0.0 {
        format!(
            ", {:.0}% of the house edge of {:.2}%",
            100.0 * s.cost_in_banluck / -s.banluck_ev_chart,
            -100.0 * s.banluck_ev_chart
        )
    } else {
        String::new()
    };
    let mut out = vec![format!(
        "{} Banluck's optimal chart and blackjack basic strategy (its hit/stand decisions) differ in {} of {} chart cells, and playing blackjack's decisions in Banluck costs {:.4} units per hand ({:.2}% of a bet{share}): EV {:+.4} instead of {:+.4}.",
        if material {
            "Yes, significantly:"
        } else {
            "Not materially:"
        },
        differ.len(),
        cells.len(),
        s.cost_in_banluck,
        100.0 * s.cost_in_banluck,
        s.banluck_ev_with_blackjack,
        s.banluck_ev_chart,
    )];
    out.push(format!(
        "The other way round, the Banluck chart played in blackjack costs {:.4} units per round against basic strategy's hit/stand (EV {:+.4} instead of {:+.4}); full basic strategy, with doubles and splits, reaches {:+.4}.",
        s.cost_in_blackjack,
        s.blackjack_ev_with_banluck,
        s.blackjack_ev_hit_stand,
        s.blackjack_ev,
    ));
    let hits: Vec<&CompareRow> = differ
        .iter()
        .copied()
        .filter(|c| c.banluck == "hit")
        .collect();
    let stands: Vec<&CompareRow> = differ
        .iter()
        .copied()
        .filter(|c| c.banluck != "hit")
        .collect();
    if !differ.is_empty() {
        let mut sentence = String::new();
        if !hits.is_empty() {
            sentence += &format!(
                "Banluck hits where blackjack stands in {} cell{} ({})",
                hits.len(),
                if hits.len() == 1 { "" } else { "s" },
                some_of(&hits)
            );
        }
        if !stands.is_empty() {
            if !sentence.is_empty() {
                sentence += "; ";
            }
            sentence += &format!(
                "Banluck stands where blackjack hits in {} cell{} ({})",
                stands.len(),
                if stands.len() == 1 { "" } else { "s" },
                some_of(&stands)
            );
        }
        sentence += ".";
        out.push(sentence);
    }
    out
}

/// The side-by-side charts, one per upcard.
fn side_charts(cells: &[CompareRow]) -> Result<Vec<SideChart>, ReportError> {
    let upcards: Vec<Option<String>> = {
        let mut seen: Vec<Option<String>> = Vec::new();
        for c in cells {
            if !seen.contains(&c.upcard) {
                seen.push(c.upcard.clone());
            }
        }
        seen
    };
    upcards
        .into_iter()
        .map(|upcard| {
            let group: Vec<&CompareRow> = cells.iter().filter(|c| c.upcard == upcard).collect();
            let columns: Vec<u8> = group
                .iter()
                .map(|c| c.cards)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let rows: Vec<(bool, std::cmp::Reverse<u8>)> = group
                .iter()
                .map(|c| (c.soft, std::cmp::Reverse(c.total)))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let column_names: Vec<String> = columns.iter().map(|c| format!("{c} cards")).collect();
            let row_names: Vec<String> = rows
                .iter()
                .map(|(soft, total)| format!("{} {}", if *soft { "soft" } else { "hard" }, total.0))
                .collect();
            let mut text = vec![
                vec![
                    SideCell {
                        text: String::new(),
                        agree: true
                    };
                    columns.len()
                ];
                rows.len()
            ];
            let mut banluck = Vec::new();
            let mut blackjack = Vec::new();
            let letter = |a: &str| if a == "hit" { "H" } else { "S" };
            for c in &group {
                let (Some(column), Some(row)) = (
                    columns.iter().position(|&x| x == c.cards),
                    rows.iter()
                        .position(|&r| r == (c.soft, std::cmp::Reverse(c.total))),
                ) else {
                    continue;
                };
                text[row][column] = SideCell {
                    text: if c.agree {
                        letter(&c.banluck).to_string()
                    } else {
                        format!("{} / {}", letter(&c.banluck), letter(&c.blackjack))
                    },
                    agree: c.agree,
                };
                let mark = if c.agree { "" } else { "differs" };
                for (out, action) in [(&mut banluck, &c.banluck), (&mut blackjack, &c.blackjack)] {
                    out.push(HeatCell {
                        column,
                        row,
                        frequency: if action == "hit" { 1.0 } else { 0.0 },
                        label: letter(action).to_string(),
                        detail: mark.to_string(),
                    });
                }
            }
            let suffix = upcard
                .as_ref()
                .map(|u| format!(", dealer shows {u}"))
                .unwrap_or_default();
            Ok(SideChart {
                banluck_svg: heat_map(
                    &format!("Banluck optimal chart{suffix}"),
                    &column_names,
                    &row_names,
                    &banluck,
                )?,
                blackjack_svg: heat_map(
                    &format!("Blackjack basic strategy (hit/stand){suffix}"),
                    &column_names,
                    &row_names,
                    &blackjack,
                )?,
                upcard,
                columns: column_names,
                rows: row_names
                    .into_iter()
                    .zip(text)
                    .map(|(label, cells)| SideRow { label, cells })
                    .collect(),
            })
        })
        .collect()
}

impl CompareModel {
    /// The model of a compare output folder's manifest and tables.
    pub fn new(
        manifest: &Manifest,
        cells: &[CompareRow],
        summary: &CompareSummaryRow,
    ) -> Result<CompareModel, ReportError> {
        Ok(CompareModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            version: manifest.version.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            params: manifest.params.to_string(),
            headline: compare_headline(cells, summary),
            summary: summary.clone(),
            cells: cells.len(),
            agree: cells.iter().filter(|c| c.agree).count(),
            differences: cells.iter().filter(|c| !c.agree).cloned().collect(),
            charts: side_charts(cells)?,
        })
    }
}
