//! `banluck-lab cluster slurm|k8s EXPERIMENT`: the flags of the scheduler
//! files that run a grid experiment as shards; the plan and the files
//! come from [`crate::lab::cluster`], the printing from
//! [`super::cluster_out`].

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::cluster_out::{print_k8s, print_slurm};
use crate::cli::CliError;
use crate::cli::output::Output;
use crate::lab::cluster::{
    ClusterError, K8sOptions, PlanRequest, SlurmOptions, plan_shards, submit_slurm, write_k8s,
    write_slurm,
};

/// `cluster` subcommands.
#[derive(Debug, Subcommand)]
pub enum ClusterCommand {
    /// Write (and with --submit, submit) a Slurm job array of the shards
    /// and a merge-and-report job that waits for it.
    Slurm(SlurmArgs),
    /// Write a Kubernetes Indexed Job of the shards and a merge Job.
    K8s(K8sArgs),
}

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
    #[arg(long = "out", alias = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Where to write the scheduler files (default: <out>/slurm or
    /// <out>/k8s).
    #[arg(long = "files", alias = "dir", value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Print JSON: the files written, the shards and CPUs, and the job ids
    /// when submitted.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl PlanArgs {
    /// How the result is printed.
    fn output(&self) -> Output {
        Output::new(self.json, self.quiet)
    }

    /// The plan request of these flags.
    fn request(&self) -> PlanRequest {
        PlanRequest {
            experiment: self.experiment.clone(),
            shards: self.shards,
            max_parallel: self.max_parallel,
            cpus: self.cpus,
            output: self.output.clone(),
        }
    }
}

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
    pub binary: Option<PathBuf>,
    /// Submit the array and the merge job (`sbatch --parsable`) instead of
    /// only writing the scripts.
    #[arg(long)]
    pub submit: bool,
}

/// Arguments of `cluster k8s`.
#[derive(Debug, Args)]
pub struct K8sArgs {
    /// The experiment, shards and output root (paths as the container
    /// sees them, relative to --mount).
    #[command(flatten)]
    pub plan: PlanArgs,
    /// The container image holding banluck-lab on its PATH.
    #[arg(long, default_value = concat!("banluck-lab:", env!("CARGO_PKG_VERSION")))]
    pub image: String,
    /// The PersistentVolumeClaim holding the experiment, its rules and the
    /// output root (shared by every pod: ReadWriteMany).
    #[arg(long, default_value = "banluck-lab-work")]
    pub claim: String,
    /// Where the claim is mounted, and the working directory.
    #[arg(long, default_value = "/work")]
    pub mount: String,
}

impl From<ClusterError> for CliError {
    fn from(error: ClusterError) -> Self {
        match error {
            ClusterError::Input(message) => CliError::input(message),
            ClusterError::Internal(message) => CliError::internal(message),
        }
    }
}

/// Runs `cluster`.
pub fn run(command: ClusterCommand) -> Result<(), CliError> {
    match command {
        ClusterCommand::Slurm(args) => {
            let plan = plan_shards(&args.plan.request(), &crate::studies::registry())?;
            let options = SlurmOptions {
                partition: args.partition.clone(),
                time: args.time.clone(),
                binary: args.binary.clone(),
                dir: args.plan.dir.clone(),
            };
            let files = write_slurm(&plan, &options)?;
            let jobs = if args.submit {
                Some(submit_slurm(&files)?)
            } else {
                None
            };
            print_slurm(&plan, &files, jobs.as_ref(), args.plan.output())
        }
        ClusterCommand::K8s(args) => {
            let plan = plan_shards(&args.plan.request(), &crate::studies::registry())?;
            let options = K8sOptions {
                image: args.image.clone(),
                claim: args.claim.clone(),
                mount: args.mount.clone(),
                dir: args.plan.dir.clone(),
            };
            let files = write_k8s(&plan, &options)?;
            print_k8s(&plan, &files, args.plan.output())
        }
    }
}
