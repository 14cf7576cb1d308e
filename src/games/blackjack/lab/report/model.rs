//! The blackjack report's model: the rule-effects table (every variant's
//! exact EV, its effect against the base, the published figure and the
//! simulated effect with its z), the simulation check of every variant,
//! the EV under each split algorithm, and every variant's basic-strategy
//! chart against the base chart.

use serde::Serialize;

use super::data::{BlackjackData, Cell, Run};
use super::grid::{ChartGrid, LEGEND};
use super::published::{SOURCE, published_effect};
use super::simcheck::{SimEffect, SimRow, sim_rows};
use crate::report::{Manifest, ReportError};

/// One line of the rule-effects table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EffectRow {
    /// The variant's name.
    pub variant: String,
    /// The rule keys it changes from the base, as `key = value`.
    pub change: String,
    /// Its exact EV per round.
    pub ev: f64,
    /// Its EV less the base's (units per round).
    pub effect: f64,
    /// The published effect (units per round), where the table has one.
    pub published: Option<f64>,
    /// `effect - published`.
    pub difference: Option<f64>,
    /// How the published figure was converted to this base, if it was.
    pub note: &'static str,
    /// The effect as simulated, where the variant and the base were.
    pub sim: Option<SimEffect>,
}

/// One variant's EV under each split algorithm.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AlgorithmRow {
    /// The variant's name.
    pub variant: String,
    /// EV under `cdz-`, `cdp1`, `cdp` (missing where not asked for).
    pub ev: [Option<f64>; 3],
}

/// One variant's chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartView {
    /// The variant's name.
    pub variant: String,
    /// The rule keys it changes from the base.
    pub change: String,
    /// The grid, its changed cells listed.
    pub grid: ChartGrid,
    /// The grid as text (for the Markdown report).
    pub text: String,
}

/// A legend entry: a move's code, CSS class, meaning and colour.
pub type LegendEntry = crate::games::blackjack::palette::MoveColour;

/// Everything the templates show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BlackjackModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The rules file.
    pub rules_file: String,
    /// The crate version.
    pub version: String,
    /// The engines and their parameters (JSON).
    pub engines: Vec<(String, String)>,
    /// The answer in words.
    pub headline: Vec<String>,
    /// The base variant's name.
    pub base: String,
    /// The base rules in shorthand.
    pub base_rules: String,
    /// The base's split algorithm.
    pub base_algorithm: String,
    /// The base's exact EV per round.
    pub base_ev: f64,
    /// The rule effects, in variant order (the base left out).
    pub effects: Vec<EffectRow>,
    /// Every simulated variant against its exact EV, in variant order.
    pub sims: Vec<SimRow>,
    /// The published table cited.
    pub source: &'static str,
    /// The EV under each split algorithm, where asked for.
    pub algorithms: Vec<AlgorithmRow>,
    /// The other variants whose chart is the base chart.
    pub same_chart: Vec<String>,
    /// The base chart, then every chart that differs from it.
    pub charts: Vec<ChartView>,
    /// The chart legend.
    pub legend: Vec<LegendEntry>,
}

/// The settings (`key=value`) of every variant, by name, from the
/// manifest's axes.
fn settings(manifest: &Manifest) -> Vec<(String, Vec<String>)> {
    manifest
        .variants
        .iter()
        .map(|variant| {
            let sets = manifest
                .axes
                .iter()
                .zip(&variant.positions)
                .flat_map(|(axis, &i)| axis.settings.get(i).cloned().unwrap_or_default())
                .collect();
            (variant.name.clone(), sets)
        })
        .collect()
}

/// The settings of `sets` whose value differs from the base's; a changed
/// `dealer.peek` is left out beside a changed `dealer.hole_card`, which
/// names it.
fn changed(sets: &[String], base: &[String]) -> Vec<String> {
    let out: Vec<String> = sets.iter().filter(|s| !base.contains(s)).cloned().collect();
    let named = out.iter().any(|s| s.starts_with("dealer.hole_card="));
    out.into_iter()
        .filter(|s| !(named && s.starts_with("dealer.peek=")))
        .collect()
}

impl BlackjackModel {
    /// The model of an output folder's manifest and rows.
    ///
    /// # Errors
    /// A folder without an exact run of the base variant.
    pub fn new(manifest: &Manifest, data: &BlackjackData) -> Result<BlackjackModel, ReportError> {
        let exact: Vec<&Run> = data.runs.iter().filter(|r| r.engine == "exact").collect();
        let settings = settings(manifest);
        let base_name = manifest
            .variants
            .first()
            .map(|v| v.name.clone())
            .unwrap_or_default();
        let base = exact
            .iter()
            .find(|r| r.variant == base_name)
            .ok_or_else(|| ReportError::Data("no exact run of the base variant".into()))?;
        let sets_of = |name: &str| -> Vec<String> {
            settings
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, s)| s.clone())
                .unwrap_or_default()
        };
        let base_sets = sets_of(&base_name);
        let change_of = |name: &str| -> Vec<String> { changed(&sets_of(name), &base_sets) };
        let words = |sets: &[String]| -> String {
            sets.iter()
                .map(|s| s.replacen('=', " = ", 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sims = sim_rows(&data.runs);
        let sim_of = |name: &str| sims.iter().find(|s| s.variant == name);
        let base_sim = sim_of(&base_name);
        let effects = exact
            .iter()
            .filter(|r| r.variant != base_name)
            .map(|run| {
                let sets = change_of(&run.variant);
                let effect = run.ev - base.ev;
                let published = match sets.as_slice() {
                    [one] => published_effect(one, base.rules.decks, base.rules.late),
                    _ => None,
                };
                EffectRow {
                    variant: run.variant.clone(),
                    change: words(&sets),
                    ev: run.ev,
                    effect,
                    published: published.map(|(p, _)| p / 100.0),
                    difference: published.map(|(p, _)| effect - p / 100.0),
                    note: published.map_or("", |(_, note)| note),
                    sim: sim_of(&run.variant)
                        .zip(base_sim)
                        .map(|(v, b)| SimEffect::new(v, b)),
                }
            })
            .collect();
        let algorithms = exact
            .iter()
            .filter(|r| r.by_algorithm.iter().any(Option::is_some))
            .map(|r| AlgorithmRow {
                variant: r.variant.clone(),
                ev: r.by_algorithm,
            })
            .collect();
        let cells_of = |name: &str| -> Vec<&Cell> {
            data.cells
                .iter()
                .filter(|c| c.variant == name && c.engine == "exact")
                .collect()
        };
        let base_cells = cells_of(&base_name);
        let view = |name: &str| {
            let grid = ChartGrid::new(&cells_of(name), &base_cells);
            ChartView {
                variant: name.to_string(),
                change: words(&change_of(name)),
                text: grid.text(),
                grid,
            }
        };
        let (mut same_chart, mut charts) = (Vec::new(), vec![view(&base_name)]);
        for run in exact.iter().filter(|r| r.variant != base_name) {
            let chart = view(&run.variant);
            if chart.grid.changes.is_empty() {
                same_chart.push(run.variant.clone());
            } else {
                charts.push(chart);
            }
        }
        Ok(BlackjackModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            version: manifest.version.clone(),
            engines: manifest
                .engines
                .iter()
                .map(|e| (e.name.clone(), e.params.to_string()))
                .collect(),
            headline: Vec::new(),
            base_rules: base.rules.shorthand(),
            base_algorithm: base.rules.algorithm.clone(),
            base_ev: base.ev,
            base: base_name,
            effects,
            sims,
            source: SOURCE,
            algorithms,
            same_chart,
            charts,
            legend: LEGEND.to_vec(),
        })
    }
}
