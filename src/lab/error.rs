//! Errors in experiment files, worded like rules errors: the file, the
//! dotted key, the value found and what is allowed.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::input::{clip, clip_lines};
use crate::rules::RulesError;

/// One problem found in an experiment file.
#[derive(Debug, Clone, PartialEq)]
pub enum ExperimentProblem {
    /// The file could not be read.
    Unreadable {
        /// The experiment file.
        file: PathBuf,
        /// The operating system's reason.
        reason: String,
    },
    /// The file is not valid TOML.
    Syntax {
        /// The experiment file.
        file: PathBuf,
        /// The parser's message, with line and column.
        message: String,
    },
    /// A key holds a value that is not allowed (or does not exist).
    Key {
        /// Where the file writes the key, 1-based (line, column): the key
        /// itself, else the nearest enclosing key or section it writes
        /// (`None` until [`ExperimentError::locate`] finds it).
        at: Option<(usize, usize)>,
        /// The experiment file.
        file: PathBuf,
        /// The dotted key in the experiment file, e.g. `axis.0.values`.
        key: String,
        /// The value found, as written (empty when there is none).
        found: String,
        /// What is wrong and what is allowed.
        allowed: String,
    },
    /// The rules of one variant do not load (the base file is broken, or
    /// the variant's values do not fit together).
    Variant {
        /// The experiment file.
        file: PathBuf,
        /// The variant's name, e.g. `stand_on=16, min_total=17`.
        variant: String,
        /// The rules error, naming the key and the allowed values.
        error: RulesError,
        /// How many more variants have the same problem.
        others: usize,
    },
}

impl fmt::Display for ExperimentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentProblem::Unreadable { file, reason } => write!(
                f,
                "{}: cannot read the experiment file: {reason}",
                file.display()
            ),
            ExperimentProblem::Syntax { file, message } => {
                write!(
                    f,
                    "{}: not valid TOML: {}",
                    file.display(),
                    clip_lines(message)
                )
            }
            ExperimentProblem::Key {
                at,
                file,
                key,
                found,
                allowed,
            } => {
                write!(f, "{}", file.display())?;
                if let Some((line, column)) = at {
                    write!(f, ":{line}:{column}")?;
                }
                let (key, allowed) = (clip(key), clip_lines(allowed));
                if found.is_empty() {
                    write!(f, ": key `{key}`: {allowed}")
                } else {
                    write!(f, ": key `{key}` = {}: {allowed}", clip(found))
                }
            }
            ExperimentProblem::Variant {
                file,
                variant,
                error,
                others,
            } => {
                let detail = error.to_string().replace('\n', "\n    ");
                let more = match others {
                    0 => String::new(),
                    1 => " (and 1 more variant)".to_string(),
                    n => format!(" (and {n} more variants)"),
                };
                write!(
                    f,
                    "{}: variant `{}`{more} has invalid rules:\n    {detail}",
                    file.display(),
                    clip(variant)
                )
            }
        }
    }
}

/// Everything wrong with an experiment file, reported together (one problem
/// a line). The command line exits with code 2 on it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct ExperimentError {
    /// The problems, in the order found.
    pub problems: Vec<ExperimentProblem>,
}

impl ExperimentError {
    /// An error holding one problem.
    pub fn single(problem: ExperimentProblem) -> ExperimentError {
        ExperimentError {
            problems: vec![problem],
        }
    }

    /// The error with the line and column of every key problem in `file`
    /// found in `text`, the file's content.
    pub fn locate(mut self, file: &Path, text: &str) -> ExperimentError {
        for problem in &mut self.problems {
            if let ExperimentProblem::Key {
                at: at @ None,
                file: in_file,
                key,
                ..
            } = problem
                && in_file == file
            {
                *at = super::locate::key_position(text, key);
            }
        }
        self
    }

    /// Whether some problem names the experiment-file key `key` (used by
    /// tests and tools).
    pub fn names_key(&self, key: &str) -> bool {
        self.problems
            .iter()
            .any(|p| matches!(p, ExperimentProblem::Key { key: k, .. } if k == key))
    }
}

impl fmt::Display for ExperimentError {
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
