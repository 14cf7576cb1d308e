//! A rules file read once: its text and the text of every file of its
//! `extends` chain, each read one time. Everything after works from the
//! text (the `game` key, the layered load, the line of a key in an error,
//! the description), so a file given through a pipe (`/dev/stdin`,
//! `<(cat rules/banluck.toml)`) is read whole, once, and never becomes the
//! built-in defaults because a second read found it empty.

use std::path::{Path, PathBuf};

use crate::input::{MAX_INPUT_FILE_BYTES, check_toml_table, read_text_capped};

use super::error::{RuleProblem, RulesError};
use super::origin::Origin;

/// The deepest `extends` chain accepted.
const MAX_EXTENDS_DEPTH: usize = 16;

/// One file of an `extends` chain: where it is, its text and its table.
#[derive(Debug, Clone)]
struct Link {
    path: PathBuf,
    text: String,
    table: toml::Table,
}

/// A rules file and its `extends` chain, each file read once.
///
/// ```
/// use std::path::Path;
/// use banluck_lab::rules::{GameKind, RulesText};
/// let root = Path::new(env!("CARGO_MANIFEST_DIR"));
/// let rules = RulesText::read(&root.join("rules/kampung.toml")).unwrap();
/// assert_eq!(rules.game().unwrap(), GameKind::Banluck);
/// assert!(rules.description().unwrap().starts_with("Home-game rules"));
/// ```
#[derive(Debug, Clone)]
pub struct RulesText {
    /// The chain, the most basic file first and the file itself last
    /// (never empty).
    links: Vec<Link>,
}

/// Reads and parses one file of a chain.
fn read_link(path: &Path) -> Result<Link, RulesError> {
    let text = read_text_capped(path, MAX_INPUT_FILE_BYTES).map_err(|e| {
        RulesError::single(RuleProblem::Unreadable {
            file: path.to_path_buf(),
            reason: e.reason,
        })
    })?;
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        RulesError::single(RuleProblem::Syntax {
            file: path.to_path_buf(),
            message: e.to_string().trim_end().to_string(),
        })
    })?;
    if let Err((key, why)) = check_toml_table(&table) {
        return Err(RulesError::single(Origin::file(path, Some(&text)).problem(
            key,
            String::new(),
            why,
        )));
    }
    Ok(Link {
        path: path.to_path_buf(),
        text,
        table,
    })
}

/// The folder a rules file's relative `extends` is resolved against.
struct Folder {
    path: PathBuf,
    /// Whether the file is a stream with no folder (a pipe, a process
    /// substitution), so that `path` is the working directory.
    is_stream: bool,
}

/// The folder of the rules file `path`: the folder of the path as given
/// for a regular file; for the stream links `/dev/stdin`, `/dev/fd/N`
/// and `/proc/self/fd/N` standing for a regular file (`< rules/x.toml`),
/// the folder of that file; for a stream that is no file in a folder (a
/// pipe, `<(cat rules/x.toml)`), the working directory.
fn folder_of(path: &Path) -> Folder {
    let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    let is_stream_link = path.starts_with("/dev") || path.starts_with("/proc");
    let folder = match (regular, is_stream_link) {
        (true, false) => path.parent().map(Path::to_path_buf),
        (true, true) => path
            .canonicalize()
            .ok()
            .and_then(|file| file.parent().map(Path::to_path_buf)),
        (false, _) => None,
    };
    match folder {
        Some(folder) => Folder {
            path: folder,
            is_stream: false,
        },
        None => Folder {
            path: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            is_stream: !regular,
        },
    }
}

impl RulesText {
    /// Reads the rules file `path` and every file its `extends` chain names,
    /// once each. A relative `extends` is resolved against the folder of the
    /// file naming it; a file read from a pipe or a process substitution
    /// has no folder, and its relative `extends` is resolved against the
    /// working directory (see `docs/formats.md`).
    ///
    /// # Errors
    /// A file that cannot be read or is not TOML, an `extends` that is not a
    /// string, names no file, closes a cycle or makes the chain longer than
    /// 16 files.
    pub fn read(path: &Path) -> Result<RulesText, RulesError> {
        let mut links = vec![read_link(path)?];
        let mut seen = Vec::new();
        loop {
            let last = &links[links.len() - 1];
            let current = last.path.clone();
            seen.push(current.canonicalize().unwrap_or_else(|_| current.clone()));
            let folder = folder_of(&current);
            let parent = match last.table.get("extends") {
                None => break,
                Some(toml::Value::String(name)) => folder.path.join(name),
                Some(other) => {
                    return Err(RulesError::single(
                        Origin::file(&current, Some(&last.text)).problem(
                            "extends".into(),
                            other.to_string(),
                            "must be a string: the path of another rules file, relative to this one"
                                .into(),
                        ),
                    ));
                }
            };
            let broken = |message: String| {
                RulesError::single(RuleProblem::Extends {
                    file: current.clone(),
                    message,
                })
            };
            if !parent.is_file() {
                let why = if folder.is_stream {
                    format!(
                        " (this rules file is a stream with no folder of its own, so a relative `extends` is resolved against the working directory {}; write a path from there or an absolute one)",
                        folder.path.display()
                    )
                } else {
                    String::new()
                };
                return Err(broken(format!(
                    "{} does not exist or is not a file{why}",
                    parent.display()
                )));
            }
            let canonical = parent.canonicalize().unwrap_or_else(|_| parent.clone());
            if seen.contains(&canonical) {
                return Err(broken(format!(
                    "{} is already in the chain (a cycle)",
                    parent.display()
                )));
            }
            if links.len() > MAX_EXTENDS_DEPTH {
                return Err(broken(format!(
                    "the chain is longer than {MAX_EXTENDS_DEPTH} files"
                )));
            }
            links.push(read_link(&parent)?);
        }
        links.reverse();
        Ok(RulesText { links })
    }

    /// The rules file itself, as given.
    pub fn path(&self) -> &Path {
        &self.file().path
    }

    /// The file itself (the chain's last link).
    fn file(&self) -> &Link {
        &self.links[self.links.len() - 1]
    }

    /// The file's own top-level `description`, if it writes one.
    pub fn description(&self) -> Option<String> {
        self.file()
            .table
            .get("description")?
            .as_str()
            .map(str::to_string)
    }

    /// Every file of the chain with its text, the most basic first.
    pub(super) fn files(&self) -> impl Iterator<Item = (&Path, &str)> {
        self.links
            .iter()
            .map(|link| (link.path.as_path(), link.text.as_str()))
    }

    /// The text of the chain's file `path`, if it is one.
    pub(super) fn text_of(&self, path: &Path) -> Option<&str> {
        self.links
            .iter()
            .find(|link| link.path == path)
            .map(|link| link.text.as_str())
    }

    /// The value of the top-level `game` key of the file or of the first
    /// file of its chain that writes one (the rules files of games other
    /// than Banluck say `game = "blackjack"`), with that file and its text.
    ///
    /// # Errors
    /// A `game` that is not a string.
    pub(super) fn game_source(&self) -> Result<Option<(String, &Path, &str)>, RulesError> {
        for link in self.links.iter().rev() {
            match link.table.get("game") {
                None => continue,
                Some(toml::Value::String(name)) => {
                    return Ok(Some((name.clone(), &link.path, &link.text)));
                }
                Some(other) => {
                    return Err(RulesError::single(
                        Origin::file(&link.path, Some(&link.text)).problem(
                            "game".into(),
                            other.to_string(),
                            "must be a string naming the game, e.g. \"blackjack\"".into(),
                        ),
                    ));
                }
            }
        }
        Ok(None)
    }

    /// The `game` value of the chain (see [`RulesText::game`]), if any file
    /// writes one.
    ///
    /// # Errors
    /// A `game` that is not a string.
    pub fn game_word(&self) -> Result<Option<String>, RulesError> {
        Ok(self.game_source()?.map(|(game, _, _)| game))
    }
}
