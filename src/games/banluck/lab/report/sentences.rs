//! The sentences of Banluck's grid headline: one effect against the base
//! variant, what extra voided hands are worth, and what an equilibrium
//! dealer does with its options.

use serde::Serialize;

use super::data::RunView;
use crate::report::numbers::{human, scientific};

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

/// Below this (units per hand) an effect counts as none.
const NEGLIGIBLE: f64 = 5e-7;

fn engine_words(engine: &str) -> &'static str {
    match engine {
        "dp" => "by the exact solver (the player's best response to the fixed dealer)",
        "cfr" => "at the equilibrium (both sides playing optimally)",
        _ => "by simulation",
    }
}

/// Units per hand: four decimals, or two significant digits in powers
/// of ten below 0.001 (where four decimals would keep one digit or none).
fn units(x: f64) -> String {
    if x != 0.0 && x.abs() < 1e-3 {
        scientific(x, 1)
    } else {
        human(x, 4, false)
    }
}

/// A share of a bet in percent: two decimals, or two significant digits
/// when tiny.
fn percent(x: f64) -> String {
    format!("{}%", human(x * 100.0, 2, false))
}

/// The change an effect makes, in words: `1:1 instead of 2:1` where both
/// labels set one key (`five_card=1:1` against `five_card=2:1`), the
/// labels as they are otherwise.
pub(super) fn change_words(effect: &Effect) -> String {
    let value = |label: &str| -> Option<(String, String)> {
        let (key, value) = label.split_once('=')?;
        (!value.contains('=') && !value.contains(','))
            .then(|| (key.trim().into(), value.trim().into()))
    };
    match (value(&effect.label), value(&effect.base_label)) {
        (Some((key, to)), Some((base_key, from))) if key == base_key => {
            format!("{to} instead of {from}")
        }
        _ => format!("{} instead of {}", effect.label, effect.base_label),
    }
}

/// The sentence stating one effect, e.g. "Selective reveal (on instead
/// of off) is worth 0.0230 units per hand to the dealer (2.30% of a bet)
/// ...".
pub fn effect_sentence(effect: &Effect) -> String {
    let gain = effect.dealer_gain;
    let change = change_words(effect);
    let engine = engine_words(&effect.engine);
    match effect.precision {
        Some(precision) if gain.abs() <= precision => {
            return format!(
                "{} ({change}) makes no difference to the dealer {engine}: the values differ by {} units per hand, within the engine's precision of {} (the player's EV is {} either way).",
                effect.title,
                scientific(gain.abs(), 1),
                scientific(precision, 1),
                human(effect.base_ev, 4, true)
            );
        }
        _ if gain.abs() < NEGLIGIBLE => {
            return format!(
                "{} ({change}) makes no difference to the dealer {engine} (the player's EV is {} either way).",
                effect.title,
                human(effect.base_ev, 4, true)
            );
        }
        _ => {}
    }
    let worth = if gain > 0.0 {
        format!(
            "is worth {} units per hand to the dealer ({} of a bet)",
            units(gain),
            percent(gain)
        )
    } else {
        format!(
            "costs the dealer {} units per hand ({} of a bet)",
            units(-gain),
            percent(-gain)
        )
    };
    format!(
        "{} ({change}) {worth} {engine}: the player's EV goes from {} to {} units per hand.",
        effect.title,
        human(effect.base_ev, 4, true),
        human(effect.ev, 4, true)
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
            "Selective reveal (on instead of off) is worth 0.0230 units per hand to the dealer (2.30% of a bet)"
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
            text.contains("within the engine's precision of 1.0 × 10⁻⁶"),
            "{text}"
        );
        let tiny = effect_sentence(&effect(0.00042, None));
        assert!(
            tiny.contains("worth 4.2 × 10⁻⁴ units per hand to the dealer (0.04% of a bet)"),
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
