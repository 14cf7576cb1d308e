//! What the rotation templates render: the tables, the lines of the
//! imbalance and session charts, and the charts themselves.

use serde::Serialize;

use super::headline::rotation_headline;
use super::{FairPeriodRow, RotationTables};
use crate::games::banluck::rotation::{BankerShareRow, PeriodRow, ProfitRow, RevealGainRow};
use crate::report::{LineChart, Manifest, ReportError, Series, line_chart};

/// One row of the imbalance table: a period and, per table size, the
/// imbalance as a percentage of a session's standard deviation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImbalanceLine {
    /// The period N.
    pub period: u32,
    /// Per table size (in the order of `people`), the imbalance in % of sd.
    pub percent: Vec<f64>,
    /// Per table size, whether it is within tolerance.
    pub within: Vec<bool>,
}

/// One scheme's heads-up session profit, from its exact distribution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionLine {
    /// The scheme.
    pub scheme: String,
    /// The first banker's expected profit.
    pub mean: f64,
    /// Its standard deviation.
    pub std_dev: f64,
    /// Probability the first banker finishes ahead.
    pub p_ahead: f64,
    /// Probability the first banker finishes behind.
    pub p_behind: f64,
}

/// Everything a rotation report template sees.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RotationModel {
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
    /// The answer per table size.
    pub answers: Vec<FairPeriodRow>,
    /// The table sizes of the imbalance table.
    pub people: Vec<usize>,
    /// The imbalance table (selected periods).
    pub imbalance: Vec<ImbalanceLine>,
    /// Imbalance against N, every period (SVG).
    pub imbalance_svg: String,
    /// Imbalance against N, the first 20 periods (SVG).
    pub imbalance_zoom_svg: String,
    /// Heads-up session profits per scheme.
    pub sessions: Vec<SessionLine>,
    /// Heads-up session profit distributions (SVG), if computed.
    pub sessions_svg: Option<String>,
    /// Banker-share rows of person 0 (the first banker) and the extremes.
    pub banker_share: Vec<BankerShareRow>,
    /// The first banker's share of rounds per scheme (SVG).
    pub banker_share_svg: String,
    /// The reveal gain per table size.
    pub reveal_gain: Vec<RevealGainRow>,
    /// The reveal gain per table size (SVG), if computed.
    pub reveal_gain_svg: Option<String>,
}

/// The imbalance table: periods 1..=10 and every multiple of 5 up to 25,
/// plus the session length.
fn imbalance_lines(tables: &RotationTables, people: &[usize]) -> Vec<ImbalanceLine> {
    let Some(first) = tables.imbalance.first() else {
        return Vec::new();
    };
    let rounds = first.session_rounds;
    let mut periods: Vec<u32> = (1..=10).chain([15, 20, 25, 50, rounds]).collect();
    periods.retain(|&n| n <= rounds);
    periods.dedup();
    periods
        .into_iter()
        .map(|period| {
            let rows: Vec<Option<&PeriodRow>> = people
                .iter()
                .map(|&k| {
                    tables
                        .imbalance
                        .iter()
                        .find(|r| r.people == k && r.period == period)
                })
                .collect();
            ImbalanceLine {
                period,
                percent: rows
                    .iter()
                    .map(|r| r.map_or(f64::NAN, |r| 100.0 * r.imbalance_over_sd))
                    .collect(),
                within: rows
                    .iter()
                    .map(|r| r.is_some_and(|r| r.within_tolerance))
                    .collect(),
            }
        })
        .collect()
}

fn session_lines(rows: &[ProfitRow]) -> Vec<SessionLine> {
    let mut schemes: Vec<&str> = Vec::new();
    for r in rows {
        if !schemes.contains(&r.scheme.as_str()) {
            schemes.push(&r.scheme);
        }
    }
    schemes
        .into_iter()
        .map(|scheme| {
            let points: Vec<&ProfitRow> = rows
                .iter()
                .filter(|r| r.scheme == scheme && r.person == 0)
                .collect();
            let mean: f64 = points.iter().map(|r| r.profit * r.probability).sum();
            let second: f64 = points
                .iter()
                .map(|r| (r.profit - mean).powi(2) * r.probability)
                .sum();
            SessionLine {
                scheme: scheme.to_string(),
                mean,
                std_dev: second.sqrt(),
                p_ahead: points
                    .iter()
                    .filter(|r| r.profit > 0.0)
                    .map(|r| r.probability)
                    .sum(),
                p_behind: points
                    .iter()
                    .filter(|r| r.profit < 0.0)
                    .map(|r| r.probability)
                    .sum(),
            }
        })
        .collect()
}

impl RotationModel {
    /// The model of a rotation output folder's manifest and tables.
    pub fn new(manifest: &Manifest, tables: &RotationTables) -> Result<RotationModel, ReportError> {
        let people: Vec<usize> = tables.answers.iter().map(|a| a.people).collect();
        let tolerance = tables.answers.first().map_or(0.01, |a| a.tolerance);
        let imbalance_series = |max_period: u32| -> Vec<Series> {
            people
                .iter()
                .map(|&k| Series {
                    name: format!("{k} people"),
                    points: tables
                        .imbalance
                        .iter()
                        .filter(|r| r.people == k && r.period <= max_period)
                        .map(|r| (f64::from(r.period), 100.0 * r.imbalance_over_sd))
                        .collect(),
                    errors: Vec::new(),
                })
                .collect()
        };
        let tolerance_label = format!("tolerance {:.2}%", 100.0 * tolerance);
        let imbalance_svg = line_chart(
            &LineChart {
                title: "Expected imbalance between people against the rotation period",
                x_label: "rotation period N (rounds between passes)",
                y_label: "expected imbalance (% of session sd)",
                reference: Some((100.0 * tolerance, tolerance_label.as_str())),
                dots: false,
            },
            &imbalance_series(u32::MAX),
        )?;
        let imbalance_zoom_svg = line_chart(
            &LineChart {
                title: "The same, N up to 20",
                x_label: "rotation period N (rounds between passes)",
                y_label: "expected imbalance (% of session sd)",
                reference: Some((100.0 * tolerance, tolerance_label.as_str())),
                dots: true,
            },
            &imbalance_series(20),
        )?;
        let sessions = session_lines(&tables.sessions);
        let sessions_svg = if tables.sessions.is_empty() {
            None
        } else {
            let series: Vec<Series> = sessions
                .iter()
                .map(|s| Series {
                    name: s.scheme.clone(),
                    points: tables
                        .sessions
                        .iter()
                        .filter(|r| r.scheme == s.scheme && r.person == 0 && r.probability >= 1e-5)
                        .map(|r| (r.profit, r.probability))
                        .collect(),
                    errors: Vec::new(),
                })
                .collect();
            Some(line_chart(
                &LineChart {
                    title: "Heads-up: the first banker's session profit (exact)",
                    x_label: "session profit (bets)",
                    y_label: "probability",
                    reference: None,
                    dots: false,
                },
                &series,
            )?)
        };
        let banker_share: Vec<BankerShareRow> = tables
            .banker_share
            .iter()
            .filter(|r| r.person == 0)
            .cloned()
            .collect();
        let mut schemes: Vec<&str> = Vec::new();
        for r in &banker_share {
            if !schemes.contains(&r.scheme.as_str()) {
                schemes.push(&r.scheme);
            }
        }
        let share_series: Vec<Series> = schemes
            .iter()
            .map(|scheme| Series {
                name: scheme.to_string(),
                points: banker_share
                    .iter()
                    .filter(|r| r.scheme == *scheme)
                    .map(|r| (r.people as f64, 100.0 * r.share))
                    .collect(),
                errors: Vec::new(),
            })
            .collect();
        let banker_share_svg = line_chart(
            &LineChart {
                title: "The first banker's share of the rounds, by scheme",
                x_label: "people at the table",
                y_label: "rounds banked by person 0 (%)",
                reference: None,
                dots: true,
            },
            &share_series,
        )?;
        let reveal_gain_svg = if tables.reveal_gain.is_empty() {
            None
        } else {
            let series = |name: &str, get: &dyn Fn(&RevealGainRow) -> (f64, f64)| Series {
                name: name.to_string(),
                points: tables
                    .reveal_gain
                    .iter()
                    .map(|r| (r.players as f64, get(r).0))
                    .collect(),
                errors: tables.reveal_gain.iter().map(|r| get(r).1).collect(),
            };
            Some(line_chart(
                &LineChart {
                    title: "The dealer's gain from the selective reveal (± 2 standard errors)",
                    x_label: "players facing the dealer",
                    y_label: "dealer's gain in bets (negative: a loss)",
                    reference: None,
                    dots: true,
                },
                &[
                    series("per round", &|r| {
                        (r.dealer_gain_per_round, 2.0 * r.std_error)
                    }),
                    series("per player", &|r| {
                        (
                            r.dealer_gain_per_player,
                            2.0 * r.std_error / r.players as f64,
                        )
                    }),
                ],
            )?)
        };
        Ok(RotationModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            version: manifest.version.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            params: manifest.params.to_string(),
            headline: rotation_headline(tables),
            answers: tables.answers.clone(),
            imbalance: imbalance_lines(tables, &people),
            people,
            imbalance_svg,
            imbalance_zoom_svg,
            sessions,
            sessions_svg,
            banker_share,
            banker_share_svg,
            reveal_gain: tables.reveal_gain.clone(),
            reveal_gain_svg,
        })
    }
}
