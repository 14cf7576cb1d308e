//! Self-contained SVG charts drawn with plotters: strategy heat maps,
//! convergence plots and line charts.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::ReportError;

/// One cell of a heat map.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatCell {
    /// Column index.
    pub column: usize,
    /// Row index.
    pub row: usize,
    /// Hit frequency, 0..=1 (the colour).
    pub frequency: f64,
    /// The first line of the label (`H`, `S`, or `H 40%`).
    pub label: String,
    /// The second line (e.g. the gain of hitting over standing).
    pub detail: String,
}

const COLUMN_WIDTH: u32 = 78;
const ROW_HEIGHT: u32 = 30;
const ROW_LABEL_WIDTH: u32 = 84;
const HEADER_HEIGHT: u32 = 44;

fn chart_error(error: impl std::fmt::Display) -> ReportError {
    ReportError::Data(format!("drawing a chart: {error}"))
}

/// Light blue (always stand) through light grey to orange-red (always hit).
fn heat_colour(frequency: f64) -> RGBColor {
    let stand = (145.0, 191.0, 219.0);
    let middle = (240.0, 240.0, 240.0);
    let hit = (239.0, 138.0, 98.0);
    let f = frequency.clamp(0.0, 1.0);
    let (from, to, t) = if f < 0.5 {
        (stand, middle, f * 2.0)
    } else {
        (middle, hit, (f - 0.5) * 2.0)
    };
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    RGBColor(mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
}

/// A heat map: `columns` across, `rows` down, each cell coloured by its
/// hit frequency and labelled with its two lines.
pub fn heat_map(
    title: &str,
    columns: &[String],
    rows: &[String],
    cells: &[HeatCell],
) -> Result<String, ReportError> {
    let width = ROW_LABEL_WIDTH + COLUMN_WIDTH * columns.len() as u32 + 8;
    let height = HEADER_HEIGHT + ROW_HEIGHT * rows.len() as u32 + 8;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        draw_heat_map(&root, title, columns, rows, cells).map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

fn draw_heat_map(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    columns: &[String],
    rows: &[String],
    cells: &[HeatCell],
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let font = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
    root.draw(&Text::new(title.to_string(), (4, 4), font(14)))?;
    let x0 = ROW_LABEL_WIDTH as i32;
    let y0 = HEADER_HEIGHT as i32;
    let (w, h) = (COLUMN_WIDTH as i32, ROW_HEIGHT as i32);
    for (c, name) in columns.iter().enumerate() {
        root.draw(&Text::new(
            name.clone(),
            (x0 + c as i32 * w + 6, y0 - 18),
            font(12),
        ))?;
    }
    for (r, name) in rows.iter().enumerate() {
        root.draw(&Text::new(
            name.clone(),
            (4, y0 + r as i32 * h + 9),
            font(12),
        ))?;
    }
    for cell in cells {
        let x = x0 + cell.column as i32 * w;
        let y = y0 + cell.row as i32 * h;
        root.draw(&Rectangle::new(
            [(x, y), (x + w - 2, y + h - 2)],
            heat_colour(cell.frequency).filled(),
        ))?;
        root.draw(&Text::new(cell.label.clone(), (x + 5, y + 3), font(12)))?;
        root.draw(&Text::new(cell.detail.clone(), (x + 5, y + 16), font(10)))?;
    }
    Ok(())
}

/// One line of a convergence plot: `(x, exploitability)` points.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The legend.
    pub name: String,
    /// The points; non-positive exploitabilities are left out (log scale).
    pub points: Vec<(f64, f64)>,
}

/// Exploitability on a log scale against `x_label` (iterations), one line
/// per variant.
pub fn convergence_plot(title: &str, x_label: &str, lines: &[Line]) -> Result<String, ReportError> {
    let positive: Vec<(f64, f64)> = lines
        .iter()
        .flat_map(|l| l.points.iter().copied())
        .filter(|&(_, y)| y > 0.0)
        .collect();
    let x_max = positive.iter().map(|p| p.0).fold(0.0, f64::max).max(1e-9);
    let y_min = positive.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y_max = positive.iter().map(|p| p.1).fold(0.0, f64::max);
    let (y_min, y_max) = if positive.is_empty() {
        (1e-6, 1.0)
    } else {
        (y_min / 1.5, y_max * 1.5)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 15))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max, (y_min..y_max).log_scale())
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc("exploitability (units per hand)")
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()
            .map_err(chart_error)?;
        for (i, line) in lines.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let points: Vec<(f64, f64)> = line
                .points
                .iter()
                .copied()
                .filter(|&(_, y)| y > 0.0)
                .collect();
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(2)))
                .map_err(chart_error)?
                .label(line.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
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
/// reference line), with error bars and dots where asked for.
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
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 380)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut plot = ChartBuilder::on(&root)
            .caption(chart.title, ("sans-serif", 15))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(64)
            .build_cartesian_2d(x_min..x_max, y_min..y_max)
            .map_err(chart_error)?;
        plot.configure_mesh()
            .x_desc(chart.x_label)
            .y_desc(chart.y_label)
            .draw()
            .map_err(chart_error)?;
        if let Some((y, name)) = chart.reference {
            let grey = RGBColor(120, 120, 120);
            let dashes: Vec<PathElement<(f64, f64)>> = (0..40)
                .filter(|i| i % 2 == 0)
                .map(|i| {
                    let a = x_min + (x_max - x_min) * f64::from(i) / 40.0;
                    let b = x_min + (x_max - x_min) * f64::from(i + 1) / 40.0;
                    PathElement::new(vec![(a, y), (b, y)], grey.stroke_width(1))
                })
                .collect();
            plot.draw_series(dashes)
                .map_err(chart_error)?
                .label(name.to_string())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], grey.stroke_width(1))
                });
        }
        for (i, s) in series.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            plot.draw_series(LineSeries::new(s.points.clone(), colour.stroke_width(2)))
                .map_err(chart_error)?
                .label(s.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
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
        plot.configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heat_map_is_one_svg_with_every_label() {
        let cells = vec![
            HeatCell {
                column: 0,
                row: 0,
                frequency: 1.0,
                label: "H".into(),
                detail: "+0.120".into(),
            },
            HeatCell {
                column: 1,
                row: 0,
                frequency: 0.0,
                label: "S".into(),
                detail: "-0.050".into(),
            },
        ];
        let svg = heat_map(
            "t",
            &["2 cards".into(), "3 cards".into()],
            &["hard 16".into()],
            &cells,
        )
        .unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        for text in ["2 cards", "hard 16", "+0.120", "-0.050"] {
            assert!(svg.contains(text), "{text}");
        }
        assert_ne!(heat_colour(0.0), heat_colour(1.0));
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
}
