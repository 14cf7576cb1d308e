//! The solver's strategies: the current behaviour profile, the regrets
//! behind it and the running averages, per decision point of each side.
//!
//! Every array holds one block of `compositions` entries per upcard slot
//! (one slot without an upcard): entry `slot * compositions + id`.

use crate::cards::CompId;
use crate::cfr::{AverageSum, Schedule, regret_matching};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};

use super::game::HeadsUpGame;

/// The player's hand sizes a dealer decision is indexed by (0..=max cards).
pub(crate) const HAND_SIZES: usize = MAX_HAND_CARDS as usize + 1;

/// A behaviour profile: hit probabilities per player composition, per
/// dealer composition and player count, and surrender per dealer hand,
/// each per upcard slot.
#[derive(Debug, Clone)]
pub(crate) struct Behaviour {
    /// Compositions per slot.
    pub comps: usize,
    pub player_hit: Vec<f64>,
    pub dealer_hit: Vec<[f64; HAND_SIZES]>,
    pub surrender: Vec<f64>,
}

impl Behaviour {
    /// The player's draw probability at `p` in `slot`, the rules' forced
    /// moves included.
    pub fn player_draw(&self, table: &CompiledRules, slot: usize, p: CompId) -> f64 {
        table
            .player(p)
            .draw_probability(self.player_hit[slot * self.comps + p as usize])
    }

    /// The dealer's draw probability at `d` in `slot` facing `cards` cards,
    /// the rules' forced moves included.
    pub fn dealer_draw(&self, table: &CompiledRules, slot: usize, d: CompId, cards: u8) -> f64 {
        table.dealer(d).equilibrium_draw(
            cards,
            self.dealer_hit[slot * self.comps + d as usize][usize::from(cards)],
        )
    }
}

/// Accumulated regrets (`[hit or surrender, stand or play]`) and average
/// sums (of the hit or surrender probability) next to the current profile.
pub(crate) struct RegretState {
    pub current: Behaviour,
    pub player_regret: Vec<[f64; 2]>,
    pub player_avg: Vec<AverageSum<1>>,
    pub dealer_regret: Vec<[[f64; 2]; HAND_SIZES]>,
    pub dealer_avg: Vec<[AverageSum<1>; HAND_SIZES]>,
    pub surrender_regret: Vec<[f64; 2]>,
    pub surrender_avg: Vec<AverageSum<1>>,
}

impl RegretState {
    /// Every choice at even odds, nothing accumulated.
    pub fn new(game: &HeadsUpGame<'_>) -> RegretState {
        let n = game.comps();
        let player_hit: Vec<f64> = (0..n)
            .map(|i| if game.player_choice[i] { 0.5 } else { 0.0 })
            .collect();
        let mut dealer_hit = vec![[0.0; HAND_SIZES]; n];
        for (id, hits) in dealer_hit.iter_mut().enumerate() {
            let node = game.table.dealer(id as CompId);
            for (c, h) in hits.iter_mut().enumerate() {
                *h = if node.chooses[c] { 0.5 } else { 0.0 };
            }
        }
        let surrender: Vec<f64> = (0..n)
            .map(|id| {
                if game.table.dealer(id as CompId).may_surrender {
                    0.5
                } else {
                    0.0
                }
            })
            .collect();
        let len = n * game.slots;
        RegretState {
            current: Behaviour {
                comps: n,
                player_hit: player_hit.repeat(game.slots),
                dealer_hit: dealer_hit.repeat(game.slots),
                surrender: surrender.repeat(game.slots),
            },
            player_regret: vec![[0.0; 2]; len],
            player_avg: vec![AverageSum::default(); len],
            dealer_regret: vec![[[0.0; 2]; HAND_SIZES]; len],
            dealer_avg: vec![[AverageSum::default(); HAND_SIZES]; len],
            surrender_regret: vec![[0.0; 2]; len],
            surrender_avg: vec![AverageSum::default(); len],
        }
    }

    /// The average strategies (current where never reached).
    pub fn average(&self) -> Behaviour {
        let current = &self.current;
        Behaviour {
            comps: current.comps,
            player_hit: self
                .player_avg
                .iter()
                .zip(&current.player_hit)
                .map(|(sum, &h)| sum.probability(0, h))
                .collect(),
            dealer_hit: self
                .dealer_avg
                .iter()
                .zip(&current.dealer_hit)
                .map(|(sums, h)| std::array::from_fn(|c| sums[c].probability(0, h[c])))
                .collect(),
            surrender: self
                .surrender_avg
                .iter()
                .zip(&current.surrender)
                .map(|(sum, &x)| sum.probability(0, x))
                .collect(),
        }
    }

    /// Adds the player's current strategy to its average with `weight`
    /// times the player's own reach of each composition.
    pub fn accumulate_player_average(
        &mut self,
        game: &HeadsUpGame<'_>,
        weight: f64,
        reach: &[f64],
    ) {
        let n = game.comps();
        for (i, sum) in self.player_avg.iter_mut().enumerate() {
            if game.player_choice[i % n] {
                sum.add(weight * reach[i], [self.current.player_hit[i]]);
            }
        }
    }

    /// Adds the dealer's current strategy to its average with `weight`
    /// times the dealer's own reach (surrender is its first move, made with
    /// the upcard's weight in its two-card hands).
    pub fn accumulate_dealer_average(
        &mut self,
        game: &HeadsUpGame<'_>,
        weight: f64,
        reach: &[[f64; HAND_SIZES]],
    ) {
        let n = game.comps();
        for (i, sums) in self.dealer_avg.iter_mut().enumerate() {
            let node = game.table.dealer((i % n) as CompId);
            for block in &game.blocks {
                let c = usize::from(block.cards);
                if node.chooses[c] {
                    sums[c].add(weight * reach[i][c], [self.current.dealer_hit[i][c]]);
                }
            }
            if node.may_surrender {
                self.surrender_avg[i].add(weight, [self.current.surrender[i]]);
            }
        }
    }
}

/// Adds a decision point's instantaneous regrets under `schedule` and
/// returns the next probability of its first action (hit or surrender).
pub(crate) fn update_regret(regret: &mut [f64; 2], instant: [f64; 2], schedule: Schedule) -> f64 {
    schedule.accumulate(regret, &instant);
    let mut strategy = [0.0; 2];
    regret_matching(regret, &mut strategy);
    strategy[0]
}
