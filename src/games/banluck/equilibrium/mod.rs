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
//! With `dealer.upcard = true` the dealer's first card is dealt face up:
//! every reach splits by it (one block per upcard rank in every array), the
//! player's strategy is keyed by its cards and the upcard, the dealer's by
//! its cards, the upcard among them, and the player's card count. The
//! kernel is the same; a dealer composition's reach in an upcard's block
//! counts only the orders of its cards that start with that upcard.
//!
//! ```no_run
//! use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
//! use banluck_lab::games::banluck::equilibrium::{solve, CfrParams};
//! let table = CompiledRules::compile(RuleSet::default());
//! let solution = solve(&table, &CfrParams::default());
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
pub use params::{CfrParams, CfrVariant};
pub use report::{DealerCell, PlayerCell, PlayerComposition};

use crate::cards::{CompId, Rank};
use crate::cfr::{Convergence, converge_observed};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use game::HeadsUpGame;
use solver::HeadsUpCfr;
use state::Behaviour;

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

/// The upcard of a slot (none without an upcard).
fn upcard_of(game: &HeadsUpGame<'_>, slot: usize) -> Option<Rank> {
    (game.slots > 1).then(|| Rank::new(slot))
}

fn to_player_strategy(game: &HeadsUpGame<'_>, profile: &Behaviour) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(game.table);
    let n = game.comps();
    for (i, &h) in profile.player_hit.iter().enumerate() {
        if game.player_choice[i % n] {
            strategy.set_hit((i % n) as CompId, upcard_of(game, i / n), h);
        }
    }
    strategy
}

fn to_dealer_strategy(game: &HeadsUpGame<'_>, profile: &Behaviour) -> DealerStrategy {
    let table = game.table;
    let n = game.comps();
    let fixed = DealerStrategy::fixed(table);
    let mut strategy = DealerStrategy {
        by_upcard: game.slots > 1,
        hit: fixed.hit.repeat(game.slots),
        reveal: fixed.reveal.repeat(game.slots),
        surrender: fixed.surrender.repeat(game.slots),
    };
    for (i, hits) in profile.dealer_hit.iter().enumerate() {
        let (id, upcard) = ((i % n) as CompId, upcard_of(game, i / n));
        let node = table.dealer(id);
        for cards in 2..=crate::games::banluck::rules::MAX_HAND_CARDS {
            let at = strategy.at(id, cards, upcard);
            let hit = node.equilibrium_draw(cards, hits[usize::from(cards)]);
            strategy.hit[at] = hit;
            strategy.reveal[at] = if node.may_reveal && cards >= 3 {
                1.0 - hit
            } else {
                0.0
            };
        }
        let at = strategy.surrender_at(id, upcard);
        strategy.surrender[at] = if node.may_surrender {
            profile.surrender[i]
        } else {
            0.0
        };
    }
    strategy
}
