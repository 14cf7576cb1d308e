//! Bet and raise sizes as players write them: `"33%, 75%, a"` (a percent
//! of the pot, or `a` for all-in), and the chip amounts they give at a node.
//!
//! - A bet is `round(f × pot)` chips, rounded half away from zero, and at
//!   least one chip.
//! - A raise goes to `facing + round(f × pot after the call)`, and adds at
//!   least the last increment.
//! - An amount that reaches the effective stack becomes all-in; all-in is
//!   otherwise offered only where `a` is listed. Equal amounts are merged.

use super::betting::Street;
use super::error::ParseError;

/// The bet and raise sizes of one player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerSizes {
    /// Sizes for a bet (nobody has bet yet).
    pub bet: Sizes,
    /// Sizes for a raise (facing a bet); empty means no raises.
    pub raise: Sizes,
}

/// The sizes of both players (`[OOP, IP]`) on each street; a spot uses
/// those of its root's street and the streets after it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StreetSizes {
    /// On the flop.
    pub flop: [PlayerSizes; 2],
    /// On the turn.
    pub turn: [PlayerSizes; 2],
    /// On the river.
    pub river: [PlayerSizes; 2],
}

impl StreetSizes {
    /// The same sizes on every street.
    pub fn every_street(sizes: [PlayerSizes; 2]) -> StreetSizes {
        StreetSizes {
            flop: sizes.clone(),
            turn: sizes.clone(),
            river: sizes,
        }
    }

    /// The sizes on `street` (0 flop, 1 turn, 2 river).
    pub fn on(&self, street: usize) -> &[PlayerSizes; 2] {
        [&self.flop, &self.turn, &self.river][street]
    }
}

/// A size setting's kind: bet sizes or raise sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeKind {
    /// Sizes for a bet.
    Bet,
    /// Sizes for a raise.
    Raise,
}

impl SizeKind {
    /// Both kinds, bet first.
    pub const BOTH: [SizeKind; 2] = [SizeKind::Bet, SizeKind::Raise];

    /// The word: `bet` or `raise`.
    pub fn word(self) -> &'static str {
        match self {
            SizeKind::Bet => "bet",
            SizeKind::Raise => "raise",
        }
    }
}

/// Where a size setting applies: on one street or every street (`None`),
/// for one player or both (`None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeSetting {
    /// The street (0 flop, 1 turn, 2 river), or every street.
    pub street: Option<usize>,
    /// The player (0 OOP, 1 IP), or both.
    pub player: Option<usize>,
    /// Bet or raise sizes.
    pub kind: SizeKind,
}

/// The sizing rule, the one place it is written: the sizes of a player on
/// a street are that player's setting for the street, else the street's
/// setting, else the player's setting for every street, else the setting
/// for both players on every street (`shared`, always given). `given`
/// answers whether a setting was given, with whatever its source holds (a
/// text and the flag or key it came from, say). The answer is indexed
/// `[street][player][kind]`, settings looked up street by street, OOP
/// before IP, bet before raise.
pub fn resolve_sizes<T>(
    mut given: impl FnMut(SizeSetting) -> Option<T>,
    mut shared: impl FnMut(SizeKind) -> T,
) -> [[[T; 2]; 2]; 3] {
    [0, 1, 2].map(|street| {
        [0, 1].map(|player| {
            SizeKind::BOTH.map(|kind| {
                let at = |street, player| SizeSetting {
                    street,
                    player,
                    kind,
                };
                given(at(Some(street), Some(player)))
                    .or_else(|| given(at(Some(street), None)))
                    .or_else(|| given(at(None, Some(player))))
                    .unwrap_or_else(|| shared(kind))
            })
        })
    })
}

/// One size of a size list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// `numerator / denominator` of the pot (`33%` is 33/100).
    Pot {
        /// The fraction's numerator.
        numerator: u64,
        /// The fraction's denominator (a power of ten times 100).
        denominator: u64,
    },
    /// All-in.
    AllIn,
}

/// A list of sizes; empty means "none" (no bets, or no raises).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sizes(Vec<Size>);

impl Sizes {
    /// Parses `"33%, 75%, a"`: percents (up to four decimals, at most
    /// 10000 %) and `a`, comma separated; an empty string means none.
    pub fn parse(text: &str) -> Result<Sizes, ParseError> {
        ParseError::check_len(text, "size list")?;
        let mut sizes = Vec::new();
        if text.trim().is_empty() {
            return Ok(Sizes(sizes));
        }
        let mut start = 0;
        for piece in text.split(',') {
            let at = start + piece.len() - piece.trim_start().len();
            let entry = piece.trim();
            start += piece.len() + 1;
            sizes.push(parse_size(text, at, entry)?);
        }
        Ok(Sizes(sizes))
    }

    /// The sizes as listed.
    pub fn sizes(&self) -> &[Size] {
        &self.0
    }

    /// The bet amounts (chips) at a street where nobody has bet yet,
    /// ascending and merged.
    pub fn bets(&self, street: &Street) -> Vec<u64> {
        let effective = street.effective();
        if effective == 0 {
            return Vec::new();
        }
        let pot = street.pot_now();
        self.amounts(effective, |size| match size {
            Size::Pot {
                numerator,
                denominator,
            } => round_fraction(pot, numerator, denominator).max(1),
            Size::AllIn => effective,
        })
    }

    /// The raise-to totals (chips) for the player facing a bet, ascending
    /// and merged; none when the bet faced is all-in.
    pub fn raises(&self, street: &Street) -> Vec<u64> {
        let effective = street.effective();
        let Some(facing) = street.facing().filter(|_| street.can_raise()) else {
            return Vec::new();
        };
        let pot_after_call = street.pot + 2 * facing;
        let minimum = street.min_raise_to();
        self.amounts(effective, |size| match size {
            Size::Pot {
                numerator,
                denominator,
            } => (facing + round_fraction(pot_after_call, numerator, denominator)).max(minimum),
            Size::AllIn => effective,
        })
    }

    /// Each size's amount, capped at all-in, sorted and merged.
    fn amounts(&self, effective: u64, amount: impl Fn(Size) -> u64) -> Vec<u64> {
        let mut amounts: Vec<u64> = self.0.iter().map(|&s| amount(s).min(effective)).collect();
        amounts.sort_unstable();
        amounts.dedup();
        amounts
    }
}

impl std::fmt::Display for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|size| match *size {
                Size::AllIn => "a".to_string(),
                Size::Pot {
                    numerator,
                    denominator,
                } => {
                    let percent = numerator as f64 * 100.0 / denominator as f64;
                    format!("{percent}%")
                }
            })
            .collect();
        write!(f, "{}", parts.join(", "))
    }
}

/// `round(pot × numerator / denominator)`, halves away from zero.
fn round_fraction(pot: u64, numerator: u64, denominator: u64) -> u64 {
    let product = u128::from(pot) * u128::from(numerator);
    let denominator = u128::from(denominator);
    ((2 * product + denominator) / (2 * denominator)) as u64
}

/// One entry: `a` or a percent such as `33%` or `62.5%`.
fn parse_size(text: &str, at: usize, entry: &str) -> Result<Size, ParseError> {
    if entry.eq_ignore_ascii_case("a") {
        return Ok(Size::AllIn);
    }
    let expected = "expected a percent of the pot such as `33%` or `150%`, or `a` for all-in";
    let Some(number) = entry.strip_suffix('%') else {
        let bad = entry
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
            .map_or(entry.len(), |(i, _)| i);
        let found = entry[bad..].chars().next();
        return Err(ParseError::new(
            text,
            at + bad,
            found.map_or(1, char::len_utf8),
            format!(
                "in `{entry}`: {expected}; found {}",
                super::card::describe(found)
            ),
        ));
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let well_formed = !whole.is_empty()
        && whole.len() <= 5
        && fraction.len() <= 4
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit());
    let numerator: u64 = if well_formed {
        format!("{whole}{fraction}").parse().unwrap_or(u64::MAX)
    } else {
        u64::MAX
    };
    let denominator = 100 * 10u64.pow(fraction.len() as u32);
    if numerator == 0 || numerator == u64::MAX || numerator > 100 * denominator {
        let bad = number
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |(i, _)| i);
        return Err(ParseError::new(
            text,
            at + bad,
            number.len().max(1) - bad,
            format!("in `{entry}`: {expected} (more than 0 %, at most 10000 %)"),
        ));
    }
    // Trailing zeros of the decimals say nothing: `12.50%` is `12.5%`.
    let (mut numerator, mut denominator) = (numerator, denominator);
    while denominator > 100 && numerator % 10 == 0 {
        numerator /= 10;
        denominator /= 10;
    }
    Ok(Size::Pot {
        numerator,
        denominator,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::action::Action;

    #[test]
    fn trailing_decimal_zeros_give_the_same_size() {
        // Found by tests/suite/proptest_strings.rs: `12.50%` printed back as
        // `12.5%` parsed to a different (equal-valued) size.
        assert_eq!(Sizes::parse("12.50%"), Sizes::parse("12.5%"));
        assert_eq!(Sizes::parse("33.000%"), Sizes::parse("33%"));
    }

    #[test]
    fn bets_round_half_away_from_zero_and_merge() {
        let street = Street::new(20, [100, 100]);
        assert_eq!(Sizes::parse("66%").unwrap().bets(&street), [13]);
        assert_eq!(
            Sizes::parse("33%, 75%, a").unwrap().bets(&street),
            [7, 15, 100]
        );
        // 62.5 % of 20 is 12.5: rounds up to 13, and merges with 66 %.
        assert_eq!(Sizes::parse("62.5%,66%").unwrap().bets(&street), [13]);
        assert_eq!(Sizes::parse("1%").unwrap().bets(&street), [1]);
        assert_eq!(Sizes::parse("600%, 900%").unwrap().bets(&street), [100]);
        assert!(Sizes::parse("").unwrap().bets(&street).is_empty());
        assert_eq!(
            Sizes::parse("33%, 75%, a").unwrap().to_string(),
            "33%, 75%, a"
        );
    }

    #[test]
    fn raises_go_to_facing_plus_the_pot_after_the_call() {
        let mut street = Street::new(20, [100, 100]);
        street.apply(Action::Bet(10)).unwrap();
        // Pot after the call 40: 50 % raises to 10 + 20 = 30.
        assert_eq!(Sizes::parse("50%").unwrap().raises(&street), [30]);
        // 10 % would add 4: the minimum raise adds the last increment, 10.
        assert_eq!(
            Sizes::parse("10%, 50%, a").unwrap().raises(&street),
            [20, 30, 100]
        );
        street.apply(Action::Raise(30)).unwrap();
        // Pot after the call 80: 100 % goes to 110, capped all-in at 100.
        assert_eq!(Sizes::parse("100%").unwrap().raises(&street), [100]);
        street.apply(Action::Raise(100)).unwrap();
        assert!(Sizes::parse("100%, a").unwrap().raises(&street).is_empty());
    }

    #[test]
    fn errors_point_at_the_character() {
        for (text, at, needle) in [
            ("33%, 7x%", 6, "`7x%`"),
            ("33%, 75", 7, "found the end"),
            ("33%, q", 5, "found `q`"),
            ("0%", 0, "more than 0"),
            ("20000%", 0, "at most"),
            ("33%,,75%", 4, "found the end"),
        ] {
            let error = Sizes::parse(text).unwrap_err();
            assert_eq!(error.at, at, "{text}: {error}");
            assert!(error.message.contains(needle), "{text}: {error}");
        }
    }
}
