//! Whole numbers packed into text for the page: each number written with
//! a fixed count of base-64 digits (`0-9A-Za-z-_`, none of which JSON
//! escapes), most significant first. A saved turn solution has thousands
//! of river nodes; written so, a frequency takes 2 characters instead of
//! about 5 in a JSON array. The page's script (`poker.js`) reads them
//! back with the same alphabet.

/// The digits, in value order.
pub const DIGITS: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/// The digits a frequency or a share takes: values up to 4095.
pub const SHORT: usize = 2;

/// The largest value of [`SHORT`] digits, which stands for "nothing here"
/// (a class or combo not in the range at the node).
pub const ABSENT: u32 = 64 * 64 - 1;

/// Appends `value` as `width` digits.
///
/// # Panics
/// If `value` does not fit in `width` digits (the callers size `width`
/// from the values first).
pub fn push(out: &mut String, value: u64, width: usize) {
    assert!(
        width >= 11 || value < 1 << (6 * width),
        "{value} does not fit {width} digits"
    );
    for place in (0..width).rev() {
        out.push(char::from(DIGITS[((value >> (6 * place)) & 63) as usize]));
    }
}

/// How EVs are packed: thousandths of a chip, offset so that they are not
/// negative, in the fewest digits that hold every EV of the solution; the
/// largest value stands for "no EV" (no opponent hand meets the hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvCode {
    /// The digits per EV.
    pub width: usize,
    /// What is added to an EV in thousandths before it is written.
    pub offset: u64,
}

impl EvCode {
    /// The code for EVs of at most `largest` chips either way.
    pub fn for_largest(largest: f64) -> EvCode {
        let thousandths = (largest.abs() * 1000.0).round() as u64 + 1;
        let mut width = 1;
        // Room for -t..=t and the "no EV" value: 2t + 2 values.
        while (1_u64 << (6 * width)) < 2 * thousandths + 2 {
            width += 1;
        }
        EvCode {
            width,
            offset: 1 << (6 * width - 1),
        }
    }

    /// Appends `ev` (chips), or the "no EV" value.
    pub fn push(&self, out: &mut String, ev: Option<f64>) {
        let value = match ev {
            Some(ev) => {
                let stored = (ev * 1000.0).round() as i64 + self.offset as i64;
                // Within range by `for_largest`; clamped so a bad caller
                // cannot write another number's digits.
                stored.clamp(0, self.none() as i64 - 1) as u64
            }
            None => self.none(),
        };
        push(out, value, self.width);
    }

    /// The value that means "no EV".
    pub fn none(&self) -> u64 {
        (1 << (6 * self.width)) - 1
    }
}

/// A frequency (0 to 1) in thousandths, as the page shows it (0.1 %).
pub fn thousandths(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * 1000.0).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `width` digits at `at`, as the page does.
    fn read(text: &str, at: usize, width: usize) -> u64 {
        text.as_bytes()[at..at + width].iter().fold(0, |v, &c| {
            v * 64 + DIGITS.iter().position(|&d| d == c).unwrap() as u64
        })
    }

    #[test]
    fn numbers_read_back() {
        let mut out = String::new();
        push(&mut out, 1000, SHORT);
        push(&mut out, u64::from(ABSENT), SHORT);
        push(&mut out, 0, 3);
        assert_eq!(out, "Fe__000");
        assert_eq!(read(&out, 0, 2), 1000);
        assert_eq!(read(&out, 2, 2), 4095);
    }

    #[test]
    fn evs_keep_their_thousandths_and_sign() {
        let code = EvCode::for_largest(360.0);
        // 720,002 values need 4 digits (64^3 = 262,144 is too few).
        assert_eq!(code.width, 4);
        let mut out = String::new();
        for ev in [Some(-150.0), Some(25.6434), Some(0.0), None] {
            code.push(&mut out, ev);
        }
        let back: Vec<i64> = (0..4)
            .map(|i| read(&out, 4 * i, 4) as i64 - code.offset as i64)
            .collect();
        assert_eq!(back[..3], [-150_000, 25_643, 0]);
        assert_eq!(back[3] as u64 + code.offset, code.none());
        assert_eq!(EvCode::for_largest(0.5).width, 2);
    }

    #[test]
    fn frequencies_round_to_tenths_of_a_percent() {
        assert_eq!(thousandths(0.07449), 74);
        assert_eq!(thousandths(0.9255), 926);
        assert_eq!(thousandths(1.2), 1000);
        assert_eq!(thousandths(-0.1), 0);
    }
}
