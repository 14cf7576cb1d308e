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
