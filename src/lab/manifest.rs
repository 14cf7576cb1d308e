//! `manifest.json`: what the tables of an output folder came from (the
//! experiment's question, axes, variants and engines, or a study's
//! parameters), so that reports and merges need nothing but the folder.
//! The lab writes it; the report layer reads it.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::cache::VERSION;
use super::schema::ExperimentKind;
use crate::atomic::write_atomic;
use crate::input::{MAX_LAB_FILE_BYTES, read_text_capped};

/// The file name of the manifest in an output folder.
pub const MANIFEST: &str = "manifest.json";

/// One axis of the grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestAxis {
    /// The axis name.
    pub name: String,
    /// What the axis changes, in words.
    pub title: String,
    /// The rule keys it sets.
    pub keys: Vec<String>,
    /// One label per value.
    pub labels: Vec<String>,
    /// Per value, the `key=value` settings.
    pub settings: Vec<Vec<String>>,
}

/// One variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestVariant {
    /// The variant's name.
    pub name: String,
    /// Its value index on every axis (all zero for the base variant).
    pub positions: Vec<usize>,
}

/// One engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestEngine {
    /// The engine's name.
    pub name: String,
    /// Its parameters.
    pub params: Value,
}

/// The description of an output folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The experiment's name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The experiment file, as given.
    pub experiment_file: String,
    /// The base rules file, as resolved.
    pub rules_file: String,
    /// The crate version that wrote the folder.
    pub version: String,
    /// The format of its Parquet tables (`crate::report::FORMAT_VERSION`);
    /// 1 for a folder written before the format had a number.
    #[serde(default = "format_one")]
    pub format_version: u32,
    /// The axes.
    pub axes: Vec<ManifestAxis>,
    /// The variants, base first.
    pub variants: Vec<ManifestVariant>,
    /// The engines, in run order.
    pub engines: Vec<ManifestEngine>,
    /// The shard these outputs hold (`I/N`), or `None` for a whole run.
    pub shard: Option<String>,
    /// The experiment's kind (left out for grids, so their manifests are as
    /// before).
    #[serde(default, skip_serializing_if = "ExperimentKind::is_grid")]
    pub kind: ExperimentKind,
    /// The game of a grid's rules, as the rules files' `game` value (left
    /// out for Banluck, whose files have none, so its manifests are as
    /// before); reports pick the family by it, wherever they are rendered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The parameters of a rotation or compare experiment, with the hashes
    /// of the rules they used (left out for grids).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub params: Value,
    /// The base rules file's `description`, shown at the top of the
    /// report (kept here for when the rules file cannot be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_description: Option<String>,
    /// The experiment file's `notes`, shown under the report's title
    /// (kept here for when the experiment file cannot be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The report's one-line answer (its headline's lead sentence), for
    /// the reports index; written when the report is rendered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// What a shard's outputs were computed from, which `merge` checks
    /// (left out of whole runs and merged folders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<ShardProvenance>,
}

/// What a shard was computed from: `merge` refuses shards whose
/// experiment files, grids, engine sources or shard counts differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardProvenance {
    /// The blake3 hash (hex) of the experiment file's bytes.
    pub experiment_hash: String,
    /// The blake3 hash (hex) of every variant's rules hash and every
    /// engine's name and parameters: the same for the same grid, whatever
    /// the files look like.
    pub grid_hash: String,
    /// The engine fingerprint of the binary
    /// ([`super::ENGINE_FINGERPRINT`]).
    pub engine_fingerprint: String,
    /// The tasks of the shard, in task order.
    pub tasks: Vec<usize>,
}

/// The format of a manifest without `format_version`.
fn format_one() -> u32 {
    1
}

impl Manifest {
    /// The manifest of a study's experiment (`kind` other than grid),
    /// described by `header`, whose tables are of format `format_version`:
    /// no axes, variants or engines; its parameters in `params`.
    pub fn of_study(
        kind: ExperimentKind,
        header: &ExperimentHeader,
        format_version: u32,
        params: Value,
    ) -> Manifest {
        Manifest {
            name: header.name.clone(),
            question: header.question.clone(),
            experiment_file: header.file.display().to_string(),
            rules_file: header.rules_file.display().to_string(),
            version: VERSION.to_string(),
            format_version,
            axes: Vec::new(),
            variants: Vec::new(),
            engines: Vec::new(),
            shard: None,
            kind,
            game: None,
            params,
            rules_description: header.rules_description.clone(),
            notes: header.notes.clone(),
            answer: None,
            provenance: None,
        }
    }

    /// The task number of (variant name, engine name), if both are known.
    pub fn task_of(&self, variant: &str, engine: &str) -> Option<usize> {
        let v = self.variants.iter().position(|x| x.name == variant)?;
        let e = self.engines.iter().position(|x| x.name == engine)?;
        Some(v * self.engines.len() + e)
    }

    /// Reads `folder/manifest.json` and checks its shapes: every axis as
    /// many settings as labels, every variant one position per axis within
    /// its labels, axis, variant and engine names once each, a grid at
    /// least one variant and one engine, a shard's tasks within the grid.
    ///
    /// # Errors
    /// A file that cannot be read, or (marked [`ManifestError::refused`])
    /// does not hold a manifest the runner writes.
    pub fn read(folder: &Path) -> Result<Manifest, ManifestError> {
        let path = folder.join(MANIFEST);
        let text = read_text_capped(&path, MAX_LAB_FILE_BYTES)
            .map_err(|e| ManifestError::new(&path, e.reason))?;
        let manifest = serde_json::from_str(&text).map_err(|e| ManifestError::refused(&path, e))?;
        check_shapes(&manifest).map_err(|e| ManifestError::refused(&path, e))?;
        Ok(manifest)
    }

    /// Writes `folder/manifest.json` (atomically).
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn write(&self, folder: &Path) -> Result<(), ManifestError> {
        let path = folder.join(MANIFEST);
        let text = serde_json::to_string_pretty(self).map_err(|e| ManifestError::new(&path, e))?;
        write_atomic(&path, text.as_bytes()).map_err(|e| ManifestError::new(&path, e))
    }
}

/// The shapes [`Manifest::read`] checks, or what does not fit, with the
/// axis, variant or engine.
fn check_shapes(manifest: &Manifest) -> Result<(), String> {
    let mut axes = HashSet::new();
    for axis in &manifest.axes {
        if !axes.insert(axis.name.as_str()) {
            return Err(format!("axis `{}` is listed twice", axis.name));
        }
        if axis.settings.len() != axis.labels.len() {
            return Err(format!(
                "axis `{}` has {} labels and {} settings",
                axis.name,
                axis.labels.len(),
                axis.settings.len()
            ));
        }
    }
    let mut variants = HashSet::new();
    for variant in &manifest.variants {
        if !variants.insert(variant.name.as_str()) {
            return Err(format!("variant `{}` is listed twice", variant.name));
        }
        if variant.positions.len() != manifest.axes.len() {
            return Err(format!(
                "variant `{}` has {} positions for {} axes",
                variant.name,
                variant.positions.len(),
                manifest.axes.len()
            ));
        }
        for (axis, &at) in manifest.axes.iter().zip(&variant.positions) {
            if at >= axis.labels.len() {
                return Err(format!(
                    "variant `{}` takes value {at} of axis `{}`, which has {}",
                    variant.name,
                    axis.name,
                    axis.labels.len()
                ));
            }
        }
    }
    let mut engines = HashSet::new();
    for engine in &manifest.engines {
        if !engines.insert(engine.name.as_str()) {
            return Err(format!("engine `{}` is listed twice", engine.name));
        }
    }
    if manifest.kind.is_grid() && (manifest.variants.is_empty() || manifest.engines.is_empty()) {
        return Err("a grid with no variant or no engine".to_string());
    }
    let tasks = manifest.variants.len() * manifest.engines.len();
    if let Some(provenance) = &manifest.provenance
        && let Some(task) = provenance.tasks.iter().find(|&&t| t >= tasks)
    {
        return Err(format!(
            "its shard lists task {task} of a grid of {tasks} tasks"
        ));
    }
    Ok(())
}

/// What every kind of experiment names, resolved: the file, its name,
/// question and notes, the base rules file with its description, and the
/// output folder.
#[derive(Debug, Clone, PartialEq)]
pub struct ExperimentHeader {
    /// The experiment file, as given.
    pub file: PathBuf,
    /// The experiment's short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The file's `notes`, trimmed.
    pub notes: Option<String>,
    /// The base rules file, resolved against the experiment file.
    pub rules_file: PathBuf,
    /// The base rules file's `description`, as read.
    pub rules_description: Option<String>,
    /// The output folder (the file's `output`, else `reports/<name>`).
    pub output: PathBuf,
}

/// A manifest that could not be read or written: the file and why.
#[derive(Debug, Clone, PartialEq)]
pub struct ManifestError {
    /// The manifest file.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
    /// Whether the file was read but holds no manifest the runner writes
    /// (bad input), as against a file that could not be read or written.
    pub refused: bool,
}

impl ManifestError {
    fn new(path: &Path, message: impl fmt::Display) -> ManifestError {
        ManifestError {
            path: path.to_path_buf(),
            message: message.to_string(),
            refused: false,
        }
    }

    fn refused(path: &Path, message: impl fmt::Display) -> ManifestError {
        ManifestError {
            refused: true,
            ..ManifestError::new(path, message)
        }
    }
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for ManifestError {}
