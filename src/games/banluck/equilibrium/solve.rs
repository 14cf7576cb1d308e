//! The heads-up equilibrium solve and the dealer's exact best response to a
//! player strategy.

use serde::Serialize;

use crate::cards::CompId;
use crate::cfr::{Convergence, LogRow, converge_observed};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::game::HeadsUpGame;
use super::params::{CfrParams, CfrVariant};
use super::readout::{to_dealer_strategy, to_player_strategy, upcard_of};
use super::report::{self, DealerCell, PlayerCell, PlayerComposition};
use super::solver::HeadsUpCfr;

/// What the equilibrium solver reports for one rule set.
#[derive(Debug, Clone, Serialize)]
pub struct EquilibriumSolution {
    /// Always `"cfr"`.
    pub engine: &'static str,
    /// The rules hash of the table solved.
    pub rules_hash: String,
    /// The parameters used.
    pub params: CfrParams,
    /// The value of the average profile to the player, per dealt hand.
    pub value: f64,
    /// Mean of the two best-response gains against the average profile.
    pub exploitability: f64,
    /// The player's best-response value against the dealer's strategy.
    pub value_upper: f64,
    /// The dealer's best-response value against the player's strategy.
    pub value_lower: f64,
    /// Iterations run.
    pub iterations: u32,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Entries in the game's kernel.
    pub kernel_entries: usize,
    /// Probability that the dealer stops (stands or reveals) at a reveal
    /// total facing a 3+-card player, over the hands that get there.
    pub reveal_frequency: f64,
    /// Probability that the dealer surrenders a hard 15 it is dealt.
    pub surrender_frequency: f64,
    /// The player's hit frequency by chart cell.
    pub player_chart: Vec<PlayerCell>,
    /// The player's hit frequency by composition (where it has a choice).
    pub player_compositions: Vec<PlayerComposition>,
    /// The dealer's draw and stop frequencies by chart cell and player count.
    pub dealer_chart: Vec<DealerCell>,
    /// The convergence log.
    pub log: Vec<LogRow>,
    /// The player's average strategy.
    #[serde(skip)]
    pub player: PlayerStrategy,
    /// The dealer's average strategy.
    #[serde(skip)]
    pub dealer: DealerStrategy,
}

/// Solves the heads-up game to the target exploitability (or the iteration
/// limit).
pub fn solve(table: &CompiledRules, params: &CfrParams) -> EquilibriumSolution {
    solve_observed(table, params, &mut |_| {})
}

/// [`solve`], handing every convergence-log row to `observe` as soon as it
/// is measured (for a progress bar or a live log).
pub fn solve_observed(
    table: &CompiledRules,
    params: &CfrParams,
    observe: &mut dyn FnMut(&LogRow),
) -> EquilibriumSolution {
    let game = HeadsUpGame::new(table);
    let mut solver = HeadsUpCfr::new(&game, params.algorithm);
    let Convergence {
        log,
        iterations,
        seconds,
    } = converge_observed(&mut solver, &params.stop_rule(), observe);
    let last = *log.last().expect("the log has the first measurement");
    let average = solver.average();
    let dealer = to_dealer_strategy(&game, &average);
    let player = to_player_strategy(&game, &average);
    let frequencies = report::Frequencies::compute(&game, &average);
    EquilibriumSolution {
        engine: "cfr",
        rules_hash: table.hash().to_string(),
        params: params.clone(),
        value: last.value,
        exploitability: last.exploitability,
        value_upper: last.upper,
        value_lower: last.lower,
        iterations: u32::try_from(iterations).unwrap_or(u32::MAX),
        seconds,
        kernel_entries: game.kernel_len(),
        reveal_frequency: frequencies.reveal,
        surrender_frequency: frequencies.surrender,
        player_chart: frequencies.player_chart,
        player_compositions: frequencies.player_compositions,
        dealer_chart: frequencies.dealer_chart,
        log,
        player,
        dealer,
    }
}

/// The dealer's exact best response to a player strategy: the lowest EV
/// per hand a strategic dealer can hold the player to, and the dealer
/// strategy that does it. This is how much a strategic dealer can take from
/// a habit such as "stand on 16+". With an upcard, a player strategy not
/// keyed by it plays the same in every upcard's block.
pub fn dealer_best_response(
    table: &CompiledRules,
    player: &PlayerStrategy,
) -> (f64, DealerStrategy) {
    let game = HeadsUpGame::new(table);
    let mut solver = HeadsUpCfr::new(&game, CfrVariant::CfrPlus);
    let mut profile = solver.average();
    let n = game.comps();
    for (i, h) in profile.player_hit.iter_mut().enumerate() {
        let id = (i % n) as CompId;
        *h = player.hit_probability(id, upcard_of(&game, i / n));
    }
    let (_, _, lower) = solver.measure_profile(&profile);
    (
        lower,
        to_dealer_strategy(&game, &solver.best_dealer_profile()),
    )
}
