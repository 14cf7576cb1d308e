//! The poker family's grid engine `solve`: `[engines.solve]` names one
//! algorithm (`algorithm`, the engine `solve`) or several (`algorithms`,
//! one engine each: `solve:dcfr`, `solve:cfr+`, `solve:mccfr-es`,
//! `solve:mccfr-os`), the target in per cent of the pot and the iteration
//! budgets, and on a flop spot the card abstractions to measure beside
//! the exact solve (`buckets`, one engine `…:bN` each). Each solves a
//! river, turn or flop spot as `poker solve` does ([`super::solved`]), measured on the way ([`super::measure`]), and
//! is mapped into the lab's [`TaskOutput`] by [`super::output`].

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cfr::Algorithm;
use crate::cfr::vector::Sampling;
use crate::games::poker::card::Card;

/// How often full-width CFR's exploitability is measured, as `poker solve`
/// does.
pub use crate::games::poker::budget::CHECK_EVERY;

/// MCCFR's iteration budget when `sampled_iterations` is not given, as
/// `poker solve`'s.
pub const SAMPLED_ITERATIONS: u64 = 10_000_000;

/// MCCFR's seed when `seed` is not given, as `poker solve`'s.
pub const SEED: u64 = 1;

/// The regret-minimisation rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveAlgorithm {
    /// Discounted CFR (α 1.5, β 0, γ 2).
    #[serde(rename = "dcfr")]
    Dcfr,
    /// CFR+ with linear averaging.
    #[serde(rename = "cfr+")]
    CfrPlus,
    /// Monte Carlo CFR, external sampling.
    #[serde(rename = "mccfr-es")]
    MccfrEs,
    /// Monte Carlo CFR, outcome sampling with ε = 0.6.
    #[serde(rename = "mccfr-os")]
    MccfrOs,
}

/// How an algorithm iterates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Method {
    /// Full-width vector-form CFR.
    Full(Algorithm),
    /// Monte Carlo CFR.
    Sampled(Sampling),
}

impl SolveAlgorithm {
    /// The algorithm as the experiment file and `poker solve` write it.
    pub fn word(self) -> &'static str {
        match self {
            SolveAlgorithm::Dcfr => "dcfr",
            SolveAlgorithm::CfrPlus => "cfr+",
            SolveAlgorithm::MccfrEs => "mccfr-es",
            SolveAlgorithm::MccfrOs => "mccfr-os",
        }
    }

    /// The engine's name when `algorithms` lists several.
    fn engine_name(self) -> &'static str {
        match self {
            SolveAlgorithm::Dcfr => "solve:dcfr",
            SolveAlgorithm::CfrPlus => "solve:cfr+",
            SolveAlgorithm::MccfrEs => "solve:mccfr-es",
            SolveAlgorithm::MccfrOs => "solve:mccfr-os",
        }
    }

    /// How it iterates.
    pub fn method(self) -> Method {
        match self {
            SolveAlgorithm::Dcfr => Method::Full(Algorithm::DCFR_RESTARTED),
            SolveAlgorithm::CfrPlus => Method::Full(Algorithm::CFR_PLUS),
            SolveAlgorithm::MccfrEs => Method::Sampled(Sampling::External),
            SolveAlgorithm::MccfrOs => Method::Sampled(Sampling::OUTCOME),
        }
    }
}

/// `[engines.solve]`: the algorithm or algorithms, the target
/// exploitability in per cent of the pot, and the budgets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolveEngine {
    /// `"dcfr"` (the default), `"cfr+"`, `"mccfr-es"` or `"mccfr-os"`: the
    /// engine `solve`.
    pub algorithm: SolveAlgorithm,
    /// Several algorithms, one engine each (`solve:<algorithm>`), instead
    /// of `algorithm`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub algorithms: Vec<SolveAlgorithm>,
    /// Stop once the exploitability is at most this per cent of the pot
    /// (0.1 by default; 0 runs to the budget).
    pub target_pct_pot: f64,
    /// Full-width CFR stops after this many iterations at the latest.
    pub iterations: u64,
    /// MCCFR's budget of sampled iterations (one deal per player each).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampled_iterations: Option<u64>,
    /// MCCFR's seed (the same seed gives the same bits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// On a turn spot, the river card whose first river decisions are
    /// reported (by default the first card dealt, in card order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub river_card: Option<String>,
    /// On a flop spot, card abstractions to measure beside the exact
    /// solve: for each `N`, one more engine per full-width algorithm
    /// (`solve:bN`, or `solve:<algorithm>:bN`) that solves the game with
    /// at most `N` buckets per player on every turn and river board and
    /// measures it in the full game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buckets: Vec<u32>,
}

impl Default for SolveEngine {
    fn default() -> Self {
        SolveEngine {
            algorithm: SolveAlgorithm::Dcfr,
            algorithms: Vec::new(),
            target_pct_pot: 0.1,
            iterations: 100_000,
            sampled_iterations: None,
            seed: None,
            river_card: None,
            buckets: Vec::new(),
        }
    }
}

/// One algorithm's solve: one engine of an experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct AlgorithmRun {
    /// The engine's name.
    pub name: &'static str,
    /// The algorithm.
    pub algorithm: SolveAlgorithm,
    /// The target in per cent of the pot.
    pub target_pct_pot: f64,
    /// The iteration budget.
    pub iterations: u64,
    /// MCCFR's seed (`None` for full-width CFR).
    pub seed: Option<u64>,
    /// The reported river card of a turn spot, if chosen.
    pub river_card: Option<Card>,
    /// On a flop spot, the card abstraction's buckets per board (`None`:
    /// the exact game).
    pub buckets: Option<u32>,
}

impl SolveEngine {
    /// Why these parameters cannot run, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        if !(self.target_pct_pot.is_finite() && self.target_pct_pot >= 0.0) {
            return Err(format!(
                "engines.solve.target_pct_pot = {}: must be a per cent of the pot, at least 0 (e.g. 0.01)",
                self.target_pct_pot
            ));
        }
        if self.iterations == 0 || self.sampled_iterations == Some(0) {
            return Err(
                "engines.solve.iterations and sampled_iterations must be at least 1".into(),
            );
        }
        if let Some(twice) = self
            .algorithms
            .iter()
            .enumerate()
            .find(|(i, a)| self.algorithms[..*i].contains(a))
        {
            return Err(format!(
                "engines.solve.algorithms lists \"{}\" twice",
                twice.1.word()
            ));
        }
        if let Some(&n) = self.buckets.iter().find(|&&n| !(1..=1326).contains(&n)) {
            return Err(format!(
                "engines.solve.buckets: {n} is not a number of buckets from 1 to 1326"
            ));
        }
        if self
            .buckets
            .iter()
            .enumerate()
            .any(|(i, n)| self.buckets[..i].contains(n))
        {
            return Err("engines.solve.buckets lists a number twice".into());
        }
        if let Some(text) = &self.river_card {
            text.trim().parse::<Card>().map_err(|e| {
                format!("engines.solve.river_card = {text:?}: {e} (a card such as \"2c\")")
            })?;
        }
        Ok(())
    }

    /// One run per algorithm (the checked parameters).
    pub fn runs(&self) -> Vec<AlgorithmRun> {
        let (list, single) = if self.algorithms.is_empty() {
            (vec![self.algorithm], true)
        } else {
            (self.algorithms.clone(), false)
        };
        let river_card = self
            .river_card
            .as_deref()
            .and_then(|text| text.trim().parse().ok());
        let mut runs = Vec::new();
        for algorithm in list {
            let sampled = matches!(algorithm.method(), Method::Sampled(_));
            let name = if single {
                "solve"
            } else {
                algorithm.engine_name()
            };
            let exact = AlgorithmRun {
                name,
                algorithm,
                target_pct_pot: self.target_pct_pot,
                iterations: if sampled {
                    self.sampled_iterations.unwrap_or(SAMPLED_ITERATIONS)
                } else {
                    self.iterations
                },
                seed: sampled.then_some(self.seed.unwrap_or(SEED)),
                river_card,
                buckets: None,
            };
            let abstractions = if sampled { &[][..] } else { &self.buckets[..] };
            let bucketed: Vec<AlgorithmRun> = abstractions
                .iter()
                .map(|&n| AlgorithmRun {
                    // An engine's name lives as long as the process: a
                    // few short strings per experiment file read.
                    name: Box::leak(format!("{name}:b{n}").into_boxed_str()),
                    buckets: Some(n),
                    ..exact.clone()
                })
                .collect();
            runs.push(exact);
            runs.extend(bucketed);
        }
        runs
    }
}

impl AlgorithmRun {
    /// The run's parameters as JSON (part of the cache key): for full-width
    /// CFR the algorithm, `check_every`, the iteration cap and the target;
    /// for MCCFR the budget, the target, the seed and when it measures.
    pub fn params(&self) -> Value {
        let mut params = json!({
            "algorithm": self.algorithm.word(),
            "iterations": self.iterations,
            "target_pct_pot": self.target_pct_pot,
        });
        match self.seed {
            None => params["check_every"] = json!(CHECK_EVERY),
            Some(seed) => {
                params["seed"] = json!(seed);
                params["measured_at"] = json!("0, 1024 and each doubling, the budget");
            }
        }
        if let Some(card) = self.river_card {
            params["river_card"] = json!(card.to_string());
        }
        if let Some(buckets) = self.buckets {
            params["buckets"] = json!(buckets);
        }
        params
    }
}
