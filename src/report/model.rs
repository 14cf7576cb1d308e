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
    /// `hard 16`, `soft 17`, ...
    pub label: String,
    /// One entry per column: `H`, `S`, `H 40%`, with the gain of hitting;
    /// empty where the player has no choice.
    pub cells: Vec<String>,
}

/// One strategy chart: a variant's player decisions by one engine (and
/// one upcard, when shown).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartModel {
    /// The variant.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// The dealer's upcard, when the rules show one.
    pub upcard: Option<String>,
    /// Column headings (`2 cards`, ...).
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
    /// Seconds at the last point.
    pub seconds: f64,
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
    /// Exploitability against seconds (SVG).
    pub by_seconds: String,
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
    /// Seconds taken.
    pub seconds: Option<f64>,
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
                    seconds: r.seconds,
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

/// The player's chart of one (variant, engine, upcard) from its `hit` rows.
fn chart(
    variant: &str,
    engine: &str,
    upcard: Option<&String>,
    hits: &[&CellView],
) -> Result<ChartModel, ReportError> {
    let cards: BTreeSet<i32> = hits.iter().map(|c| c.cards).collect();
    let columns: Vec<i32> = cards.into_iter().collect();
    let mut totals: Vec<(bool, i32)> = hits
        .iter()
        .map(|c| (c.soft, c.total))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    totals.sort_by_key(|&(soft, total)| (soft, std::cmp::Reverse(total)));
    let row_label =
        |&(soft, total): &(bool, i32)| format!("{} {total}", if soft { "soft" } else { "hard" });
    let column_label = |cards: &i32| format!("{cards} cards");
    let mut text = vec![vec![String::new(); columns.len()]; totals.len()];
    let mut cells = Vec::new();
    for cell in hits {
        let (Some(column), Some(row)) = (
            columns.iter().position(|&c| c == cell.cards),
            totals.iter().position(|&t| t == (cell.soft, cell.total)),
        ) else {
            continue;
        };
        let f = cell.frequency;
        let letter = if f >= 0.5 { "H" } else { "S" };
        let label = if f > 1e-6 && f < 1.0 - 1e-6 {
            format!("{letter} {:.0}%", f * 100.0)
        } else {
            letter.to_string()
        };
        let detail = match (cell.ev_hit, cell.ev_stand) {
            (Some(hit), Some(stand)) => format!("{:+.3}", hit - stand),
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
    let title = match upcard {
        Some(card) => format!("{variant} ({engine}), dealer shows {card}"),
        None => format!("{variant} ({engine})"),
    };
    let column_names: Vec<String> = columns.iter().map(column_label).collect();
    let row_names: Vec<String> = totals.iter().map(row_label).collect();
    Ok(ChartModel {
        variant: variant.to_string(),
        engine: engine.to_string(),
        upcard: upcard.cloned(),
        svg: heat_map(&title, &column_names, &row_names, &cells)?,
        columns: column_names,
        rows: row_names
            .into_iter()
            .zip(text)
            .map(|(label, cells)| ChartRow { label, cells })
            .collect(),
    })
}

/// The charts of the first variants (at most [`MAX_CHARTS`]) and how many
/// were left out.
fn charts(manifest: &Manifest, data: &ReportData) -> Result<(Vec<ChartModel>, usize), ReportError> {
    let hits: Vec<&CellView> = data
        .cells
        .iter()
        .filter(|c| c.side == "player" && c.action == "hit")
        .collect();
    let mut keys: Vec<(usize, usize, Option<String>)> = hits
        .iter()
        .filter_map(|c| {
            let v = manifest.variants.iter().position(|v| v.name == c.variant)?;
            let e = manifest.engines.iter().position(|e| e.name == c.engine)?;
            Some((v, e, c.upcard.clone()))
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let omitted = keys.len().saturating_sub(MAX_CHARTS);
    keys.truncate(MAX_CHARTS);
    let charts = keys
        .iter()
        .map(|(v, e, upcard)| {
            let variant = &manifest.variants[*v].name;
            let engine = &manifest.engines[*e].name;
            let mine: Vec<&CellView> = hits
                .iter()
                .copied()
                .filter(|c| c.variant == *variant && c.engine == *engine && c.upcard == *upcard)
                .collect();
            chart(variant, engine, upcard.as_ref(), &mine)
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
            seconds: point.seconds,
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
    let lines = |x: &dyn Fn(&super::data::PointView) -> f64| -> Vec<Line> {
        runs.iter()
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
                    .map(|p| (x(p), p.exploitability))
                    .collect(),
            })
            .collect()
    };
    Ok(Some(ConvergencePlots {
        by_iteration: convergence_plot(
            "Exploitability by iteration",
            "iterations",
            &lines(&|p| p.iteration as f64),
        )?,
        by_seconds: convergence_plot("Exploitability by time", "seconds", &lines(&|p| p.seconds))?,
    }))
}
