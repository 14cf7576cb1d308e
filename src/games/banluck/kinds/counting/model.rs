//! What the counting templates render: the tables and the chart of the
//! exact EV against the true count.

use serde::Serialize;

use super::headline::counting_headline;
use super::run::CountingTables;
use super::run::{BinRow, CountRow, EffectRow, ShownTableRow, WithinRoundRow};
use super::win_rate::WinRateRow;
use crate::report::{LineChart, Manifest, ReportError, Series, line_chart};

/// Everything a counting report template sees.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountingModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The crate version that wrote the data.
    pub version: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The rules file.
    pub rules_file: String,
    /// The parameters and the rules hash (JSON).
    pub params: String,
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// The count.
    pub count: Option<CountRow>,
    /// The effects of removal and the tags.
    pub effects: Vec<EffectRow>,
    /// The true-count bins.
    pub bins: Vec<BinRow>,
    /// Exact EV against the true count, per penetration (SVG).
    pub by_count_svg: String,
    /// The other seats' specials per table size.
    pub within_round: Vec<WithinRoundRow>,
    /// What they turn over at the largest table.
    pub shown: Vec<ShownTableRow>,
    /// The counting simulation per table size and penetration.
    pub win_rate: Vec<WinRateRow>,
    /// Units won per 100 rounds against penetration, per bettor and table
    /// size (SVG; empty when nothing was simulated).
    pub win_rate_svg: String,
}

impl CountingModel {
    /// The model of a counting output folder.
    ///
    /// # Errors
    /// A chart that cannot be drawn.
    pub fn new(manifest: &Manifest, tables: &CountingTables) -> Result<CountingModel, ReportError> {
        let mut penetrations: Vec<f64> = Vec::new();
        for b in &tables.bins {
            if !penetrations.contains(&b.penetration) {
                penetrations.push(b.penetration);
            }
        }
        let series: Vec<Series> = penetrations
            .iter()
            .map(|&p| {
                let bins: Vec<&BinRow> = tables
                    .bins
                    .iter()
                    .filter(|b| b.penetration == p && b.decks >= 2)
                    .collect();
                Series {
                    name: format!("{:.0}% dealt", 100.0 * p),
                    points: bins.iter().map(|b| (b.true_count, b.ev_mean)).collect(),
                    errors: bins.iter().map(|b| 2.0 * b.ev_std_error).collect(),
                }
            })
            .collect();
        let by_count_svg = line_chart(
            &LineChart {
                title: "Exact EV of the deck left against its true count (± 2 SE, bins of 2+ decks)",
                x_label: "true count (running count per deck left)",
                y_label: "exact optimal EV per round",
                reference: Some((0.0, "break-even")),
                dots: true,
            },
            &series,
        )?;
        let win_rate_svg = if tables.win_rate.is_empty() {
            String::new()
        } else {
            line_chart(
                &LineChart {
                    title: "Units won per 100 rounds against penetration (± 2 SE; 0 = a fresh deck every round)",
                    x_label: "share of the deck dealt before the reshuffle",
                    y_label: "units won per 100 rounds",
                    reference: Some((0.0, "break-even")),
                    dots: true,
                },
                &win_rate_series(&tables.win_rate),
            )?
        };
        Ok(CountingModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            version: manifest.version.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            params: manifest.params.to_string(),
            headline: counting_headline(tables),
            count: tables.count.first().cloned(),
            effects: tables.effects.clone(),
            bins: tables.bins.clone(),
            by_count_svg,
            within_round: tables.within_round.clone(),
            shown: tables.shown.clone(),
            win_rate: tables.win_rate.clone(),
            win_rate_svg,
        })
    }
}

/// A bettor's win rate per 100 rounds and its standard error in a row.
type WinRateOf = fn(&WinRateRow) -> (f64, f64);

/// One series per table size and bettor: counter, flat, perfect.
fn win_rate_series(rows: &[WinRateRow]) -> Vec<Series> {
    let mut seats: Vec<u32> = rows.iter().map(|r| r.seats).collect();
    seats.sort_unstable();
    seats.dedup();
    let bettors: [(&str, WinRateOf); 3] = [
        ("counter 1-8", |r| (r.counter_per_100, r.counter_std_error)),
        ("flat", |r| (r.base_per_100, r.base_std_error)),
        ("perfect information", |r| {
            (r.perfect_per_100, r.perfect_std_error)
        }),
    ];
    let mut series = Vec::new();
    for k in seats {
        let mut at: Vec<&WinRateRow> = rows.iter().filter(|r| r.seats == k).collect();
        at.sort_by(|a, b| a.penetration.total_cmp(&b.penetration));
        for (name, get) in bettors {
            series.push(Series {
                name: format!("{name}, {k} seat{}", if k == 1 { "" } else { "s" }),
                points: at.iter().map(|r| (r.penetration, get(r).0)).collect(),
                errors: at.iter().map(|r| 2.0 * get(r).1).collect(),
            });
        }
    }
    series
}
