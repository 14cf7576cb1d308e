//! `[rotation]`: the parameters of a rotation experiment, and what they
//! select (the effort, the schemes, every person's strategy); a checked
//! experiment's own part.

use serde::{Deserialize, Serialize};

use crate::games::banluck::dp;
use crate::games::banluck::lab::engines::SimStrategy;
use crate::games::banluck::rotation::{Effort, Scheme};
use crate::games::banluck::rules::{CompiledRules, RotationScheme, RuleSet};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::MAX_PLAYERS;

/// `[rotation]`: the parameters of a rotation experiment. Every key is
/// optional.
///
/// ```toml
/// kind = "rotation"
/// [rotation]
/// people = [2, 3, 4, 5, 6, 7]     # people taking turns at the bank, 2..8
/// session_rounds = 100            # rounds per session, 1..10000
/// tolerance = 0.01                # fair: imbalance at most this fraction of a session's std dev
/// periods = [1, 5, 10]            # every_n periods shown beside never and on_ban
/// reveal_players = [1, 2, 3, 4, 5, 6, 7]  # table sizes for the reveal gain (empty: none)
/// strategy = "dp"                 # every person plays the exact optimum ("dp") or the best chart ("chart")
/// table_rounds = 1_000_000        # rounds per multi-player table simulation
/// sessions = 20_000               # sessions per multi-player session simulation
/// seed = 1                        # the seed of every simulation
/// ```
///
/// Heads-up (2 people) everything is exact (the DP's per-hand law,
/// convolved over the session); larger tables are simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RotationSpec {
    /// People taking turns at the bank, each 2..=8.
    pub people: Vec<usize>,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The fairness tolerance, a fraction of a session's standard deviation.
    pub tolerance: f64,
    /// `every_n` periods compared with `never` and `on_ban` (banker share,
    /// heads-up profit distributions).
    pub periods: Vec<u32>,
    /// Players (1..=7) facing the dealer in the reveal-gain tables.
    pub reveal_players: Vec<usize>,
    /// Every person's strategy.
    pub strategy: SimStrategy,
    /// Rounds per multi-player table simulation.
    pub table_rounds: u64,
    /// Sessions per multi-player session simulation.
    pub sessions: u64,
    /// The seed of every simulation.
    pub seed: u64,
}

impl Default for RotationSpec {
    fn default() -> Self {
        RotationSpec {
            people: (2..=7).collect(),
            session_rounds: 100,
            tolerance: 0.01,
            periods: vec![1, 5, 10],
            reveal_players: (1..=MAX_PLAYERS).collect(),
            strategy: SimStrategy::Dp,
            table_rounds: 1_000_000,
            sessions: 20_000,
            seed: 1,
        }
    }
}

impl RotationSpec {
    /// The simulation effort of the rows.
    pub fn effort(&self) -> Effort {
        Effort {
            table_rounds: self.table_rounds,
            sessions: self.sessions,
            seed: self.seed,
            threads: 0,
        }
    }

    /// The schemes shown beside the fair period: never, every_n for each
    /// period, on_ban.
    pub fn schemes(&self) -> Vec<Scheme> {
        let mut schemes = vec![Scheme {
            scheme: RotationScheme::Never,
            period: 1,
        }];
        schemes.extend(self.periods.iter().map(|&period| Scheme {
            scheme: RotationScheme::EveryN,
            period,
        }));
        schemes.push(Scheme {
            scheme: RotationScheme::OnBan,
            period: 1,
        });
        schemes
    }

    /// The strategy every person plays at `table`.
    pub fn player(&self, table: &CompiledRules) -> PlayerStrategy {
        self.solved(table).0
    }

    /// The strategy every person plays at `table` and its exact EV per
    /// hand heads-up against the fixed dealer (the exact solver's).
    pub fn solved(&self, table: &CompiledRules) -> (PlayerStrategy, f64) {
        let solution = dp::solve(table);
        match self.strategy {
            SimStrategy::Dp => (solution.player, solution.ev),
            SimStrategy::Chart => (solution.chart_player, solution.ev_chart),
        }
    }
}

/// A checked rotation experiment's own part: its base rules and
/// parameters.
#[derive(Debug, Clone)]
pub struct RotationExperiment {
    /// The resolved base rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: RotationSpec,
}
