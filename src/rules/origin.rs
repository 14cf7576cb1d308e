//! Where a rule value came from (a file, an environment variable, a
//! `--set` flag or the built-in defaults), so that every problem names it,
//! with the key's line when a file's text writes the key out.

use std::path::Path;

use super::error::RuleProblem;
use super::span::line_in_text;

/// Where a value came from: a description for messages and, when it is a
/// file, the file's text (to find the key's line in).
#[derive(Debug, Clone)]
pub(super) struct Origin {
    text: String,
    source: Option<String>,
}

impl Origin {
    /// The file at `path`, whose text is `source` (`None`: lines unknown).
    pub(super) fn file(path: &Path, source: Option<&str>) -> Origin {
        Origin {
            text: path.display().to_string(),
            source: source.map(str::to_string),
        }
    }

    /// Something other than a file, described by `text`.
    pub(super) fn other(text: impl Into<String>) -> Origin {
        Origin {
            text: text.into(),
            source: None,
        }
    }

    /// A `Key` problem from this origin, with the key's line when the origin
    /// is a file that writes the key out.
    pub(super) fn problem(self, key: String, found: String, allowed: String) -> RuleProblem {
        let line = self
            .source
            .as_deref()
            .and_then(|text| line_in_text(text, &key));
        RuleProblem::Key {
            origin: self.text,
            line,
            key,
            found,
            allowed,
        }
    }
}
