//! `--shard auto`: the shard of this process, read from the scheduler's
//! environment. Slurm job arrays set `SLURM_ARRAY_TASK_ID` with
//! `SLURM_ARRAY_TASK_COUNT`, `_MIN`, `_MAX` and `_STEP`; Kubernetes
//! Indexed Jobs set `JOB_COMPLETION_INDEX` (the count is `--shards N`).

use std::fmt;
use std::str::FromStr;

use super::shard::Shard;

/// What `--shard` names: one shard, or the one the scheduler's
/// environment gives (`auto`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardChoice {
    /// `I/N`.
    Fixed(Shard),
    /// `auto`: see [`shard_from_env`].
    Auto,
}

impl FromStr for ShardChoice {
    type Err = String;

    /// Parses `auto` or `I/N`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.trim() == "auto" {
            return Ok(ShardChoice::Auto);
        }
        text.parse().map(ShardChoice::Fixed)
    }
}

/// Why the environment names no shard: the variable (or flag) at fault and
/// what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardEnvError {
    /// The environment variable or flag named, e.g. `SLURM_ARRAY_TASK_COUNT`.
    pub variable: String,
    /// What is wrong and what to do.
    pub message: String,
}

impl fmt::Display for ShardEnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--shard auto: {}: {}", self.variable, self.message)
    }
}

impl std::error::Error for ShardEnvError {}

fn error(variable: &str, message: impl Into<String>) -> ShardEnvError {
    ShardEnvError {
        variable: variable.to_string(),
        message: message.into(),
    }
}

/// The shard named by the environment `get` (a lookup such as
/// `std::env::var`), with `shards` the count given by `--shards N`.
///
/// * Slurm: shard `(ID - MIN) / STEP` of `COUNT`, so that `--array=0-5`,
///   `--array=5-9` and `--array=0-10:2` all give shards `0..COUNT`; the
///   array must be regular (`MAX = MIN + (COUNT - 1) * STEP`). With
///   `--shards N` as well, an array of N tasks maps the same way, and an
///   array of fewer tasks (some shards submitted again, e.g.
///   `sbatch --array=1,4`) takes `ID` as the shard itself.
/// * Kubernetes: shard `JOB_COMPLETION_INDEX` of `--shards N`.
///
/// ```
/// use banluck_lab::lab::shard_from_env;
/// let env = |name: &str| match name {
///     "SLURM_ARRAY_TASK_ID" => Some("7".to_string()),
///     "SLURM_ARRAY_TASK_COUNT" => Some("5".to_string()),
///     "SLURM_ARRAY_TASK_MIN" => Some("5".to_string()),
///     "SLURM_ARRAY_TASK_MAX" => Some("9".to_string()),
///     "SLURM_ARRAY_TASK_STEP" => Some("1".to_string()),
///     _ => None,
/// };
/// assert_eq!(shard_from_env(env, None).unwrap().to_string(), "2/5");
/// ```
///
/// # Errors
/// A missing, unreadable or contradictory variable, named.
pub fn shard_from_env(
    get: impl Fn(&str) -> Option<String>,
    shards: Option<usize>,
) -> Result<Shard, ShardEnvError> {
    if shards == Some(0) {
        return Err(error("--shards", "must be at least 1"));
    }
    let slurm = get("SLURM_ARRAY_TASK_ID");
    let k8s = get("JOB_COMPLETION_INDEX");
    match (slurm, k8s) {
        (Some(_), Some(_)) => Err(error(
            "SLURM_ARRAY_TASK_ID",
            "set together with JOB_COMPLETION_INDEX: run under one scheduler, or give --shard I/N",
        )),
        (None, None) => Err(error(
            "SLURM_ARRAY_TASK_ID",
            "not set, and neither is JOB_COMPLETION_INDEX: run as a Slurm array task \
             (sbatch --array) or a Kubernetes Indexed Job, or give --shard I/N",
        )),
        (None, Some(index)) => {
            let index = number("JOB_COMPLETION_INDEX", &index)?;
            let Some(count) = shards else {
                return Err(error(
                    "--shards",
                    "missing: JOB_COMPLETION_INDEX gives the shard, --shards N (the Job's completions) the count",
                ));
            };
            if index >= count {
                return Err(error(
                    "JOB_COMPLETION_INDEX",
                    format!("{index} is not below --shards {count}"),
                ));
            }
            Ok(Shard { index, count })
        }
        (Some(id), None) => slurm_shard(&get, number("SLURM_ARRAY_TASK_ID", &id)?, shards),
    }
}

fn slurm_shard(
    get: &impl Fn(&str) -> Option<String>,
    id: usize,
    shards: Option<usize>,
) -> Result<Shard, ShardEnvError> {
    let required = |name: &str| match get(name) {
        Some(value) => number(name, &value),
        None => Err(error(
            name,
            "not set, though SLURM_ARRAY_TASK_ID is (Slurm sets both in an array task)",
        )),
    };
    let count = required("SLURM_ARRAY_TASK_COUNT")?;
    let min = required("SLURM_ARRAY_TASK_MIN")?;
    let max = required("SLURM_ARRAY_TASK_MAX")?;
    let step = match get("SLURM_ARRAY_TASK_STEP") {
        Some(value) => number("SLURM_ARRAY_TASK_STEP", &value)?,
        None => 1,
    };
    if count == 0 || step == 0 {
        let name = if count == 0 {
            "SLURM_ARRAY_TASK_COUNT"
        } else {
            "SLURM_ARRAY_TASK_STEP"
        };
        return Err(error(name, "must be at least 1"));
    }
    if id < min || id > max {
        return Err(error(
            "SLURM_ARRAY_TASK_ID",
            format!("{id} lies outside SLURM_ARRAY_TASK_MIN..MAX = {min}..{max}"),
        ));
    }
    let regular = min.checked_add((count - 1).saturating_mul(step)) == Some(max)
        && (id - min).is_multiple_of(step);
    match shards {
        Some(n) if count > n => Err(error(
            "SLURM_ARRAY_TASK_COUNT",
            format!("{count} array tasks for --shards {n}: give as many shards as tasks"),
        )),
        Some(n) if count < n => {
            // Some shards submitted again: the task id is the shard.
            if id >= n {
                return Err(error(
                    "SLURM_ARRAY_TASK_ID",
                    format!(
                        "{id} is not below --shards {n}: when re-submitting some shards, \
                         the array ids are the shard numbers 0..{n}"
                    ),
                ));
            }
            Ok(Shard {
                index: id,
                count: n,
            })
        }
        _ if !regular => Err(error(
            "SLURM_ARRAY_TASK_MAX",
            format!(
                "{max} with SLURM_ARRAY_TASK_MIN {min}, _STEP {step} and _COUNT {count}: \
                 not a regular array (MIN, MIN+STEP, ..., MAX); give --shards N to take \
                 the array ids as shard numbers"
            ),
        )),
        _ => Ok(Shard {
            index: (id - min) / step,
            count,
        }),
    }
}

fn number(name: &str, value: &str) -> Result<usize, ShardEnvError> {
    value
        .trim()
        .parse()
        .map_err(|_| error(name, format!("`{value}` is not a whole number >= 0")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    fn array(
        id: usize,
        min: usize,
        max: usize,
        step: usize,
        count: usize,
    ) -> Vec<(String, String)> {
        [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", min),
            ("SLURM_ARRAY_TASK_MAX", max),
            ("SLURM_ARRAY_TASK_STEP", step),
            ("SLURM_ARRAY_TASK_COUNT", count),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }

    fn slurm(
        id: usize,
        min: usize,
        max: usize,
        step: usize,
        count: usize,
        shards: Option<usize>,
    ) -> Result<String, String> {
        let vars = array(id, min, max, step, count);
        let refs: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        shard_from_env(env(&refs), shards)
            .map(|s| s.to_string())
            .map_err(|e| e.variable)
    }

    #[test]
    fn plain_offset_and_stepped_arrays_map_to_shards_from_zero() {
        assert_eq!(slurm(3, 0, 5, 1, 6, None), Ok("3/6".into()));
        assert_eq!(slurm(5, 5, 9, 1, 5, None), Ok("0/5".into()));
        assert_eq!(slurm(9, 5, 9, 1, 5, None), Ok("4/5".into()));
        assert_eq!(slurm(6, 0, 10, 2, 6, None), Ok("3/6".into()));
        assert_eq!(slurm(13, 1, 13, 3, 5, Some(5)), Ok("4/5".into()));
    }

    #[test]
    fn re_submitted_shards_keep_their_numbers_under_shards_n() {
        // `sbatch --array=1,4` of a 6-shard job.
        assert_eq!(slurm(4, 1, 4, 3, 2, Some(6)), Ok("4/6".into()));
        assert_eq!(slurm(2, 2, 2, 1, 1, Some(6)), Ok("2/6".into()));
        assert_eq!(
            slurm(7, 7, 7, 1, 1, Some(6)),
            Err("SLURM_ARRAY_TASK_ID".into())
        );
    }

    #[test]
    fn bad_or_contradictory_variables_are_named() {
        assert_eq!(
            slurm(3, 0, 5, 1, 6, Some(4)),
            Err("SLURM_ARRAY_TASK_COUNT".into())
        );
        assert_eq!(
            slurm(3, 0, 9, 1, 6, None),
            Err("SLURM_ARRAY_TASK_MAX".into())
        );
        assert_eq!(
            slurm(3, 0, 6, 2, 4, None),
            Err("SLURM_ARRAY_TASK_MAX".into())
        );
        assert_eq!(
            slurm(9, 0, 5, 1, 6, None),
            Err("SLURM_ARRAY_TASK_ID".into())
        );
        assert_eq!(
            slurm(1, 0, 5, 0, 6, None),
            Err("SLURM_ARRAY_TASK_STEP".into())
        );
        let named = |pairs: &[(&str, &str)], shards| {
            shard_from_env(env(pairs), shards).unwrap_err().variable
        };
        assert_eq!(
            named(&[("SLURM_ARRAY_TASK_ID", "1")], None),
            "SLURM_ARRAY_TASK_COUNT"
        );
        assert_eq!(
            named(
                &[
                    ("SLURM_ARRAY_TASK_ID", "1"),
                    ("SLURM_ARRAY_TASK_COUNT", "2")
                ],
                None
            ),
            "SLURM_ARRAY_TASK_MIN"
        );
        assert_eq!(
            named(&[("SLURM_ARRAY_TASK_ID", "x")], None),
            "SLURM_ARRAY_TASK_ID"
        );
        assert_eq!(named(&[], None), "SLURM_ARRAY_TASK_ID");
        assert_eq!(
            named(
                &[("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "1")],
                Some(2)
            ),
            "SLURM_ARRAY_TASK_ID"
        );
        assert_eq!(named(&[("JOB_COMPLETION_INDEX", "1")], None), "--shards");
        assert_eq!(
            named(&[("JOB_COMPLETION_INDEX", "4")], Some(4)),
            "JOB_COMPLETION_INDEX"
        );
        assert_eq!(named(&[("JOB_COMPLETION_INDEX", "1")], Some(0)), "--shards");
    }

    #[test]
    fn a_kubernetes_index_is_the_shard() {
        let shard = shard_from_env(env(&[("JOB_COMPLETION_INDEX", "3")]), Some(4)).unwrap();
        assert_eq!(shard, Shard { index: 3, count: 4 });
        assert_eq!("auto".parse(), Ok(ShardChoice::Auto));
        assert_eq!(
            "1/2".parse(),
            Ok(ShardChoice::Fixed(Shard { index: 1, count: 2 }))
        );
    }
}
