//! Loading a rule set: built-in defaults, the rules file with its `extends`
//! chain (each file's text as read once, [`RulesText`]), `BANLUCK_*`
//! environment variables, then `--set key=value` flags.

use std::path::Path;
use std::str::FromStr;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider, Source};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::describe::{EnumWords, describe_figment_error};
use super::error::{RuleProblem, RulesError, Violation};
use super::origin::Origin;
use super::text::RulesText;
use crate::input::{check_key_text, check_value_text, clip};

/// Prefix of the environment variables that set rule keys; `__` separates
/// sections: `BANLUCK_DEALER__FIXED__STAND_ON=16`.
pub const ENV_PREFIX: &str = "BANLUCK_";

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

/// A figment provider for one file of a rules chain, from the text read
/// once, named as figment names a TOML file so that errors point at it.
struct ChainFile<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Provider for ChainFile<'_> {
    fn metadata(&self) -> Metadata {
        Metadata::from("TOML file", self.path)
    }

    fn data(&self) -> Result<Map<Profile, Dict>, figment::Error> {
        Toml::string(self.text).data()
    }
}

/// What `--set extends=...` and `BANLUCK_EXTENDS` are told.
const EXTENDS_IN_FILE: &str = "`extends` is read from the rules file only: write `extends = \"FILE\"` in the file, or give the file it names with --rules";

/// Whether the dotted key `key` is `extends` or inside it.
fn is_extends(key: &str) -> bool {
    key.split('.').next() == Some("extends")
}

/// Every value given outside a file held to the one limit of
/// [`crate::input::value`] before figment parses it (its parser recurses,
/// so a value nested a few thousand deep would exhaust the stack): each
/// `--set` of `overrides` and each `BANLUCK_*` environment variable, with
/// `extends`, which only a file may set, refused from both.
///
/// # Errors
/// Every flag or variable that breaks the limit, named, with the limit.
fn check_outside_values(overrides: &[Override]) -> Result<(), RulesError> {
    let mut problems = Vec::new();
    for set in overrides {
        let checked = check_key_text(&set.key).and_then(|()| check_value_text(&set.value));
        let refusal = match checked {
            Err(why) => Some(why),
            Ok(()) if is_extends(&set.key) => Some(EXTENDS_IN_FILE.to_string()),
            Ok(()) => None,
        };
        if let Some(message) = refusal {
            problems.push(RuleProblem::BadOverride {
                argument: set.to_string(),
                message,
            });
        }
    }
    for (name, value) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let Some(key) = name
            .get(..ENV_PREFIX.len())
            .filter(|prefix| prefix.eq_ignore_ascii_case(ENV_PREFIX))
            .map(|_| {
                name[ENV_PREFIX.len()..]
                    .to_ascii_lowercase()
                    .replace("__", ".")
            })
        else {
            continue;
        };
        let value = value.to_string_lossy();
        let checked = check_key_text(&key).and_then(|()| check_value_text(&value));
        let refusal = match checked {
            Err(why) => Some(why),
            Ok(()) if is_extends(&key) => Some(EXTENDS_IN_FILE.to_string()),
            Ok(()) => None,
        };
        if let Some(allowed) = refusal {
            problems.push(RuleProblem::Key {
                origin: format!("environment variable {}", clip(&name)),
                line: None,
                key,
                found: value.into_owned(),
                allowed,
            });
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(RulesError { problems })
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
/// it came from. Reads each file of the chain once ([`RulesText::read`],
/// then [`load_layered_text`]).
///
/// # Errors
/// Every problem found, each with its origin (file and line, environment
/// variable or `--set` flag), the dotted key, the value and what is allowed.
pub fn load_layered<T: Schema>(
    file: Option<&Path>,
    overrides: &[Override],
) -> Result<T, RulesError> {
    let rules = file.map(RulesText::read).transpose()?;
    load_layered_text(rules.as_ref(), overrides)
}

/// [`load_layered`] from a rules file already read (`None`: the built-in
/// defaults), so that a file is read once however many rule sets are
/// loaded from it.
///
/// # Errors
/// As [`load_layered`].
pub fn load_layered_text<T: Schema>(
    rules: Option<&RulesText>,
    overrides: &[Override],
) -> Result<T, RulesError> {
    check_outside_values(overrides)?;
    let mut figment = Figment::from(Serialized::defaults(T::default()));
    for (path, text) in rules.iter().flat_map(|rules| rules.files()) {
        figment = figment.merge(ChainFile { path, text });
    }
    figment = figment.merge(Env::prefixed(ENV_PREFIX).split("__"));
    for set in overrides {
        figment = figment.merge(SetFlag(set));
    }
    let default_origin = match rules {
        Some(rules) => Origin::file(rules.path(), rules.text_of(rules.path())),
        None => Origin::other("built-in defaults"),
    };
    let origins = Origins {
        rules,
        default_origin: &default_origin,
    };
    let rules_set: T = figment
        .extract()
        .map_err(|error| convert_figment_error(error, &origins, T::enum_words))?;
    let violations = rules_set.violations();
    if violations.is_empty() {
        return Ok(rules_set);
    }
    Err(RulesError {
        problems: violations
            .into_iter()
            .map(|v| {
                origins
                    .of_key(&figment, &v.key)
                    .problem(v.key, v.found, v.allowed)
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
    RulesText::read(path)?.game_word()
}

/// What a figment value's metadata says about where it came from.
struct Origins<'a> {
    rules: Option<&'a RulesText>,
    default_origin: &'a Origin,
}

impl Origins<'_> {
    /// Where the value of `key` came from: its file, variable or flag.
    fn of_key(&self, figment: &Figment, key: &str) -> Origin {
        match figment.find_metadata(key) {
            Some(metadata) => self.describe(metadata, key),
            None => self.default_origin.clone(),
        }
    }

    fn describe(&self, metadata: &Metadata, key: &str) -> Origin {
        match &metadata.source {
            Some(Source::File(path)) => {
                Origin::file(path, self.rules.and_then(|rules| rules.text_of(path)))
            }
            Some(Source::Code(_)) | None if metadata.name.starts_with("--set") => {
                Origin::other(clip(&metadata.name))
            }
            Some(Source::Code(_)) | None if metadata.name.contains("environment") => {
                Origin::other(format!(
                    "environment variable {ENV_PREFIX}{}",
                    key.to_ascii_uppercase().replace('.', "__")
                ))
            }
            _ => self.default_origin.clone(),
        }
    }
}

fn convert_figment_error(
    error: figment::Error,
    origins: &Origins<'_>,
    words: EnumWords,
) -> RulesError {
    let problems = error
        .into_iter()
        .map(|e| {
            let (key, found, allowed) = describe_figment_error(&e, words);
            let origin = e.metadata.as_ref().map_or_else(
                || origins.default_origin.clone(),
                |m| origins.describe(m, &key),
            );
            origin.problem(key, found, allowed)
        })
        .collect();
    RulesError { problems }
}
