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

    /// `Ok` when `text` is at most [`crate::limits::MAX_POKER_TEXT_BYTES`]
    /// long; otherwise an error naming the limit that quotes only the
    /// string's start (a 1 GB string is not copied into the message).
    pub fn check_len(text: &str, what: &str) -> Result<(), ParseError> {
        let limit = crate::limits::MAX_POKER_TEXT_BYTES;
        crate::limits::check_len(what, text, limit).map_err(|message| {
            let mut end = 40.min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            ParseError::new(&format!("{}…", &text[..end]), end, 1, message)
        })
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
        // Control characters (a newline, a tab) are shown as their symbols,
        // one character each, so that the caret stays under the bad part.
        let shown: String = self
            .input
            .chars()
            .map(|c| match c {
                '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or(c),
                '\u{7f}' => '\u{2421}',
                _ => c,
            })
            .collect();
        writeln!(f, "  {shown}")?;
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

    #[test]
    fn a_newline_in_the_input_keeps_the_caret_under_the_bad_part() {
        // Found by tests/suite/proptest_strings.rs: `2\n2+` printed the input on
        // two lines, so the caret pointed at the wrong character.
        let error = ParseError::new("2\n2+,AA", 1, 1, "bad rank");
        assert_eq!(
            error.to_string(),
            "bad rank (at character 2)\n  2\u{240a}2+,AA\n   ^"
        );
    }

    #[test]
    fn an_input_over_the_limit_is_quoted_by_its_start_only() {
        let huge = "AA,".repeat(crate::limits::MAX_POKER_TEXT_BYTES);
        let error = ParseError::check_len(&huge, "range").unwrap_err();
        assert!(error.message.contains("limit"), "{}", error.message);
        assert!(error.input.len() < 50, "{}", error.input);
        assert!(ParseError::check_len("AA,KK", "range").is_ok());
    }
}
