//! Ratios over decks with standard errors that treat each deck as one draw
//! (the rounds of one deck are not independent).

use serde::Serialize;

use super::run::DeckRecord;

/// An estimate and its standard error.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    /// The estimate.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
}

impl Rate {
    /// The estimate in standard errors from `value` (0 when both agree
    /// exactly, infinite when they differ with no error).
    pub fn z(&self, value: f64) -> f64 {
        let difference = self.mean - value;
        if difference == 0.0 {
            0.0
        } else {
            difference / self.std_error
        }
    }

    pub(super) fn scaled(self, factor: f64) -> Rate {
        Rate {
            mean: self.mean * factor,
            std_error: self.std_error * factor,
        }
    }
}

/// `Σ num / Σ den` over the decks, with the linearized (delta-method)
/// standard error of a ratio of deck sums.
pub(super) fn ratio(
    decks: &[DeckRecord],
    num: impl Fn(&DeckRecord) -> f64,
    den: impl Fn(&DeckRecord) -> f64,
) -> Rate {
    let (a, b) = decks
        .iter()
        .fold((0.0, 0.0), |(a, b), d| (a + num(d), b + den(d)));
    if b == 0.0 {
        return Rate {
            mean: 0.0,
            std_error: 0.0,
        };
    }
    let mean = a / b;
    let residuals = decks.iter().map(|d| (num(d) - mean * den(d)) / b);
    Rate {
        mean,
        std_error: spread(decks.len(), residuals),
    }
}

/// A deck record's numerator and denominator of one ratio.
pub(super) type RatioOf<'f> = (
    &'f dyn Fn(&DeckRecord) -> f64,
    &'f dyn Fn(&DeckRecord) -> f64,
);

/// The difference of two ratios over the same decks, `A/B − C/D`, with
/// the standard error of the paired difference.
pub(super) fn ratio_difference(
    decks: &[DeckRecord],
    first: RatioOf<'_>,
    second: RatioOf<'_>,
) -> Rate {
    let one = ratio(decks, first.0, first.1);
    let two = ratio(decks, second.0, second.1);
    let (b, d) = decks
        .iter()
        .fold((0.0, 0.0), |(b, d), r| (b + first.1(r), d + second.1(r)));
    if b == 0.0 || d == 0.0 {
        return Rate {
            mean: 0.0,
            std_error: 0.0,
        };
    }
    let residuals = decks.iter().map(|r| {
        (first.0(r) - one.mean * first.1(r)) / b - (second.0(r) - two.mean * second.1(r)) / d
    });
    Rate {
        mean: one.mean - two.mean,
        std_error: spread(decks.len(), residuals),
    }
}

/// `sqrt(n / (n − 1) · Σ residual²)`: the standard error of a sum of `n`
/// independent deck residuals of mean 0.
fn spread(n: usize, residuals: impl Iterator<Item = f64>) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let squares: f64 = residuals.map(|r| r * r).sum();
    (squares * n as f64 / (n as f64 - 1.0)).sqrt()
}
