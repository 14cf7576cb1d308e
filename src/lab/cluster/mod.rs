//! The scheduler files that run a grid experiment as shards on a cluster:
//! the split into shards ([`ClusterPlan`]), a Slurm job array with a
//! merge-and-report job ([`write_slurm`], [`submit_slurm`]) and a Kubernetes
//! Indexed Job with a merge Job ([`write_k8s`]). The schedulers do the
//! distributing; these files only call `run --shard auto` and `merge`.

mod error;
mod files;
mod k8s;
mod plan;
mod slurm;

pub use error::ClusterError;
pub use k8s::{K8sFiles, K8sOptions, write_k8s};
pub use plan::{ClusterPlan, MAX_CPUS, PlanRequest, plan_shards};
pub use slurm::{SlurmFiles, SlurmJobs, SlurmOptions, submit_slurm, write_slurm};
