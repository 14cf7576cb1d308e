//! Baccarat's grid engines: `exact` (the full-shoe analysis), `sim` (the
//! shoe simulator against it) and `count` (the side-bet count study), each
//! mapping its own result into the lab's generic [`TaskOutput`] in the
//! columns of [`super::record`].

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::record::Row;
use crate::games::baccarat::bets::{all_bets, class_probabilities};
use crate::games::baccarat::counting::{BettorFigures, CountParams, SIDE_BETS, count_study};
use crate::games::baccarat::exact::{Shoe, count_outcomes};
use crate::games::baccarat::rules::BaccaratRules;
use crate::games::baccarat::sim::{SimParams, simulate};
use crate::lab::{Cell, Engine, TaskOutput};

/// The reported outcomes, in the order of the `p_` and `z_` columns.
const OUTCOME_KEYS: [&str; 5] = ["banker_win", "dragon7", "player_win", "panda8", "tie"];

/// A baccarat grid engine: one variant's rules in, the generic output out.
pub type BaccaratEngine = Box<dyn Engine<BaccaratRules>>;

/// `[engines]`: which engines run, with their parameters.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginesSpec {
    /// `[engines.exact]`: the exact full-shoe analysis (no parameters).
    pub exact: Option<ExactEngine>,
    /// `[engines.sim]`: the shoe simulator.
    pub sim: Option<SimEngine>,
    /// `[engines.count]`: the side-bet count study.
    pub count: Option<CountEngine>,
}

impl EnginesSpec {
    /// The engines asked for, in the order exact, sim, count.
    pub fn engines(&self) -> Vec<BaccaratEngine> {
        let mut engines: Vec<BaccaratEngine> = Vec::new();
        if let Some(e) = &self.exact {
            engines.push(Box::new(e.clone()));
        }
        if let Some(e) = &self.sim {
            engines.push(Box::new(e.clone()));
        }
        if let Some(e) = &self.count {
            engines.push(Box::new(e.clone()));
        }
        engines
    }
}

/// `[engines.exact]`: no parameters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExactEngine {}

impl Engine<BaccaratRules> for ExactEngine {
    fn name(&self) -> &'static str {
        "exact"
    }

    fn params(&self) -> Value {
        Value::Object(serde_json::Map::new())
    }

    fn run(&self, rules: &BaccaratRules) -> Result<TaskOutput, String> {
        let started = Instant::now();
        let outcomes = count_outcomes(&Shoe::decks(rules.shoe.decks)).map_err(|e| e.to_string())?;
        let mut row = Row::default();
        for stats in all_bets(&outcomes, &rules.payouts) {
            row.float(format!("ev_{}", stats.bet.key()), stats.ev);
        }
        let p = class_probabilities(&outcomes);
        // Player wins include Panda 8, as in the seed's table.
        let reported = [p[0], p[1], p[2] + p[3], p[3], p[4]];
        for (key, p) in OUTCOME_KEYS.iter().zip(reported) {
            row.float(format!("p_{key}"), p);
        }
        Ok(output(row, Vec::new(), None, started))
    }
}

/// `[engines.sim]`: coups to deal and the seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimEngine {
    /// Coups per variant.
    #[serde(deserialize_with = "crate::lab::at_least_one")]
    pub hands: u64,
    /// The seed (the same at any thread count).
    pub seed: u64,
}

impl Default for SimEngine {
    fn default() -> Self {
        SimEngine {
            hands: 10_000_000,
            seed: 1,
        }
    }
}

impl Engine<BaccaratRules> for SimEngine {
    fn name(&self) -> &'static str {
        "sim"
    }

    fn params(&self) -> Value {
        let mut params = serde_json::to_value(self).unwrap_or(Value::Null);
        params["generator"] = Value::String(crate::games::baccarat::sim::GENERATOR.to_string());
        params
    }

    fn run(&self, rules: &BaccaratRules) -> Result<TaskOutput, String> {
        let started = Instant::now();
        let params = SimParams {
            hands: self.hands,
            seed: self.seed,
            threads: 0,
            progress: false,
        };
        let stats = simulate(rules, &params)?.stats;
        let mut row = Row::default();
        for bet in &stats.bets {
            row.float(format!("ev_{}", bet.bet), bet.mean);
            row.float(format!("se_{}", bet.bet), bet.std_error);
        }
        let (f, z) = (&stats.frequencies, &stats.z);
        let frequencies = [f.banker_win, f.dragon7, f.player_win, f.panda8, f.tie];
        let zs = [z.banker_win, z.dragon7, z.player_win, z.panda8, z.tie];
        for ((key, f), z) in OUTCOME_KEYS.iter().zip(frequencies).zip(zs) {
            row.float(format!("p_{key}"), f);
            row.float(format!("z_{key}"), z);
        }
        row.float("max_abs_z", stats.max_abs_z());
        row.whole("hands", stats.hands);
        row.whole("shoes", stats.shoes);
        row.float("hands_per_shoe", stats.hands_per_shoe);
        Ok(output(row, Vec::new(), Some(self.seed), started))
    }
}

/// `[engines.count]`: shoes to deal and the seed; the triggers are the
/// derived ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CountEngine {
    /// Shoes per variant (each hand costs one exact analysis).
    #[serde(deserialize_with = "crate::lab::at_least_one")]
    pub shoes: u64,
    /// The seed (the same at any thread count).
    pub seed: u64,
}

impl Default for CountEngine {
    fn default() -> Self {
        CountEngine {
            shoes: 500,
            seed: 1,
        }
    }
}

impl Engine<BaccaratRules> for CountEngine {
    fn name(&self) -> &'static str {
        "count"
    }

    fn params(&self) -> Value {
        let mut params = serde_json::to_value(self).unwrap_or(Value::Null);
        params["generator"] = Value::String(crate::sim::GENERATOR.to_string());
        params
    }

    fn run(&self, rules: &BaccaratRules) -> Result<TaskOutput, String> {
        let started = Instant::now();
        let params = CountParams {
            shoes: self.shoes,
            seed: self.seed,
            threads: 0,
            progress: false,
            triggers: [None; 2],
        };
        let result = count_study(rules, &params)?;
        let mut row = Row::default();
        row.whole("hands", result.hands);
        row.whole("shoes", result.shoes);
        row.float("hands_per_shoe", result.hands_per_shoe);
        let mut decisions = Vec::new();
        for (bet, figures) in SIDE_BETS.iter().zip(&result.bets) {
            let key = bet.key();
            row.float(format!("{key}_trigger"), figures.system.trigger);
            bettor(&mut row, &format!("{key}_counter"), &figures.counter);
            bettor(&mut row, &format!("{key}_perfect"), &figures.perfect);
            for bucket in figures.by_true_count.iter().filter(|b| b.hands > 0) {
                decisions.push(vec![
                    Cell::Str(key.to_string()),
                    Cell::I32(bucket.true_count),
                    Cell::U64(bucket.hands),
                    Cell::F64(bucket.mean_exact_ev),
                    Cell::F64(bucket.mean_result),
                ]);
            }
        }
        Ok(output(row, decisions, Some(self.seed), started))
    }
}

/// One bettor's figures under the column prefix `prefix`.
fn bettor(row: &mut Row, prefix: &str, f: &BettorFigures) {
    for (name, value) in [
        ("share_bet", f.share_bet),
        ("edge", f.edge),
        ("edge_se", f.edge_std_error),
        ("z", f.z_edge_vs_exact),
        ("ev_per_shoe", f.ev_per_shoe),
        ("ev_per_shoe_se", f.ev_per_shoe_std_error),
        ("won_per_shoe", f.units_per_shoe),
        ("won_per_shoe_se", f.units_per_shoe_std_error),
    ] {
        row.float(format!("{prefix}_{name}"), value);
    }
}

fn output(row: Row, decisions: Vec<Vec<Cell>>, seed: Option<u64>, started: Instant) -> TaskOutput {
    TaskOutput {
        figures: row.0,
        decisions,
        convergence: Vec::new(),
        seed,
        seconds: started.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::lab::record::FIGURES;

    #[test]
    fn every_figure_an_engine_fills_is_declared() {
        let rules = BaccaratRules {
            shoe: crate::games::baccarat::rules::ShoeRules {
                decks: 3,
                ..BaccaratRules::default().shoe
            },
            ..BaccaratRules::default()
        };
        let engines: [BaccaratEngine; 3] = [
            Box::new(ExactEngine {}),
            Box::new(SimEngine {
                hands: 1000,
                seed: 1,
            }),
            Box::new(CountEngine { shoes: 2, seed: 1 }),
        ];
        for engine in engines {
            let out = engine.run(&rules).unwrap();
            assert!(!out.figures.is_empty());
            for (name, _) in &out.figures {
                assert!(FIGURES.iter().any(|c| c.name == name), "{name}");
            }
        }
    }
}
