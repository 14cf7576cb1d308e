//! The exact engine's best move for one two-card hand against one upcard,
//! with each move's EV: the hand's row of the solution's table.

use serde::Serialize;

use super::rules::BlackjackRules;
use super::{HandRow, solve};
use crate::cards::Rank;

/// The advice for one hand.
#[derive(Debug, Clone, Serialize)]
pub struct BlackjackAdvice {
    /// The rules' content hash.
    pub rules_hash: String,
    /// The hand's row: each move's EV and the best move.
    #[serde(flatten)]
    pub row: HandRow,
}

/// Why a hand cannot be advised.
#[derive(Debug, thiserror::Error)]
pub enum AdviseError {
    /// The hand is not two card ranks.
    #[error("hand \"{0}\": give two cards, e.g. \"T 6\", \"A7\" or \"10 6\" (suits do not matter)")]
    Hand(String),
    /// The upcard is not a rank.
    #[error("--upcard {0}: use 2-9, 10 or T, J, Q, K, A")]
    Upcard(String),
}

/// The ranks of `text`: labels separated by spaces or written together
/// (`T6`, `10 6`, `A7`).
fn ranks(text: &str) -> Option<Vec<Rank>> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        if let Some(rank) = Rank::from_label(word) {
            out.push(rank);
            continue;
        }
        let mut rest = word;
        while !rest.is_empty() {
            let take = if rest.starts_with("10") { 2 } else { 1 };
            let (label, tail) =
                rest.split_at(rest.char_indices().nth(take).map_or(rest.len(), |(i, _)| i));
            out.push(Rank::from_label(label)?);
            rest = tail;
        }
    }
    Some(out)
}

/// The label of `ranks` as the solution's table writes hands: ranks from
/// high to low.
fn label(ranks: &[Rank]) -> String {
    let mut sorted = ranks.to_vec();
    sorted.sort_by_key(|rank| std::cmp::Reverse(rank.index()));
    sorted.iter().map(|rank| rank.label()).collect()
}

/// The best move for the two-card `hand` against `upcard` under `rules`,
/// with each move's EV (an exact solve of the rules).
///
/// # Errors
/// The hand is not two ranks or the upcard is not a rank.
pub fn advise(
    rules: &BlackjackRules,
    hand: &str,
    upcard: &str,
) -> Result<BlackjackAdvice, AdviseError> {
    let cards = ranks(hand)
        .filter(|cards| cards.len() == 2)
        .ok_or_else(|| AdviseError::Hand(hand.to_string()))?;
    let up = Rank::from_label(upcard.trim())
        .ok_or_else(|| AdviseError::Upcard(upcard.to_string()))?
        .label();
    let wanted = label(&cards);
    let solution = solve(rules);
    let row = solution
        .hands
        .iter()
        .find(|row| row.upcard == up && row.hand == wanted)
        .cloned()
        .ok_or_else(|| AdviseError::Hand(hand.to_string()))?;
    Ok(BlackjackAdvice {
        rules_hash: solution.rules_hash,
        row,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_read_in_every_spelling() {
        let t6 = ranks("T6").map(|r| label(&r));
        assert_eq!(t6.as_deref(), Some("T6"));
        assert_eq!(ranks("10 6").map(|r| label(&r)), t6);
        assert_eq!(ranks("6 K").map(|r| label(&r)), t6);
        assert_eq!(ranks("106").map(|r| label(&r)), t6);
        assert!(ranks("X6").is_none());
    }

    #[test]
    fn a_hard_16_against_a_ten_is_advised_from_the_table() {
        let mut rules = BlackjackRules::default();
        rules.deck.infinite = true;
        let advice = advise(&rules, "T 6", "T").unwrap();
        assert_eq!(advice.row.hand, "T6");
        assert_eq!(advice.row.upcard, 'T');
        assert!(advice.row.best >= advice.row.stand && advice.row.best >= advice.row.hit);
        assert!(advise(&rules, "T", "T").is_err());
        assert!(advise(&rules, "T 6", "Z").is_err());
    }
}
