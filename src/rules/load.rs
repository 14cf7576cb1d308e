//! Loading a rule set: built-in defaults, the rules file with its `extends`
//! chain, `BANLUCK_*` environment variables, then `--set key=value` flags.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider, Source};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::describe::{EnumWords, describe_figment_error};
use super::error::{RuleProblem, RulesError, Violation};
use super::span::line_of_key;

/// Prefix of the environment variables that set rule keys; `__` separates
/// sections: `BANLUCK_DEALER__FIXED__STAND_ON=16`.
pub const ENV_PREFIX: &str = "BANLUCK_";

/// The deepest `extends` chain accepted.
const MAX_EXTENDS_DEPTH: usize = 16;

/// One `--set key=value` flag: a dotted rule key and a TOML-like value
/// (numbers, booleans, `[lists]`, otherwise a string).
///
/// ```
/// use banluck_lab::rules::Override;
/// let set: Override = "dealer.fixed.stand_on=16".parse().unwrap();
/// assert_eq!(set.key, "dealer.fixed.stand_on");
/// assert!("no-equals-sign".parse::<Override>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    /// The dotted key, e.g. `dealer.allow_reveal`.
    pub key: String,
    /// The value as written, e.g. `false`, `16`, `[1, 10]`, `must_hit`.
    pub value: String,
}

impl FromStr for Override {
    type Err = String;

    fn from_str(argument: &str) -> Result<Self, Self::Err> {
        let (key, value) = argument
            .split_once('=')
            .ok_or_else(|| "expected KEY=VALUE, e.g. dealer.allow_reveal=false".to_string())?;
        let key = key.trim();
        let valid_key = !key.is_empty()
            && key.split('.').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            });
        if !valid_key {
            return Err(format!(
                "`{key}` is not a dotted rule key (lowercase words joined by dots, e.g. player.min_total)"
            ));
        }
        Ok(Override {
            key: key.to_string(),
            value: value.trim().to_string(),
        })
    }
}

impl std::fmt::Display for Override {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// A figment provider for one `--set` flag, named after the flag so that
/// errors point at it.
struct SetFlag<'a>(&'a Override);

impl Provider for SetFlag<'_> {
    fn metadata(&self) -> Metadata {
        Metadata::named(format!("--set {}", self.0))
    }

    fn data(&self) -> Result<Map<Profile, Dict>, figment::Error> {
        let value = Value::from_str(&self.0.value).unwrap_or_else(|never| match never {});
        Serialized::global(&self.0.key, value).data()
    }
}

/// A game family's rules schema, as [`load_layered`] reads it.
pub trait Schema: Serialize + DeserializeOwned + Default {
    /// Every key whose value is out of range or contradicts another, in
    /// schema order (empty when the rules are valid).
    fn violations(&self) -> Vec<Violation>;

    /// The words an enum of this schema accepts, by the enum's Rust name
    /// (see [`variants_of`]), so that errors list them.
    fn enum_words(name: &str) -> Option<&'static [&'static str]>;
}

/// Loads, merges and validates a rule set of schema `T`: its defaults, then
/// `file` with its `extends` chain, then the environment, then the
/// `overrides` in order; every value out of range is an error naming where
/// it came from.
///
/// # Errors
/// Every problem found, each with its origin (file and line, environment
/// variable or `--set` flag), the dotted key, the value and what is allowed.
pub fn load_layered<T: Schema>(
    file: Option<&Path>,
    overrides: &[Override],
) -> Result<T, RulesError> {
    let mut figment = Figment::from(Serialized::defaults(T::default()));
    if let Some(path) = file {
        for link in extends_chain(path)? {
            figment = figment.merge(Toml::file_exact(link));
        }
    }
    figment = figment.merge(Env::prefixed(ENV_PREFIX).split("__"));
    for set in overrides {
        figment = figment.merge(SetFlag(set));
    }
    let default_origin = match file {
        Some(path) => Origin::file(path),
        None => Origin::other("built-in defaults"),
    };
    let rules: T = figment
        .extract()
        .map_err(|error| convert_figment_error(error, &default_origin, T::enum_words))?;
    let violations = rules.violations();
    if violations.is_empty() {
        return Ok(rules);
    }
    Err(RulesError {
        problems: violations
            .into_iter()
            .map(|v| {
                origin_of(&figment, &v.key, &default_origin).problem(v.key, v.found, v.allowed)
            })
            .collect(),
    })
}

/// The value of the top-level `game` key of `path` or of the first file of
/// its `extends` chain that writes one, if any writes it (the rules files
/// of games other than Banluck say `game = "blackjack"`).
///
/// ```no_run
/// use std::path::Path;
/// use banluck_lab::rules::game_of;
/// let game = game_of(Path::new("rules/blackjack-6d-s17.toml")).unwrap();
/// assert_eq!(game.as_deref(), Some("blackjack"));
/// ```
pub fn game_of(path: &Path) -> Result<Option<String>, RulesError> {
    Ok(game_source(path)?.map(|(game, _)| game))
}

/// The value of the `game` key of `path`'s `extends` chain (see
/// [`game_of`]) and the file that writes it.
pub(super) fn game_source(path: &Path) -> Result<Option<(String, PathBuf)>, RulesError> {
    for link in extends_chain(path)?.iter().rev() {
        let text = std::fs::read_to_string(link).map_err(|e| {
            RulesError::single(RuleProblem::Unreadable {
                file: link.clone(),
                reason: e.to_string(),
            })
        })?;
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            RulesError::single(RuleProblem::Syntax {
                file: link.clone(),
                message: e.to_string().trim_end().to_string(),
            })
        })?;
        match table.get("game") {
            None => continue,
            Some(toml::Value::String(name)) => return Ok(Some((name.clone(), link.clone()))),
            Some(other) => {
                return Err(RulesError::single(Origin::file(link).problem(
                    "game".into(),
                    other.to_string(),
                    "must be a string naming the game, e.g. \"blackjack\"".into(),
                )));
            }
        }
    }
    Ok(None)
}

/// A `Key` problem about `key` in `file` (with the key's line).
pub(super) fn file_problem(file: &Path, key: &str, found: String, allowed: String) -> RuleProblem {
    Origin::file(file).problem(key.to_string(), found, allowed)
}

/// The files of the `extends` chain of `path`, the most basic first and
/// `path` itself last.
fn extends_chain(path: &Path) -> Result<Vec<PathBuf>, RulesError> {
    let mut chain = vec![path.to_path_buf()];
    let mut seen = Vec::new();
    let mut current = path.to_path_buf();
    loop {
        let text = std::fs::read_to_string(&current).map_err(|e| {
            RulesError::single(RuleProblem::Unreadable {
                file: current.clone(),
                reason: e.to_string(),
            })
        })?;
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            RulesError::single(RuleProblem::Syntax {
                file: current.clone(),
                message: e.to_string().trim_end().to_string(),
            })
        })?;
        seen.push(current.canonicalize().unwrap_or_else(|_| current.clone()));
        let parent = match table.get("extends") {
            None => break,
            Some(toml::Value::String(name)) => current
                .parent()
                .unwrap_or_else(|| Path::new("."))
                .join(name),
            Some(other) => {
                return Err(RulesError::single(Origin::file(&current).problem(
                    "extends".into(),
                    other.to_string(),
                    "must be a string: the path of another rules file, relative to this one".into(),
                )));
            }
        };
        if !parent.is_file() {
            return Err(RulesError::single(RuleProblem::Extends {
                file: current,
                message: format!("{} does not exist or is not a file", parent.display()),
            }));
        }
        let canonical = parent.canonicalize().unwrap_or_else(|_| parent.clone());
        if seen.contains(&canonical) {
            return Err(RulesError::single(RuleProblem::Extends {
                file: current,
                message: format!("{} is already in the chain (a cycle)", parent.display()),
            }));
        }
        if chain.len() > MAX_EXTENDS_DEPTH {
            return Err(RulesError::single(RuleProblem::Extends {
                file: current,
                message: format!("the chain is longer than {MAX_EXTENDS_DEPTH} files"),
            }));
        }
        chain.push(parent.clone());
        current = parent;
    }
    chain.reverse();
    Ok(chain)
}

/// Where a value came from: a description for messages and, when it is a
/// file, the file (to find the key's line in).
#[derive(Debug, Clone)]
struct Origin {
    text: String,
    file: Option<PathBuf>,
}

impl Origin {
    fn file(path: &Path) -> Origin {
        Origin {
            text: path.display().to_string(),
            file: Some(path.to_path_buf()),
        }
    }

    fn other(text: impl Into<String>) -> Origin {
        Origin {
            text: text.into(),
            file: None,
        }
    }

    /// A `Key` problem from this origin, with the key's line when the origin
    /// is a file that writes the key out.
    fn problem(self, key: String, found: String, allowed: String) -> RuleProblem {
        let line = self
            .file
            .as_deref()
            .and_then(|path| line_of_key(path, &key));
        RuleProblem::Key {
            origin: self.text,
            line,
            key,
            found,
            allowed,
        }
    }
}

/// Where the value of `key` came from: its file, variable or flag.
fn origin_of(figment: &Figment, key: &str, default_origin: &Origin) -> Origin {
    match figment.find_metadata(key) {
        Some(metadata) => describe_origin(metadata, key, default_origin),
        None => default_origin.clone(),
    }
}

fn describe_origin(metadata: &Metadata, key: &str, default_origin: &Origin) -> Origin {
    match &metadata.source {
        Some(Source::File(path)) => Origin::file(path),
        Some(Source::Code(_)) | None if metadata.name.starts_with("--set") => {
            Origin::other(metadata.name.to_string())
        }
        Some(Source::Code(_)) | None if metadata.name.contains("environment") => {
            Origin::other(format!(
                "environment variable {ENV_PREFIX}{}",
                key.to_ascii_uppercase().replace('.', "__")
            ))
        }
        _ => default_origin.clone(),
    }
}

fn convert_figment_error(
    error: figment::Error,
    default_origin: &Origin,
    words: EnumWords,
) -> RulesError {
    let problems = error
        .into_iter()
        .map(|e| {
            let (key, found, allowed) = describe_figment_error(&e, words);
            let origin = e.metadata.as_ref().map_or_else(
                || default_origin.clone(),
                |m| describe_origin(m, &key, default_origin),
            );
            origin.problem(key, found, allowed)
        })
        .collect();
    RulesError { problems }
}
