//! A tornado chart: one horizontal bar per effect, largest first, each
//! labelled on the left with what changes and at its end with its value
//! (so the chart needs no value axis), the bars starting from a zero line.

use plotters::prelude::*;

use super::charts::{SMALL_FONT, TITLE_FONT, chart_error};
use super::error::ReportError;
use super::numbers::human;
use super::palette::series_colour;

/// Width of the label column left of the bars.
const LABEL_WIDTH: u32 = 330;
/// Width of the bars' area (values included).
const BAR_AREA: u32 = 420;
/// Height of one bar's row.
const ROW_HEIGHT: u32 = 26;
/// Height above the first row (the title).
const TOP: u32 = 40;
/// Room right and left of the bars for their value labels.
const VALUE_ROOM: f64 = 80.0;

/// One bar: its label and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// What changes (left of the bar).
    pub label: String,
    /// The effect (the bar's length and sign).
    pub value: f64,
}

/// `bars` sorted by size, largest first, as an SVG with `title` above;
/// positive values go right of the zero line (first palette colour),
/// negative left (second), each with its value at the bar's end with
/// `decimals` decimals at most.
pub fn tornado(title: &str, bars: &[Bar], decimals: usize) -> Result<String, ReportError> {
    let mut sorted = bars.to_vec();
    sorted.sort_by(|a, b| b.value.abs().total_cmp(&a.value.abs()));
    let low = sorted.iter().map(|b| b.value).fold(0.0, f64::min);
    let high = sorted.iter().map(|b| b.value).fold(0.0, f64::max);
    let span = (high - low).max(1e-12);
    let room = f64::from(BAR_AREA) - 2.0 * VALUE_ROOM;
    let x_of =
        |v: f64| (f64::from(LABEL_WIDTH) + VALUE_ROOM + (v - low) / span * room).round() as i32;
    let width = LABEL_WIDTH + BAR_AREA;
    let height = TOP + ROW_HEIGHT * sorted.len() as u32 + 10;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let font = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
        root.draw(&Text::new(title.to_string(), (4, 8), font(TITLE_FONT)))
            .map_err(chart_error)?;
        let zero = x_of(0.0);
        let bottom = (TOP + ROW_HEIGHT * sorted.len() as u32) as i32;
        root.draw(&PathElement::new(
            vec![(zero, TOP as i32 - 4), (zero, bottom)],
            BLACK.stroke_width(1),
        ))
        .map_err(chart_error)?;
        for (i, bar) in sorted.iter().enumerate() {
            let y = (TOP + ROW_HEIGHT * i as u32) as i32;
            let end = x_of(bar.value);
            let colour = series_colour(usize::from(bar.value < 0.0));
            root.draw(&Rectangle::new(
                [
                    (zero.min(end), y + 4),
                    (zero.max(end).max(zero.min(end) + 1), y + 20),
                ],
                colour.filled(),
            ))
            .map_err(chart_error)?;
            root.draw(&Text::new(bar.label.clone(), (4, y + 5), font(SMALL_FONT)))
                .map_err(chart_error)?;
            let value = human(bar.value, decimals, true);
            let at = if bar.value < 0.0 {
                end - 8 - 7 * value.chars().count() as i32
            } else {
                end + 6
            };
            root.draw(&Text::new(value, (at, y + 5), font(SMALL_FONT)))
                .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_come_largest_first_with_their_values() {
        let bars = [
            Bar {
                label: "small".into(),
                value: 0.001,
            },
            Bar {
                label: "large".into(),
                value: -0.02,
            },
        ];
        let svg = tornado("t", &bars, 4).unwrap();
        let large = svg.find(">\nlarge\n<").unwrap();
        let small = svg.find(">\nsmall\n<").unwrap();
        assert!(large < small, "{svg}");
        assert!(svg.contains("-0.0200") && svg.contains("+0.0010"), "{svg}");
    }
}
