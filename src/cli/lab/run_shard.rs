//! `run --shard I/N|auto [--shards N]` and `run --dry-run`: which shard
//! this process runs, and the plan printed instead of running.

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

/// The plan of a run as JSON: the shard (`null` for the whole run), the
/// estimated cost, and every task with its variant, engine and cost.
pub fn dry_run_json(experiment: &Experiment, shard: Option<Shard>) -> serde_json::Value {
    let costs = task_costs(experiment);
    let tasks = planned_tasks(experiment, shard, &costs);
    serde_json::json!({
        "experiment": experiment.name,
        "shard": shard.map(|s| s.to_string()),
        "tasks_in_experiment": costs.len(),
        "cost": tasks.iter().map(|t| t.3).sum::<f64>(),
        "tasks": tasks
            .iter()
            .map(|(task, variant, engine, cost)| {
                serde_json::json!({ "task": task, "variant": variant, "engine": engine, "cost": cost })
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

/// The plan of a run: `shard I/N` (or the whole run), then every task of
/// it with its estimated cost.
pub fn dry_run(experiment: &Experiment, shard: Option<Shard>) -> String {
    let costs = task_costs(experiment);
    let tasks = planned_tasks(experiment, shard, &costs);
    let cost: f64 = tasks.iter().map(|t| t.3).sum();
    let mut out = match shard {
        Some(shard) => {
            let loads = shard_loads(&costs, shard.count);
            let heaviest = loads.iter().copied().fold(0.0, f64::max);
            format!(
                "shard {shard}: {} of {} tasks, estimated cost {cost:.1} (the heaviest shard {heaviest:.1}, all {:.1})\n",
                tasks.len(),
                costs.len(),
                loads.iter().sum::<f64>()
            )
        }
        None => format!(
            "whole run: {} tasks, estimated cost {cost:.1}\n",
            tasks.len()
        ),
    };
    for (task, variant, engine, cost) in tasks {
        out.push_str(&format!(
            "task {task}: variant `{variant}` by {engine} (cost {cost:.1})\n"
        ));
    }
    out.push_str("(dry run: nothing computed)\n");
    out
}
