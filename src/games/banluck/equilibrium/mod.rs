//! The heads-up equilibrium (PRD phase 2): CFR+ with a strategic dealer
//! who chooses when to surrender, draw and reveal, and an exact
//! exploitability next to every result.
//!
//! The solver works on the vector form of the game (see the `game`
//! module): each iteration is two streaming products with a precomputed
//! kernel and a few passes over the composition DAGs, with no tree walk per
//! history. Exploitability is exact: the player's and the dealer's best
//! responses are computed over the whole game every few iterations.
//!
//! Heads-up, revealing a 3+-card player and standing are the same act (both
//! settle the hand against the dealer's current total), so the dealer's
//! choice at a reveal total is "draw or stop"; the reported reveal frequency
//! is the frequency of stopping there against 3+-card players. With
//! `dealer.draw_choice = "fixed"` the dealer must draw as `[dealer.fixed]`
//! says and the reveal is its only way to stop at 16 or soft 17.
//!
//! ```no_run
//! use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
//! use banluck_lab::games::banluck::equilibrium::{solve, CfrParams};
//! let table = RuleTable::compile(RuleSet::default());
//! let solution = solve(&table, &CfrParams::default()).unwrap();
//! assert!(solution.exploitability <= 1e-6);
//! println!("game value {:+.6}, reveal frequency {:.3}", solution.value, solution.reveal_frequency);
//! ```

mod exploits;
mod game;
mod params;
mod reach;
mod report;
mod solver;
mod state;

use serde::Serialize;

pub use crate::cfr::LogRow;
pub use exploits::{Exploit, exploit_analyses};
pub use params::{Algorithm, CfrParams};
pub use report::{DealerCell, PlayerCell, PlayerComposition};

use crate::cfr::{Convergence, converge};
use crate::games::banluck::rules::RuleTable;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use game::VectorGame;
use solver::Solver;
use state::Profile;

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

/// Why the equilibrium solver cannot run on a rule set.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EquilibriumError {
    /// The dealer's upcard splits every reach by the first card; the vector
    /// form does not carry that split yet.
    #[error(
        "the equilibrium solver does not support dealer.upcard = true yet; solve with --engine dp, or set dealer.upcard=false"
    )]
    Upcard,
}

/// Solves the heads-up game to the target exploitability (or the iteration
/// limit).
pub fn solve(
    table: &RuleTable,
    params: &CfrParams,
) -> Result<EquilibriumSolution, EquilibriumError> {
    if table.rules().dealer.upcard {
        return Err(EquilibriumError::Upcard);
    }
    let game = VectorGame::new(table);
    let mut solver = Solver::new(&game, params.algorithm);
    let Convergence {
        log,
        iterations,
        seconds,
    } = converge(&mut solver, &params.stop_rule());
    let last = *log.last().expect("the log has the first measurement");
    let average = solver.average();
    let dealer = to_dealer_strategy(table, &average);
    let player = to_player_strategy(table, &game, &average);
    let frequencies = report::Frequencies::compute(&game, &average);
    Ok(EquilibriumSolution {
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
    })
}

/// The dealer's exact best response to a player strategy: the lowest EV
/// per hand a strategic dealer can hold the player to, and the dealer
/// strategy that does it. This is how much a strategic dealer can take from
/// a habit such as "stand on 16+".
pub fn dealer_best_response(
    table: &RuleTable,
    player: &PlayerStrategy,
) -> Result<(f64, DealerStrategy), EquilibriumError> {
    if table.rules().dealer.upcard {
        return Err(EquilibriumError::Upcard);
    }
    let game = VectorGame::new(table);
    let mut solver = Solver::new(&game, Algorithm::CfrPlus);
    let mut profile = solver.average();
    for (id, h) in profile.player_hit.iter_mut().enumerate() {
        *h = player.hit_probability(id as crate::cards::CompId, None);
    }
    let (_, _, lower) = solver.measure_profile(&profile);
    Ok((
        lower,
        to_dealer_strategy(table, &solver.best_dealer_profile()),
    ))
}

fn to_player_strategy(
    table: &RuleTable,
    game: &VectorGame<'_>,
    profile: &Profile,
) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(table);
    for (id, &h) in profile.player_hit.iter().enumerate() {
        if game.player_choice[id] {
            strategy.set_hit(id as crate::cards::CompId, None, h);
        }
    }
    strategy
}

fn to_dealer_strategy(table: &RuleTable, profile: &Profile) -> DealerStrategy {
    let mut strategy = DealerStrategy::fixed(table);
    for (id, hits) in profile.dealer_hit.iter().enumerate() {
        let id = id as crate::cards::CompId;
        let node = table.dealer(id);
        for cards in 2..=crate::games::banluck::rules::MAX_HAND_CARDS {
            let i = DealerStrategy::index(id, cards);
            let hit = node.equilibrium_draw(cards, hits[usize::from(cards)]);
            strategy.hit[i] = hit;
            strategy.reveal[i] = if node.may_reveal && cards >= 3 {
                1.0 - hit
            } else {
                0.0
            };
        }
        strategy.surrender[id as usize] = if node.may_surrender {
            profile.surrender[id as usize]
        } else {
            0.0
        };
    }
    strategy
}
