//! Experiments: a question, a base rule set, a grid of rule variants and the
//! engines to run on each; the runner, its cache and its shards. Other
//! kinds of experiment (`kind = "rotation"`, `kind = "compare"`) are
//! [`Study`]s registered beside the families, which compute their own rows.
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::lab::{Cache, RunOptions, load_experiment, run_tasks};
//! use banluck_lab::studies::registry;
//! let experiment = load_experiment(Path::new("experiments/reveal.toml"), &registry()).unwrap();
//! let cache = Cache::new(&experiment.output);
//! let outcome = run_tasks(&experiment, &cache, &RunOptions::default());
//! println!("{} computed, {} from the cache", outcome.computed(), outcome.cached());
//! ```

mod axes;
mod cache;
mod checks;
mod cost;
mod error;
mod grid;
mod kinds;
mod load;
mod locate;
mod progress;
mod record;
mod registry;
mod runner;
mod schema;
mod shard;
mod shard_env;
mod study;
mod variants;

pub use cache::{Cache, CacheEntry, CacheKey, ENGINE_FINGERPRINT, VERSION, canonical_json};
pub use cost::{engine_cost, task_costs};
pub use error::{ExperimentError, ExperimentProblem};
pub use grid::{Axis, Variant};
pub use kinds::{Study, StudyFile, StudyRun};
pub use load::{AnyExperiment, Experiment, load_any_experiment, load_experiment};
pub use progress::Progress;
pub use record::{Cell, ColumnSpec, ColumnType, ConvergencePoint, OutputColumns, TaskOutput};
pub use registry::Registry;
pub use runner::{RunOptions, RunOutcome, TaskFailure, TaskResult, run_tasks};
pub use schema::{AxisSpec, EnginesTable, ExperimentFile, ExperimentKind};
pub use shard::{Shard, assign, shard_loads};
pub use shard_env::{ShardChoice, ShardEnvError, shard_from_env};
pub use study::{
    Engine, EngineChoice, Family, GridReport, Rendering, VariantRules, dotted_columns,
};
