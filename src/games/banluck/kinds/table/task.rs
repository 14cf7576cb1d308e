//! One variant of a table experiment (seats × surrender rule × draw
//! choice) as one lab task: the strategic dealer's best response with the
//! four dealers valued on the same rounds; for the rotation section, the
//! per-round moments of each role under the fixed and the strategic dealer
//! (simulated); and one seat's best reply to the strategic dealer
//! (`table::equilibrium::seat_best_reply`: the hands where a seat should
//! leave the heads-up chart). The result is a [`TaskOutput`] (named
//! figures, reveal-policy and deviation rows tagged by their first cell),
//! so that the lab's cache stores it as it stores any engine's.

use std::time::Instant;

use serde_json::{Value, json};

use super::spec::{TableSpec, TableVariant};
use crate::games::banluck::rotation::RoundMoments;
use crate::games::banluck::rules::{CompiledRules, RuleSet, rules_hash};
use crate::games::banluck::table::dealer::{DealerValue, Gain, best_response};
use crate::games::banluck::table::equilibrium::{ReplyParams, seat_best_reply};
use crate::games::banluck::table::play::{TableParams, simulate_table, simulate_table_policy};
use crate::lab::{CacheKey, Cell, TaskOutput};

/// The engine's name in the cache and in every row.
pub const ENGINE: &str = "table_dealer";

/// The dealers valued on the same rounds: figure prefix, dealer, reveal.
pub const DEALERS: [(&str, &str, &str); 4] = [
    ("fixed_off", "fixed", "off"),
    ("fixed_on", "fixed", "forced"),
    ("strategic_no_reveal", "strategic", "forbidden"),
    ("strategic", "strategic", "optimal"),
];

/// The paired differences: figure prefix and what it compares.
pub const GAINS: [(&str, &str); 4] = [
    (
        "reveal_gain",
        "the reveal option (strategic minus strategic with the reveal forbidden)",
    ),
    (
        "strategic_over_fixed_off",
        "strategic minus the fixed dealer (reveal off)",
    ),
    (
        "no_reveal_over_fixed_off",
        "strategic with the reveal forbidden minus the fixed dealer (reveal off)",
    ),
    (
        "fixed_reveal_gain",
        "the fixed dealer's forced reveal (on minus off)",
    ),
];

/// The first cell of a decision row holding the reveal policy.
pub const REVEAL_ROW: &str = "reveal";

/// The first cell of a decision row holding a seat's deviation.
pub const DEVIATION_ROW: &str = "deviation";

/// The dealers of the rotation section.
pub const ROTATION_DEALERS: [&str; 2] = ["fixed", "strategic"];

/// What one task is computed from: the variant's rules and the parameters.
pub struct TaskSpec {
    /// The variant.
    pub variant: TableVariant,
    /// Its rules.
    pub rules: RuleSet,
    /// The parameters of the engine (the cache key's `params`).
    pub params: Value,
    /// Whether it simulates the rotation moments (the first draw choice
    /// only, and `rotation_rounds > 0`).
    pub rotation: bool,
    /// Whether it computes a seat's best reply (the first surrender rule
    /// and draw choice only, and `reply_rounds > 0`).
    pub reply: bool,
}

impl TaskSpec {
    /// The task of `variant` under `base` rules and `spec`.
    pub fn new(base: &RuleSet, spec: &TableSpec, variant: TableVariant) -> TaskSpec {
        let rules = variant.rules(base);
        let rotation =
            spec.rotation_rounds > 0 && spec.draw_choice.first() == Some(&variant.draw_choice);
        let reply = spec.reply_rounds > 0 && spec.is_base(&variant);
        let params = json!({
            "players": variant.players,
            "strategy": spec.strategy,
            "rounds": spec.rounds,
            "fresh_rounds": spec.fresh_rounds,
            "seed": spec.seed,
            "rotation_rounds": if rotation { spec.rotation_rounds } else { 0 },
            "reply_rounds": if reply { spec.reply_rounds } else { 0 },
        });
        TaskSpec {
            variant,
            rules,
            params,
            rotation,
            reply,
        }
    }

    /// The cache key.
    pub fn key(&self) -> CacheKey {
        CacheKey::new(&rules_hash(&self.rules), ENGINE, self.params.clone())
    }
}

fn push(figures: &mut Vec<(String, Cell)>, name: impl Into<String>, value: Cell) {
    figures.push((name.into(), value));
}

fn push_f64(figures: &mut Vec<(String, Cell)>, name: impl Into<String>, value: f64) {
    push(figures, name, Cell::F64(value));
}

fn push_value(figures: &mut Vec<(String, Cell)>, prefix: &str, v: &DealerValue) {
    push_f64(figures, format!("{prefix}_per_round"), v.per_round.mean);
    push_f64(
        figures,
        format!("{prefix}_std_error"),
        v.per_round.std_error,
    );
    push_f64(figures, format!("{prefix}_std_dev"), v.per_round.std_dev);
}

fn push_gain(figures: &mut Vec<(String, Cell)>, prefix: &str, g: &Gain) {
    push_f64(figures, prefix, g.per_round);
    push_f64(figures, format!("{prefix}_std_error"), g.std_error);
}

fn push_moments(figures: &mut Vec<(String, Cell)>, dealer: &str, m: &RoundMoments) {
    push_f64(
        figures,
        format!("rotation_{dealer}_banker_variance"),
        m.banker_variance,
    );
    for (seat, (mean, variance)) in m.seat_means.iter().zip(&m.seat_variances).enumerate() {
        push_f64(figures, format!("rotation_{dealer}_seat{seat}_mean"), *mean);
        push_f64(
            figures,
            format!("rotation_{dealer}_seat{seat}_variance"),
            *variance,
        );
    }
}

/// Computes one task.
///
/// # Errors
/// A solver or simulation error, in words.
pub fn run_task(spec: &TableSpec, task: &TaskSpec) -> Result<TaskOutput, String> {
    let started = Instant::now();
    let table = CompiledRules::compile(task.rules.clone());
    let player = spec.player(&table);
    let players = task.variant.players;
    let solution = best_response(&table, &player, &spec.dealer_params(players, false))
        .map_err(|e| e.to_string())?;
    let mut figures = Vec::new();
    push(
        &mut figures,
        "method",
        Cell::Str(solution.method.to_string()),
    );
    push(
        &mut figures,
        "training_rounds",
        Cell::U64(solution.training_rounds as u64),
    );
    push(&mut figures, "seat_keys", Cell::U64(solution.keys as u64));
    push_f64(
        &mut figures,
        "in_sample_strategic",
        solution.in_sample_strategic,
    );
    push_f64(
        &mut figures,
        "probability_total",
        solution.probability_total,
    );
    push(
        &mut figures,
        "surrenders",
        Cell::Str(solution.surrenders.join(" ")),
    );
    let values = [
        &solution.fixed_off,
        &solution.fixed_on,
        &solution.strategic_no_reveal,
        &solution.strategic,
    ];
    for ((prefix, _, _), value) in DEALERS.iter().zip(values) {
        push_value(&mut figures, prefix, value);
    }
    let gains = [
        &solution.reveal_gain,
        &solution.strategic_over_fixed_off,
        &solution.no_reveal_over_fixed_off,
        &solution.fixed_reveal_gain,
    ];
    for ((prefix, _), gain) in GAINS.iter().zip(gains) {
        push_gain(&mut figures, prefix, gain);
    }
    if task.rotation {
        let params = TableParams {
            players,
            rounds: spec.rotation_rounds,
            seed: spec.seed,
            threads: 0,
            progress: false,
        };
        let fixed = simulate_table(&table, &player, &params).map_err(|e| e.to_string())?;
        let strategic = simulate_table_policy(&table, &player, &solution.policy, &params)
            .map_err(|e| e.to_string())?;
        push_moments(
            &mut figures,
            "fixed",
            &RoundMoments::from_table(&fixed.stats),
        );
        push_moments(
            &mut figures,
            "strategic",
            &RoundMoments::from_table(&strategic.stats),
        );
    }
    let mut decisions: Vec<Vec<Cell>> = solution
        .reveal_policy
        .iter()
        .map(|row| {
            vec![
                Cell::Str(REVEAL_ROW.into()),
                Cell::I32(i32::from(row.total)),
                Cell::Bool(row.soft),
                Cell::I32(i32::from(row.open_two)),
                Cell::I32(i32::from(row.open_three_plus)),
                Cell::F64(row.probability),
                Cell::F64(row.reveal_share),
            ]
        })
        .collect();
    if task.reply {
        let params = ReplyParams {
            rounds: spec.reply_rounds,
            fresh_rounds: spec.reply_rounds,
            seed: spec.seed,
            threads: 0,
            progress: false,
        };
        let reply = seat_best_reply(&table, players, &player, &solution.policy, &params)
            .map_err(|e| e.to_string())?;
        push_f64(&mut figures, "reply_value_given", reply.value_given.mean);
        push_f64(&mut figures, "reply_gain", reply.gain.mean);
        push_f64(&mut figures, "reply_gain_std_error", reply.gain.std_error);
        push_f64(&mut figures, "reply_in_sample_gain", reply.in_sample_gain);
        decisions.extend(reply.deviations.iter().map(|d| {
            vec![
                Cell::Str(DEVIATION_ROW.into()),
                Cell::Str(d.hand.clone()),
                Cell::I32(i32::from(d.cards)),
                Cell::I32(i32::from(d.total)),
                Cell::Bool(d.soft),
                Cell::F64(d.given_hit),
                Cell::F64(d.reply_hit),
                Cell::F64(d.hit_minus_stand.mean),
                Cell::F64(d.hit_minus_stand.std_error),
                Cell::F64(d.ev_difference),
                Cell::F64(d.reach_given),
                Cell::F64(d.reach_reply),
            ]
        }));
    }
    Ok(TaskOutput {
        figures,
        decisions,
        convergence: Vec::new(),
        seed: (players > 1 || task.rotation).then_some(spec.seed),
        seconds: started.elapsed().as_secs_f64(),
    })
}
