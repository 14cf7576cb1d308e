//! `run --shard I/N|auto [--shards N]` and `run --dry-run`: which shard
//! this process runs, and the plan printed instead of running.

use crate::guard::calibration::SECONDS_PER_TASK_COST;
use crate::guard::format_seconds;
use crate::lab::{Experiment, Shard, ShardChoice, shard_from_env, shard_loads, task_costs};

use crate::cli::CliError;

/// The shard to run: none, the one given, or the scheduler's (`auto`).
///
/// # Errors
/// `--shards` without `--shard auto` or against its `I/N`, and a missing
/// or contradictory scheduler variable (named): bad input, exit code 2.
pub fn resolve_shard(
    choice: Option<ShardChoice>,
    shards: Option<usize>,
) -> Result<Option<Shard>, CliError> {
    match (choice, shards) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(CliError::input(
            "--shards N goes with --shard auto (the count of a Kubernetes Indexed Job, or of a Slurm array)",
        )),
        (Some(ShardChoice::Fixed(shard)), Some(n)) if n != shard.count => Err(CliError::input(
            format!("--shards {n} contradicts --shard {shard}"),
        )),
        (Some(ShardChoice::Fixed(shard)), _) => Ok(Some(shard)),
        (Some(ShardChoice::Auto), shards) => {
            shard_from_env(|name| std::env::var(name).ok(), shards)
                .map(Some)
                .map_err(|e| CliError::input(e.to_string()))
        }
    }
}

/// The CPU seconds the tasks of `shard` (or all) are estimated to take
/// ([`task_costs`] in seconds).
pub fn planned_seconds(experiment: &Experiment, shard: Option<Shard>) -> f64 {
    let costs = task_costs(experiment);
    planned_tasks(experiment, shard, &costs)
        .iter()
        .map(|t| t.3 * SECONDS_PER_TASK_COST)
        .sum()
}

/// `shard I/N` or `whole run`.
pub fn run_name(shard: Option<Shard>) -> String {
    shard.map_or("whole run".to_string(), |s| format!("shard {s}"))
}

/// The plan of a run as JSON: the shard (`null` for the whole run), the
/// estimated cost (in the runner's units and in CPU seconds), and every
/// task with its variant, engine and cost.
pub fn dry_run_json(experiment: &Experiment, shard: Option<Shard>) -> serde_json::Value {
    let costs = task_costs(experiment);
    let tasks = planned_tasks(experiment, shard, &costs);
    let cost = tasks.iter().map(|t| t.3).sum::<f64>();
    serde_json::json!({
        "experiment": experiment.name,
        "shard": shard.map(|s| s.to_string()),
        "tasks_in_experiment": costs.len(),
        "cost": cost,
        "cpu_seconds": cost * SECONDS_PER_TASK_COST,
        "tasks": tasks
            .iter()
            .map(|(task, variant, engine, cost)| {
                serde_json::json!({
                    "task": task, "variant": variant, "engine": engine, "cost": cost,
                    "cpu_seconds": cost * SECONDS_PER_TASK_COST,
                })
            })
            .collect::<Vec<_>>(),
    })
}

/// The tasks of `shard` (or all): index, variant name, engine name, cost.
fn planned_tasks(
    experiment: &Experiment,
    shard: Option<Shard>,
    costs: &[f64],
) -> Vec<(usize, String, String, f64)> {
    let engines = experiment.engines.len();
    let tasks: Vec<usize> = match shard {
        Some(shard) => shard.tasks(costs),
        None => (0..costs.len()).collect(),
    };
    tasks
        .into_iter()
        .map(|task| {
            (
                task,
                experiment.variants[task / engines].name.clone(),
                experiment.engines[task % engines].name.to_string(),
                costs[task],
            )
        })
        .collect()
}

/// Cost units as CPU time in words.
fn cpu(cost: f64) -> String {
    format_seconds(cost * SECONDS_PER_TASK_COST)
}

/// The plan of a run: `shard I/N` (or the whole run) with its estimated
/// CPU time, then every task of it with its own.
pub fn dry_run(experiment: &Experiment, shard: Option<Shard>) -> String {
    let costs = task_costs(experiment);
    let tasks = planned_tasks(experiment, shard, &costs);
    let cost: f64 = tasks.iter().map(|t| t.3).sum();
    let mut out = match shard {
        Some(shard) => {
            let loads = shard_loads(&costs, shard.count);
            let heaviest = loads.iter().copied().fold(0.0, f64::max);
            format!(
                "shard {shard}: {} of {} tasks, estimated {} of CPU time (the heaviest shard {}, all {})\n",
                tasks.len(),
                costs.len(),
                cpu(cost),
                cpu(heaviest),
                cpu(loads.iter().sum::<f64>())
            )
        }
        None => format!(
            "whole run: {} tasks, estimated {} of CPU time\n",
            tasks.len(),
            cpu(cost)
        ),
    };
    for (task, variant, engine, cost) in tasks {
        out.push_str(&format!(
            "task {task}: variant `{variant}` by {engine} ({})\n",
            cpu(cost)
        ));
    }
    out.push_str("(dry run: nothing computed)\n");
    out
}
