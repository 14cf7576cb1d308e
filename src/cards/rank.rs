//! Rank classes and hand notation.

use std::fmt;

/// Number of rank classes that matter: 2, 3, 4, 5, 6, 7, 8, 9, ten-value, ace.
pub const RANK_COUNT: usize = 10;

/// Count of cards per rank class, indexed by [`Rank::index`].
pub type Counts = [u8; RANK_COUNT];

/// A rank class. Index 0..=7 are the pips 2..=9, 8 is every ten-valued card
/// (10, J, Q, K) and 9 is the ace.
///
/// ```
/// use banluck_lab::cards::Rank;
/// assert_eq!(Rank::from_label("Q").unwrap(), Rank::TEN);
/// assert_eq!(Rank::ACE.label(), 'A');
/// assert_eq!(Rank::new(5).pip_value(), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The ten-value class (10, J, Q, K).
    pub const TEN: Rank = Rank(8);
    /// The ace.
    pub const ACE: Rank = Rank(9);
    /// The seven (for 777).
    pub const SEVEN: Rank = Rank(5);

    /// The rank with this class index (0..10).
    ///
    /// # Panics
    /// If `index >= RANK_COUNT`; indices come from code, never from users.
    pub fn new(index: usize) -> Rank {
        assert!(index < RANK_COUNT, "rank index {index} out of range");
        Rank(index as u8)
    }

    /// All ten rank classes in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + ExactSizeIterator {
        (0..RANK_COUNT as u8).map(Rank)
    }

    /// Position of this rank in a [`Counts`] array.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Point value of a non-ace card (2..=10); the ace's values depend on the
    /// rules and the hand size, so this returns 0 for it.
    pub fn pip_value(self) -> u8 {
        match self.0 {
            0..=7 => self.0 + 2,
            8 => 10,
            _ => 0,
        }
    }

    /// Whether this is the ace class.
    pub fn is_ace(self) -> bool {
        self == Rank::ACE
    }

    /// One-character label: `2`..`9`, `T`, `A`.
    pub fn label(self) -> char {
        b"23456789TA"[self.index()] as char
    }

    /// Parses one card label: `2`..`9`, `10`, `T`, `J`, `Q`, `K`, `A`
    /// (case-insensitive). Returns `None` for anything else.
    pub fn from_label(label: &str) -> Option<Rank> {
        let upper = label.trim().to_ascii_uppercase();
        match upper.as_str() {
            "A" | "1" => Some(Rank::ACE),
            "T" | "10" | "J" | "Q" | "K" => Some(Rank::TEN),
            _ => {
                let digit: u8 = upper.parse().ok()?;
                (2..=9).contains(&digit).then(|| Rank(digit - 2))
            }
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label())
    }
}

/// Parses a hand written by a person: labels separated by spaces, commas or
/// dashes (`"A 6 5"`, `"A-6-5"`), or run together when every label is one
/// character (`"A65"`, `"TT"`). Returns the ranks in the order given.
///
/// ```
/// use banluck_lab::cards::{parse_hand, Rank};
/// assert_eq!(parse_hand("A 6 5").unwrap().len(), 3);
/// assert_eq!(parse_hand("10-K").unwrap(), vec![Rank::TEN, Rank::TEN]);
/// assert_eq!(parse_hand("A7").unwrap(), vec![Rank::ACE, Rank::SEVEN]);
/// assert!(parse_hand("A X").is_err());
/// ```
pub fn parse_hand(text: &str) -> Result<Vec<Rank>, String> {
    let separated: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-')
        .filter(|part| !part.is_empty())
        .collect();
    let tokens: Vec<String> = if separated.len() == 1 && !separated[0].eq_ignore_ascii_case("10") {
        separated[0].chars().map(String::from).collect()
    } else {
        separated.iter().map(|s| s.to_string()).collect()
    };
    if tokens.is_empty() {
        return Err("the hand is empty; write cards like \"A 6 5\" or \"A65\"".into());
    }
    tokens
        .iter()
        .map(|token| {
            Rank::from_label(token).ok_or_else(|| {
                format!(
                    "`{token}` is not a card; use 2-9, 10 or T, J, Q, K, A (suits do not matter)"
                )
            })
        })
        .collect()
}
