//! The experiment commands: run (and its shards), report, reports, merge and
//! cluster.

pub mod cluster;
pub mod cluster_out;
pub mod merge;
pub mod report;
pub mod reports;
pub mod run;
pub mod run_shard;
