//! `cluster slurm`: `shards.sbatch` (a job array, one task per shard),
//! `merge.sbatch` (merge and report, after the whole array succeeded) and
//! `submit.sh` (both, chained with `--dependency=afterok:<array>`).

use std::path::Path;
use std::process::Command;

use clap::Args;

use crate::cli::CliError;
use crate::cli::lab::cluster_plan::{Plan, PlanArgs, absolute, shell_quote, write_file};
use crate::cli::output::{Output, print_json};

/// Arguments of `cluster slurm`.
#[derive(Debug, Args)]
pub struct SlurmArgs {
    /// The experiment, shards and output root.
    #[command(flatten)]
    pub plan: PlanArgs,
    /// The Slurm partition (default: the cluster's default).
    #[arg(long, value_name = "P")]
    pub partition: Option<String>,
    /// The time limit of each shard, as sbatch reads it (e.g. 2:00:00 or
    /// 1-12:00:00; default: the partition's).
    #[arg(long, value_name = "T")]
    pub time: Option<String>,
    /// The banluck-lab binary the jobs run (default: this one; it must be
    /// on a file system the compute nodes see).
    #[arg(long, value_name = "PATH")]
    pub binary: Option<std::path::PathBuf>,
    /// Submit the array and the merge job (`sbatch --parsable`) instead of
    /// only writing the scripts.
    #[arg(long)]
    pub submit: bool,
}

/// Whether `text` is a safe partition name (letters, digits, `_`, `-`,
/// `.`, and `,` between several).
fn partition_ok(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.,".contains(c))
}

/// Whether `text` reads as an sbatch time limit (digits, `:` and `-`, or
/// `infinite`/`UNLIMITED`).
fn time_ok(text: &str) -> bool {
    matches!(text, "infinite" | "UNLIMITED")
        || (text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || c == ':' || c == '-'))
}

/// The text of `shards.sbatch`.
pub fn shards_script(
    plan: &Plan,
    args: &SlurmArgs,
    binary: &str,
    exp: &str,
    root: &str,
    logs: &str,
) -> String {
    let name = &plan.experiment.name;
    let mut array = format!("0-{}", plan.shards - 1);
    if let Some(m) = plan.max_parallel {
        array.push_str(&format!("%{m}"));
    }
    let mut out = format!(
        "#!/bin/bash\n\
         # The {shards} shards of experiment `{name}`, one array task each; written by\n\
         # `banluck-lab cluster slurm`. Submit with submit.sh (it chains the merge job),\n\
         # or alone: sbatch shards.sbatch. Re-run failed shards: sbatch --array=<ids> shards.sbatch\n\
         #SBATCH --job-name=banluck-{name}\n\
         #SBATCH --array={array}\n\
         #SBATCH --cpus-per-task={cpus}\n\
         #SBATCH --output={logs}/%x-%A_%a.out\n",
        shards = plan.shards,
        cpus = plan.cpus,
    );
    if let Some(partition) = &args.partition {
        out.push_str(&format!("#SBATCH --partition={partition}\n"));
    }
    if let Some(time) = &args.time {
        out.push_str(&format!("#SBATCH --time={time}\n"));
    }
    out.push_str(&format!(
        "set -euo pipefail\n\
         # The shard comes from SLURM_ARRAY_TASK_ID; a shard run again resumes from\n\
         # the cache under the output root.\n\
         exec {binary} run {exp} --shard auto --shards {shards} --output {root} \\\n  \
         --jobs \"${{SLURM_CPUS_PER_TASK:-1}}\" --quiet\n",
        shards = plan.shards,
    ));
    out
}

/// The text of `merge.sbatch`.
pub fn merge_script(plan: &Plan, args: &SlurmArgs, binary: &str, root: &str, logs: &str) -> String {
    let name = &plan.experiment.name;
    let folders: Vec<String> = plan
        .shard_folders()
        .iter()
        .map(|f| format!("{root}/{f}"))
        .collect();
    let mut out = format!(
        "#!/bin/bash\n\
         # Merge the shards of `{name}` and render its report; submit.sh starts it\n\
         # after every array task succeeded (--dependency=afterok:<array>).\n\
         #SBATCH --job-name=banluck-{name}-merge\n\
         #SBATCH --cpus-per-task=1\n\
         #SBATCH --kill-on-invalid-dep=yes\n\
         #SBATCH --output={logs}/%x-%j.out\n"
    );
    if let Some(partition) = &args.partition {
        out.push_str(&format!("#SBATCH --partition={partition}\n"));
    }
    out.push_str(&format!(
        "set -euo pipefail\nexec {binary} merge --output {root} \\\n  {}\n",
        folders.join(" \\\n  ")
    ));
    out
}

/// The text of `submit.sh`.
fn submit_script() -> String {
    "#!/bin/bash\n\
     # Submit the shard array, then the merge job waiting for all of it.\n\
     set -euo pipefail\n\
     cd \"$(dirname \"$0\")\"\n\
     array=$(sbatch --parsable shards.sbatch)\n\
     array=${array%%;*}\n\
     merge=$(sbatch --parsable --dependency=afterok:\"$array\" merge.sbatch)\n\
     echo \"shards: job $array; merge: job ${merge%%;*}\"\n"
        .to_string()
}

/// Writes the scripts and submits them if asked.
pub fn write_slurm(plan: &Plan, args: &SlurmArgs) -> Result<(), CliError> {
    if let Some(p) = args.partition.as_deref().filter(|p| !partition_ok(p)) {
        return Err(CliError::input(format!(
            "--partition `{p}`: expected a partition name (letters, digits, _ - . and , between names)"
        )));
    }
    if let Some(t) = args.time.as_deref().filter(|t| !time_ok(t)) {
        return Err(CliError::input(format!(
            "--time `{t}`: expected an sbatch time limit such as 30, 2:00:00 or 1-12:00:00"
        )));
    }
    let root = absolute(&plan.output)?;
    let dir = absolute(&args.plan.dir.clone().unwrap_or_else(|| root.join("slurm")))?;
    let binary = match &args.binary {
        Some(path) => absolute(path)?,
        None => std::env::current_exe()
            .map_err(|e| CliError::internal(format!("cannot find this binary: {e}")))?,
    };
    let quote = |p: &Path| shell_quote(&p.display().to_string());
    let logs = dir.join("logs");
    let logs_text = logs.display().to_string();
    if logs_text.contains(char::is_whitespace) {
        return Err(CliError::input(format!(
            "{logs_text}: Slurm log paths cannot hold spaces: give --dir DIR without spaces"
        )));
    }
    let exp = quote(&absolute(&args.plan.experiment)?);
    let shards = shards_script(plan, args, &quote(&binary), &exp, &quote(&root), &logs_text);
    let merge = merge_script(plan, args, &quote(&binary), &quote(&root), &logs_text);
    std::fs::create_dir_all(&logs)
        .map_err(|e| CliError::internal(format!("{}: {e}", logs.display())))?;
    write_file(&dir, "shards.sbatch", &shards)?;
    write_file(&dir, "merge.sbatch", &merge)?;
    let submit = write_file(&dir, "submit.sh", &submit_script())?;
    let out = Output::new(args.plan.json, args.plan.quiet);
    let report = |jobs: serde_json::Value| {
        serde_json::json!({
            "experiment": plan.experiment.name,
            "scheduler": "slurm",
            "files": [dir.join("shards.sbatch"), dir.join("merge.sbatch"), &submit],
            "shards": plan.shards,
            "cpus": plan.cpus,
            "output": root,
            "jobs": jobs,
        })
    };
    if !args.submit {
        match out {
            Output::Json => return print_json(&report(serde_json::Value::Null)),
            Output::Quiet => return Ok(()),
            Output::Text => {}
        }
        print!("{shards}");
        println!();
        println!(
            "wrote {}/shards.sbatch, merge.sbatch and submit.sh ({} shards, {} CPUs each); submit with: bash {}",
            dir.display(),
            plan.shards,
            plan.cpus,
            submit.display()
        );
        return Ok(());
    }
    let array = sbatch(&dir, &[], "shards.sbatch")?;
    let merge_id = sbatch(
        &dir,
        &[format!("--dependency=afterok:{array}")],
        "merge.sbatch",
    )?;
    match out {
        Output::Json => {
            return print_json(&report(
                serde_json::json!({ "shards": array, "merge": merge_id }),
            ));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!(
        "shards: job {array} ({} array tasks); merge: job {merge_id}",
        plan.shards
    );
    println!(
        "outputs: {}/shard-I-of-{} and, merged, {}",
        root.display(),
        plan.shards,
        root.display()
    );
    Ok(())
}

/// Submits `script` in `dir` with `sbatch --parsable` and returns the job
/// id (without a `;cluster` suffix).
fn sbatch(dir: &Path, extra: &[String], script: &str) -> Result<String, CliError> {
    let out = Command::new("sbatch")
        .current_dir(dir)
        .arg("--parsable")
        .args(extra)
        .arg(script)
        .output()
        .map_err(|e| CliError::internal(format!("cannot run sbatch: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let id = stdout
        .trim()
        .split(';')
        .next()
        .unwrap_or_default()
        .to_string();
    if !out.status.success() || id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(CliError::internal(format!(
            "sbatch {script} failed: {}{}",
            stdout.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(id)
}
