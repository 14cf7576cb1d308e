//! Betting actions and the history notation: `x` check, `b13` bet 13,
//! `r40` raise to 40 (the raiser's total on this street), `c` call, `f`
//! fold, written one after another (`xb13r40c`).

use super::chips::Chip;
use super::error::ParseError;

/// One betting action; amounts in chips of the smallest unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Check.
    Check,
    /// Bet this many chips (no bet before on this street).
    Bet(u64),
    /// Raise to this many chips in total on this street.
    Raise(u64),
    /// Call.
    Call,
    /// Fold.
    Fold,
}

impl Action {
    /// The action in history notation (`x`, `b13`, `r40`, `c`, `f`).
    pub fn notation(self, chip: Chip) -> String {
        match self {
            Action::Check => "x".to_string(),
            Action::Bet(amount) => format!("b{}", chip.format(amount)),
            Action::Raise(amount) => format!("r{}", chip.format(amount)),
            Action::Call => "c".to_string(),
            Action::Fold => "f".to_string(),
        }
    }
}

/// A history written out: each action in notation, one after another.
pub fn history_notation(actions: &[Action], chip: Chip) -> String {
    actions.iter().map(|a| a.notation(chip)).collect()
}

/// Parses a history such as `xb13r40c`; returns each action with the byte
/// offset where it starts. Amounts must be whole numbers of `chip`.
pub fn parse_history(text: &str, chip: Chip) -> Result<Vec<(Action, usize)>, ParseError> {
    let mut actions = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let action = match bytes[at] {
            b'x' => Action::Check,
            b'c' => Action::Call,
            b'f' => Action::Fold,
            kind @ (b'b' | b'r') => {
                at += 1;
                let digits = bytes[at..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit() || **b == b'.')
                    .count();
                let amount_text = &text[at..at + digits];
                let amount = chip.units(amount_text).ok_or_else(|| {
                    ParseError::new(
                        text,
                        at,
                        digits,
                        if digits == 0 {
                            format!("expected an amount after `{}`", kind as char)
                        } else {
                            format!("`{amount_text}` is not a whole number of chips of size {chip}")
                        },
                    )
                })?;
                at += digits - 1;
                if kind == b'b' {
                    Action::Bet(amount)
                } else {
                    Action::Raise(amount)
                }
            }
            _ => {
                let bad = text[at..].chars().next().map_or(1, char::len_utf8);
                return Err(ParseError::new(
                    text,
                    at,
                    bad,
                    format!(
                        "expected an action: x (check), bNN (bet), rNN (raise to), c (call) or f (fold), found `{}`",
                        &text[at..at + bad]
                    ),
                ));
            }
        };
        at += 1;
        actions.push((action, start));
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_parse_and_print() {
        let chip = Chip::default();
        let parsed = parse_history("xb13r40c", chip).unwrap();
        let actions: Vec<Action> = parsed.iter().map(|&(a, _)| a).collect();
        assert_eq!(
            actions,
            [
                Action::Check,
                Action::Bet(13),
                Action::Raise(40),
                Action::Call
            ]
        );
        assert_eq!(
            parsed.iter().map(|&(_, at)| at).collect::<Vec<_>>(),
            [0, 1, 4, 7]
        );
        assert_eq!(history_notation(&actions, chip), "xb13r40c");
        assert!(parse_history("", chip).unwrap().is_empty());
        let half = Chip::parse("0.5").unwrap();
        assert_eq!(parse_history("b2.5f", half).unwrap()[0].0, Action::Bet(5));
        for (bad, at) in [("xq", 1), ("b", 1), ("xb2.5", 2), ("xbc", 2), ("é", 0)] {
            assert_eq!(parse_history(bad, chip).unwrap_err().at, at, "{bad}");
        }
    }
}
