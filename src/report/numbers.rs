//! Numbers written for people, in every report and on every chart axis:
//! at most [`SIGNIFICANT`] significant digits once the integer part is
//! long, thousands separators, no negative zero, a tiny non-zero value
//! with two significant digits rather than as `0.0000`, powers of ten as
//! `2.3 × 10⁻⁴`, counts with their noun in the right number.

/// The most significant digits a number with an integer part keeps: the
/// decimals asked for are cut so that `1234.5678` at 4 decimals reads
/// `1,234.6`.
pub const SIGNIFICANT: usize = 5;

/// Below this magnitude a value is zero for the reports (numerical noise
/// of a computed zero): it reads `0`.
const NOISE: f64 = 1e-10;

/// The digits of the integer part of `|x|` (0 below 1).
fn integer_digits(x: f64) -> usize {
    let a = x.abs();
    if a < 1.0 {
        0
    } else {
        a.log10().floor() as usize + 1
    }
}

/// `digits` (an unsigned integer in decimal) with a comma every three
/// digits from the right.
fn group(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `x` with at most `decimals` decimals for people: fewer decimals where
/// the integer part is long (at most [`SIGNIFICANT`] significant digits
/// unless the integer part itself is longer), thousands separators, `0`
/// for zero (never `-0.0000`), and two significant digits for a non-zero
/// value that `decimals` would show as zero. A `+` before a positive value
/// when `signed`. Not finite: as Rust writes it (`NaN`, `inf`).
pub fn human(x: f64, decimals: usize, signed: bool) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x.abs() < NOISE {
        return "0".to_string();
    }
    let mut decimals = decimals.min(SIGNIFICANT.saturating_sub(integer_digits(x)));
    if (x.abs() * 10f64.powi(decimals as i32)).round() == 0.0 {
        // Two significant digits: 0.000012 rather than 0.0000.
        decimals = (-x.abs().log10().floor()) as usize + 1;
    }
    let text = format!("{:.decimals$}", x.abs());
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text.as_str(), None),
    };
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    } else if signed {
        out.push('+');
    }
    out.push_str(&group(whole));
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// A whole count with thousands separators (`10,000,000`).
pub fn count(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", group(&n.unsigned_abs().to_string()))
}

/// `n` and its noun: `one` for exactly one, `many` (or `one` + `s`)
/// otherwise (`1 thread`, `4 threads`, `0 threads`).
pub fn plural(n: i64, one: &str, many: Option<&str>) -> String {
    let noun = if n == 1 {
        one.to_string()
    } else {
        many.map_or_else(|| format!("{one}s"), str::to_string)
    };
    format!("{} {noun}", count(n))
}

/// Superscript digits and minus sign of an exponent.
fn superscript(exponent: i32) -> String {
    exponent
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}

/// `x` in powers of ten with `decimals` decimals in the mantissa
/// (`2.3 × 10⁻⁴`); a value between 0.01 and 10,000 as a plain number with
/// two significant digits more than `decimals`; zero as `0`.
pub fn scientific(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x.abs() < NOISE {
        return "0".to_string();
    }
    if (0.01..10_000.0).contains(&x.abs()) {
        let places = (decimals + 1).saturating_sub(x.abs().log10().floor() as usize);
        let places = if x.abs() < 1.0 {
            (-x.abs().log10().floor()) as usize + decimals
        } else {
            places
        };
        return human(x, places, false);
    }
    let text = format!("{x:.decimals$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    format!("{mantissa} × 10{}", superscript(exponent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(human(-0.0230456, 4, true), "-0.0230");
        assert_eq!(human(0.0230456, 4, true), "+0.0230");
        assert_eq!(human(-0.000_01, 4, true), "-0.000010");
        assert_eq!(human(-1e-15, 4, true), "0");
        assert_eq!(human(0.0, 4, false), "0");
        assert_eq!(human(1234.5678, 4, false), "1,234.6");
        assert_eq!(human(10_000_000.0, 0, false), "10,000,000");
        assert_eq!(human(123_456.7, 2, false), "123,457");
        assert_eq!(human(80.3, 1, false), "80.3");
        assert_eq!(count(10_000_000), "10,000,000");
        assert_eq!(count(-1234), "-1,234");
        assert_eq!(count(999), "999");
    }

    #[test]
    fn plurals_and_powers_of_ten() {
        assert_eq!(plural(1, "thread", None), "1 thread");
        assert_eq!(plural(4, "thread", None), "4 threads");
        assert_eq!(plural(2, "person", Some("people")), "2 people");
        assert_eq!(scientific(0.0, 1), "0");
        assert_eq!(scientific(0.000_234, 1), "2.3 × 10⁻⁴");
        assert_eq!(scientific(12_345_678.0, 2), "1.23 × 10⁷");
        assert_eq!(scientific(0.0234, 1), "0.023");
        assert_eq!(scientific(2.5, 1), "2.50");
    }
}
