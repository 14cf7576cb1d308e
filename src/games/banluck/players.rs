//! The strategy pair a simulation plays, named as its users name it: a
//! built-in player strategy (`stand17`, `dp`, `chart`, `cfr`) or a
//! strategy file, with the dealer it faces and the exact value of the pair
//! where a solver or the file knows it.

use std::fmt;
use std::path::Path;

use crate::games::banluck::dp;
use crate::games::banluck::equilibrium::EquilibriumSolution;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::strategy_file::{Chart, load_strategy};

/// The built-in names, for messages.
pub const BUILT_IN: &str = "dp, chart, cfr, stand17";

/// A strategy pair to play.
pub struct Players {
    /// The player's strategy.
    pub player: PlayerStrategy,
    /// The dealer's strategy.
    pub dealer: DealerStrategy,
    /// The dealer in words (`the fixed dealer of the rules`).
    pub dealer_name: &'static str,
    /// The pair's exact value per hand and where it comes from.
    pub exact: Option<(f64, &'static str)>,
    /// A note for the user: a strategy file computed for other rules.
    pub warning: Option<String>,
}

/// Why a strategy name does not give a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayersError {
    /// Neither a built-in name nor an existing file.
    Unknown(String),
    /// The strategy file could not be read; the message names the file.
    File(String),
    /// The built-in chart could not be expanded under these rules.
    Chart(String),
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayersError::Unknown(name) => write!(
                f,
                "`{name}` is neither a built-in strategy ({BUILT_IN}) nor an existing file"
            ),
            PlayersError::File(message) | PlayersError::Chart(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PlayersError {}

/// The pair named `name` under `table`. `solve_equilibrium` runs the
/// equilibrium solve for `cfr` (the caller shows its progress), and
/// `note` hears what is about to take time.
///
/// # Errors
/// An unknown name, an unreadable strategy file or a chart the rules
/// cannot expand.
pub fn players(
    name: &str,
    table: &CompiledRules,
    solve_equilibrium: &mut dyn FnMut(&CompiledRules) -> EquilibriumSolution,
    note: &mut dyn FnMut(&str),
) -> Result<Players, PlayersError> {
    let fixed = |player, exact| Players {
        player,
        dealer: DealerStrategy::fixed(table),
        dealer_name: "the fixed dealer of the rules",
        exact,
        warning: None,
    };
    match name {
        "stand17" => Ok(fixed(
            Chart::stand17()
                .expand(table)
                .map_err(|e| PlayersError::Chart(e.to_string()))?,
            None,
        )),
        "dp" | "chart" => {
            note("solving the rules exactly (dp) ...");
            let solution = dp::solve(table);
            Ok(if name == "dp" {
                fixed(solution.player, Some((solution.ev, "dp")))
            } else {
                fixed(
                    solution.chart_player,
                    Some((solution.ev_chart, "dp, best chart")),
                )
            })
        }
        "cfr" => {
            note("solving the equilibrium (cfr) ...");
            let solution = solve_equilibrium(table);
            Ok(Players {
                player: solution.player,
                dealer: solution.dealer,
                dealer_name: "the equilibrium dealer (cfr)",
                exact: Some((solution.value, "cfr, value of the average profile")),
                warning: None,
            })
        }
        path => {
            let path = Path::new(path);
            if !path.exists() {
                return Err(PlayersError::Unknown(name.to_string()));
            }
            let loaded =
                load_strategy(path, table).map_err(|e| PlayersError::File(e.to_string()))?;
            let same_rules = loaded.rules_hash.as_deref() == Some(table.hash());
            let warning = loaded
                .rules_hash
                .as_deref()
                .filter(|_| !same_rules)
                .map(|hash| {
                    format!(
                        "note: {} was computed for other rules (hash {hash}); playing it under these rules (hash {})",
                        path.display(),
                        table.hash()
                    )
                });
            let exact = loaded
                .ev
                .filter(|_| same_rules)
                .map(|ev| (ev, "the strategy file"));
            let mut players = match loaded.dealer {
                Some(dealer) => Players {
                    player: loaded.player,
                    dealer,
                    dealer_name: "the dealer strategy of the file",
                    exact,
                    warning: None,
                },
                None => fixed(loaded.player, exact),
            };
            players.warning = warning;
            Ok(players)
        }
    }
}
