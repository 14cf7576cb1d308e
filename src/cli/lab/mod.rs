//! The experiment commands: run (and its shards), report, reports, merge and
//! cluster.

pub mod cluster;
pub mod cluster_k8s;
pub mod cluster_plan;
pub mod cluster_slurm;
pub mod merge;
pub mod report;
pub mod reports;
pub mod run;
pub mod run_shard;
