//! Slurm: `shards.sbatch` (a job array, one task per shard), `merge.sbatch`
//! (merge and report, after the whole array succeeded) and `submit.sh`
//! (both, chained with `--dependency=afterok:<array>`).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::error::ClusterError;
use super::files::{absolute, shell_quote, write_file};
use super::plan::ClusterPlan;

/// The Slurm settings of the scripts.
#[derive(Debug, Clone, Default)]
pub struct SlurmOptions {
    /// The partition (default: the cluster's default).
    pub partition: Option<String>,
    /// The time limit of each shard, as sbatch reads it (default: the
    /// partition's).
    pub time: Option<String>,
    /// The banluck-lab binary the jobs run (default: the running one).
    pub binary: Option<PathBuf>,
    /// Where the scripts go (default: `<output>/slurm`).
    pub dir: Option<PathBuf>,
}

/// The scripts written.
#[derive(Debug)]
pub struct SlurmFiles {
    /// The folder holding them (absolute).
    pub dir: PathBuf,
    /// The output root (absolute).
    pub root: PathBuf,
    /// `shards.sbatch`, `merge.sbatch` and `submit.sh`, in that order.
    pub files: [PathBuf; 3],
    /// The text of `shards.sbatch`.
    pub shards_script: String,
}

/// The job ids of a submission.
#[derive(Debug, serde::Serialize)]
pub struct SlurmJobs {
    /// The shard array's job id.
    pub shards: String,
    /// The merge job's id.
    pub merge: String,
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
fn shards_script(
    plan: &ClusterPlan,
    options: &SlurmOptions,
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
    if let Some(partition) = &options.partition {
        out.push_str(&format!("#SBATCH --partition={partition}\n"));
    }
    if let Some(time) = &options.time {
        out.push_str(&format!("#SBATCH --time={time}\n"));
    }
    out.push_str(&format!(
        "set -euo pipefail\n\
         # The shard comes from SLURM_ARRAY_TASK_ID; a shard run again resumes from\n\
         # the cache under the output root.\n\
         exec {binary} run {exp} --shard auto --shards {shards} --out {root} \\\n  \
         --threads \"${{SLURM_CPUS_PER_TASK:-1}}\" --quiet\n",
        shards = plan.shards,
    ));
    out
}

/// The text of `merge.sbatch`.
fn merge_script(
    plan: &ClusterPlan,
    options: &SlurmOptions,
    binary: &str,
    root: &str,
    logs: &str,
) -> String {
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
    if let Some(partition) = &options.partition {
        out.push_str(&format!("#SBATCH --partition={partition}\n"));
    }
    out.push_str(&format!(
        "set -euo pipefail\nexec {binary} merge --out {root} \\\n  {}\n",
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

/// Writes `shards.sbatch`, `merge.sbatch` and `submit.sh` of `plan` (and
/// the folder of the jobs' logs).
///
/// # Errors
/// A partition or time limit sbatch would not read, a log folder with a
/// space (input); a file that cannot be written (internal).
pub fn write_slurm(plan: &ClusterPlan, options: &SlurmOptions) -> Result<SlurmFiles, ClusterError> {
    if let Some(p) = options.partition.as_deref().filter(|p| !partition_ok(p)) {
        return Err(ClusterError::Input(format!(
            "--partition `{p}`: expected a partition name (letters, digits, _ - . and , between names)"
        )));
    }
    if let Some(t) = options.time.as_deref().filter(|t| !time_ok(t)) {
        return Err(ClusterError::Input(format!(
            "--time `{t}`: expected an sbatch time limit such as 30, 2:00:00 or 1-12:00:00"
        )));
    }
    let root = absolute(&plan.output)?;
    let dir = absolute(&options.dir.clone().unwrap_or_else(|| root.join("slurm")))?;
    let binary = match &options.binary {
        Some(path) => absolute(path)?,
        None => std::env::current_exe()
            .map_err(|e| ClusterError::Internal(format!("cannot find this binary: {e}")))?,
    };
    let quote = |p: &Path| shell_quote(&p.display().to_string());
    let logs = dir.join("logs");
    let logs_text = logs.display().to_string();
    if logs_text.contains(char::is_whitespace) {
        return Err(ClusterError::Input(format!(
            "{logs_text}: Slurm log paths cannot hold spaces: give --files DIR without spaces"
        )));
    }
    let exp = quote(&absolute(&plan.experiment_file)?);
    let shards = shards_script(
        plan,
        options,
        &quote(&binary),
        &exp,
        &quote(&root),
        &logs_text,
    );
    let merge = merge_script(plan, options, &quote(&binary), &quote(&root), &logs_text);
    std::fs::create_dir_all(&logs)
        .map_err(|e| ClusterError::Internal(format!("{}: {e}", logs.display())))?;
    let shards_path = write_file(&dir, "shards.sbatch", &shards)?;
    let merge_path = write_file(&dir, "merge.sbatch", &merge)?;
    let submit = write_file(&dir, "submit.sh", &submit_script())?;
    Ok(SlurmFiles {
        dir,
        root,
        files: [shards_path, merge_path, submit],
        shards_script: shards,
    })
}

/// Submits the array of `files` and the merge job waiting for it
/// (`sbatch --parsable`).
///
/// # Errors
/// sbatch cannot be run or refuses a script (internal).
pub fn submit_slurm(files: &SlurmFiles) -> Result<SlurmJobs, ClusterError> {
    let shards = sbatch(&files.dir, &[], "shards.sbatch")?;
    let merge = sbatch(
        &files.dir,
        &[format!("--dependency=afterok:{shards}")],
        "merge.sbatch",
    )?;
    Ok(SlurmJobs { shards, merge })
}

/// Submits `script` in `dir` with `sbatch --parsable` and returns the job
/// id (without a `;cluster` suffix).
fn sbatch(dir: &Path, extra: &[String], script: &str) -> Result<String, ClusterError> {
    let out = Command::new("sbatch")
        .current_dir(dir)
        .arg("--parsable")
        .args(extra)
        .arg(script)
        .output()
        .map_err(|e| ClusterError::Internal(format!("cannot run sbatch: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let id = stdout
        .trim()
        .split(';')
        .next()
        .unwrap_or_default()
        .to_string();
    if !out.status.success() || id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(ClusterError::Internal(format!(
            "sbatch {script} failed: {}{}",
            stdout.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(id)
}
