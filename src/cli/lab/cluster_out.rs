//! What `cluster slurm` and `cluster k8s` print about the files written
//! (and the jobs submitted): text, JSON or nothing.

use serde_json::json;

use crate::cli::CliError;
use crate::cli::output::{Output, print_json};
use crate::lab::cluster::{ClusterPlan, K8sFiles, SlurmFiles, SlurmJobs};

/// Prints the Slurm scripts written, or the jobs submitted.
pub fn print_slurm(
    plan: &ClusterPlan,
    files: &SlurmFiles,
    jobs: Option<&SlurmJobs>,
    out: Output,
) -> Result<(), CliError> {
    match out {
        Output::Json => {
            return print_json(&json!({
                "experiment": plan.experiment.name,
                "scheduler": "slurm",
                "files": files.files,
                "shards": plan.shards,
                "cpus": plan.cpus,
                "output": files.root,
                "jobs": jobs,
            }));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    match jobs {
        None => {
            print!("{}", files.shards_script);
            println!();
            println!(
                "wrote {}/shards.sbatch, merge.sbatch and submit.sh ({} shards, {} CPUs each); submit with: bash {}",
                files.dir.display(),
                plan.shards,
                plan.cpus,
                files.files[2].display()
            );
        }
        Some(jobs) => {
            println!(
                "shards: job {} ({} array tasks); merge: job {}",
                jobs.shards, plan.shards, jobs.merge
            );
            println!(
                "outputs: {}/shard-I-of-{} and, merged, {}",
                files.root.display(),
                plan.shards,
                files.root.display()
            );
        }
    }
    Ok(())
}

/// Prints the Kubernetes manifests written and how to apply them.
pub fn print_k8s(plan: &ClusterPlan, files: &K8sFiles, out: Output) -> Result<(), CliError> {
    match out {
        Output::Json => {
            return print_json(&json!({
                "experiment": plan.experiment.name,
                "scheduler": "k8s",
                "files": [files.shards, files.merge],
                "shards": plan.shards,
                "cpus": plan.cpus,
                "output": plan.output,
                "job": files.job,
            }));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!(
        "wrote {} and {} ({} shards, {} CPUs each). Run them with:",
        files.shards.display(),
        files.merge.display(),
        plan.shards,
        plan.cpus
    );
    println!("  kubectl apply -f {}", files.shards.display());
    println!(
        "  kubectl wait --for=condition=complete --timeout=-1s job/{}",
        files.job
    );
    println!("  kubectl apply -f {}", files.merge.display());
    Ok(())
}
