//! Node paths of a turn tree as people write them: history tokens with the
//! river card among them, `x b20 c 2s b33` (spaces optional where tokens
//! cannot run together: `xb20c2sb33`).

use crate::games::poker::action::parse_history;
use crate::games::poker::card::card_at;
use crate::games::poker::chips::Chip;
use crate::games::poker::error::ParseError;

use super::tree::Step;

/// Reads a path: actions (`x`, `b20`, `r60`, `c`, `f`) and cards (`2s`);
/// errors point at the character.
pub fn parse_path(text: &str, chip: Chip) -> Result<Vec<Step>, ParseError> {
    ParseError::check_len(text, "path")?;
    let bytes = text.as_bytes();
    let mut steps = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b' ' => at += 1,
            b'x' | b'c' | b'f' | b'b' | b'r' => {
                let amount = if matches!(bytes[at], b'b' | b'r') {
                    bytes[at + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit() || **b == b'.')
                        .count()
                } else {
                    0
                };
                let end = at + 1 + amount;
                let parsed = parse_history(&text[at..end], chip).map_err(|e| e.within(text, at))?;
                steps.extend(parsed.into_iter().map(|(action, _)| Step::Action(action)));
                at = end;
            }
            _ => {
                steps.push(Step::Deal(card_at(text, at)?));
                at += 2;
            }
        }
    }
    Ok(steps)
}

/// A path written out: each step's token, separated by spaces.
pub fn path_notation(steps: &[Step], chip: Chip) -> String {
    steps
        .iter()
        .map(|step| step.notation(chip))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::action::Action;

    #[test]
    fn paths_parse_with_or_without_spaces() {
        let chip = Chip::default();
        let spaced = parse_path("x b20 c 2s b33", chip).unwrap();
        assert_eq!(
            spaced,
            [
                Step::Action(Action::Check),
                Step::Action(Action::Bet(20)),
                Step::Action(Action::Call),
                Step::Deal("2s".parse().unwrap()),
                Step::Action(Action::Bet(33)),
            ]
        );
        assert_eq!(parse_path("xb20c2sb33", chip).unwrap(), spaced);
        assert_eq!(path_notation(&spaced, chip), "x b20 c 2s b33");
        assert!(parse_path("", chip).unwrap().is_empty());
        for (bad, at) in [("x b", 3), ("x 2z", 3), ("x Q", 3), ("x é", 2), ("b2.5", 1)] {
            assert_eq!(parse_path(bad, chip).unwrap_err().at, at, "{bad}");
        }
    }
}
