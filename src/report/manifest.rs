//! `manifest.json`: what the Parquet files of an output folder came from
//! (the experiment's question, axes, variants and engines), so that reports
//! and merges need nothing but the folder.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::ReportError;
use super::format::FORMAT_VERSION;
use super::lead::{file_description, file_notes};
use crate::atomic::write_atomic;
use crate::lab::{
    ENGINE_FINGERPRINT, Experiment, ExperimentKind, Shard, VERSION, canonical_json, task_costs,
};

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
    /// The Parquet format of its tables ([`super::FORMAT_VERSION`]); 1 for
    /// a folder written before the format had a number.
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
    /// The engine fingerprint of the binary ([`ENGINE_FINGERPRINT`]).
    pub engine_fingerprint: String,
    /// The tasks of the shard, in task order.
    pub tasks: Vec<usize>,
}

impl ShardProvenance {
    /// The provenance of `shard` of `experiment`.
    pub fn new(experiment: &Experiment, shard: Shard) -> ShardProvenance {
        let experiment_hash = std::fs::read(&experiment.file)
            .map(|bytes| blake3::hash(&bytes).to_hex().to_string())
            .unwrap_or_default();
        let grid = json!({
            "rules": experiment.variants.iter().map(|v| v.rules.hash()).collect::<Vec<_>>(),
            "engines": experiment
                .engines
                .iter()
                .map(|e| json!({"name": e.name(), "params": e.params()}))
                .collect::<Vec<_>>(),
        });
        ShardProvenance {
            experiment_hash,
            grid_hash: blake3::hash(canonical_json(&grid).as_bytes())
                .to_hex()
                .to_string(),
            engine_fingerprint: ENGINE_FINGERPRINT.to_string(),
            tasks: shard.tasks(&task_costs(experiment)),
        }
    }
}

/// The format of a manifest without `format_version`.
fn format_one() -> u32 {
    1
}

impl Manifest {
    /// The manifest of a run of `experiment` (of one shard, if given).
    pub fn new(experiment: &Experiment, shard: Option<Shard>) -> Manifest {
        Manifest {
            name: experiment.name.clone(),
            question: experiment.question.clone(),
            experiment_file: experiment.file.display().to_string(),
            rules_file: experiment.rules_file.display().to_string(),
            version: VERSION.to_string(),
            format_version: FORMAT_VERSION,
            axes: experiment
                .axes
                .iter()
                .map(|axis| ManifestAxis {
                    name: axis.name.clone(),
                    title: axis.title.clone(),
                    keys: axis.keys.clone(),
                    labels: axis.labels.clone(),
                    settings: axis
                        .values
                        .iter()
                        .map(|sets| sets.iter().map(ToString::to_string).collect())
                        .collect(),
                })
                .collect(),
            variants: experiment
                .variants
                .iter()
                .map(|v| ManifestVariant {
                    name: v.name.clone(),
                    positions: v.positions.clone(),
                })
                .collect(),
            engines: experiment
                .engines
                .iter()
                .map(|e| ManifestEngine {
                    name: e.name().to_string(),
                    params: e.params(),
                })
                .collect(),
            shard: shard.map(|s| s.to_string()),
            kind: ExperimentKind::default(),
            game: experiment.family.game().word().map(str::to_string),
            params: Value::Null,
            rules_description: file_description(&experiment.rules_file),
            notes: file_notes(&experiment.file),
            answer: None,
            provenance: shard.map(|s| ShardProvenance::new(experiment, s)),
        }
    }

    /// The manifest of a rotation or compare experiment: no axes, variants
    /// or engines; its parameters in `params`.
    pub fn of_kind(
        kind: ExperimentKind,
        name: &str,
        question: &str,
        experiment_file: &Path,
        rules_file: &Path,
        params: Value,
    ) -> Manifest {
        Manifest {
            name: name.to_string(),
            question: question.to_string(),
            experiment_file: experiment_file.display().to_string(),
            rules_file: rules_file.display().to_string(),
            version: VERSION.to_string(),
            format_version: FORMAT_VERSION,
            axes: Vec::new(),
            variants: Vec::new(),
            engines: Vec::new(),
            shard: None,
            kind,
            game: None,
            params,
            rules_description: file_description(rules_file),
            notes: file_notes(experiment_file),
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

    /// Reads `folder/manifest.json`.
    pub fn read(folder: &Path) -> Result<Manifest, ReportError> {
        let path = folder.join(MANIFEST);
        let text = std::fs::read_to_string(&path).map_err(|e| ReportError::file(&path, e))?;
        serde_json::from_str(&text).map_err(|e| ReportError::file(&path, e))
    }

    /// Writes `folder/manifest.json` (atomically).
    pub fn write(&self, folder: &Path) -> Result<(), ReportError> {
        let path = folder.join(MANIFEST);
        let text = serde_json::to_string_pretty(self).map_err(|e| ReportError::file(&path, e))?;
        write_atomic(&path, text.as_bytes()).map_err(|e| ReportError::file(&path, e))
    }
}
