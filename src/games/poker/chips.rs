//! Amounts: chips as written (`13`, `12.5`) and as whole numbers of the
//! smallest chip inside. The default chip is 1; `--chip 0.5` allows halves.

use std::fmt;

use crate::input::clip;

/// The largest amount accepted, in chips of the smallest unit (keeps all
/// arithmetic far from overflow).
pub const MAX_UNITS: u64 = 1_000_000_000_000;

/// The smallest chip: `numerator / 10^scale` of a unit of account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chip {
    numerator: u64,
    scale: u32,
}

impl Default for Chip {
    fn default() -> Self {
        Chip {
            numerator: 1,
            scale: 0,
        }
    }
}

/// A plain decimal `123.45` as `(12345, 2)`; `None` for anything else.
fn decimal(text: &str) -> Option<(u64, u32)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty()
        || !digits_only(whole)
        || !digits_only(fraction)
        || whole.len() + fraction.len() > 15
        || text.starts_with('+')
    {
        return None;
    }
    let mut value: u64 = 0;
    for b in whole.bytes().chain(fraction.bytes()) {
        value = value * 10 + u64::from(b - b'0');
    }
    Some((value, fraction.len() as u32))
}

impl Chip {
    /// Reads a chip size such as `1`, `0.5` or `0.25` (positive, at most
    /// six decimals).
    pub fn parse(text: &str) -> Result<Chip, String> {
        match decimal(text.trim()) {
            Some((numerator, scale)) if numerator > 0 && scale <= 6 => {
                Ok(Chip { numerator, scale })
            }
            _ => Err(format!(
                "--chip {}: expected a positive chip size such as 1, 0.5 or 0.25",
                clip(text)
            )),
        }
    }

    /// The amount written as `text` (a decimal) in chips of this size, if
    /// it is a whole number of chips no larger than [`MAX_UNITS`].
    pub fn units(self, text: &str) -> Option<u64> {
        let (value, scale) = decimal(text)?;
        let numerator = u128::from(value) * 10u128.pow(self.scale);
        let denominator = u128::from(self.numerator) * 10u128.pow(scale);
        numerator
            .is_multiple_of(denominator)
            .then(|| numerator / denominator)
            .filter(|&units| units <= u128::from(MAX_UNITS))
            .map(|units| units as u64)
    }

    /// `units` chips written as a decimal amount (`12.5`, `13`).
    pub fn format(self, units: u64) -> String {
        let raw = u128::from(units) * u128::from(self.numerator);
        if self.scale == 0 {
            return raw.to_string();
        }
        let divisor = 10u128.pow(self.scale);
        let fraction = format!("{:0width$}", raw % divisor, width = self.scale as usize);
        let fraction = fraction.trim_end_matches('0');
        if fraction.is_empty() {
            (raw / divisor).to_string()
        } else {
            format!("{}.{fraction}", raw / divisor)
        }
    }

    /// `units` chips as a number of units of account (for JSON).
    pub fn value(self, units: u64) -> f64 {
        units as f64 * self.numerator as f64 / 10f64.powi(self.scale as i32)
    }
}

impl fmt::Display for Chip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.format(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_chips_and_halves() {
        let whole = Chip::default();
        assert_eq!(whole.units("13"), Some(13));
        assert_eq!(whole.units("12.5"), None);
        assert_eq!(whole.units("12.0"), Some(12));
        let half = Chip::parse("0.5").unwrap();
        assert_eq!(half.units("12.5"), Some(25));
        assert_eq!(half.units("12.25"), None);
        assert_eq!(half.format(25), "12.5");
        assert_eq!(half.format(24), "12");
        assert_eq!(half.to_string(), "0.5");
        assert!((half.value(25) - 12.5).abs() < 1e-12);
        for bad in ["", ".", "-1", "+1", "1e3", "x"] {
            assert_eq!(whole.units(bad), None, "{bad}");
        }
        assert_eq!(whole.units("2000000000000"), None);
        for bad in ["0", "-0.5", "abc", "0.0000001"] {
            assert!(Chip::parse(bad).is_err(), "{bad}");
        }
    }
}
