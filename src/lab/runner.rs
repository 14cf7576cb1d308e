//! Running an experiment's tasks (every variant × engine) in parallel, each
//! answered from the cache when it can be: by an entry for exactly its key
//! whose output fits the family's declared columns
//! ([`super::output_check`]); any other is computed again.

use std::time::Instant;

use rayon::prelude::*;

use super::cache::{Cache, CacheKey};
use super::cost::task_costs;
use super::experiment::Experiment;
use super::options::RunOptions;
use super::output_check::check_output;
use super::progress::Progress;
use super::record::TaskOutput;

/// The result of one task.
#[derive(Debug, Clone)]
pub struct TaskResult {
    /// The task's number: `variant * engines + engine`.
    pub task: usize,
    /// Index into [`Experiment::variants`].
    pub variant: usize,
    /// Index into [`Experiment::engines`].
    pub engine: usize,
    /// What the result was computed from.
    pub key: CacheKey,
    /// The engine's output.
    pub output: TaskOutput,
    /// Whether it came from the cache.
    pub cached: bool,
}

/// A task that failed (its engine or its cache write).
#[derive(Debug, Clone, PartialEq)]
pub struct TaskFailure {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// What went wrong.
    pub message: String,
}

/// Everything a run produced, in task order.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    /// Successful tasks, in task order.
    pub results: Vec<TaskResult>,
    /// Failed tasks.
    pub failures: Vec<TaskFailure>,
    /// Tasks in the experiment (all shards).
    pub total_tasks: usize,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
}

impl RunOutcome {
    /// Tasks computed in this run.
    pub fn computed(&self) -> usize {
        self.results.iter().filter(|r| !r.cached).count()
    }

    /// Tasks answered from the cache.
    pub fn cached(&self) -> usize {
        self.results.iter().filter(|r| r.cached).count()
    }
}

/// Runs the experiment's tasks (those of `options.shard`, or all) on the
/// current rayon pool, reading and filling `cache`.
pub fn run_tasks(experiment: &Experiment, cache: &Cache, options: &RunOptions) -> RunOutcome {
    let started = Instant::now();
    let engines = experiment.engines.len();
    let total_tasks = experiment.variants.len() * engines;
    let tasks: Vec<usize> = match options.shard {
        Some(shard) => shard.tasks(&task_costs(experiment)),
        None => (0..total_tasks).collect(),
    };
    let per_engine: Vec<(&str, usize)> = experiment
        .engines
        .iter()
        .enumerate()
        .map(|(e, engine)| {
            let n = tasks.iter().filter(|&&t| t % engines == e).count();
            (engine.name, n)
        })
        .collect();
    let progress = Progress::new(options.progress, tasks.len(), &per_engine);
    let done: Vec<Result<TaskResult, TaskFailure>> = tasks
        .par_iter()
        .map(|&task| {
            let result = run_task(experiment, cache, options.force, task);
            progress.task_done(task % engines);
            result
        })
        .collect();
    progress.finish();
    let mut results = Vec::with_capacity(done.len());
    let mut failures = Vec::new();
    for outcome in done {
        match outcome {
            Ok(result) => results.push(result),
            Err(failure) => failures.push(failure),
        }
    }
    RunOutcome {
        results,
        failures,
        total_tasks,
        seconds: started.elapsed().as_secs_f64(),
    }
}

fn run_task(
    experiment: &Experiment,
    cache: &Cache,
    force: bool,
    task: usize,
) -> Result<TaskResult, TaskFailure> {
    let engines = experiment.engines.len();
    let (variant, engine) = (task / engines, task % engines);
    let solver = &experiment.engines[engine];
    let key = CacheKey::new(
        &experiment.variants[variant].rules_hash,
        solver.name,
        solver.params.clone(),
    );
    let result = |output, cached| TaskResult {
        task,
        variant,
        engine,
        key: key.clone(),
        output,
        cached,
    };
    let grid = &experiment.grid;
    if !force
        && let Some(output) = cache.get(&key)
        && check_output(&output, &grid.columns(), grid.convergence_columns()).is_ok()
    {
        return Ok(result(output, true));
    }
    let failure = |message: String| TaskFailure {
        variant: experiment.variants[variant].name.clone(),
        engine: solver.name.to_string(),
        message,
    };
    let output = experiment.grid.run(variant, engine).map_err(failure)?;
    cache
        .put(&key, &output)
        .map_err(|e| failure(format!("cannot write the cache: {e}")))?;
    Ok(result(output, false))
}
