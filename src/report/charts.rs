//! Self-contained SVG charts drawn with plotters: strategy heat maps,
//! convergence plots and line charts.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::error::ReportError;

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

const COLUMN_WIDTH: u32 = 84;
const ROW_HEIGHT: u32 = 38;
const ROW_LABEL_WIDTH: u32 = 96;
const HEADER_HEIGHT: u32 = 52;
/// The smallest font size plotters is given: its SVG backend writes
/// 0.806 × the size, so 14 comes out at 11.3 px, the reports' minimum.
pub(crate) const SMALL_FONT: u32 = 14;
/// The font size of a chart's title (13.7 px in the SVG).
pub(crate) const TITLE_FONT: u32 = 17;
/// Width in pixels of one character at [`TITLE_FONT`], generously: a
/// title's width is at most its length times this.
const TITLE_CHAR_WIDTH: u32 = 9;

pub(crate) fn chart_error(error: impl std::fmt::Display) -> ReportError {
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
    let title_width = TITLE_CHAR_WIDTH * title.chars().count() as u32 + 16;
    let width = (ROW_LABEL_WIDTH + COLUMN_WIDTH * columns.len() as u32 + 8).max(title_width);
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
    root.draw(&Text::new(title.to_string(), (4, 6), font(TITLE_FONT)))?;
    let x0 = ROW_LABEL_WIDTH as i32;
    let y0 = HEADER_HEIGHT as i32;
    let (w, h) = (COLUMN_WIDTH as i32, ROW_HEIGHT as i32);
    for (c, name) in columns.iter().enumerate() {
        root.draw(&Text::new(
            name.clone(),
            (x0 + c as i32 * w + 6, y0 - 20),
            font(SMALL_FONT),
        ))?;
    }
    for (r, name) in rows.iter().enumerate() {
        root.draw(&Text::new(
            name.clone(),
            (4, y0 + r as i32 * h + 11),
            font(SMALL_FONT),
        ))?;
    }
    for cell in cells {
        let x = x0 + cell.column as i32 * w;
        let y = y0 + cell.row as i32 * h;
        root.draw(&Rectangle::new(
            [(x, y), (x + w - 2, y + h - 2)],
            heat_colour(cell.frequency).filled(),
        ))?;
        root.draw(&Text::new(
            cell.label.clone(),
            (x + 5, y + 3),
            font(SMALL_FONT),
        ))?;
        root.draw(&Text::new(
            cell.detail.clone(),
            (x + 5, y + 19),
            font(SMALL_FONT),
        ))?;
    }
    Ok(())
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
}
