//! `banluck-lab cluster slurm|k8s EXPERIMENT`: the scheduler files that run
//! a grid experiment as shards (a Slurm job array, a Kubernetes Indexed
//! Job) and merge them into one output folder and report. The schedulers
//! do the distributing; these files only call `run --shard auto` and
//! `merge`.

use clap::Subcommand;

use crate::cli::CliError;
use crate::cli::lab::cluster_k8s::{K8sArgs, write_k8s};
use crate::cli::lab::cluster_plan::plan;
use crate::cli::lab::cluster_slurm::{SlurmArgs, write_slurm};

/// `cluster` subcommands.
#[derive(Debug, Subcommand)]
pub enum ClusterCommand {
    /// Write (and with --submit, submit) a Slurm job array of the shards
    /// and a merge-and-report job that waits for it.
    Slurm(SlurmArgs),
    /// Write a Kubernetes Indexed Job of the shards and a merge Job.
    K8s(K8sArgs),
}

/// Runs `cluster`.
pub fn run(command: ClusterCommand) -> Result<(), CliError> {
    match command {
        ClusterCommand::Slurm(args) => {
            let plan = plan(&args.plan)?;
            write_slurm(&plan, &args)
        }
        ClusterCommand::K8s(args) => {
            let plan = plan(&args.plan)?;
            write_k8s(&plan, &args)
        }
    }
}
