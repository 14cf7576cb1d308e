//! The race of the algorithms on one variant: when each reached 1 %,
//! 0.5 % and 0.1 % of the pot, in work and iterations, and the chart of
//! exploitability against work (both on log scales, one line per
//! algorithm, the 0.1 % target dashed). Work, not wall time: the chart is
//! the same on every run. [`race_chart`] draws it against any measure
//! ([`Axis`]); the uncommitted timing report uses it for wall seconds.

use plotters::prelude::*;
use serde::Serialize;

use super::data::{Measurement, PokerData, Run};
use crate::report::{
    LegendEntry, draw_legend, legend_width, log_tick, reference_colour, series_colour,
};

/// The targets of the race, per cent of the pot.
pub const TARGETS: [f64; 3] = [1.0, 0.5, 0.1];

/// When one measurement first reached a target.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reached {
    /// Work done (terminal hand values computed), or `None` if never.
    pub work: Option<u64>,
    /// Iterations done then.
    pub iterations: Option<u64>,
}

/// One algorithm's row of the race.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RaceRow {
    /// The algorithm.
    pub algorithm: String,
    /// Per target of [`TARGETS`].
    pub reached: Vec<Reached>,
    /// The last measurement's exploitability, per cent of the pot.
    pub last_pct: f64,
    /// Its work.
    pub last_work: u64,
    /// Its iterations.
    pub last_iterations: u64,
    /// The algorithm's measurements: (work, exploitability in % of the
    /// pot), in order.
    #[serde(skip)]
    pub points: Vec<(u64, f64)>,
}

impl RaceRow {
    /// The first measurement with at least `work` done: (work,
    /// exploitability in % of the pot), if any.
    pub fn at_work(&self, work: u64) -> Option<(u64, f64)> {
        self.points.iter().copied().find(|(w, _)| *w >= work)
    }
}

/// The first measurement of `points` at most `target` per cent of the pot.
pub fn first_at(points: &[&Measurement], target: f64) -> Reached {
    let hit = points.iter().find(|p| p.exploitability_pct <= target);
    Reached {
        work: hit.map(|p| p.work),
        iterations: hit.map(|p| p.iteration),
    }
}

/// The race rows of `runs` (one variant's) and its chart.
pub fn race_rows(data: &PokerData, runs: &[&Run]) -> (Vec<RaceRow>, String) {
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    for run in runs {
        let points: Vec<&Measurement> = data
            .convergence
            .iter()
            .filter(|m| m.variant == run.variant && m.engine == run.engine)
            .collect();
        let Some(last) = points.last() else {
            continue;
        };
        rows.push(RaceRow {
            algorithm: run.label(),
            reached: TARGETS.iter().map(|&t| first_at(&points, t)).collect(),
            last_pct: last.exploitability_pct,
            last_work: last.work,
            last_iterations: last.iteration,
            points: points
                .iter()
                .map(|p| (p.work, p.exploitability_pct))
                .collect(),
        });
        let line: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.work > 0 && p.exploitability_pct > 0.0)
            .map(|p| (p.work as f64, p.exploitability_pct))
            .collect();
        lines.push((run.label(), line));
    }
    let title = runs.first().map_or(String::new(), |r| r.variant.clone());
    (rows, race_chart(&title, &WORK, &lines))
}

/// The x axis of a race chart: what it measures and how its ticks read.
#[derive(Debug, Clone, Copy)]
pub struct Axis {
    /// The measure in the caption (`work`).
    pub name: &'static str,
    /// The axis label.
    pub label: &'static str,
    /// A tick's label.
    pub tick: fn(&f64) -> String,
}

/// Work: terminal hand values computed, ticks as powers of ten.
pub const WORK: Axis = Axis {
    name: "work",
    label: "work (terminal hand values computed)",
    tick: log_tick,
};

/// Exploitability (per cent of the pot) against the measure of `axis`,
/// log-log, one line per (algorithm, points), the 0.1 % target dashed;
/// an SVG, or a paragraph saying why there is none.
pub fn race_chart(title: &str, axis: &Axis, lines: &[(String, Vec<(f64, f64)>)]) -> String {
    chart(title, axis, lines).unwrap_or_else(|e| format!("<p>no chart: {e}</p>"))
}

/// [`race_chart`]'s drawing.
fn chart(title: &str, axis: &Axis, lines: &[(String, Vec<(f64, f64)>)]) -> Result<String, String> {
    let all: Vec<(f64, f64)> = lines.iter().flat_map(|(_, l)| l.iter().copied()).collect();
    let fold = |f: fn(f64, f64) -> f64, start: f64, pick: fn(&(f64, f64)) -> f64| {
        all.iter().map(pick).fold(start, f)
    };
    let (x_min, x_max) = if all.is_empty() {
        (1.0, 10.0)
    } else {
        (
            fold(f64::min, f64::INFINITY, |p| p.0) / 1.5,
            fold(f64::max, 0.0, |p| p.0) * 1.5,
        )
    };
    let (y_min, y_max) = if all.is_empty() {
        (0.01, 100.0)
    } else {
        (
            fold(f64::min, TARGETS[2], |p| p.1) / 1.5,
            fold(f64::max, TARGETS[0], |p| p.1) * 1.5,
        )
    };
    let error = |e: &dyn std::fmt::Display| e.to_string();
    let grey = reference_colour();
    let mut legend = vec![LegendEntry {
        name: "0.1% of the pot".to_string(),
        colour: grey,
        dashed: true,
        end: None,
    }];
    legend.extend(lines.iter().enumerate().map(|(i, (name, _))| LegendEntry {
        name: name.clone(),
        colour: series_colour(i),
        dashed: false,
        end: None,
    }));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720 + legend_width(&legend), 420))
            .into_drawing_area();
        root.fill(&WHITE).map_err(|e| error(&e))?;
        let (plot_area, legend_area) = root.split_horizontally(720);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(
                format!("{title}: exploitability against {}", axis.name),
                ("sans-serif", 17),
            )
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(78)
            .build_cartesian_2d((x_min..x_max).log_scale(), (y_min..y_max).log_scale())
            .map_err(|e| error(&e))?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .x_desc(axis.label)
            .y_desc("exploitability (% of the pot)")
            .x_label_formatter(&axis.tick)
            .y_label_formatter(&log_tick)
            .draw()
            .map_err(|e| error(&e))?;
        chart
            .draw_series(DashedLineSeries::new(
                [(x_min, TARGETS[2]), (x_max, TARGETS[2])],
                6,
                4,
                grey.stroke_width(1),
            ))
            .map_err(|e| error(&e))?;
        legend[0].end = Some(chart.backend_coord(&(x_max, TARGETS[2])).1);
        for ((_, points), entry) in lines.iter().zip(&mut legend[1..]) {
            let colour = entry.colour;
            entry.end = points.last().map(|p| chart.backend_coord(p).1);
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(|e| error(&e))?;
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 2, colour.filled())))
                .map_err(|e| error(&e))?;
        }
        draw_legend(&legend_area, &legend).map_err(|e| error(&e))?;
        root.present().map_err(|e| error(&e))?;
    }
    Ok(svg)
}
