//! What an exact-or-equilibrium solve of one rules file is asked to do, and
//! which engine serves it: the combinations of settings each route allows,
//! checked before any work, so every front end (the command line, a page)
//! answers a request the same way. A setting is named by what it is
//! ([`SolveSetting`]); a front end maps it to its own spelling (a flag).

use std::fmt;

use crate::rules::GameKind;

/// One setting of a [`SolveRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveSetting {
    /// The engine (exact or equilibrium).
    Engine,
    /// The values of one key to solve side by side.
    Compare,
    /// The equilibrium solver's convergence log file.
    Log,
    /// A strategy file to evaluate.
    Strategy,
    /// A file to write the solved Banluck strategy to.
    WriteStrategy,
    /// A file to write the solved blackjack chart to.
    WriteChart,
    /// Cards removed from the deck, or the effects of removal.
    Removal,
}

/// The engine a solve runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveEngine {
    /// Exact dynamic programming against the rules' fixed dealer.
    Exact,
    /// The equilibrium solver with a strategic dealer.
    Equilibrium,
}

/// What one solve is asked to do: which settings are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveRequest {
    /// The engine.
    pub engine: SolveEngine,
    /// Whether the values of one key are compared.
    pub compare: bool,
    /// Whether the convergence log is written.
    pub log: bool,
    /// Whether a strategy file is evaluated.
    pub strategy: bool,
    /// Whether the solved Banluck strategy is written.
    pub write_strategy: bool,
    /// Whether the solved blackjack chart is written.
    pub write_chart: bool,
    /// Whether cards are removed from the deck (or their effects asked for).
    pub removal: bool,
}

/// Which engine serves a [`SolveRequest`] on a rules file of a given game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveRoute {
    /// Blackjack: evaluate a chart file exactly beside the optimum.
    BlackjackChart,
    /// Blackjack: the exact solve.
    BlackjackExact,
    /// Banluck: the exact solve from a partial deck, or the effects of removal.
    BanluckRemoval,
    /// Banluck: evaluate a strategy file exactly beside the optimum.
    BanluckStrategy,
    /// Banluck: the exact solve once per value of one key.
    BanluckCompare,
    /// Banluck: the equilibrium solve.
    BanluckEquilibrium,
    /// Banluck: the exact solve.
    BanluckExact,
}

/// A request a route does not allow: the setting at fault and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveRequestError {
    /// The setting at fault.
    pub setting: SolveSetting,
    /// What the setting does and what it combines with, in words.
    pub allowed: &'static str,
    /// The settings it needs.
    pub with: &'static [SolveSetting],
    /// The settings it excludes.
    pub without: &'static [SolveSetting],
}

impl fmt::Display for SolveRequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.setting, self.allowed)
    }
}

impl std::error::Error for SolveRequestError {}

fn refuse(setting: SolveSetting, allowed: &'static str) -> Result<SolveRoute, SolveRequestError> {
    Err(SolveRequestError {
        setting,
        allowed,
        with: &[],
        without: &[],
    })
}

impl SolveRequest {
    /// Checks the settings that do not depend on the game: the convergence
    /// log belongs to one equilibrium solve.
    ///
    /// # Errors
    /// A log asked of another engine, a comparison or a strategy evaluation.
    pub fn check(&self) -> Result<(), SolveRequestError> {
        if self.log && (self.engine != SolveEngine::Equilibrium || self.compare || self.strategy) {
            return Err(SolveRequestError {
                setting: SolveSetting::Log,
                allowed: "writes the convergence log of one equilibrium solve",
                with: &[SolveSetting::Engine],
                without: &[SolveSetting::Compare, SolveSetting::Strategy],
            });
        }
        Ok(())
    }

    /// The engine that serves this request on a rules file of `game`
    /// (Banluck or blackjack; any other game is refused before, by
    /// [`crate::lab::pick_game`]).
    ///
    /// # Errors
    /// A combination of settings the route does not allow.
    pub fn route(&self, game: GameKind) -> Result<SolveRoute, SolveRequestError> {
        self.check()?;
        let exact = self.engine == SolveEngine::Exact;
        if game == GameKind::Blackjack {
            if self.removal {
                return refuse(
                    SolveSetting::Removal,
                    "the partial-deck exact solve is for Banluck rules files",
                );
            }
            if self.compare || !exact {
                return refuse(
                    if self.compare {
                        SolveSetting::Compare
                    } else {
                        SolveSetting::Engine
                    },
                    "a blackjack rules file solves with the exact engine only, without a comparison",
                );
            }
            if self.write_strategy {
                return refuse(
                    SolveSetting::WriteStrategy,
                    "strategy files hold Banluck strategies; a blackjack solve writes a chart",
                );
            }
            return Ok(if self.strategy {
                SolveRoute::BlackjackChart
            } else {
                SolveRoute::BlackjackExact
            });
        }
        if self.removal {
            if self.compare || self.strategy || self.write_strategy || !exact {
                return refuse(
                    SolveSetting::Removal,
                    "solves the exact engine from one deck: without a comparison, a strategy to evaluate or write, and the equilibrium engine",
                );
            }
            return Ok(SolveRoute::BanluckRemoval);
        }
        if self.write_chart {
            return refuse(
                SolveSetting::WriteChart,
                "writes a blackjack chart; a Banluck solve writes a strategy file",
            );
        }
        if self.strategy {
            if self.compare || self.write_strategy || !exact {
                return refuse(
                    SolveSetting::Strategy,
                    "evaluates one strategy file: without a comparison, a strategy to write and the equilibrium engine",
                );
            }
            return Ok(SolveRoute::BanluckStrategy);
        }
        if self.compare {
            if self.write_strategy {
                return refuse(
                    SolveSetting::WriteStrategy,
                    "writes one solution: without a comparison",
                );
            }
            return Ok(SolveRoute::BanluckCompare);
        }
        Ok(if exact {
            SolveRoute::BanluckExact
        } else {
            SolveRoute::BanluckEquilibrium
        })
    }

    /// Checks writing the equilibrium strategy of rules whose dealer does
    /// (`upcard_dealer`) or does not see the upcard: the strategy file has
    /// no dealer section keyed by the upcard.
    ///
    /// # Errors
    /// A strategy to write from an equilibrium with an upcard-keyed dealer.
    pub fn check_written_equilibrium(&self, upcard_dealer: bool) -> Result<(), SolveRequestError> {
        if self.write_strategy && self.engine == SolveEngine::Equilibrium && upcard_dealer {
            return Err(SolveRequestError {
                setting: SolveSetting::WriteStrategy,
                allowed: "the strategy file has no dealer section keyed by the upcard yet, and the equilibrium dealer with dealer.upcard = true is; write the exact engine's strategy or set dealer.upcard=false",
                with: &[],
                without: &[],
            });
        }
        Ok(())
    }
}

/// A comparison of one key's values: `KEY=V1,V2,...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// The dotted rule key.
    pub key: String,
    /// Its values, at least two, in the order given.
    pub values: Vec<String>,
}

impl Comparison {
    /// Reads `KEY=V1,V2,...` (blank values are skipped).
    ///
    /// # Errors
    /// No `=`, or fewer than two values.
    pub fn parse(spec: &str) -> Result<Comparison, String> {
        let (key, values) = spec
            .split_once('=')
            .ok_or("expected KEY=V1,V2,..., e.g. dealer.fixed.reveal=off,on")?;
        let values: Vec<String> = values
            .split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
            .collect();
        if values.len() < 2 {
            return Err("give at least two values separated by commas".into());
        }
        Ok(Comparison {
            key: key.to_string(),
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact() -> SolveRequest {
        SolveRequest {
            engine: SolveEngine::Exact,
            compare: false,
            log: false,
            strategy: false,
            write_strategy: false,
            write_chart: false,
            removal: false,
        }
    }

    #[test]
    fn each_game_reaches_its_engine() {
        assert_eq!(
            exact().route(GameKind::Banluck),
            Ok(SolveRoute::BanluckExact)
        );
        assert_eq!(
            exact().route(GameKind::Blackjack),
            Ok(SolveRoute::BlackjackExact)
        );
        let cfr = SolveRequest {
            engine: SolveEngine::Equilibrium,
            ..exact()
        };
        assert_eq!(
            cfr.route(GameKind::Banluck),
            Ok(SolveRoute::BanluckEquilibrium)
        );
        assert_eq!(
            cfr.route(GameKind::Blackjack).unwrap_err().setting,
            SolveSetting::Engine
        );
    }

    #[test]
    fn a_log_needs_one_equilibrium_solve() {
        let log = SolveRequest {
            log: true,
            ..exact()
        };
        assert_eq!(log.check().unwrap_err().setting, SolveSetting::Log);
    }

    #[test]
    fn a_comparison_needs_two_values() {
        assert_eq!(
            Comparison::parse("a.b=1, 2").unwrap().values,
            vec!["1".to_string(), "2".to_string()]
        );
        assert!(Comparison::parse("a.b=1").is_err());
        assert!(Comparison::parse("a.b").is_err());
    }
}
