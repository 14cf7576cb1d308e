//! The range syntax, comma separated: pairs `AA`, `KK-JJ`, `22+`; suited
//! or offsuit hands `AKs`, `AKo`, `AK` (both), `AQs-ATs`, `A2s+` (A2s up to
//! AKs), `K9o+`; one combo `AsKd`; and a weight after a colon, `AA:0.5`
//! (0 to 1, default 1). Where groups overlap, the first listed wins.

use super::card::{describe, rank_of_char, suit_of_char};
use super::combo::{COMBOS, combo_index};
use super::error::ParseError;
use super::range::{HandClass, Range};

impl Range {
    /// Parses a range such as `AA,KK-JJ,AKs,A2s+,K9o+,AsKd,QQ:0.5` (see
    /// [`parse_range`]).
    pub fn parse(text: &str) -> Result<Range, ParseError> {
        parse_range(text)
    }
}

/// The range in the syntax [`parse_range`] reads: each hand class whose
/// combos share one positive weight as the class (`AKs`, `AKs:0.5`), every
/// other combo with a positive weight on its own (`AsKd:0.25`). An empty
/// range prints as the empty string, which the parser refuses.
impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut entries: Vec<String> = Vec::new();
        let mut entry = |name: String, weight: f32| {
            entries.push(if weight == 1.0 {
                name
            } else {
                format!("{name}:{weight}")
            });
        };
        for row in 0..13 {
            for column in 0..13 {
                let class = HandClass::at_cell(row, column);
                let combos = class.combos();
                let first = self.weight(combos[0]);
                if first > 0.0 && combos.iter().all(|&c| self.weight(c) == first) {
                    entry(class.to_string(), first);
                    continue;
                }
                for combo in combos {
                    let weight = self.weight(combo);
                    if weight > 0.0 {
                        let (a, b) = super::combo::combo_cards(combo);
                        entry(format!("{a}{b}"), weight);
                    }
                }
            }
        }
        write!(f, "{}", entries.join(","))
    }
}

/// Parses a whole range string.
pub fn parse_range(text: &str) -> Result<Range, ParseError> {
    ParseError::check_len(text, "range")?;
    let mut range = Range::default();
    let mut assigned = vec![false; COMBOS];
    let mut start = 0;
    let mut tokens = 0;
    for piece in text.split(',') {
        let trimmed = piece.trim_start();
        let at = start + piece.len() - trimmed.len();
        let token = trimmed.trim_end();
        start += piece.len() + 1;
        if token.is_empty() {
            return Err(ParseError::new(
                text,
                at,
                1,
                "empty range entry: expected a hand such as `AA`, `AKs` or `AsKd` between the commas",
            ));
        }
        let (combos, weight) = parse_token(text, at, token)?;
        for combo in combos {
            if !assigned[combo] {
                assigned[combo] = true;
                range.set(combo, weight);
            }
        }
        tokens += 1;
    }
    debug_assert!(tokens > 0);
    Ok(range)
}

/// One entry: its combos and its weight.
fn parse_token(text: &str, at: usize, token: &str) -> Result<(Vec<usize>, f32), ParseError> {
    let (body, weight) = match token.rfind(':') {
        Some(colon) => {
            let weight_text = &token[colon + 1..];
            let weight = weight_text
                .parse::<f32>()
                .ok()
                .filter(|w| (0.0..=1.0).contains(w))
                .ok_or_else(|| {
                    ParseError::new(
                        text,
                        at + colon + 1,
                        weight_text.len(),
                        format!(
                            "in `{token}`: expected a weight from 0 to 1 after `:`, found `{weight_text}`"
                        ),
                    )
                })?;
            (&token[..colon], weight)
        }
        None => (token, 1.0),
    };
    let bytes = body.as_bytes();
    let is_combo = bytes.len() == 4
        && suit_of_char(bytes[1] as char).is_some()
        && suit_of_char(bytes[3] as char).is_some()
        && rank_of_char(bytes[0] as char).is_some();
    if is_combo {
        return Ok((vec![specific_combo(text, at, token)?], weight));
    }
    Ok((expand(text, at, token, body)?, weight))
}

/// `AsKd`: one combo of two different cards.
fn specific_combo(text: &str, at: usize, token: &str) -> Result<usize, ParseError> {
    let first = super::card::card_at(text, at)?;
    let second = super::card::card_at(text, at + 2)?;
    if first == second {
        return Err(ParseError::new(
            text,
            at,
            4,
            format!("in `{token}`: a combo needs two different cards"),
        ));
    }
    Ok(combo_index(first, second))
}

/// A hand class as written: its ranks and an optional `s`/`o`.
struct Written {
    high: u8,
    low: u8,
    suited: Option<bool>,
}

/// Reads `RR`, `RRs` or `RRo` at byte `pos` of `body`; returns the class and
/// the bytes read.
fn read_class(
    text: &str,
    at: usize,
    token: &str,
    body: &str,
    pos: usize,
) -> Result<(Written, usize), ParseError> {
    let mut ranks = [0u8; 2];
    let mut chars = body[pos..].char_indices();
    for (slot, rank) in ranks.iter_mut().enumerate() {
        let next = chars.next();
        *rank = next.and_then(|(_, c)| rank_of_char(c)).ok_or_else(|| {
            let offset = next.map_or(body.len(), |(i, _)| pos + i);
            ParseError::new(
                text,
                at + offset,
                next.map_or(1, |(_, c)| c.len_utf8()),
                format!(
                    "in `{token}`: expected {} rank (A K Q J T 9 … 2), found {}",
                    if slot == 0 { "a" } else { "a second" },
                    describe(next.map(|(_, c)| c))
                ),
            )
        })?;
    }
    let (high, low) = (ranks[0].max(ranks[1]), ranks[0].min(ranks[1]));
    let mut used = 2;
    let suited = match chars.next().map(|(_, c)| c) {
        Some('s' | 'S') => Some(true),
        Some('o' | 'O') => Some(false),
        _ => None,
    };
    if suited.is_some() {
        used += 1;
        if high == low {
            return Err(ParseError::new(
                text,
                at + pos + 2,
                1,
                format!(
                    "in `{token}`: a pair is neither suited nor offsuit; write it without `s`/`o`"
                ),
            ));
        }
    }
    Ok((Written { high, low, suited }, used))
}

/// Expands `AA`, `KK-JJ`, `22+`, `AKs`, `AK`, `AQs-ATs`, `A2s+`.
fn expand(text: &str, at: usize, token: &str, body: &str) -> Result<Vec<usize>, ParseError> {
    let (first, used) = read_class(text, at, token, body, 0)?;
    let rest = &body[used..];
    let (lowest, highest) = match rest.chars().next() {
        None => (first.low, first.low),
        Some('+') if rest.len() == 1 => {
            if first.high == first.low {
                (first.low, 12)
            } else {
                (first.low, first.high - 1)
            }
        }
        Some('-') => {
            let (second, used2) = read_class(text, at, token, body, used + 1)?;
            if used + 1 + used2 != body.len() {
                let extra = used + 1 + used2;
                return Err(trailing(text, at + extra, body.len() - extra, token));
            }
            let pairs = first.high == first.low;
            if pairs != (second.high == second.low)
                || (!pairs && (second.high != first.high || second.suited != first.suited))
            {
                return Err(ParseError::new(
                    text,
                    at + used + 1,
                    used2,
                    format!(
                        "in `{token}`: a span joins two pairs (`KK-JJ`) or two hands with the same first rank and suitedness (`AQs-ATs`)"
                    ),
                ));
            }
            (first.low.min(second.low), first.low.max(second.low))
        }
        Some(_) => return Err(trailing(text, at + used, rest.len(), token)),
    };
    let mut combos = Vec::new();
    for low in (lowest..=highest).rev() {
        let high = if first.high == first.low {
            low
        } else {
            first.high
        };
        for suited in match first.suited {
            Some(s) => vec![s],
            None => vec![true, false],
        } {
            combos.extend(
                HandClass {
                    high,
                    low,
                    suited: suited && high != low,
                }
                .combos(),
            );
            if high == low {
                break;
            }
        }
    }
    Ok(combos)
}

/// An error for unexpected characters after a hand.
fn trailing(text: &str, at: usize, len: usize, token: &str) -> ParseError {
    ParseError::new(
        text,
        at,
        len,
        format!(
            "in `{token}`: expected `+`, `-` and a hand, `:` and a weight, or `,` after the hand"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_print_in_the_syntax_they_are_read_in() {
        for text in [
            "AA,AKs:0.5",
            "22+,A2s+,K9o+",
            "AsKd,AhKh:0.25",
            "QQ,QsQh:0.5",
        ] {
            let range = Range::parse(text).unwrap();
            let printed = range.to_string();
            assert_eq!(Range::parse(&printed), Ok(range), "{text} -> {printed}");
        }
        assert_eq!(
            Range::parse("AA,AKs:0.5").unwrap().to_string(),
            "AA,AKs:0.5"
        );
    }

    fn count(text: &str) -> usize {
        Range::parse(text).unwrap().combo_count()
    }

    #[test]
    fn the_usual_groups_have_the_usual_sizes() {
        assert_eq!(count("AA"), 6);
        assert_eq!(count("KK-JJ"), 18);
        assert_eq!(count("JJ-KK"), 18);
        assert_eq!(count("22+"), 78);
        assert_eq!(count("AKs"), 4);
        assert_eq!(count("AQs-ATs"), 12);
        assert_eq!(count("A2s+"), 48);
        assert_eq!(count("AKo"), 12);
        assert_eq!(count("K9o+"), 48);
        assert_eq!(count("AK"), 16);
        assert_eq!(count("KA"), 16);
        assert_eq!(count("AsKd"), 1);
        assert_eq!(count("AA, KK ,QQ"), 18);
        assert_eq!(count("AQ-AT"), 48);
        assert_eq!(
            count("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"),
            COMBOS
        );
    }

    #[test]
    fn weights_and_the_first_listed_wins() {
        let range = Range::parse("AA:0.5,22+").unwrap();
        assert_eq!(range.combo_count(), 78);
        assert!((range.weighted_count() - 75.0).abs() < 1e-9);
        let combo = Range::parse("AsAh:0.25,AA").unwrap();
        assert!((combo.weighted_count() - 5.25).abs() < 1e-6);
        assert_eq!(Range::parse("AA:0").unwrap().combo_count(), 0);
    }

    #[test]
    fn errors_name_the_token_and_the_place() {
        for (text, at, needle) in [
            ("AA,KX", 4, "`KX`"),
            ("AA,,KK", 3, "empty"),
            ("AA:1.5", 3, "weight"),
            ("AA:x", 3, "weight"),
            ("AKx", 2, "`+`, `-`"),
            ("AAs", 2, "pair"),
            ("AKs-QJs", 4, "span"),
            ("KK-AKs", 3, "span"),
            ("AsAs", 0, "different"),
            ("A", 1, "second rank"),
            ("AK+s", 2, "`+`, `-`"),
            ("AQs-AT", 4, "span"),
        ] {
            let error = Range::parse(text).unwrap_err();
            assert_eq!(error.at, at, "{text}: {error}");
            assert!(error.message.contains(needle), "{text}: {error}");
        }
    }
}
