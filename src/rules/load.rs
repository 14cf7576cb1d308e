//! Loading a rule set: built-in defaults, the rules file with its `extends`
//! chain, `BANLUCK_*` environment variables, then `--set key=value` flags.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use figment::error::Kind;
use figment::providers::{Env, Format, Serialized, Toml};
use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider, Source};

use super::error::{RuleProblem, RulesError};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::span::line_of_key;
use crate::games::banluck::rules::RuleSet;
use crate::games::banluck::rules::{Violation, validate};

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

/// Loads, merges and validates a rule set from `file` (or the built-in
/// canonical rules when `file` is `None`), then the environment, then the
/// `overrides` in order.
///
/// ```
/// use banluck_lab::rules::{load_rules, Override};
/// let set: Override = "dealer.fixed.reveal=on".parse().unwrap();
/// let rules = load_rules(None, &[set]).unwrap();
/// assert_eq!(rules.dealer.fixed.reveal, banluck_lab::games::banluck::rules::RevealPolicy::On);
/// let bad: Override = "deck.decks=0".parse().unwrap();
/// let error = load_rules(None, &[bad]).unwrap_err();
/// assert!(error.names_key("deck.decks"));
/// ```
pub fn load_rules(file: Option<&Path>, overrides: &[Override]) -> Result<RuleSet, RulesError> {
    load_layered(file, overrides, RuleSet::default(), validate)
}

/// Loads any rules schema `T` through the same layers as [`load_rules`]:
/// `defaults`, then `file` with its `extends` chain, then the environment,
/// then the `overrides`; `check` lists the values out of range.
pub(crate) fn load_layered<T>(
    file: Option<&Path>,
    overrides: &[Override],
    defaults: T,
    check: fn(&T) -> Vec<Violation>,
) -> Result<T, RulesError>
where
    T: Serialize + DeserializeOwned,
{
    let mut figment = Figment::from(Serialized::defaults(defaults));
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
        .map_err(|error| convert_figment_error(error, &default_origin))?;
    let violations = check(&rules);
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

fn convert_figment_error(error: figment::Error, default_origin: &Origin) -> RulesError {
    let problems = error
        .into_iter()
        .map(|e| {
            let (key, found, allowed) = describe_figment_error(&e);
            let origin = e.metadata.as_ref().map_or_else(
                || default_origin.clone(),
                |m| describe_origin(m, &key, default_origin),
            );
            origin.problem(key, found, allowed)
        })
        .collect();
    RulesError { problems }
}

/// One figment deserialization error in a file author's words: the dotted
/// key, the value found (empty when there is none) and what is allowed.
/// Shared by rules files and experiment files.
pub(crate) fn describe_figment_error(e: &figment::Error) -> (String, String, String) {
    let mut path = e.path.clone();
    let (found, allowed) = match &e.kind {
        Kind::UnknownField(field, expected) => {
            if path.last() != Some(field) {
                path.push(field.clone());
            }
            (
                String::new(),
                format!("unknown key; allowed keys here: {}", expected.join(", ")),
            )
        }
        Kind::MissingField(field) => {
            path.push(field.to_string());
            (String::new(), "missing: this key is required".to_string())
        }
        Kind::UnknownVariant(found, expected) => (
            format!("\"{found}\""),
            format!("allowed values: {}", quoted(expected)),
        ),
        Kind::InvalidType(actual, expected) | Kind::InvalidValue(actual, expected) => (
            actual.to_string(),
            format!("expected {}", readable(expected)),
        ),
        Kind::InvalidLength(length, expected) => {
            (format!("{length} items"), format!("expected {expected}"))
        }
        other => (String::new(), other.to_string()),
    };
    // figment ends the path of a bad list item with its position
    // (`ace.two_cards.1`): name the key and say which item is wrong. A
    // position inside the path (`axis.0.values`) names a table of an array
    // of tables and stays.
    let found = match path.last().and_then(|part| part.parse::<usize>().ok()) {
        Some(index) => {
            path.pop();
            format!("{found} (item {} of the list)", index + 1)
        }
        None => found,
    };
    (path.join("."), found, allowed)
}

fn quoted(values: &[&str]) -> String {
    values
        .iter()
        .map(|v| format!("\"{v}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// serde's names for expected types, in words a rules author uses (never a
/// Rust type name).
fn readable(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".into(),
        "u32" => "a whole number from 0 to 4294967295".into(),
        "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list, e.g. [1, 10]".into(),
        other => {
            if let Some(name) = other.strip_prefix("enum ") {
                match enum_values(name) {
                    Some(values) => format!("one of {}", quoted(values)),
                    None => "one of the allowed words, in quotes".into(),
                }
            } else if other.starts_with("struct ") {
                "a table of keys, e.g. a [section] or { key = value }".into()
            } else {
                other.to_string()
            }
        }
    }
}

/// The values of a schema enum, by its Rust name, as serde spells them.
fn enum_values(name: &str) -> Option<&'static [&'static str]> {
    use crate::games::banluck::rules::{
        BelowMin, BothBust, BustTiming, BustVsBonus, FiveCardTiming, FiveVsFive, RevealPolicy,
        RotationScheme, SurrenderPolicy,
    };
    Some(match name {
        "BelowMin" => variants_of::<BelowMin>(),
        "BustTiming" => variants_of::<BustTiming>(),
        "SurrenderPolicy" => variants_of::<SurrenderPolicy>(),
        "RevealPolicy" => variants_of::<RevealPolicy>(),
        "FiveCardTiming" => variants_of::<FiveCardTiming>(),
        "FiveVsFive" => variants_of::<FiveVsFive>(),
        "BothBust" => variants_of::<BothBust>(),
        "BustVsBonus" => variants_of::<BustVsBonus>(),
        "RotationScheme" => variants_of::<RotationScheme>(),
        "DoubleAllowed" => variants_of::<crate::games::blackjack::rules::DoubleAllowed>(),
        "BurnRule" => variants_of::<crate::games::baccarat::rules::BurnRule>(),
        "BankerRule" => variants_of::<crate::games::baccarat::rules::BankerRule>(),
        _ => return None,
    })
}

/// The variant names serde accepts for `T`, read from the error it gives
/// for a word that is none of them (so they never drift from the schema).
fn variants_of<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    let probe = Figment::from(Serialized::global("value", "\u{1}"));
    match probe.extract_inner::<T>("value") {
        Err(error) => match error.kind {
            Kind::UnknownVariant(_, expected) => expected,
            _ => &[],
        },
        Ok(_) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_become_words() {
        assert_eq!(readable("enum RevealPolicy"), "one of \"off\", \"on\"");
        assert_eq!(
            readable("enum BustVsBonus"),
            "one of \"one_unit\", \"larger_multiplier\""
        );
        assert!(readable("struct DealerRules").starts_with("a table"));
        assert_eq!(
            readable("enum DoubleAllowed"),
            "one of \"any\", \"9-11\", \"10-11\", \"none\""
        );
        assert_eq!(
            readable("enum BurnRule"),
            "one of \"none\", \"fixed\", \"face_value\""
        );
        assert!(readable("enum Unknown").starts_with("one of the allowed words"));
        assert_eq!(readable("a sequence"), "a list, e.g. [1, 10]");
    }

    #[test]
    fn every_schema_enum_has_its_values() {
        for name in [
            "BelowMin",
            "BustTiming",
            "SurrenderPolicy",
            "RevealPolicy",
            "FiveCardTiming",
            "FiveVsFive",
            "BothBust",
            "BustVsBonus",
        ] {
            let values = enum_values(name).unwrap();
            assert_eq!(values.len(), 2, "{name}: {values:?}");
        }
        assert_eq!(
            enum_values("RotationScheme").unwrap(),
            ["never", "every_n", "on_ban"]
        );
    }
}
