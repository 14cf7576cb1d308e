//! Everything a report template sees, computed from the manifest and the
//! frames' rows.

use std::collections::BTreeSet;

use serde::Serialize;

use super::ReportError;
use super::charts::{HeatCell, Line, convergence_plot, heat_map};
use super::data::{CellView, ReportData};
use super::manifest::{Manifest, ManifestAxis};
use super::summary::{SimCheck, headline, sim_checks};

/// At most this many strategy charts are drawn (the first variants and
/// engines); `strategies.parquet` holds them all.
pub const MAX_CHARTS: usize = 12;

/// One engine's figures for one variant in the sensitivity table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SensitivityCell {
    /// Player's EV per hand.
    pub ev: Option<f64>,
    /// EV minus the base variant's EV (same engine).
    pub delta: Option<f64>,
}

/// One variant's row of the sensitivity table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SensitivityRow {
    /// The variant.
    pub variant: String,
    /// Whether it is the base variant.
    pub base: bool,
    /// One cell per engine, in the order of `engines`.
    pub cells: Vec<SensitivityCell>,
    /// Void rate (exact solver), if it ran.
    pub void_rate: Option<f64>,
    /// Standard deviation per hand (exact solver), if it ran.
    pub std_dev: Option<f64>,
}

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

/// One iterative run's convergence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConvergenceModel {
    /// The variant.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// Iterations at the last point.
    pub iterations: u64,
    /// Exploitability at the last point.
    pub exploitability: f64,
    /// Value at the last point.
    pub value: f64,
}

/// The convergence plots, when an iterative engine ran.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConvergencePlots {
    /// Exploitability against iterations (SVG).
    pub by_iteration: String,
}

/// One run's provenance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Provenance {
    /// The variant.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// The rules hash.
    pub rules_hash: String,
    /// Engine parameters (JSON).
    pub params: String,
    /// The seed, if any.
    pub seed: Option<u64>,
}

/// The context of the report templates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The crate version that wrote the data.
    pub version: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The base rules file.
    pub rules_file: String,
    /// The axes.
    pub axes: Vec<ManifestAxis>,
    /// The engines that ran, in order.
    pub engines: Vec<String>,
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// Runs expected (variants × engines).
    pub tasks_expected: usize,
    /// Runs present in the data.
    pub tasks_present: usize,
    /// The sensitivity table.
    pub sensitivity: Vec<SensitivityRow>,
    /// The strategy charts.
    pub charts: Vec<ChartModel>,
    /// Charts left out (beyond [`MAX_CHARTS`]).
    pub charts_omitted: usize,
    /// Convergence per iterative run.
    pub convergence: Vec<ConvergenceModel>,
    /// The convergence plots, if any iterative engine ran.
    pub convergence_plots: Option<ConvergencePlots>,
    /// The exact-versus-simulated checks.
    pub sim_checks: Vec<SimCheck>,
    /// Provenance of every run.
    pub runs: Vec<Provenance>,
}

impl ReportModel {
    /// Computes the model of `manifest` and `data`.
    pub fn new(manifest: &Manifest, data: &ReportData) -> Result<ReportModel, ReportError> {
        let engines: Vec<String> = manifest.engines.iter().map(|e| e.name.clone()).collect();
        let (charts, charts_omitted) = charts(manifest, data)?;
        let convergence = convergence(data);
        Ok(ReportModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            version: manifest.version.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            axes: manifest.axes.clone(),
            headline: headline(manifest, data),
            tasks_expected: manifest.variants.len() * engines.len(),
            tasks_present: data.runs.len(),
            sensitivity: sensitivity(manifest, data, &engines),
            charts,
            charts_omitted,
            convergence_plots: convergence_plots(data)?,
            convergence,
            sim_checks: sim_checks(data),
            runs: data
                .runs
                .iter()
                .map(|r| Provenance {
                    variant: r.variant.clone(),
                    engine: r.engine.clone(),
                    rules_hash: r.rules_hash.clone(),
                    params: r.params.clone(),
                    seed: r.seed,
                })
                .collect(),
            engines,
        })
    }
}

fn sensitivity(manifest: &Manifest, data: &ReportData, engines: &[String]) -> Vec<SensitivityRow> {
    let base = manifest.variants.first().map(|v| v.name.as_str());
    let base_ev = |engine: &str| base.and_then(|b| data.run(b, engine)).and_then(|r| r.ev);
    manifest
        .variants
        .iter()
        .filter(|v| data.runs.iter().any(|r| r.variant == v.name))
        .map(|v| {
            let dp = data.run(&v.name, "dp");
            SensitivityRow {
                variant: v.name.clone(),
                base: Some(v.name.as_str()) == base,
                cells: engines
                    .iter()
                    .map(|engine| {
                        let ev = data.run(&v.name, engine).and_then(|r| r.ev);
                        SensitivityCell {
                            ev,
                            delta: ev.zip(base_ev(engine)).map(|(a, b)| a - b),
                        }
                    })
                    .collect(),
                void_rate: dp.and_then(|r| r.void_rate),
                std_dev: dp.and_then(|r| r.std_dev),
            }
        })
        .collect()
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

/// The chart of one (variant, engine, side, upcard) from its rows: colour
/// and letter from the hit frequency, detail from the EVs (gain of hitting)
/// or, for the dealer, the reveal frequency.
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
        let letter = if f >= 0.5 { "H" } else { "S" };
        // Mixed when the rounded percentage is neither 0 nor 100.
        let label = if (MIXED..1.0 - MIXED).contains(&f) {
            format!("{letter} {:.0}%", f * 100.0)
        } else {
            letter.to_string()
        };
        let reveal = rows
            .iter()
            .find(|r| r.action == "reveal" && place(r) == place(cell))
            .map_or(0.0, |r| r.frequency);
        let detail = match (cell.ev_hit, cell.ev_stand) {
            (Some(hit), Some(stand)) => format!("{:+.3}", hit - stand),
            _ if reveal >= MIXED => format!("reveal {:.0}%", reveal * 100.0),
            _ => String::new(),
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
fn charts(manifest: &Manifest, data: &ReportData) -> Result<(Vec<ChartModel>, usize), ReportError> {
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

fn convergence(data: &ReportData) -> Vec<ConvergenceModel> {
    let mut out: Vec<ConvergenceModel> = Vec::new();
    for point in &data.points {
        let model = ConvergenceModel {
            variant: point.variant.clone(),
            engine: point.engine.clone(),
            iterations: point.iteration,
            exploitability: point.exploitability,
            value: point.value,
        };
        match out
            .iter_mut()
            .find(|m| m.variant == point.variant && m.engine == point.engine)
        {
            Some(existing) if existing.iterations <= point.iteration => *existing = model,
            Some(_) => {}
            None => out.push(model),
        }
    }
    out
}

fn convergence_plots(data: &ReportData) -> Result<Option<ConvergencePlots>, ReportError> {
    if data.points.is_empty() {
        return Ok(None);
    }
    let mut runs: Vec<(String, String)> = Vec::new();
    for p in &data.points {
        if !runs.iter().any(|(v, e)| *v == p.variant && *e == p.engine) {
            runs.push((p.variant.clone(), p.engine.clone()));
        }
    }
    let lines: Vec<Line> = runs
        .iter()
        .map(|(variant, engine)| Line {
            name: if runs.iter().all(|(_, e)| e == engine) {
                variant.clone()
            } else {
                format!("{variant} ({engine})")
            },
            points: data
                .points
                .iter()
                .filter(|p| p.variant == *variant && p.engine == *engine)
                .map(|p| (p.iteration as f64, p.exploitability))
                .collect(),
        })
        .collect();
    Ok(Some(ConvergencePlots {
        by_iteration: convergence_plot("Exploitability by iteration", "iterations", &lines)?,
    }))
}
