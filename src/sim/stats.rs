//! Statistics of a simulated mean.

use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A mean per round with its uncertainty.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
    /// The standard deviation of one round's value.
    pub std_dev: f64,
}

impl Estimate {
    /// The estimate from a count, a sum and a sum of squares.
    pub fn from_sums(n: f64, sum: f64, squares: f64) -> Estimate {
        let mean = sum / n;
        let variance = if n > 1.0 {
            ((squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            std_error: (variance / n).sqrt(),
            std_dev: variance.sqrt(),
        }
    }
}

/// How many standard errors `mean` lies from an exact value.
pub fn z_score(mean: f64, exact: f64, std_error: f64) -> f64 {
    (mean - exact) / std_error
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_follow_the_sample_variance_and_z_counts_standard_errors() {
        // Values 1, 2, 3, 6: mean 3, sample variance (4 + 1 + 0 + 9) / 3.
        let estimate = Estimate::from_sums(4.0, 12.0, 50.0);
        assert_eq!(estimate.mean, 3.0);
        assert!((estimate.std_dev - (14.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert!((estimate.std_error - (14.0f64 / 12.0).sqrt()).abs() < 1e-12);
        // One round has no spread; a sum of squares too small (rounding) never
        // makes the variance negative.
        assert_eq!(Estimate::from_sums(1.0, 2.0, 4.0).std_dev, 0.0);
        assert_eq!(Estimate::from_sums(3.0, 0.3, 0.029).std_dev, 0.0);
        assert_eq!(z_score(3.5, 3.0, 0.25), 2.0);
    }
}
