//! A grid experiment split into shards for a scheduler: how many shards,
//! how many at once, the CPUs each asks for and the shared output root.

use std::path::PathBuf;

use super::error::ClusterError;
use crate::lab::{AnyExperiment, Experiment, Registry, Shard, load_any_experiment, task_costs};

/// What a cluster plan is asked for.
#[derive(Debug, Clone, Default)]
pub struct PlanRequest {
    /// The experiment file (a grid experiment).
    pub experiment: PathBuf,
    /// How many shards (default: one per task, at most 16).
    pub shards: Option<usize>,
    /// At most this many shards at once (default: all).
    pub max_parallel: Option<usize>,
    /// CPUs per shard (default: the most tasks any shard holds, at most
    /// [`MAX_CPUS`]).
    pub cpus: Option<usize>,
    /// The shared output root (default: the experiment's output folder).
    pub output: Option<PathBuf>,
}

/// A grid experiment split into shards.
#[derive(Debug)]
pub struct ClusterPlan {
    /// The experiment.
    pub experiment: Experiment,
    /// The experiment file, as given.
    pub experiment_file: PathBuf,
    /// The shard count.
    pub shards: usize,
    /// At most this many shards at once.
    pub max_parallel: Option<usize>,
    /// CPUs per shard: the request's, else the most tasks any shard holds
    /// (the runner runs a shard's tasks in parallel), at most [`MAX_CPUS`].
    pub cpus: usize,
    /// The output root, as given or from the experiment.
    pub output: PathBuf,
}

/// The most CPUs a shard asks for.
pub const MAX_CPUS: usize = 32;
/// The most shards chosen when the request gives no count.
const DEFAULT_MAX_SHARDS: usize = 16;

impl ClusterPlan {
    /// The names of every shard folder under the output root.
    pub fn shard_folders(&self) -> Vec<String> {
        (0..self.shards)
            .map(|index| {
                Shard {
                    index,
                    count: self.shards,
                }
                .folder_name()
            })
            .collect()
    }
}

/// Loads the experiment of `request` with the families and studies of
/// `registry` and splits it into shards.
///
/// # Errors
/// The experiment does not load or is not a grid experiment, or a count
/// of the request is zero (each naming the file or the option).
pub fn plan_shards(
    request: &PlanRequest,
    registry: &Registry,
) -> Result<ClusterPlan, ClusterError> {
    let experiment = match load_any_experiment(&request.experiment, registry)
        .map_err(|e| ClusterError::Input(e.to_string()))?
    {
        AnyExperiment::Grid(experiment) => *experiment,
        AnyExperiment::Study(_) => {
            return Err(ClusterError::Input(format!(
                "{}: only grid experiments run in shards; run this one with `banluck-lab run`",
                request.experiment.display()
            )));
        }
    };
    let costs = task_costs(&experiment);
    let shards = request
        .shards
        .unwrap_or_else(|| costs.len().min(DEFAULT_MAX_SHARDS));
    if shards == 0 {
        return Err(ClusterError::Input("--shards must be at least 1".into()));
    }
    if request.max_parallel == Some(0) {
        return Err(ClusterError::Input(
            "--max-parallel must be at least 1".into(),
        ));
    }
    if request.cpus == Some(0) {
        return Err(ClusterError::Input("--cpus must be at least 1".into()));
    }
    let most_tasks = (0..shards)
        .map(|index| {
            Shard {
                index,
                count: shards,
            }
            .tasks(&costs)
            .len()
        })
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_CPUS);
    let cpus = request.cpus.unwrap_or(most_tasks);
    let output = request
        .output
        .clone()
        .unwrap_or_else(|| experiment.output.clone());
    Ok(ClusterPlan {
        experiment,
        experiment_file: request.experiment.clone(),
        shards,
        max_parallel: request.max_parallel,
        cpus,
        output,
    })
}
