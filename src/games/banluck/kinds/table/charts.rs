//! The table report's charts: the reveal option's worth against the table
//! size, and the strategic dealer's gain over the fixed dealer, each per
//! round and per seat with error bars of two standard errors.

use super::model_parts::{Diff, SizeLine};
use crate::report::{LineChart, ReportError, Series, line_chart};

/// Error bars: two standard errors.
const BAR: f64 = 2.0;

fn series(name: &str, sizes: &[SizeLine], diff: impl Fn(&SizeLine) -> Diff, seat: bool) -> Series {
    Series {
        name: name.to_string(),
        points: sizes
            .iter()
            .map(|s| {
                let d = diff(s);
                (
                    s.players as f64,
                    if seat { d.per_seat } else { d.per_round },
                )
            })
            .collect(),
        errors: sizes
            .iter()
            .map(|s| {
                let d = diff(s);
                BAR * if seat {
                    d.per_seat_std_error
                } else {
                    d.std_error
                }
            })
            .collect(),
    }
}

/// The reveal option's worth to the strategic dealer against K.
pub(super) fn gain_chart(sizes: &[SizeLine]) -> Result<String, ReportError> {
    line_chart(
        &LineChart {
            title: "The reveal option's worth to the strategic dealer (± 2 standard errors)",
            x_label: "seats at the table (K)",
            y_label: "dealer's gain (units)",
            reference: None,
            dots: true,
        },
        &[
            series("per round", sizes, |s| s.reveal, false),
            series("per seat", sizes, |s| s.reveal, true),
        ],
    )
}

/// The strategic dealer's gain over the fixed dealer against K, with and
/// without the reveal.
pub(super) fn over_fixed_chart(sizes: &[SizeLine]) -> Result<String, ReportError> {
    line_chart(
        &LineChart {
            title: "The strategic dealer over the fixed dealer (reveal off), ± 2 standard errors",
            x_label: "seats at the table (K)",
            y_label: "dealer's gain (units)",
            reference: None,
            dots: true,
        },
        &[
            series("per round, reveal optimal", sizes, |s| s.over_fixed, false),
            series(
                "per round, reveal forbidden",
                sizes,
                |s| s.no_reveal_over_fixed,
                false,
            ),
            series("per seat, reveal optimal", sizes, |s| s.over_fixed, true),
            series(
                "per seat, reveal forbidden",
                sizes,
                |s| s.no_reveal_over_fixed,
                true,
            ),
        ],
    )
}
