//! The colours of every line chart's series: the Okabe–Ito palette, which
//! people with the common colour-vision deficiencies tell apart, without
//! its yellow (unreadable on white), followed by three of Paul Tol's
//! muted colours; past ten series the colours repeat.

use plotters::style::{RGBAColor, RGBColor};

/// The series colours, in the order series get them.
const COLOURS: [(u8, u8, u8); 10] = [
    (0x00, 0x72, 0xB2), // blue
    (0xD5, 0x5E, 0x00), // vermilion
    (0x00, 0x9E, 0x73), // bluish green
    (0xCC, 0x79, 0xA7), // reddish purple
    (0xE6, 0x9F, 0x00), // orange
    (0x56, 0xB4, 0xE9), // sky blue
    (0x00, 0x00, 0x00), // black
    (0x88, 0x22, 0x55), // wine
    (0x99, 0x99, 0x33), // olive
    (0x44, 0xAA, 0x99), // teal
];

/// The colour of series `index`.
pub fn series_colour(index: usize) -> RGBAColor {
    let (r, g, b) = COLOURS[index % COLOURS.len()];
    RGBAColor(r, g, b, 1.0)
}

/// The grey of reference lines (a tolerance, a target).
pub fn reference_colour() -> RGBAColor {
    let RGBColor(r, g, b) = RGBColor(120, 120, 120);
    RGBAColor(r, g, b, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_ten_series_get_distinct_colours() {
        let colours: Vec<RGBAColor> = (0..10).map(series_colour).collect();
        for (i, a) in colours.iter().enumerate() {
            assert!(colours[i + 1..].iter().all(|b| b != a), "{i}");
        }
        assert_eq!(series_colour(10), series_colour(0));
    }
}
