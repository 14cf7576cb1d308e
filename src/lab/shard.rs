//! `--shard I/N`: a slice of the tasks, so that several machines (or the
//! tasks of a scheduler's job array) share one experiment. The tasks are
//! dealt out by estimated cost ([`super::cost`]), not by count, and the
//! deal depends on the experiment alone, so every machine computes the
//! same one.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count`: the tasks [`assign`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 0..count.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// This shard's tasks (in task order) out of tasks of the estimated
    /// `costs` (one per task, in task order); see [`assign`].
    ///
    /// ```
    /// use banluck_lab::lab::Shard;
    /// let shard: Shard = "1/2".parse().unwrap();
    /// // The costly task 0 alone on shard 0; the three cheap ones on shard 1.
    /// assert_eq!(shard.tasks(&[10.0, 1.0, 1.0, 1.0]), vec![1, 2, 3]);
    /// ```
    pub fn tasks(self, costs: &[f64]) -> Vec<usize> {
        let owner = assign(costs, self.count);
        (0..costs.len())
            .filter(|&t| owner[t] == self.index)
            .collect()
    }

    /// The folder name of this shard's outputs, e.g. `shard-0-of-4`.
    pub fn folder_name(self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

/// The shard of every task, for tasks of the estimated `costs` dealt to
/// `count` shards (at least one) by the longest-processing-time rule: the
/// tasks from the costliest down (ties by task number) each go to the shard
/// with the least cost so far (ties to the lowest shard). The result depends
/// on `costs` and `count` only; the costliest shard carries at most 4/3 of
/// the best possible maximum (Graham's bound), and never more than a
/// round-robin deal of the same tasks in the cases that matter: many cheap
/// tasks beside few costly ones.
pub fn assign(costs: &[f64], count: usize) -> Vec<usize> {
    let count = count.max(1);
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    let mut load = vec![0.0f64; count];
    let mut owner = vec![0; costs.len()];
    for task in order {
        let lightest = (0..count)
            .min_by(|&a, &b| load[a].total_cmp(&load[b]).then(a.cmp(&b)))
            .unwrap_or(0);
        load[lightest] += costs[task];
        owner[task] = lightest;
    }
    owner
}

/// The estimated cost carried by each of `count` shards under [`assign`].
pub fn shard_loads(costs: &[f64], count: usize) -> Vec<f64> {
    let mut load = vec![0.0; count.max(1)];
    for (task, shard) in assign(costs, count).into_iter().enumerate() {
        load[shard] += costs[task];
    }
    load
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `I/N` with `0 <= I < N`.
    ///
    /// ```
    /// use banluck_lab::lab::Shard;
    /// let shard: Shard = "1/4".parse().unwrap();
    /// assert_eq!((shard.index, shard.count), (1, 4));
    /// assert!("4/4".parse::<Shard>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{text}`: expected I/N with 0 <= I < N, e.g. 0/4, or `auto`");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_has_one_shard_and_the_deal_is_deterministic() {
        let costs: Vec<f64> = (0..37).map(|t| ((t * 7919) % 13) as f64 + 0.5).collect();
        let owner = assign(&costs, 5);
        assert_eq!(owner, assign(&costs, 5));
        let mut seen = vec![0; costs.len()];
        for index in 0..5 {
            for task in (Shard { index, count: 5 }).tasks(&costs) {
                seen[task] += 1;
                assert_eq!(owner[task], index);
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn equal_costs_spread_evenly_and_more_shards_than_tasks_leave_some_empty() {
        let loads = shard_loads(&[1.0; 10], 4);
        assert_eq!(loads, vec![3.0, 3.0, 2.0, 2.0]);
        assert_eq!(
            (Shard { index: 2, count: 3 }).tasks(&[1.0, 1.0]),
            Vec::<usize>::new()
        );
    }
}
