//! How to run an experiment's tasks.

use super::shard::Shard;

/// How to run.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// Recompute every task even when the cache holds it.
    pub force: bool,
    /// Run only this shard's tasks.
    pub shard: Option<Shard>,
    /// Show progress bars (they hide themselves when stderr is not a
    /// terminal).
    pub progress: bool,
}
