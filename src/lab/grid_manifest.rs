//! The manifest of a grid run (of a whole run or of one shard), from the
//! checked experiment.

use serde_json::{Value, json};

use super::cache::{ENGINE_FINGERPRINT, VERSION, canonical_json};
use super::cost::task_costs;
use super::experiment::Experiment;
use super::manifest::{Manifest, ManifestAxis, ManifestEngine, ManifestVariant, ShardProvenance};
use super::schema::ExperimentKind;
use super::shard::Shard;

impl ShardProvenance {
    /// The provenance of `shard` of `experiment`.
    pub fn new(experiment: &Experiment, shard: Shard) -> ShardProvenance {
        let grid = json!({
            "rules": experiment.variants.iter().map(|v| v.rules_hash.as_str()).collect::<Vec<_>>(),
            "engines": experiment
                .engines
                .iter()
                .map(|e| json!({"name": e.name, "params": e.params}))
                .collect::<Vec<_>>(),
        });
        ShardProvenance {
            experiment_hash: experiment.file_hash.clone(),
            grid_hash: blake3::hash(canonical_json(&grid).as_bytes())
                .to_hex()
                .to_string(),
            engine_fingerprint: ENGINE_FINGERPRINT.to_string(),
            tasks: shard.tasks(&task_costs(experiment)),
        }
    }
}

impl Manifest {
    /// The manifest of a run of `experiment` (of one shard, if given),
    /// whose tables are of format `format_version`.
    pub fn new(experiment: &Experiment, shard: Option<Shard>, format_version: u32) -> Manifest {
        Manifest {
            name: experiment.name.clone(),
            question: experiment.question.clone(),
            experiment_file: experiment.file.display().to_string(),
            rules_file: experiment.rules_file.display().to_string(),
            version: VERSION.to_string(),
            format_version,
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
                    name: e.name.to_string(),
                    params: e.params.clone(),
                })
                .collect(),
            shard: shard.map(|s| s.to_string()),
            kind: ExperimentKind::default(),
            game: experiment.grid.game().word().map(str::to_string),
            params: Value::Null,
            rules_description: experiment.rules_description.clone(),
            notes: experiment.notes.clone(),
            answer: None,
            provenance: shard.map(|s| ShardProvenance::new(experiment, s)),
        }
    }
}
