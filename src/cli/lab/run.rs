//! `banluck-lab run EXPERIMENT`: every variant × engine of an experiment,
//! in parallel and cached, then the Parquet tables and the reports.

use std::path::PathBuf;

use clap::Args;

use crate::cli::CliError;
use crate::cli::common_args::admit;
use crate::cli::lab::run_shard::{dry_run, dry_run_json, planned_seconds, resolve_shard, run_name};
use crate::cli::output::{Output, print_json};
use crate::guard::Estimate;
use serde_json::json;
use std::time::Instant;

use crate::atomic::remove_stale_temporaries;
use crate::lab::{
    AnyExperiment, Cache, Experiment, RunOptions, Shard, ShardChoice, StudyRun,
    load_any_experiment, run_tasks,
};
use crate::report::{
    CONVERGENCE, HANDS, RUNS, STRATEGIES, render_output, write_csv_beside, write_outputs,
};

/// Arguments of `run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The experiment file, e.g. experiments/reveal.toml.
    pub experiment: PathBuf,
    /// Worker threads (default: one per core; at most 4 per core).
    #[arg(long = "threads", alias = "jobs", short_alias = 'j', value_name = "N", value_parser = crate::guard::parse_threads)]
    pub jobs: Option<usize>,
    /// Run even when the tasks' estimate is above 4 hours of CPU time
    /// (with --dry-run: print the plan of such a run).
    #[arg(long)]
    pub allow_long: bool,
    /// Recompute every task, ignoring (and refreshing) the cache.
    #[arg(long)]
    pub force: bool,
    /// Run only shard I of N (0 <= I < N; the tasks are dealt to shards by
    /// estimated cost) and write the outputs to <output>/shard-I-of-N/;
    /// join shards with `merge`. `auto`: the shard of this Slurm array task
    /// or Kubernetes Indexed Job pod, from its environment.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<ShardChoice>,
    /// The shard count for `--shard auto`: required with Kubernetes
    /// (JOB_COMPLETION_INDEX); with Slurm it lets re-submitted array ids
    /// (`sbatch --array=2,5`) name their shards.
    #[arg(long, value_name = "N")]
    pub shards: Option<usize>,
    /// Print the shard (`shard I/N`) and its tasks, and run nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// No progress bars and no summary: nothing but errors (with --json,
    /// only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print JSON: the output folder, the tasks run, cached and failed, the
    /// seconds and the headline (with --dry-run, the planned tasks).
    #[arg(long)]
    pub json: bool,
    /// The output folder, relative to the working directory (default: the
    /// experiment's `output` key, which is relative to the experiment file;
    /// without that key, reports/<name> under the working directory).
    #[arg(long = "out", alias = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// A folder with report.md.tera and/or report.html.tera replacing the
    /// built-in report templates.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Also write a CSV copy of each Parquet file beside it
    /// (`runs.csv` beside `runs.parquet`, ...).
    #[arg(long)]
    pub csv: bool,
}

/// Runs `run`.
pub fn run(args: RunArgs) -> Result<(), CliError> {
    let experiment = load_any_experiment(&args.experiment, &crate::studies::registry())
        .map_err(|e| CliError::input(e.to_string()))?;
    let threads = args.jobs.unwrap_or(0);
    let experiment = match experiment {
        AnyExperiment::Grid(experiment) => experiment,
        AnyExperiment::Study(study) => {
            return on_threads(threads, || run_other_kind(&args, study.as_ref()));
        }
    };
    let shard = resolve_shard(args.shard, args.shards)?;
    let what = format!("{} ({})", args.experiment.display(), run_name(shard));
    let estimate = Estimate::new(planned_seconds(&experiment, shard), 0);
    // The task costs count the engines' iteration caps, an upper bound,
    // not an expectation: they are checked against the limits and shown by
    // --dry-run, but a run prints no note (its progress bars show the work).
    admit(&what, &estimate, threads, args.allow_long, true)?;
    if args.dry_run {
        return print_dry_run(&args, &experiment, shard);
    }
    on_threads(threads, || run_grid(&args, &experiment, shard))
}

/// Runs `work` on a pool of `threads` worker threads (0: one per core).
fn on_threads(
    threads: usize,
    work: impl FnOnce() -> Result<(), CliError> + Send,
) -> Result<(), CliError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::internal(format!("cannot start the worker threads: {e}")))?;
    pool.install(work)
}

/// `--dry-run`: the plan, as JSON, text or nothing.
fn print_dry_run(
    args: &RunArgs,
    experiment: &Experiment,
    shard: Option<Shard>,
) -> Result<(), CliError> {
    match Output::new(args.json, args.quiet) {
        Output::Json => print_json(&dry_run_json(experiment, shard)),
        Output::Text => {
            print!("{}", dry_run(experiment, shard));
            Ok(())
        }
        Output::Quiet => Ok(()),
    }
}

/// Runs the tasks of a grid experiment (of `shard`), then writes its
/// tables and reports.
fn run_grid(args: &RunArgs, experiment: &Experiment, shard: Option<Shard>) -> Result<(), CliError> {
    let out = Output::new(args.json, args.quiet);
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| experiment.output.clone());
    let cache = Cache::new(&output);
    // Temporary files of a killed earlier run are never read; clear them.
    remove_stale_temporaries(&output);
    cache.remove_stale_temporaries();
    let options = RunOptions {
        force: args.force,
        shard,
        progress: !args.quiet,
    };
    let outcome = run_tasks(experiment, &cache, &options);
    let summary = |headline: Option<&Vec<String>>, folder: &std::path::Path| {
        json!({
            "experiment": experiment.name,
            "kind": "grid",
            "output": folder,
            "shard": shard.map(|s| s.to_string()),
            "tasks": {
                "total": outcome.results.len() + outcome.failures.len(),
                "computed": outcome.computed(),
                "cached": outcome.cached(),
                "failed": outcome.failures.len(),
            },
            "failures": outcome.failures.iter().map(|f| json!({
                "variant": f.variant, "engine": f.engine, "message": f.message,
            })).collect::<Vec<_>>(),
            "seconds": outcome.seconds,
            "variants": experiment.variants.len(),
            "engines": experiment.engines.iter().map(|e| e.name).collect::<Vec<_>>(),
            "headline": headline,
        })
    };
    if !outcome.failures.is_empty() {
        if out.json() {
            print_json(&summary(None, &output))?;
        }
        let lines: Vec<String> = outcome
            .failures
            .iter()
            .map(|f| format!("variant `{}` by {}: {}", f.variant, f.engine, f.message))
            .collect();
        return Err(CliError::internal(format!(
            "{} of {} tasks failed (the others are cached; run again to retry):\n{}",
            lines.len(),
            lines.len() + outcome.results.len(),
            lines.join("\n")
        )));
    }
    let folder = match shard {
        Some(shard) => output.join(shard.folder_name()),
        None => output.clone(),
    };
    let manifest = write_outputs(&folder, experiment, &outcome.results, shard)
        .map_err(|e| CliError::internal(e.to_string()))?;
    csv_if_asked(args, &folder)?;
    let headline = match shard {
        Some(_) => {
            manifest
                .write(&folder)
                .map_err(|e| CliError::internal(e.to_string()))?;
            None
        }
        None => Some(
            render_output(
                &folder,
                manifest,
                args.templates.as_deref(),
                &crate::studies::registry(),
            )
            .map_err(|e| CliError::internal(e.to_string()))?,
        ),
    };
    match out {
        Output::Json => return print_json(&summary(headline.as_ref(), &folder)),
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!(
        "{}: {} tasks ({} computed, {} from the cache) in {:.2} s, {} variants × {} engines",
        experiment.name,
        outcome.results.len(),
        outcome.computed(),
        outcome.cached(),
        outcome.seconds,
        experiment.variants.len(),
        experiment.engines.len(),
    );
    match headline {
        Some(headline) => {
            println!(
                "wrote {} ({}, report.md, report.html)",
                folder.display(),
                grid_tables(experiment).join(", ")
            );
            print_answer(&headline, &folder);
        }
        None => println!(
            "wrote shard outputs to {}; join the shards with `banluck-lab merge {}/shard-*`",
            folder.display(),
            output.display()
        ),
    }
    Ok(())
}

/// The Parquet tables a grid run writes (timings aside), in the order the
/// README lists them: `hands.parquet` for a family whose engines also
/// report single hands (Banluck).
fn grid_tables(experiment: &Experiment) -> Vec<&'static str> {
    let hands = experiment.grid.columns().hand_column.is_some();
    [RUNS, STRATEGIES]
        .into_iter()
        .chain(hands.then_some(HANDS))
        .chain([CONVERGENCE])
        .collect()
}

/// With `--csv`, writes a CSV copy beside each Parquet file of `folder`.
fn csv_if_asked(args: &RunArgs, folder: &std::path::Path) -> Result<(), CliError> {
    if args.csv {
        write_csv_beside(folder).map_err(|e| CliError::internal(e.to_string()))?;
    }
    Ok(())
}

/// Runs an experiment of a study's kind (rotation, compare, ...): computed
/// in one go (no shards), then its tables, reports and manifest.
fn run_other_kind(args: &RunArgs, experiment: &dyn StudyRun) -> Result<(), CliError> {
    if args.shard.is_some() || args.shards.is_some() || args.dry_run {
        return Err(CliError::input(format!(
            "{}: --shard, --shards and --dry-run are for grid experiments; rotation and compare experiments run whole",
            args.experiment.display()
        )));
    }
    let header = experiment.header();
    let folder = args.output.clone().unwrap_or_else(|| header.output.clone());
    let started = Instant::now();
    let options = RunOptions {
        force: args.force,
        shard: None,
        progress: !args.quiet,
    };
    let outcome = experiment
        .run(&folder, &options)
        .map_err(CliError::internal)?;
    csv_if_asked(args, &folder)?;
    let seconds = started.elapsed().as_secs_f64();
    let tables = outcome.tables.join(", ");
    let headline = render_output(
        &folder,
        outcome.manifest,
        args.templates.as_deref(),
        &crate::studies::registry(),
    )
    .map_err(|e| CliError::internal(e.to_string()))?;
    match Output::new(args.json, args.quiet) {
        Output::Json => {
            return print_json(&json!({
                "experiment": header.name,
                "kind": experiment.kind(),
                "output": folder,
                "tables": tables,
                "seconds": seconds,
                "headline": headline,
            }));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!("{}: computed in {seconds:.2} s", header.name);
    println!(
        "wrote {} ({tables}, manifest.json, report.md, report.html)",
        folder.display()
    );
    print_answer(&headline, &folder);
    Ok(())
}

/// The report's answer (the headline's first entry) after a blank line,
/// then where the other findings are.
fn print_answer(headline: &[String], folder: &std::path::Path) {
    println!();
    if let Some(answer) = headline.first() {
        println!("{answer}");
    }
    if headline.len() > 1 {
        println!();
        println!(
            "{} in {}",
            crate::report::numbers::plural(headline.len() as i64 - 1, "more finding", None),
            folder.join("report.md").display()
        );
    }
}
