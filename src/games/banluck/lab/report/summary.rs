//! Banluck's grid headline: the answer in words and the numbers behind it, computed from the runs:
//! each axis value's effect against the base variant, what extra voided
//! hands are worth, whether the simulation agrees with the exact values.

use serde::Serialize;

use super::data::{ReportData, RunView};
use super::sentences::{
    Effect, change_words, effect_sentence, equilibrium_sentence, void_sentence,
};
use crate::report::numbers::{human, plural, scientific};
use crate::report::{Bar, Manifest, ReportError, tornado};

/// The |z| above which a simulated mean is flagged.
pub const Z_LIMIT: f64 = 3.0;

/// The engine whose values the headline quotes: exact first.
pub fn headline_engine(manifest: &Manifest, data: &ReportData) -> Option<String> {
    ["dp", "cfr", "sim"]
        .into_iter()
        .find(|name| {
            manifest.engines.iter().any(|e| e.name == *name)
                && data
                    .runs
                    .iter()
                    .any(|r| r.engine == *name && r.ev.is_some())
        })
        .map(str::to_string)
}

/// Every axis value's effect against the base variant by `engine` (values
/// whose variant did not run are skipped).
pub fn effects(manifest: &Manifest, data: &ReportData, engine: &str) -> Vec<Effect> {
    let Some(base) = manifest.variants.first() else {
        return Vec::new();
    };
    let Some(base_run) = data.run(&base.name, engine) else {
        return Vec::new();
    };
    let Some(base_ev) = base_run.ev else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (a, axis) in manifest.axes.iter().enumerate() {
        for (j, label) in axis.labels.iter().enumerate().skip(1) {
            let mut positions = base.positions.clone();
            positions[a] = j;
            let Some(variant) = manifest.variants.iter().find(|v| v.positions == positions) else {
                continue;
            };
            let Some(run) = data.run(&variant.name, engine) else {
                continue;
            };
            let Some(ev) = run.ev else { continue };
            let precision = match (base_run.exploitability, run.exploitability) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => base_run
                    .std_err
                    .zip(run.std_err)
                    .map(|(a, b)| 2.0 * a.hypot(b)),
            };
            out.push(Effect {
                title: axis.title.clone(),
                base_label: axis.labels[0].clone(),
                label: label.clone(),
                variant: variant.name.clone(),
                engine: engine.to_string(),
                base_ev,
                ev,
                dealer_gain: base_ev - ev,
                void_rates: base_run.void_rate.zip(run.void_rate),
                precision,
            });
        }
    }
    out
}

/// `effects` largest first (by what they are worth to the dealer either
/// way), so the headline opens with the effect that matters most.
fn largest_first(mut effects: Vec<Effect>) -> Vec<Effect> {
    effects.sort_by(|a, b| b.dealer_gain.abs().total_cmp(&a.dealer_gain.abs()));
    effects
}

/// The exact-versus-simulated check of one simulated run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimCheck {
    /// The variant.
    pub variant: String,
    /// The strategy the simulated player followed.
    pub strategy: String,
    /// Hands simulated.
    pub hands: Option<u64>,
    /// The exact value.
    pub exact: Option<f64>,
    /// The simulated mean.
    pub mean: Option<f64>,
    /// Its standard error.
    pub std_err: Option<f64>,
    /// (mean - exact) / std_err.
    pub z: Option<f64>,
    /// Whether |z| is at most [`Z_LIMIT`].
    pub agrees: bool,
}

/// The check of every simulated run.
pub fn sim_checks(data: &ReportData) -> Vec<SimCheck> {
    data.runs
        .iter()
        .filter(|r| r.engine == "sim")
        .map(|r: &RunView| {
            let params: serde_json::Value = serde_json::from_str(&r.params).unwrap_or_default();
            SimCheck {
                variant: r.variant.clone(),
                strategy: params["strategy"].as_str().unwrap_or("?").to_string(),
                hands: r.hands,
                exact: r.exact,
                mean: r.ev,
                std_err: r.std_err,
                z: r.z,
                agrees: r.z.is_some_and(|z| z.abs() <= Z_LIMIT),
            }
        })
        .collect()
}

/// The sentence summing up the simulation checks, if any ran.
pub fn sim_sentence(checks: &[SimCheck]) -> Option<String> {
    if checks.is_empty() {
        return None;
    }
    let largest = checks
        .iter()
        .filter_map(|c| c.z.map(f64::abs))
        .fold(0.0, f64::max);
    let disagree = checks.iter().filter(|c| !c.agrees).count();
    Some(if disagree == 0 {
        format!(
            "The simulation agrees with the exact values on all {} variants (largest |z| = {largest:.2}, within {Z_LIMIT}).",
            checks.len()
        )
    } else {
        format!(
            "The simulation disagrees with the exact values on {disagree} of {} variants (|z| above {Z_LIMIT}; largest {largest:.2}): see the check below.",
            checks.len()
        )
    })
}

/// The chart of the answer: what each rule change is worth to the dealer
/// per hand, a tornado of every effect at the equilibrium (when the
/// equilibrium engine ran) and by the headline engine, largest first;
/// `None` without effects.
pub fn effect_chart(manifest: &Manifest, data: &ReportData) -> Result<Option<String>, ReportError> {
    let Some(engine) = headline_engine(manifest, data) else {
        return Ok(None);
    };
    let mut engines = vec![engine.as_str()];
    if engine != "cfr" && manifest.engines.iter().any(|e| e.name == "cfr") {
        engines.insert(0, "cfr");
    }
    let bars: Vec<Bar> = engines
        .iter()
        .flat_map(|engine| effects(manifest, data, engine))
        .map(|effect| Bar {
            label: format!(
                "{}{}",
                effect.label,
                match effect.engine.as_str() {
                    "cfr" => " (optimal dealer)",
                    "dp" => " (fixed dealer)",
                    _ => " (simulated)",
                }
            ),
            value: effect.dealer_gain,
        })
        .collect();
    if bars.is_empty() {
        return Ok(None);
    }
    tornado(
        "Worth to the dealer per hand (units), largest first",
        &bars,
        4,
    )
    .map(Some)
}

/// The answer of at most three sentences: the largest effect (at the
/// equilibrium where one was solved, else by the headline engine), what
/// the equilibrium dealer does under that variant, and the other effects
/// by the same engine, largest first.
pub fn grid_answer(manifest: &Manifest, data: &ReportData) -> Option<String> {
    let engine = headline_engine(manifest, data)?;
    let equilibrium = largest_first(effects(manifest, data, "cfr"));
    let (engine, ranked) = if equilibrium.is_empty() {
        let ranked = largest_first(effects(manifest, data, &engine));
        (engine, ranked)
    } else {
        ("cfr".to_string(), equilibrium)
    };
    let (first, others) = ranked.split_first()?;
    let mut answer = effect_sentence(first);
    let dealer = (engine == "cfr")
        .then(|| data.run(&first.variant, "cfr"))
        .flatten()
        .and_then(equilibrium_sentence);
    if let Some(dealer) = dealer {
        answer.push(' ');
        answer.push_str(&dealer);
    }
    if !others.is_empty() {
        let listed: Vec<String> = others
            .iter()
            .map(|e| {
                let title = e
                    .title
                    .strip_prefix("The ")
                    .map_or_else(|| e.title.clone(), |rest| format!("the {rest}"));
                format!(
                    "{title} ({}) {}",
                    change_words(e),
                    human(e.dealer_gain, 4, true)
                )
            })
            .collect();
        answer += &format!(
            " The other changes, in units per hand to the dealer: {}.",
            listed.join(", ")
        );
    }
    Some(answer)
}

/// The headline: the answer ([`grid_answer`]); then the equilibrium's
/// effects where the equilibrium engine ran (the question is then what
/// optimal play gains), one sentence per effect by the headline engine
/// with what extra voids are worth, each engine's effects largest first;
/// then the equilibrium's precision and the simulation check.
pub fn headline(manifest: &Manifest, data: &ReportData) -> Vec<String> {
    let mut sentences: Vec<String> = grid_answer(manifest, data).into_iter().collect();
    if let Some(engine) = headline_engine(manifest, data) {
        if engine != "cfr" {
            for effect in largest_first(effects(manifest, data, "cfr")) {
                sentences.push(effect_sentence(&effect));
            }
        }
        for effect in largest_first(effects(manifest, data, &engine)) {
            sentences.push(effect_sentence(&effect));
            sentences.extend(void_sentence(&effect));
        }
    }
    let cfr: Vec<&RunView> = data.runs.iter().filter(|r| r.engine == "cfr").collect();
    for run in &cfr {
        sentences.extend(equilibrium_sentence(run));
    }
    if let Some(worst) = cfr.iter().filter_map(|r| r.exploitability).reduce(f64::max) {
        sentences.push(format!(
            "The equilibrium strategies are exploitable by at most {} units per hand over the {} solved.",
            scientific(worst, 1),
            plural(cfr.len() as i64, "variant", None)
        ));
    }
    sentences.extend(sim_sentence(&sim_checks(data)));
    sentences
}
