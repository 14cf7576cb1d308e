//! One error type for every poker string a user types (cards, boards,
//! ranges, positions, histories, bet sizes): what was wrong, what was
//! expected, and where, shown as the string with a caret under the spot.

use std::fmt;

/// A bad poker string: the message and the characters it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The whole string that was being read.
    pub input: String,
    /// Byte offset of the first offending character in `input`.
    pub at: usize,
    /// Length in bytes of the offending part (at least 1 for the caret).
    pub len: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    /// An error about `input[at..at + len]`.
    pub fn new(input: &str, at: usize, len: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            input: input.to_string(),
            at: at.min(input.len()),
            len: len.max(1),
            message: message.into(),
        }
    }

    /// The same error moved into a longer string in which the original
    /// input starts at byte `offset`.
    pub fn within(self, outer: &str, offset: usize) -> ParseError {
        ParseError {
            input: outer.to_string(),
            at: self.at + offset,
            len: self.len,
            message: self.message,
        }
    }

    /// The 1-based character column of the offending part.
    pub fn column(&self) -> usize {
        self.input
            .get(..self.at)
            .map_or(self.at, |head| head.chars().count())
            + 1
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .input
            .get(self.at..(self.at + self.len).min(self.input.len()))
            .map_or(1, |part| part.chars().count().max(1));
        writeln!(f, "{} (at character {})", self.message, self.column())?;
        writeln!(f, "  {}", self.input)?;
        write!(
            f,
            "  {}{}",
            " ".repeat(self.column() - 1),
            "^".repeat(width)
        )
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caret_sits_under_the_bad_part() {
        let error = ParseError::new("AA,KX", 3, 2, "bad hand `KX`");
        assert_eq!(error.column(), 4);
        assert_eq!(
            error.to_string(),
            "bad hand `KX` (at character 4)\n  AA,KX\n     ^^"
        );
        let outer = error.within("OOP:AA,KX:S10", 4);
        assert_eq!(outer.column(), 8);
        assert!(outer.to_string().ends_with("\n         ^^"), "{outer}");
    }
}
