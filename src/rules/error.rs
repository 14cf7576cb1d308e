//! Errors in user-supplied rules: always naming where the value came from,
//! the dotted key, the value found and what is allowed.

use std::fmt;
use std::path::PathBuf;

use crate::input::{clip, clip_lines};

/// A key whose value is out of range or contradicts another key.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// The dotted key.
    pub key: String,
    /// The value found, as TOML would write it.
    pub found: String,
    /// What is allowed.
    pub allowed: String,
}

/// Pushes a violation of `key` onto `out` unless `ok`: the one helper of
/// every family's range and consistency checks.
pub fn push_violation(
    out: &mut Vec<Violation>,
    ok: bool,
    key: &str,
    found: String,
    allowed: impl Into<String>,
) {
    if !ok {
        out.push(Violation {
            key: key.to_string(),
            found,
            allowed: allowed.into(),
        });
    }
}

/// One problem found in a rule set.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleProblem {
    /// A file could not be read.
    Unreadable {
        /// The file.
        file: PathBuf,
        /// The operating system's reason.
        reason: String,
    },
    /// A file is not valid TOML.
    Syntax {
        /// The file.
        file: PathBuf,
        /// The parser's message, with line and column.
        message: String,
    },
    /// An `extends` chain is broken (missing file or a cycle).
    Extends {
        /// The file holding the `extends` key.
        file: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A `--set` argument is not `key=value`.
    BadOverride {
        /// The argument as given.
        argument: String,
        /// What is wrong.
        message: String,
    },
    /// A key holds a value that is not allowed (or the key does not exist).
    Key {
        /// Where the value came from: a file path, an environment variable or
        /// a `--set` flag.
        origin: String,
        /// The 1-based line of the key in the file named by `origin`, when the
        /// origin is a file that writes the key out.
        line: Option<usize>,
        /// The dotted key, e.g. `dealer.fixed.stand_on`.
        key: String,
        /// The value found, as written (empty for unknown keys).
        found: String,
        /// What is allowed.
        allowed: String,
    },
}

impl fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleProblem::Unreadable { file, reason } => {
                write!(
                    f,
                    "{}: cannot read the rules file: {reason}",
                    file.display()
                )
            }
            RuleProblem::Syntax { file, message } => {
                write!(
                    f,
                    "{}: not valid TOML: {}",
                    file.display(),
                    clip_lines(message)
                )
            }
            RuleProblem::Extends { file, message } => {
                write!(
                    f,
                    "{}: key `extends`: {}",
                    file.display(),
                    clip_lines(message)
                )
            }
            RuleProblem::BadOverride { argument, message } => {
                write!(f, "--set {}: {}", clip(argument), clip_lines(message))
            }
            RuleProblem::Key {
                origin,
                line,
                key,
                found,
                allowed,
            } => {
                write!(f, "{origin}")?;
                if let Some(line) = line {
                    write!(f, ":{line}")?;
                }
                let (key, allowed) = (clip(key), clip_lines(allowed));
                if found.is_empty() {
                    write!(f, ": key `{key}`: {allowed}")
                } else {
                    write!(f, ": key `{key}` = {}: {allowed}", clip(found))
                }
            }
        }
    }
}

/// Everything wrong with a rule set, reported together.
///
/// Its `Display` prints one problem per line, e.g.
/// `rules/x.toml:41: key `dealer.fixed.stand_on` = 12: must be from dealer.min_total (16) to 21`
/// (the line number appears when the value was written in that file).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct RulesError {
    /// The problems, in the order found.
    pub problems: Vec<RuleProblem>,
}

impl RulesError {
    /// An error holding one problem.
    pub fn single(problem: RuleProblem) -> RulesError {
        RulesError {
            problems: vec![problem],
        }
    }

    /// Whether some problem names `key` (used by tests and tools).
    pub fn names_key(&self, key: &str) -> bool {
        self.problems
            .iter()
            .any(|p| matches!(p, RuleProblem::Key { key: k, .. } if k == key))
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}
