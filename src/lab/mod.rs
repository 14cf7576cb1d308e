//! Experiments: a question, a base rule set, a grid of rule variants and the
//! engines to run on each; the runner, its cache and its shards, and the
//! manifest of an output folder. A game family is typed ([`Family`]: its
//! rules, engines, `[engines]` table and grid report as associated types)
//! and erased once, whole, as a [`GridFamily`]; other kinds of experiment
//! (`kind = "rotation"`, `kind = "compare"`) are [`Study`]s registered
//! beside the families, which compute their own rows.
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
pub mod cluster;
mod cost;
mod counts;
mod error;
mod experiment;
mod family;
mod family_grid;
mod grid;
mod grid_family;
mod grid_load;
mod grid_manifest;
mod kinds;
mod load;
mod locate;
mod manifest;
mod mistakes;
mod options;
mod output_check;
mod pick;
mod progress;
mod record;
mod registry;
mod rendering;
mod runner;
mod schema;
mod section;
mod shard;
mod shard_env;
mod shown_rules;
mod solve_request;
mod variants;

pub use cache::{Cache, CacheEntry, CacheKey, ENGINE_FINGERPRINT, VERSION, canonical_json};
pub use cost::{engine_cost, task_costs};
pub use counts::at_least_one;
pub use error::{ExperimentError, ExperimentProblem};
pub use experiment::{EngineInfo, Experiment, Grid};
pub use family::{Engine, Family, VariantRules, dotted_columns};
pub use family_grid::FamilyGrid;
pub use grid::{Axis, Variant};
pub use grid_family::GridFamily;
pub use grid_load::GridSource;
pub use kinds::{Study, StudyFile, StudyOutcome, StudyRun};
pub use load::{AnyExperiment, load_any_experiment, load_experiment, load_grid, load_study_file};
pub use manifest::{
    ExperimentHeader, MANIFEST, Manifest, ManifestAxis, ManifestEngine, ManifestError,
    ManifestVariant, ShardProvenance,
};
pub use options::RunOptions;
pub use pick::{PickError, game_name, home_command, pick_file, pick_game};
pub use progress::Progress;
pub use record::{Cell, ColumnSpec, ColumnType, ConvergencePoint, OutputColumns, TaskOutput};
pub use registry::Registry;
pub use rendering::{GridReport, Rendering};
pub use runner::{RunOutcome, TaskFailure, TaskResult, run_tasks};
pub use schema::{AxisSpec, EnginesTable, ExperimentFile, ExperimentKind};
pub use section::{SectionName, read_engines, read_section};
pub use shard::{Shard, assign, shard_loads};
pub use shard_env::{ShardChoice, ShardEnvError, shard_from_env};
pub use shown_rules::ShownRules;
pub use solve_request::{
    Comparison, SolveEngine, SolveRequest, SolveRequestError, SolveRoute, SolveSetting,
};
