//! The estimated cost of a task, which deals the tasks to shards
//! ([`super::shard::assign`]). The unit is one exact DP solve of a Banluck
//! variant (about 12 ms on one core); only the ratios between tasks matter.
//!
//! The model reads the engine's name and parameters, so it needs nothing
//! from a family and gives an engine it does not know a sane default:
//!
//! | the engine's parameters hold | estimated cost | measured |
//! |---|---|---|
//! | `max_iterations` or `iterations` = n (an equilibrium: CFR, a poker solve) | 1 + n / 5 | Banluck CFR: 2 ms an iteration |
//! | `hands` = n (a simulation) | 1 + n / 250 000 | Banluck sim: 45 ns a hand |
//! | `shoes` = n (a shoe simulation, about 80 hands a shoe) | 1 + 80 n / 250 000 | |
//! | none of these, engine `cfr` or `solve` | 1 + 1000 / 5 (1000 iterations assumed) | |
//! | none of these (`dp`, `exact`, any other engine) | 1 | Banluck DP: 12 ms |
//!
//! Every variant of a grid costs the same under one engine: the rule knobs
//! of one game change a solve's time far less than the engine and its
//! iteration or hand count do.

use serde_json::Value;

use super::experiment::Experiment;

/// Cost units per equilibrium iteration.
const PER_ITERATION: f64 = 1.0 / 5.0;
/// Cost units per simulated hand.
const PER_HAND: f64 = 1.0 / 250_000.0;
/// Hands in a shoe, for engines that count shoes.
const HANDS_PER_SHOE: f64 = 80.0;
/// Iterations assumed for an equilibrium engine that names no count.
const DEFAULT_ITERATIONS: f64 = 1000.0;

/// The estimated cost of one run of the engine `engine` with `params`.
///
/// ```
/// use banluck_lab::lab::engine_cost;
/// use serde_json::json;
/// assert_eq!(engine_cost("dp", &json!({})), 1.0);
/// assert_eq!(engine_cost("cfr", &json!({"max_iterations": 20})), 5.0);
/// assert_eq!(engine_cost("sim", &json!({"hands": 1_000_000})), 5.0);
/// assert_eq!(engine_cost("a-new-engine", &json!({"depth": 3})), 1.0);
/// ```
pub fn engine_cost(engine: &str, params: &Value) -> f64 {
    let number = |key: &str| params.get(key).and_then(Value::as_f64);
    if let Some(n) = number("max_iterations").or_else(|| number("iterations")) {
        return 1.0 + n.max(0.0) * PER_ITERATION;
    }
    if let Some(n) = number("hands") {
        return 1.0 + n.max(0.0) * PER_HAND;
    }
    if let Some(n) = number("shoes") {
        return 1.0 + n.max(0.0) * HANDS_PER_SHOE * PER_HAND;
    }
    match engine {
        "cfr" | "solve" => 1.0 + DEFAULT_ITERATIONS * PER_ITERATION,
        _ => 1.0,
    }
}

/// The estimated cost of every task of `experiment`, in task order
/// (variant by variant, engine by engine).
pub fn task_costs(experiment: &Experiment) -> Vec<f64> {
    let per_engine: Vec<f64> = experiment
        .engines
        .iter()
        .map(|e| engine_cost(e.name, &e.params))
        .collect();
    (0..experiment.variants.len())
        .flat_map(|_| per_engine.iter().copied())
        .collect()
}
