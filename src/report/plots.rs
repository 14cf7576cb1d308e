//! Line plots drawn with plotters: convergence plots and line charts in
//! the colours of [`series_colour`]. Each line is labelled directly in a
//! strip right of the plot, level with the line's end (labels of lines
//! that end together are spread apart), never over the data; ticks sit at
//! round values written for people, a count on the x axis (iterations,
//! players) gets integer ticks.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::charts::{SMALL_FONT, TITLE_FONT, chart_error};
use super::error::ReportError;
use super::numbers::{human, scientific};
use super::palette::{reference_colour, series_colour};

/// Width of the plot area, left of the legend strip.
const PLOT_WIDTH: u32 = 640;
/// Pixels per legend character at [`SMALL_FONT`], generously.
const LEGEND_CHAR_WIDTH: u32 = 8;

/// One legend entry: its text, its colour, and whether its line is dashed.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// The text.
    pub name: String,
    /// The line's colour.
    pub colour: RGBAColor,
    /// A dashed (reference) line rather than a solid series.
    pub dashed: bool,
    /// The pixel height (from the top of the chart) of the line's end,
    /// where its label goes; `None` stacks the label below the others.
    pub end: Option<i32>,
}

/// The smallest distance in pixels between two labels' heights.
const LABEL_SPACING: i32 = 18;

/// The heights of labels wanted at `wanted` (`None`: anywhere), each kept
/// [`LABEL_SPACING`] from the next, in the strip from `top` down, in the
/// order of `wanted`'s heights (a label without a height after the rest).
pub fn label_heights(wanted: &[Option<i32>], top: i32) -> Vec<i32> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by_key(|&i| (wanted[i].is_none(), wanted[i].unwrap_or(0), i));
    let mut placed = vec![0; wanted.len()];
    let mut next = top;
    for &i in &order {
        let y = wanted[i].unwrap_or(next).max(next);
        placed[i] = y;
        next = y + LABEL_SPACING;
    }
    placed
}

/// The width of the legend strip for `entries`.
pub fn legend_width(entries: &[LegendEntry]) -> u32 {
    let longest = entries
        .iter()
        .map(|e| e.name.chars().count() as u32)
        .max()
        .unwrap_or(0);
    if longest == 0 {
        0
    } else {
        longest * LEGEND_CHAR_WIDTH + 44
    }
}

/// Draws `entries` in `area` (the strip right of a plot), each level with
/// its line's end where it has one ([`label_heights`]).
pub fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[LegendEntry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let font = ("sans-serif", SMALL_FONT).into_font().color(&BLACK);
    let wanted: Vec<Option<i32>> = entries.iter().map(|e| e.end).collect();
    for (entry, y) in entries.iter().zip(label_heights(&wanted, 40)) {
        let style = entry.colour.stroke_width(if entry.dashed { 1 } else { 2 });
        if entry.dashed {
            for x in [6, 14, 22] {
                area.draw(&PathElement::new(vec![(x, y), (x + 5, y)], style))?;
            }
        } else {
            area.draw(&PathElement::new(vec![(6, y), (28, y)], style))?;
        }
        area.draw(&Text::new(entry.name.clone(), (34, y - 8), font.clone()))?;
    }
    Ok(())
}

/// Whether every x value is a whole number (a count).
fn whole(xs: &[f64]) -> bool {
    !xs.is_empty() && xs.iter().all(|x| x.fract() == 0.0)
}

/// A tick label on an axis spanning `span`, with the decimals that its
/// (about ten) ticks need to differ: no "0.0" twice, no "-0.0", no
/// "250.0" where "250" says it.
fn span_tick(y: f64, span: f64) -> String {
    // The tick step: the smallest 1, 2 or 5 times a power of ten that
    // gives at most ten ticks, as the plotting library picks it.
    let raw = span / 10.0;
    let decimals = if raw > 0.0 && raw.is_finite() {
        let power = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0]
            .into_iter()
            .map(|m| m * power)
            .find(|&s| s >= raw * (1.0 - 1e-9))
            .unwrap_or(10.0 * power);
        (-step.log10().floor()).clamp(0.0, 12.0) as usize
    } else {
        0
    };
    if format!("{:.decimals$}", y.abs())
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".to_string()
    } else {
        human(y, decimals, false)
    }
}

/// A tick label on a log axis: a power of ten as `10⁻³` style text,
/// anything else in [`scientific`]'s form.
pub fn log_tick(y: &f64) -> String {
    scientific(*y, 0)
}

/// A tick label: the integer for a whole tick, nothing between two counts.
fn count_tick(x: &f64) -> String {
    if x.fract().abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// One line of a convergence plot: `(x, exploitability)` points.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The legend.
    pub name: String,
    /// The points; non-positive exploitabilities are left out (log scale).
    pub points: Vec<(f64, f64)>,
}

/// Exploitability on a log scale against `x_label` (iterations, a count:
/// integer ticks), one line per variant, the legend right of the plot.
pub fn convergence_plot(title: &str, x_label: &str, lines: &[Line]) -> Result<String, ReportError> {
    let positive: Vec<(f64, f64)> = lines
        .iter()
        .flat_map(|l| l.points.iter().copied())
        .filter(|&(_, y)| y > 0.0)
        .collect();
    let x_max = positive.iter().map(|p| p.0).fold(0.0, f64::max).max(1.0);
    let y_min = positive.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y_max = positive.iter().map(|p| p.1).fold(0.0, f64::max);
    let (y_min, y_max) = if positive.is_empty() {
        (1e-6, 1.0)
    } else {
        (y_min / 1.5, y_max * 1.5)
    };
    let mut legend: Vec<LegendEntry> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| LegendEntry {
            name: l.name.clone(),
            colour: series_colour(i),
            dashed: false,
            end: None,
        })
        .collect();
    let extra = legend_width(&legend);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (PLOT_WIDTH + extra, 380)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let (plot_area, legend_area) = root.split_horizontally(PLOT_WIDTH);
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(title, ("sans-serif", TITLE_FONT))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(78)
            .build_cartesian_2d(0.0..x_max, (y_min..y_max).log_scale())
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", SMALL_FONT))
            .axis_desc_style(("sans-serif", SMALL_FONT))
            .x_desc(x_label)
            .y_desc("exploitability (units per hand)")
            .x_label_formatter(&count_tick)
            .y_label_formatter(&log_tick)
            .draw()
            .map_err(chart_error)?;
        for (line, entry) in lines.iter().zip(&mut legend) {
            let points: Vec<(f64, f64)> = line
                .points
                .iter()
                .copied()
                .filter(|&(_, y)| y > 0.0)
                .collect();
            entry.end = points.last().map(|p| chart.backend_coord(p).1);
            chart
                .draw_series(LineSeries::new(points, entry.colour.stroke_width(2)))
                .map_err(chart_error)?;
        }
        draw_legend(&legend_area, &legend).map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// One series of a line chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend.
    pub name: String,
    /// The `(x, y)` points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Per point, the half-width of an error bar (empty: none).
    pub errors: Vec<f64>,
}

/// What a line chart shows besides its series.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart<'a> {
    /// The caption.
    pub title: &'a str,
    /// The x axis label.
    pub x_label: &'a str,
    /// The y axis label.
    pub y_label: &'a str,
    /// A dashed horizontal reference line (e.g. a tolerance), with its
    /// legend.
    pub reference: Option<(f64, &'a str)>,
    /// Mark every point with a dot.
    pub dots: bool,
}

/// A line chart of `series` on linear axes (the y range includes 0 and the
/// reference line), with error bars and dots where asked for, the legend
/// right of the plot; integer x ticks when every x is a whole number.
pub fn line_chart(chart: &LineChart<'_>, series: &[Series]) -> Result<String, ReportError> {
    let mut xs: Vec<f64> = Vec::new();
    let mut ys: Vec<f64> = vec![0.0];
    for s in series {
        for (i, &(x, y)) in s.points.iter().enumerate() {
            let e = s.errors.get(i).copied().unwrap_or(0.0);
            xs.push(x);
            ys.extend([y - e, y + e]);
        }
    }
    if let Some((y, _)) = chart.reference {
        ys.push(y);
    }
    let counts = whole(&xs);
    let x_min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let x_max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (x_min, x_max) = if xs.is_empty() {
        (0.0, 1.0)
    } else if x_max > x_min {
        (x_min, x_max)
    } else {
        (x_min - 0.5, x_max + 0.5)
    };
    let y_min = ys.iter().copied().fold(f64::INFINITY, f64::min);
    let y_max = ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((y_max - y_min) * 0.06).max(1e-9);
    let (y_min, y_max) = (y_min - pad, y_max + pad);
    let grey = reference_colour();
    let mut legend: Vec<LegendEntry> = chart
        .reference
        .iter()
        .map(|&(_, name)| LegendEntry {
            name: name.to_string(),
            colour: grey,
            dashed: true,
            end: None,
        })
        .collect();
    legend.extend(series.iter().enumerate().map(|(i, s)| LegendEntry {
        name: s.name.clone(),
        colour: series_colour(i),
        dashed: false,
        end: None,
    }));
    let extra = legend_width(&legend);
    // At most one tick per count, and no more than ten.
    let x_ticks = if counts {
        ((x_max - x_min).round() as usize + 1).min(10)
    } else {
        10
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (PLOT_WIDTH + extra, 400)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let (plot_area, legend_area) = root.split_horizontally(PLOT_WIDTH);
        let mut plot = ChartBuilder::on(&plot_area)
            .caption(chart.title, ("sans-serif", TITLE_FONT))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(72)
            .build_cartesian_2d(x_min..x_max, y_min..y_max)
            .map_err(chart_error)?;
        let plain = |x: &f64| span_tick(*x, x_max - x_min);
        let tick: &dyn Fn(&f64) -> String = if counts { &count_tick } else { &plain };
        let y_tick = |y: &f64| span_tick(*y, y_max - y_min);
        plot.configure_mesh()
            .label_style(("sans-serif", SMALL_FONT))
            .axis_desc_style(("sans-serif", SMALL_FONT))
            .x_labels(x_ticks)
            .x_label_formatter(tick)
            .y_label_formatter(&y_tick)
            .x_desc(chart.x_label)
            .y_desc(chart.y_label)
            .draw()
            .map_err(chart_error)?;
        if let Some((y, _)) = chart.reference {
            let dashes: Vec<PathElement<(f64, f64)>> = (0..40)
                .filter(|i| i % 2 == 0)
                .map(|i| {
                    let a = x_min + (x_max - x_min) * f64::from(i) / 40.0;
                    let b = x_min + (x_max - x_min) * f64::from(i + 1) / 40.0;
                    PathElement::new(vec![(a, y), (b, y)], grey.stroke_width(1))
                })
                .collect();
            plot.draw_series(dashes).map_err(chart_error)?;
        }
        let references = legend.len() - series.len();
        if let Some((y, _)) = chart.reference {
            legend[0].end = Some(plot.backend_coord(&(x_max, y)).1);
        }
        for (i, s) in series.iter().enumerate() {
            let colour = series_colour(i);
            legend[references + i].end = s.points.last().map(|p| plot.backend_coord(p).1);
            plot.draw_series(LineSeries::new(s.points.clone(), colour.stroke_width(2)))
                .map_err(chart_error)?;
            if chart.dots {
                plot.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                    .map_err(chart_error)?;
            }
            let bars: Vec<PathElement<(f64, f64)>> = s
                .points
                .iter()
                .zip(&s.errors)
                .map(|(&(x, y), &e)| {
                    PathElement::new(vec![(x, y - e), (x, y + e)], colour.stroke_width(1))
                })
                .collect();
            plot.draw_series(bars).map_err(chart_error)?;
        }
        draw_legend(&legend_area, &legend).map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_ticks_carry_the_decimals_their_span_needs() {
        assert_eq!(span_tick(0.00003, 0.00007), "0.00003");
        assert_eq!(span_tick(-0.000_000_1, 0.00007), "0");
        assert_eq!(span_tick(-0.02, 0.2), "-0.02");
        assert_eq!(span_tick(-0.0, 0.4), "0");
        assert_eq!(span_tick(250.0, 280.0), "250");
        assert_eq!(span_tick(0.035, 0.036), "0.035");
        assert_eq!(span_tick(0.300_000_000_000_000_04, 0.9), "0.3");
        assert_eq!(span_tick(12_000.0, 40_000.0), "12,000");
        assert_eq!(log_tick(&0.001), "1 × 10⁻³");
        assert_eq!(log_tick(&0.1), "0.1");
    }

    #[test]
    fn labels_go_level_with_their_lines_and_apart() {
        assert_eq!(
            label_heights(&[Some(100), Some(105), None, Some(20)], 40),
            vec![100, 118, 136, 40]
        );
    }

    #[test]
    fn a_line_chart_draws_every_series_with_its_legend_and_error_bars() {
        let series = vec![
            Series {
                name: "2 people".into(),
                points: vec![(1.0, 0.0), (2.0, 0.5), (3.0, 0.2)],
                errors: Vec::new(),
            },
            Series {
                name: "3 people".into(),
                points: vec![(1.0, 0.1), (2.0, 0.7)],
                errors: vec![0.05, 0.05],
            },
        ];
        let chart = LineChart {
            title: "t",
            x_label: "N",
            y_label: "%",
            reference: Some((0.01, "tolerance")),
            dots: true,
        };
        let svg = line_chart(&chart, &series).unwrap();
        for text in ["2 people", "3 people", "tolerance"] {
            assert!(svg.contains(text), "{text}");
        }
        assert!(svg.matches("<polyline").count() >= 2);
        assert!(svg.contains("<circle"));
    }

    #[test]
    fn a_convergence_plot_draws_one_line_per_variant() {
        let lines = vec![
            Line {
                name: "reveal=off".into(),
                points: vec![(1.0, 0.5), (10.0, 0.05), (100.0, 0.001)],
            },
            Line {
                name: "reveal=on".into(),
                points: vec![(1.0, 0.4), (10.0, 0.0), (100.0, 0.002)],
            },
        ];
        let svg = convergence_plot("c", "iterations", &lines).unwrap();
        assert!(svg.contains("reveal=off") && svg.contains("reveal=on"));
        assert!(svg.matches("<polyline").count() >= 2);
    }

    #[test]
    fn a_count_axis_has_integer_ticks_and_the_legend_is_right_of_the_plot() {
        assert_eq!(count_tick(&100.0), "100");
        assert_eq!(count_tick(&2.5), "");
        let lines = vec![Line {
            name: "reveal=off".into(),
            points: vec![(1.0, 0.5), (100.0, 0.001)],
        }];
        let svg = convergence_plot("c", "iterations", &lines).unwrap();
        assert!(svg.contains(">\n100\n<"), "{svg}");
        assert!(!svg.contains(">\n100.0\n<"), "{svg}");
        let x = svg
            .find(">\nreveal=off\n<")
            .unwrap_or_else(|| panic!("{svg}"));
        let text_x: f64 = svg[..x]
            .rsplit("x=\"")
            .next()
            .and_then(|t| t.split('"').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(text_x > f64::from(PLOT_WIDTH), "legend at x = {text_x}");
    }
}
