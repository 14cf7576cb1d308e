//! What every command shares about its output: `--json` prints one JSON
//! document on stdout, `-q/--quiet` prints nothing but errors (with
//! `--json`, only the JSON), and neither prints text for people.

use serde::Serialize;

use super::CliError;

/// How a command prints its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Text for people (the default).
    Text,
    /// One JSON document on stdout (`--json`, with or without `-q`).
    Json,
    /// Nothing but errors (`-q` without `--json`).
    Quiet,
}

impl Output {
    /// The output the flags ask for: `--json` wins over `-q`.
    pub fn new(json: bool, quiet: bool) -> Output {
        match (json, quiet) {
            (true, _) => Output::Json,
            (false, true) => Output::Quiet,
            (false, false) => Output::Text,
        }
    }

    /// Whether the result is printed as JSON.
    pub fn json(self) -> bool {
        self == Output::Json
    }

    /// Whether the result is printed as text for people.
    pub fn text(self) -> bool {
        self == Output::Text
    }
}

/// Prints `value` as pretty JSON on stdout.
pub fn print_json(value: &impl Serialize) -> Result<(), CliError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CliError::internal(e.to_string()))?;
    println!("{text}");
    Ok(())
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(100_000_000), "100,000,000");
    }
}
