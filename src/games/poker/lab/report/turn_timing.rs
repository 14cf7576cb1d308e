//! The turn report's race against wall time: per variant, when each
//! algorithm first reached 1 %, 0.5 % and 0.1 % of the pot in seconds of
//! iterating (the measurements' own time excluded), where it ended, and
//! the chart of exploitability against those seconds. The seconds come
//! from the uncommitted `timings.parquet` and differ on every run, so
//! this goes to its own uncommitted files, `timing.md` and `timing.html`
//! (`templates/timing.md.tera`, `templates/timing.html.tera`).

use serde::Serialize;

use super::data::PokerData;
use super::turn_convergence::{Axis, TARGETS, race_chart};
use crate::report::columns::{floats, strings, whole};
use crate::report::{Frames, Manifest, ReportError};

/// The embedded Markdown template of the timing report.
pub const TIMING_MARKDOWN_TEMPLATE: &str = include_str!("templates/timing.md.tera");
/// The embedded HTML template of the timing report.
pub const TIMING_HTML_TEMPLATE: &str = include_str!("templates/timing.html.tera");

/// Wall seconds of iterating, ticks as plain numbers.
pub const WALL: Axis = Axis {
    name: "wall time",
    label: "wall seconds of iterating (measurements excluded)",
    tick: |x| seconds_words(*x),
};

/// Seconds in words: three significant digits at most, no exponent
/// above a millisecond (`36.0`, `0.250`), two digits with one below
/// (`1.2e-5`).
pub fn seconds_words(seconds: f64) -> String {
    if seconds > 0.0 && seconds < 0.001 {
        return format!("{seconds:.1e}");
    }
    let digits = if seconds >= 100.0 {
        0
    } else if seconds >= 10.0 {
        1
    } else if seconds >= 1.0 {
        2
    } else {
        3
    };
    format!("{seconds:.digits$}")
}

/// One algorithm's row of the race against wall time.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WallRow {
    /// The algorithm.
    pub algorithm: String,
    /// Per target of [`TARGETS`]: the seconds of the first measurement at
    /// or below it, in words, or `None` if never.
    pub reached: Vec<Option<String>>,
    /// The last measurement's exploitability, per cent of the pot.
    pub last_pct: f64,
    /// Its seconds, in words.
    pub last_seconds: String,
}

/// One variant's race against wall time.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WallVariant {
    /// The variant.
    pub variant: String,
    /// Per algorithm.
    pub rows: Vec<WallRow>,
    /// The chart (SVG).
    pub chart: String,
}

/// Everything the timing templates show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TimingModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The spot.
    pub position: String,
    /// The answer in words, one sentence per variant.
    pub headline: Vec<String>,
    /// The targets, per cent of the pot.
    pub targets: Vec<f64>,
    /// Per variant.
    pub variants: Vec<WallVariant>,
}

/// The seconds of iterating at each logged (variant, engine, iteration).
fn logged_seconds(frames: &Frames) -> Result<Vec<(String, String, u64, f64)>, ReportError> {
    let t = &frames.timings;
    let (variants, engines) = (strings(t, "variant")?, strings(t, "engine")?);
    let (iterations, seconds) = (whole(t, "iteration")?, floats(t, "seconds")?);
    Ok((0..t.height())
        .filter_map(|i| {
            Some((
                variants[i].clone()?,
                engines[i].clone()?,
                iterations[i]?,
                seconds[i]?,
            ))
        })
        .collect())
}

/// The sentence of one variant: when each algorithm reached 0.1 % of the
/// pot, or where it was at the end of its budget.
fn sentence(variant: &str, rows: &[WallRow]) -> String {
    let target = TARGETS.len() - 1;
    let parts: Vec<String> = rows
        .iter()
        .map(|r| match &r.reached[target] {
            Some(seconds) => format!(
                "{} reached {}% of the pot after {seconds} s",
                r.algorithm, TARGETS[target]
            ),
            None => format!(
                "{} was at {:.3}% after its budget of {} s",
                r.algorithm, r.last_pct, r.last_seconds
            ),
        })
        .collect();
    format!("On this machine, {variant}: {}.", parts.join("; "))
}

impl TimingModel {
    /// The race against wall time of a turn folder's manifest, rows and
    /// timings: each convergence measurement with the seconds logged for
    /// its iteration (measurements without them are left out).
    ///
    /// # Errors
    /// A timings table without its columns.
    pub fn new(
        manifest: &Manifest,
        data: &PokerData,
        frames: &Frames,
    ) -> Result<TimingModel, ReportError> {
        let logged = logged_seconds(frames)?;
        let mut variants = Vec::new();
        for variant in &manifest.variants {
            let mut rows = Vec::new();
            let mut lines = Vec::new();
            for run in data.runs.iter().filter(|r| r.variant == variant.name) {
                let points: Vec<(f64, f64)> = data
                    .convergence
                    .iter()
                    .filter(|m| m.variant == run.variant && m.engine == run.engine)
                    .filter_map(|m| {
                        logged
                            .iter()
                            .find(|(v, e, i, _)| {
                                *v == m.variant && *e == m.engine && *i == m.iteration
                            })
                            .map(|&(_, _, _, seconds)| (seconds, m.exploitability_pct))
                    })
                    .collect();
                let Some(&(last_seconds, last_pct)) = points.last() else {
                    continue;
                };
                rows.push(WallRow {
                    algorithm: run.label(),
                    reached: TARGETS
                        .iter()
                        .map(|&t| points.iter().find(|p| p.1 <= t).map(|p| seconds_words(p.0)))
                        .collect(),
                    last_pct,
                    last_seconds: seconds_words(last_seconds),
                });
                let drawn = points.into_iter().filter(|p| p.0 > 0.0 && p.1 > 0.0);
                lines.push((run.label(), drawn.collect()));
            }
            if rows.is_empty() {
                continue;
            }
            variants.push(WallVariant {
                variant: variant.name.clone(),
                chart: race_chart(&variant.name, &WALL, &lines),
                rows,
            });
        }
        Ok(TimingModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            position: data
                .runs
                .first()
                .map(|r| r.position.clone())
                .unwrap_or_default(),
            headline: variants
                .iter()
                .map(|v| sentence(&v.variant, &v.rows))
                .collect(),
            targets: TARGETS.to_vec(),
            variants,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::seconds_words;

    #[test]
    fn seconds_read_without_exponent_above_a_millisecond() {
        let words: Vec<String> = [123.4, 36.04, 7.791, 0.25, 0.001, 0.0000123, 0.0]
            .into_iter()
            .map(seconds_words)
            .collect();
        assert_eq!(
            words,
            ["123", "36.0", "7.79", "0.250", "0.001", "1.2e-5", "0.000"]
        );
    }
}
