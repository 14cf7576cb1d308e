//! `--shard I/N`: a slice of the tasks, so that several machines (or
//! sessions) share one experiment.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count`: the tasks `index`, `index + count`, ...
/// (tasks are numbered variant by variant, engine by engine, from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 0..count.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// Whether task `task` belongs to this shard.
    pub fn contains(self, task: usize) -> bool {
        task % self.count == self.index
    }

    /// The folder name of this shard's outputs, e.g. `shard-0-of-4`.
    pub fn folder_name(self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `I/N` with `0 <= I < N`.
    ///
    /// ```
    /// use banluck_lab::lab::Shard;
    /// let shard: Shard = "1/4".parse().unwrap();
    /// assert!(shard.contains(5) && !shard.contains(4));
    /// assert!("4/4".parse::<Shard>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{text}`: expected I/N with 0 <= I < N, e.g. 0/4");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
