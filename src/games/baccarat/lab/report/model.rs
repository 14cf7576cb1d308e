//! The baccarat report's model: house edges by deck count (exact), the
//! simulation checks, the count study per variant and side bet, and the
//! charts of side-bet EV against true count.

use serde::Serialize;

use super::data::{BaccaratData, Run};
use crate::games::baccarat::bets::BETS;
use crate::games::baccarat::counting::{HIGHEST_BUCKET, LOWEST_BUCKET};
use crate::report::{LineChart, Manifest, ReportError, Series, line_chart};

/// The side bets as (column key, name).
pub const SIDE: [(&str, &str); 2] = [("dragon7", "Dragon 7"), ("panda8", "Panda 8")];

/// Buckets with fewer hands are left out of the charts.
pub const MIN_CHART_HANDS: u64 = 50;

/// One deck count's exact EVs, in [`BETS`] order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EdgeRow {
    /// Decks.
    pub decks: u64,
    /// Banker, Player, Tie, Dragon 7, Panda 8: EV per unit.
    pub ev: Vec<f64>,
}

/// The exact EVs under one set of payouts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EdgeTable {
    /// The payouts in words.
    pub payouts: String,
    /// By deck count, fewest first.
    pub rows: Vec<EdgeRow>,
}

/// One simulation against exact.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimRow {
    /// The variant in words.
    pub variant: String,
    /// Coups dealt.
    pub hands: f64,
    /// Coups per shoe.
    pub hands_per_shoe: f64,
    /// The largest |z| over the five outcomes.
    pub max_abs_z: f64,
    /// Banker and Player: simulated mean, its standard error, the exact
    /// EV (NaN when the experiment has no exact run of these rules), z.
    pub main: Vec<[f64; 4]>,
}

/// One bettor's figures in a count row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BettorView {
    /// Share of hands bet.
    pub share: f64,
    /// Edge when betting and its standard error.
    pub edge: f64,
    /// Standard error of `edge`.
    pub edge_se: f64,
    /// z of the edge against the mean exact EV of the hands bet.
    pub z: f64,
    /// Exact EV bet per shoe and its standard error.
    pub ev_per_shoe: f64,
    /// Standard error of `ev_per_shoe`.
    pub ev_per_shoe_se: f64,
    /// Units won per shoe and its standard error.
    pub won_per_shoe: f64,
    /// Standard error of `won_per_shoe`.
    pub won_per_shoe_se: f64,
}

impl BettorView {
    fn new(run: &Run, prefix: &str) -> BettorView {
        let get = |name: &str| run.get(&format!("{prefix}_{name}"));
        BettorView {
            share: get("share_bet"),
            edge: get("edge"),
            edge_se: get("edge_se"),
            z: get("z"),
            ev_per_shoe: get("ev_per_shoe"),
            ev_per_shoe_se: get("ev_per_shoe_se"),
            won_per_shoe: get("won_per_shoe"),
            won_per_shoe_se: get("won_per_shoe_se"),
        }
    }
}

/// One side bet of one count run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountRow {
    /// Decks.
    pub decks: u64,
    /// The shoe setting in words.
    pub shoe: String,
    /// The payouts in words.
    pub payouts: String,
    /// The side bet's name.
    pub bet: String,
    /// Coups per shoe.
    pub hands_per_shoe: f64,
    /// The counter's trigger.
    pub trigger: f64,
    /// The counter.
    pub counter: BettorView,
    /// The perfect-information bettor.
    pub perfect: BettorView,
}

/// A chart with its caption.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartView {
    /// The caption.
    pub title: String,
    /// The inline SVG.
    pub svg: String,
    /// The plotted points as (series, true count, hands, mean exact EV),
    /// for the Markdown report.
    pub points: Vec<(String, i32, u64, f64)>,
}

/// Everything the templates show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BaccaratModel {
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
    /// The bets' names in [`BETS`] order.
    pub bets: Vec<&'static str>,
    /// Exact EVs by deck count, per payout rule.
    pub edges: Vec<EdgeTable>,
    /// Whether the exact figures were the same for every shoe setting.
    pub exact_ignores_shoe: bool,
    /// The simulations.
    pub sims: Vec<SimRow>,
    /// The count runs under the first payouts of the grid (the side bets
    /// pay the same under every banker rule).
    pub counts: Vec<CountRow>,
    /// The other payouts whose count runs gave exactly the same figures
    /// (left out of `counts`).
    pub counts_same_under: Vec<String>,
    /// The other payouts whose count runs differ (shown in `counts`).
    pub counts_differ_under: Vec<String>,
    /// Side-bet EV against true count.
    pub charts: Vec<ChartView>,
}

impl BaccaratModel {
    /// The model of an output folder's manifest and rows.
    ///
    /// # Errors
    /// A chart that cannot be drawn.
    pub fn new(manifest: &Manifest, data: &BaccaratData) -> Result<BaccaratModel, ReportError> {
        let of = |engine: &str| -> Vec<&Run> {
            data.runs.iter().filter(|r| r.engine == engine).collect()
        };
        let (exact, sims, counts) = (of("exact"), of("sim"), of("count"));
        let (edges, exact_ignores_shoe) = edge_tables(&exact);
        let sims = sims.iter().map(|r| sim_row(r, &edges)).collect();
        let first_payouts = counts.first().map(|r| r.payouts());
        let (mut same_under, mut differ_under) = (Vec::new(), Vec::new());
        for run in counts.iter().filter(|r| Some(r.payouts()) != first_payouts) {
            let twin = counts.iter().find(|r| {
                Some(r.payouts()) == first_payouts && r.decks == run.decks && r.shoe() == run.shoe()
            });
            let list = if twin.is_some_and(|t| t.figures == run.figures) {
                &mut same_under
            } else {
                &mut differ_under
            };
            if !list.contains(&run.payouts().to_string()) {
                list.push(run.payouts().to_string());
            }
        }
        let counts = counts
            .iter()
            .filter(|r| {
                Some(r.payouts()) == first_payouts
                    || differ_under.contains(&r.payouts().to_string())
            })
            .flat_map(|r| {
                SIDE.iter().map(move |(key, name)| CountRow {
                    decks: r.decks,
                    shoe: r.shoe(),
                    payouts: r.payouts().to_string(),
                    bet: name.to_string(),
                    hands_per_shoe: r.get("hands_per_shoe"),
                    trigger: r.get(&format!("{key}_trigger")),
                    counter: BettorView::new(r, &format!("{key}_counter")),
                    perfect: BettorView::new(r, &format!("{key}_perfect")),
                })
            })
            .collect();
        Ok(BaccaratModel {
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
            bets: BETS.iter().map(|b| b.name()).collect(),
            edges,
            exact_ignores_shoe,
            sims,
            counts,
            counts_same_under: same_under,
            counts_differ_under: differ_under,
            charts: charts(data)?,
        })
    }
}

/// The exact EVs by payouts and decks, and whether every shoe setting
/// gave the same figures.
fn edge_tables(exact: &[&Run]) -> (Vec<EdgeTable>, bool) {
    let mut tables: Vec<EdgeTable> = Vec::new();
    let mut same = true;
    for run in exact {
        let ev: Vec<f64> = BETS
            .iter()
            .map(|b| run.get(&format!("ev_{}", b.key())))
            .collect();
        let payouts = run.payouts().to_string();
        let index = match tables.iter().position(|t| t.payouts == payouts) {
            Some(i) => i,
            None => {
                tables.push(EdgeTable {
                    payouts,
                    rows: Vec::new(),
                });
                tables.len() - 1
            }
        };
        let rows = &mut tables[index].rows;
        match rows.iter().find(|row| row.decks == run.decks) {
            Some(row) => same &= row.ev == ev,
            None => rows.push(EdgeRow {
                decks: run.decks,
                ev,
            }),
        }
    }
    for table in &mut tables {
        table.rows.sort_by_key(|r| r.decks);
    }
    (tables, same)
}

fn sim_row(run: &Run, edges: &[EdgeTable]) -> SimRow {
    let exact = |bet: usize| {
        edges
            .iter()
            .filter(|t| t.payouts == run.payouts())
            .flat_map(|t| &t.rows)
            .find(|row| row.decks == run.decks)
            .map_or(f64::NAN, |row| row.ev[bet])
    };
    SimRow {
        variant: format!("{} decks, {}, {}", run.decks, run.shoe(), run.payouts()),
        hands: run.get("hands"),
        hands_per_shoe: run.get("hands_per_shoe"),
        max_abs_z: run.get("max_abs_z"),
        main: ["banker", "player"]
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let (mean, se) = (run.get(&format!("ev_{b}")), run.get(&format!("se_{b}")));
                [mean, se, exact(i), (mean - exact(i)) / se]
            })
            .collect(),
    }
}

/// One chart per side bet: the mean exact EV per true-count bucket, one
/// line per deck count, for the first variant's shoe setting and payouts.
fn charts(data: &BaccaratData) -> Result<Vec<ChartView>, ReportError> {
    let counts: Vec<&Run> = data.runs.iter().filter(|r| r.engine == "count").collect();
    let Some(first) = counts.first() else {
        return Ok(Vec::new());
    };
    let chosen: Vec<&Run> = counts
        .iter()
        .filter(|r| r.shoe() == first.shoe() && r.banker_rule == first.banker_rule)
        .copied()
        .collect();
    let mut charts = Vec::new();
    for (key, name) in SIDE {
        let mut series = Vec::new();
        let mut points = Vec::new();
        for run in &chosen {
            let label = format!("{} decks", run.decks);
            let mut line = Vec::new();
            for b in data.buckets.iter().filter(|b| {
                b.variant == run.variant
                    && b.bet == key
                    && b.hands >= MIN_CHART_HANDS
                    && b.true_count > LOWEST_BUCKET
                    && b.true_count < HIGHEST_BUCKET
            }) {
                line.push((f64::from(b.true_count) + 0.5, b.mean_exact_ev));
                points.push((label.clone(), b.true_count, b.hands, b.mean_exact_ev));
            }
            series.push(Series {
                name: label,
                points: line,
                errors: Vec::new(),
            });
        }
        let title = format!(
            "{name}: mean exact EV by true count ({}, {})",
            first.shoe(),
            first.payouts()
        );
        let svg = line_chart(
            &LineChart {
                title: &title,
                x_label: "true count (bucket centre)",
                y_label: "exact EV per unit",
                reference: Some((0.0, "break-even")),
                dots: true,
            },
            &series,
        )?;
        charts.push(ChartView { title, svg, points });
    }
    Ok(charts)
}
