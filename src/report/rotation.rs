//! The outputs of a rotation experiment: five Parquet tables, the manifest,
//! and the Markdown/HTML reports rendered from the tables alone.

use std::path::Path;

use serde::Serialize;
use serde_json::json;

use super::ReportError;
use super::charts::{LineChart, Series, line_chart};
use super::manifest::Manifest;
use super::parquet::{read_frame, write_frame};
use super::render::{Rendered, render_with};
use super::rows::{frame_rows, rows_frame};
use crate::games::banluck::rotation::{BankerShareRow, PeriodRow, ProfitRow, RevealGainRow};
use crate::games::banluck::rules::rules_hash;
use crate::lab::{ExperimentKind, FairPeriodRow, RotationExperiment, RotationTables};

/// File name of the fair-period answers (one row per table size).
pub const ANSWERS: &str = "answers.parquet";
/// File name of the imbalance rows (every period, every table size).
pub const IMBALANCE: &str = "rotation.parquet";
/// File name of the heads-up session profit distributions.
pub const SESSIONS: &str = "sessions.parquet";
/// File name of the banker-share rows.
pub const BANKER_SHARE: &str = "banker_share.parquet";
/// File name of the reveal-gain rows.
pub const REVEAL_GAIN: &str = "reveal_gain.parquet";

/// The embedded Markdown template of rotation reports.
pub const ROTATION_MARKDOWN_TEMPLATE: &str = include_str!("templates/rotation.md.tera");
/// The embedded HTML template of rotation reports.
pub const ROTATION_HTML_TEMPLATE: &str = include_str!("templates/rotation.html.tera");

/// Writes the tables and the manifest of a rotation run into `folder`.
pub fn write_rotation_outputs(
    folder: &Path,
    experiment: &RotationExperiment,
    tables: &RotationTables,
) -> Result<(), ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    for (name, mut frame) in [
        (ANSWERS, rows_frame(&tables.answers)?),
        (IMBALANCE, rows_frame(&tables.imbalance)?),
        (SESSIONS, rows_frame(&tables.sessions)?),
        (BANKER_SHARE, rows_frame(&tables.banker_share)?),
        (REVEAL_GAIN, rows_frame(&tables.reveal_gain)?),
    ] {
        write_frame(&folder.join(name), &mut frame)?;
    }
    let hash = rules_hash(&experiment.rules);
    Manifest::of_kind(
        ExperimentKind::Rotation,
        &experiment.name,
        &experiment.question,
        &experiment.file,
        &experiment.rules_file,
        json!({ "rotation": experiment.spec, "rules_hash": hash }),
    )
    .write(folder)
}

/// Reads the five tables of a rotation output folder.
pub fn read_rotation_tables(folder: &Path) -> Result<RotationTables, ReportError> {
    let read = |name: &str| read_frame(&folder.join(name));
    Ok(RotationTables {
        answers: frame_rows(&read(ANSWERS)?)?,
        imbalance: frame_rows(&read(IMBALANCE)?)?,
        sessions: frame_rows(&read(SESSIONS)?)?,
        banker_share: frame_rows(&read(BANKER_SHARE)?)?,
        reveal_gain: frame_rows(&read(REVEAL_GAIN)?)?,
    })
}

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

fn list_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The headline of a rotation report, from its tables.
pub fn rotation_headline(tables: &RotationTables) -> Vec<String> {
    let mut out = Vec::new();
    let Some(first) = tables.answers.first() else {
        return out;
    };
    let tol = 100.0 * first.tolerance;
    let periods: Vec<String> = tables
        .answers
        .iter()
        .map(|a| match a.fair_period {
            Some(n) => format!("{} people N = {n}", a.people),
            None => format!("{} people no N", a.people),
        })
        .collect();
    let mut sentence = format!(
        "Fair rotation period for sessions of {} rounds — the largest N such that passing the bank every N′ ≤ N rounds keeps the largest expected difference between two people's session profits within {tol:.2}% of a session's standard deviation: {}.",
        first.session_rounds,
        list_and(&periods)
    );
    let unfair: Vec<String> = tables
        .answers
        .iter()
        .filter(|a| a.fair_period.is_none())
        .filter_map(|a| {
            let every_round = tables
                .imbalance
                .iter()
                .find(|r| r.people == a.people && r.period == 1)?;
            Some(format!(
                "{} people {:.1}%",
                a.people,
                100.0 * every_round.imbalance_over_sd
            ))
        })
        .collect();
    if !unfair.is_empty() {
        sentence += &format!(
            " Where there is no such N, {} rounds do not split evenly among the people: even passing every round leaves someone an extra turn at the bank ({}); a session of a multiple of the table size removes that.",
            first.session_rounds,
            list_and(&unfair)
        );
    }
    out.push(sentence);
    let never: Vec<String> = tables
        .answers
        .iter()
        .map(|a| format!("{:.0}%", 100.0 * a.never_over_sd))
        .collect();
    out.push(format!(
        "Never passing the bank is far from fair: the banker's edge ({:+.4} bets per round heads-up) piles up to an imbalance of {} of a session's standard deviation ({} people).",
        first.banker_ev_per_round,
        list_and(&never),
        list_and(&tables.answers.iter().map(|a| a.people.to_string()).collect::<Vec<_>>()),
    ));
    let within = tables
        .answers
        .iter()
        .filter(|a| a.on_ban_within_tolerance)
        .count();
    let on_ban: Vec<String> = tables
        .answers
        .iter()
        .map(|a| {
            let equivalent = match a.on_ban_equivalent_period {
                Some(n) => format!("as fair as every N ≤ {n}"),
                None => "less fair than passing every round".to_string(),
            };
            format!(
                "{} people {:.1}% ({equivalent})",
                a.people,
                100.0 * a.on_ban_over_sd
            )
        })
        .collect();
    let verdict = match within {
        0 => format!("outside the {tol:.2}% tolerance at every table size"),
        n if n == tables.answers.len() => {
            format!("within the {tol:.2}% tolerance at every table size")
        }
        n => format!(
            "within the {tol:.2}% tolerance at {n} of {} table sizes",
            tables.answers.len()
        ),
    };
    let fairer_than_never = tables
        .answers
        .iter()
        .all(|a| a.on_ban_imbalance < a.never_imbalance);
    let short_is_fairer = tables
        .answers
        .iter()
        .all(|a| a.on_ban_equivalent_period.is_some());
    let comparison = match (fairer_than_never, short_is_fairer) {
        (true, true) => {
            " It is fairer than never passing, but passing the bank every round, or every few rounds, is fairer still."
        }
        (true, false) => " It is fairer than never passing.",
        (false, true) => " Passing the bank every round, or every few rounds, is fairer.",
        (false, false) => "",
    };
    out.push(format!(
        "The traditional rule — pass the bank to a player who wins with Ban Ban or Ban Luck — is {verdict}: its expected imbalance is {}.{comparison}",
        list_and(&on_ban)
    ));
    if let (Some(one), Some(last)) = (tables.reveal_gain.first(), tables.reveal_gain.last()) {
        let worth = |gain: f64| {
            if gain >= 0.0 {
                format!("gains the dealer {gain:.4}")
            } else {
                format!("costs the dealer {:.4}", -gain)
            }
        };
        out.push(format!(
            "Always revealing (the fixed dealer settling 3+-card players at its reveal totals, `dealer.fixed.reveal = \"on\"` against \"off\", simulated) {} bets per round (± {:.4} standard error) with {} player{}; with {} players it {} per round ({:.4} per player, ± {:.4}).",
            worth(one.dealer_gain_per_round),
            one.std_error,
            one.players,
            if one.players == 1 { "" } else { "s" },
            last.players,
            worth(last.dealer_gain_per_round),
            last.dealer_gain_per_player.abs(),
            last.std_error,
        ));
    }
    out
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

/// Renders the rotation reports of `folder` from its manifest and tables.
pub fn render_rotation(
    folder: &Path,
    manifest: &Manifest,
    templates: Option<&Path>,
) -> Result<(Vec<String>, Rendered), ReportError> {
    let tables = read_rotation_tables(folder)?;
    let model = RotationModel::new(manifest, &tables)?;
    let rendered = render_with(
        &model,
        templates,
        [
            ("rotation.md", ROTATION_MARKDOWN_TEMPLATE),
            ("rotation.html", ROTATION_HTML_TEMPLATE),
        ],
    )?;
    Ok((model.headline, rendered))
}
