//! Banluck's grid headline: the answer in words and the numbers behind it, computed from the runs:
//! each axis value's effect against the base variant, what extra voided
//! hands are worth, whether the simulation agrees with the exact values.

use serde::Serialize;

use super::data::{ReportData, RunView};
use crate::report::numbers::{human, plural, scientific};
use crate::report::{Bar, Manifest, ReportError, tornado};

/// Below this (units per hand) an effect counts as none.
const NEGLIGIBLE: f64 = 5e-7;

/// The |z| above which a simulated mean is flagged.
pub const Z_LIMIT: f64 = 3.0;

/// The effect of one axis value against the base variant, by one engine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Effect {
    /// The axis title.
    pub title: String,
    /// The base label of the axis.
    pub base_label: String,
    /// This value's label.
    pub label: String,
    /// The variant holding this value (other axes at base).
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// Player's EV of the base variant.
    pub base_ev: f64,
    /// Player's EV of this variant.
    pub ev: f64,
    /// What the change is worth to the dealer per hand (`base_ev - ev`).
    pub dealer_gain: f64,
    /// Void rates of the base variant and of this one, when known.
    pub void_rates: Option<(f64, f64)>,
    /// How far apart two values may be by the engine's imprecision alone:
    /// the larger exploitability of two equilibria, or two standard errors
    /// of the difference of two simulated means; `None` for exact values.
    pub precision: Option<f64>,
}

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

fn engine_words(engine: &str) -> &'static str {
    match engine {
        "dp" => "by the exact solver (the player's best response to the fixed dealer)",
        "cfr" => "at the equilibrium (both sides playing optimally)",
        _ => "by simulation",
    }
}

/// Units per hand: four decimals, or two significant digits when tiny.
fn units(x: f64) -> String {
    human(x, 4, false)
}

/// A share of a bet in percent: two decimals, or two significant digits
/// when tiny.
fn percent(x: f64) -> String {
    format!("{}%", human(x * 100.0, 2, false))
}

/// `effects` largest first (by what they are worth to the dealer either
/// way), so the headline opens with the effect that matters most.
fn largest_first(mut effects: Vec<Effect>) -> Vec<Effect> {
    effects.sort_by(|a, b| b.dealer_gain.abs().total_cmp(&a.dealer_gain.abs()));
    effects
}

/// The sentence stating one effect, e.g. "Selective reveal (reveal=on
/// instead of reveal=off) is worth 0.0230 units per hand to the dealer
/// (2.30% of a bet) ...".
pub fn effect_sentence(effect: &Effect) -> String {
    let gain = effect.dealer_gain;
    let worth = match effect.precision {
        Some(precision) if gain.abs() <= precision => format!(
            "makes no difference to the dealer within the engine's precision ({} units per hand; the values differ by {})",
            units(precision),
            units(gain.abs())
        ),
        _ if gain.abs() < NEGLIGIBLE => "makes no difference to the dealer".to_string(),
        _ if gain > 0.0 => format!(
            "is worth {} units per hand to the dealer ({} of a bet)",
            units(gain),
            percent(gain)
        ),
        _ => format!(
            "costs the dealer {} units per hand ({} of a bet)",
            units(-gain),
            percent(-gain)
        ),
    };
    format!(
        "{} ({} instead of {}) {worth} {}: the player's EV goes from {:+.4} to {:+.4} units per hand.",
        effect.title,
        effect.label,
        effect.base_label,
        engine_words(&effect.engine),
        effect.base_ev,
        effect.ev
    )
}

/// When the two variants void different shares of hands (a surrender rule
/// changed), what each extra voided hand is worth to the dealer.
pub fn void_sentence(effect: &Effect) -> Option<String> {
    let (base_void, void) = effect.void_rates?;
    if (base_void - void).abs() < 1e-9 {
        return None;
    }
    // The variant voiding more hands against the one voiding fewer.
    let (more_label, more_void, fewer_void, gain) = if void > base_void {
        (&effect.label, void, base_void, effect.dealer_gain)
    } else {
        (&effect.base_label, base_void, void, -effect.dealer_gain)
    };
    let extra = more_void - fewer_void;
    let per_hand = gain / extra;
    Some(format!(
        "With {more_label} the dealer voids {:.2}% of all hands instead of {:.2}%. \
         Those {:.2}% extra voided hands are worth {:.4} units per hand to the dealer, so each \
         would on average have cost the dealer {:.3} units had it been played: the surrender \
         saves the dealer the equivalent of a one-unit loss on {:.2}% of all hands \
         ({:.1}% of the hands it voids).",
        more_void * 100.0,
        fewer_void * 100.0,
        extra * 100.0,
        gain,
        per_hand,
        gain * 100.0,
        per_hand * 100.0
    ))
}

/// What the equilibrium dealer of one run does with its options.
pub fn equilibrium_sentence(run: &RunView) -> Option<String> {
    let reveal = run.reveal_frequency.map(|f| {
        format!(
            "stops (reveals) at a reveal total against a 3+-card player in {:.1}% of the hands that get there",
            f * 100.0
        )
    });
    let surrender = run
        .surrender_frequency
        .map(|f| format!("surrenders {:.1}% of its hard 15s", f * 100.0));
    let options: Vec<String> = reveal.into_iter().chain(surrender).collect();
    (!options.is_empty()).then(|| {
        format!(
            "At the equilibrium of {}, the dealer {}.",
            run.variant,
            options.join(" and ")
        )
    })
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

/// The headline: the equilibrium's effects first where the equilibrium
/// engine ran (the question is then what optimal play gains), then one
/// sentence per effect by the headline engine with what extra voids are
/// worth, each engine's effects largest first; then the equilibrium's
/// precision and the simulation check.
pub fn headline(manifest: &Manifest, data: &ReportData) -> Vec<String> {
    let mut sentences = Vec::new();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn effect(gain: f64, voids: Option<(f64, f64)>) -> Effect {
        Effect {
            title: "Selective reveal".into(),
            base_label: "reveal=off".into(),
            label: "reveal=on".into(),
            variant: "reveal=on".into(),
            engine: "dp".into(),
            base_ev: -0.05,
            ev: -0.05 - gain,
            dealer_gain: gain,
            void_rates: voids,
            precision: None,
        }
    }

    #[test]
    fn the_sentence_says_worth_or_costs_by_the_sign() {
        let worth = effect_sentence(&effect(0.023, None));
        assert!(worth.starts_with(
            "Selective reveal (reveal=on instead of reveal=off) is worth 0.0230 units per hand to the dealer (2.30% of a bet)"
        ), "{worth}");
        let costs = effect_sentence(&effect(-0.023, None));
        assert!(costs.contains("costs the dealer 0.0230 units per hand (2.30% of a bet)"));
        assert!(effect_sentence(&effect(0.0, None)).contains("makes no difference"));
        let within = Effect {
            precision: Some(1e-6),
            ..effect(5e-7, None)
        };
        let text = effect_sentence(&within);
        assert!(
            text.contains("within the engine's precision (1.0e-6"),
            "{text}"
        );
        let tiny = effect_sentence(&effect(0.00042, None));
        assert!(
            tiny.contains("worth 4.2e-4 units per hand to the dealer (0.04% of a bet)"),
            "{tiny}"
        );
    }

    #[test]
    fn extra_voids_are_priced_per_voided_hand() {
        // Surrender in the variant: voids 7% of hands, worth 0.021 to the dealer.
        let text = void_sentence(&effect(0.021, Some((0.0, 0.07)))).unwrap();
        assert!(
            text.contains("voids 7.00% of all hands instead of 0.00%"),
            "{text}"
        );
        assert!(text.contains("cost the dealer 0.300 units"), "{text}");
        assert!(
            text.contains("one-unit loss on 2.10% of all hands (30.0%"),
            "{text}"
        );
        // Surrender in the base: the same numbers from the other side.
        let text = void_sentence(&effect(-0.021, Some((0.07, 0.0)))).unwrap();
        assert!(text.contains("cost the dealer 0.300 units"), "{text}");
        assert!(void_sentence(&effect(0.01, Some((0.07, 0.07)))).is_none());
    }
}
