//! The blackjack report's simulation check: every variant's simulated mean
//! against its exact EV ([`SimRow`]), and every rule effect simulated (the
//! variant's mean less the base's) against the exact effect
//! ([`SimEffect`]), each as a z in standard errors.

use serde::Serialize;

use super::data::Run;

/// One variant's simulation against its exact EV.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimRow {
    /// The variant's name.
    pub variant: String,
    /// The exact EV per round.
    pub exact: f64,
    /// The simulated mean per round.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// `(mean - exact) / se`.
    pub z: f64,
    /// Rounds played.
    pub rounds: u64,
    /// Pair-upcard cells whose split hands were checked against the exact
    /// split value.
    pub split_cells: u64,
    /// The largest |z| of those cells.
    pub split_max_abs_z: f64,
}

/// A rule effect as the simulation measures it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SimEffect {
    /// The variant's mean less the base's.
    pub effect: f64,
    /// Its standard error, `sqrt(se_variant² + se_base²)` (the runs are
    /// taken as independent; sharing the seed correlates them, which only
    /// makes this an overestimate).
    pub se: f64,
    /// `(effect - exact effect) / se`.
    pub z: f64,
}

/// The simulation rows of `runs`: every `sim` run of a variant that also
/// has an `exact` run, in run order.
pub fn sim_rows(runs: &[Run]) -> Vec<SimRow> {
    runs.iter()
        .filter(|r| r.engine == "sim")
        .filter_map(|sim| {
            let figures = sim.sim.as_ref()?;
            let exact = runs
                .iter()
                .find(|r| r.engine == "exact" && r.variant == sim.variant)?;
            Some(SimRow {
                variant: sim.variant.clone(),
                exact: exact.ev,
                mean: sim.ev,
                se: figures.se,
                z: figures.z,
                rounds: figures.rounds,
                split_cells: figures.split_cells,
                split_max_abs_z: figures.split_max_abs_z,
            })
        })
        .collect()
}

impl SimEffect {
    /// The simulated effect of `variant` against `base` and its z against
    /// the exact effect (`variant.exact - base.exact`).
    pub fn new(variant: &SimRow, base: &SimRow) -> SimEffect {
        let effect = variant.mean - base.mean;
        let se = variant.se.hypot(base.se);
        let exact = variant.exact - base.exact;
        SimEffect {
            effect,
            se,
            z: (effect - exact) / se,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(exact: f64, mean: f64, se: f64) -> SimRow {
        SimRow {
            variant: String::new(),
            exact,
            mean,
            se,
            z: (mean - exact) / se,
            rounds: 1,
            split_cells: 0,
            split_max_abs_z: 0.0,
        }
    }

    #[test]
    fn an_effect_has_the_combined_standard_error() {
        let base = row(-0.004, -0.0046, 0.0003);
        let h17 = row(-0.006, -0.0058, 0.0004);
        let e = SimEffect::new(&h17, &base);
        assert!((e.effect - -0.0012).abs() < 1e-15);
        assert!((e.se - 0.0005).abs() < 1e-15);
        assert!((e.z - (-0.0012 - -0.002) / 0.0005).abs() < 1e-9);
    }
}
