//! What the Slurm and Kubernetes files of `banluck-lab cluster` share:
//! the flags, the experiment split into shards ([`Plan`]), and writing
//! and quoting helpers.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::CliError;
use crate::lab::{AnyExperiment, Experiment, Shard, load_any_experiment, task_costs};

/// What both schedulers' files share.
#[derive(Debug, Args)]
pub struct PlanArgs {
    /// The experiment file (a grid experiment).
    pub experiment: PathBuf,
    /// How many shards (default: one per task, at most 16).
    #[arg(long, value_name = "N")]
    pub shards: Option<usize>,
    /// At most this many shards at once (default: all).
    #[arg(long, value_name = "M")]
    pub max_parallel: Option<usize>,
    /// CPUs per shard (default: the most tasks any shard holds, which the
    /// runner computes in parallel, at most 32).
    #[arg(long, value_name = "C")]
    pub cpus: Option<usize>,
    /// The shared output root; shard I of N writes <DIR>/shard-I-of-N/ and
    /// the merge writes <DIR> (default: the experiment's output folder).
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Where to write the scheduler files (default: <output>/slurm or
    /// <output>/k8s).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Print JSON: the files written, the shards and CPUs, and the job ids
    /// when submitted.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// A grid experiment split into shards.
#[derive(Debug)]
pub struct Plan {
    /// The experiment.
    pub experiment: Experiment,
    /// The shard count.
    pub shards: usize,
    /// At most this many shards at once.
    pub max_parallel: Option<usize>,
    /// CPUs per shard: `--cpus`, else the most tasks any shard holds (the
    /// runner runs a shard's tasks in parallel), at most [`MAX_CPUS`].
    pub cpus: usize,
    /// The output root, as given or from the experiment.
    pub output: PathBuf,
}

/// The most CPUs a shard asks for.
pub const MAX_CPUS: usize = 32;
/// The most shards chosen when `--shards` is not given.
const DEFAULT_MAX_SHARDS: usize = 16;

impl Plan {
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

/// Loads the experiment and splits it.
pub fn plan(args: &PlanArgs) -> Result<Plan, CliError> {
    let experiment = match load_any_experiment(&args.experiment, &crate::studies::registry())
        .map_err(|e| CliError::input(e.to_string()))?
    {
        AnyExperiment::Grid(experiment) => *experiment,
        AnyExperiment::Study(_) => {
            return Err(CliError::input(format!(
                "{}: only grid experiments run in shards; run this one with `banluck-lab run`",
                args.experiment.display()
            )));
        }
    };
    let costs = task_costs(&experiment);
    let shards = args
        .shards
        .unwrap_or_else(|| costs.len().min(DEFAULT_MAX_SHARDS));
    if shards == 0 {
        return Err(CliError::input("--shards must be at least 1"));
    }
    if args.max_parallel == Some(0) {
        return Err(CliError::input("--max-parallel must be at least 1"));
    }
    if args.cpus == Some(0) {
        return Err(CliError::input("--cpus must be at least 1"));
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
    let cpus = args.cpus.unwrap_or(most_tasks);
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| experiment.output.clone());
    Ok(Plan {
        experiment,
        shards,
        max_parallel: args.max_parallel,
        cpus,
        output,
    })
}

/// `path` made absolute against the working directory.
pub fn absolute(path: &Path) -> Result<PathBuf, CliError> {
    std::path::absolute(path).map_err(|e| CliError::internal(format!("{}: {e}", path.display())))
}

/// `text` quoted for a POSIX shell.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Writes `text` to `dir/name` (creating `dir`; atomically, through
/// [`crate::atomic`]), naming the file on failure.
pub fn write_file(dir: &Path, name: &str, text: &str) -> Result<PathBuf, CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::internal(format!("{}: {e}", dir.display())))?;
    let path = dir.join(name);
    crate::atomic::write_atomic(&path, text.as_bytes())
        .map_err(|e| CliError::internal(format!("{}: {e}", path.display())))?;
    Ok(path)
}
