//! Everything Banluck's grid report templates see, computed from the
//! manifest and the frames' rows.

use serde::Serialize;

use super::charts::{ChartModel, charts};
use super::data::ReportData;
use super::summary::{SimCheck, effect_chart, headline, sim_checks};
use crate::report::{Line, Manifest, ManifestAxis, ReportError, convergence_plot};

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
    /// The chart of the answer: each rule change's worth to the dealer,
    /// largest first ([`effect_chart`]).
    pub effect_chart: Option<String>,
    /// The sensitivity table.
    pub sensitivity: Vec<SensitivityRow>,
    /// The strategy charts.
    pub charts: Vec<ChartModel>,
    /// Charts left out (beyond [`MAX_CHARTS`](super::MAX_CHARTS)).
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
            effect_chart: effect_chart(manifest, data)?,
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
