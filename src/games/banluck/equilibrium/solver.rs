//! CFR+ and Discounted CFR on the vector-form game, with exact best
//! responses for both sides every few iterations.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::cards::{CompId, NO_CHILD};
use crate::games::banluck::rules::{MAX_HAND_CARDS, RuleTable};

use super::game::VectorGame;

/// The regret-minimisation variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Regret matching+, alternating updates, linearly weighted averages.
    CfrPlus,
    /// Discounted CFR (alpha 1.5, beta 0, gamma 2: iteration t's strategy
    /// weighs t squared in the average), alternating updates.
    Dcfr,
}

/// When to stop and how often to measure (also `[engines.cfr]` of an
/// experiment file: unknown keys are refused, missing ones default).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CfrParams {
    /// The variant.
    pub algorithm: Algorithm,
    /// Stop once the exploitability (units per hand) is at most this.
    pub target_exploitability: f64,
    /// Stop after this many iterations in any case.
    pub max_iterations: u32,
    /// Measure the exploitability every this many iterations.
    pub check_every: u32,
}

impl Default for CfrParams {
    fn default() -> Self {
        CfrParams {
            algorithm: Algorithm::CfrPlus,
            target_exploitability: 1e-6,
            max_iterations: 20_000,
            check_every: 25,
        }
    }
}

/// One row of the convergence log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogRow {
    /// Iterations done.
    pub iteration: u32,
    /// Seconds since the start.
    pub seconds: f64,
    /// Mean of the two best-response gains, units per hand.
    pub exploitability: f64,
    /// The value of the average profile to the player.
    pub value: f64,
    /// The player's best-response value (an upper bound on the game value).
    pub upper: f64,
    /// The dealer's best-response value (a lower bound on the game value).
    pub lower: f64,
}

const COUNTS: usize = MAX_HAND_CARDS as usize + 1;

/// Average and current strategies with their regrets.
pub(crate) struct State {
    pub player_hit: Vec<f64>,
    player_regret: Vec<[f64; 2]>,
    player_avg: Vec<[f64; 2]>,
    pub dealer_hit: Vec<[f64; COUNTS]>,
    dealer_regret: Vec<[[f64; 2]; COUNTS]>,
    dealer_avg: Vec<[[f64; 2]; COUNTS]>,
    pub surrender: Vec<f64>,
    surrender_regret: Vec<[f64; 2]>,
    surrender_avg: Vec<[f64; 2]>,
}

/// A behaviour profile: hit probabilities per player composition, per
/// dealer composition and player count, and surrender per dealer hand.
#[derive(Debug, Clone)]
pub(crate) struct Profile {
    pub player_hit: Vec<f64>,
    pub dealer_hit: Vec<[f64; COUNTS]>,
    pub surrender: Vec<f64>,
}

impl Profile {
    /// The player's draw probability at `p`, the rules' forced moves
    /// included.
    pub fn player_draw(&self, table: &RuleTable, p: CompId) -> f64 {
        table
            .player(p)
            .draw_probability(self.player_hit[p as usize])
    }

    /// The dealer's draw probability at `d` facing `cards` cards, the
    /// rules' forced moves included.
    pub fn dealer_draw(&self, table: &RuleTable, d: CompId, cards: u8) -> f64 {
        table
            .dealer(d)
            .equilibrium_draw(cards, self.dealer_hit[d as usize][usize::from(cards)])
    }
}

/// Per-pass buffers.
struct Buffers {
    dealer_reach: Vec<[f64; COUNTS]>,
    player_reach: Vec<f64>,
    stand_value: Vec<f64>,
    player_value: Vec<f64>,
    stop_value: Vec<[f64; COUNTS]>,
    dealer_value: Vec<[f64; COUNTS]>,
    deal_stop: Vec<f64>,
    gathered: Vec<f64>,
}

/// How a side's backward pass picks its action.
#[derive(Clone, Copy, PartialEq)]
enum Pick {
    /// Mix by the given profile.
    Follow,
    /// The best action for that side (player maximises, dealer minimises).
    Best,
}

pub(crate) struct Solver<'g, 'a> {
    pub game: &'g VectorGame<'a>,
    state: State,
    buffers: Buffers,
}

fn regret_matching(regret: &[f64; 2]) -> f64 {
    let (a, b) = (regret[0].max(0.0), regret[1].max(0.0));
    if a + b > 0.0 { a / (a + b) } else { 0.5 }
}

impl<'g, 'a> Solver<'g, 'a> {
    pub fn new(game: &'g VectorGame<'a>) -> Solver<'g, 'a> {
        let n = game.table.compositions().len();
        let player_hit = (0..n)
            .map(|i| if game.player_choice[i] { 0.5 } else { 0.0 })
            .collect();
        let mut dealer_hit = vec![[0.0; COUNTS]; n];
        for (id, hits) in dealer_hit.iter_mut().enumerate() {
            let node = game.table.dealer(id as CompId);
            for (c, h) in hits.iter_mut().enumerate() {
                *h = if node.chooses[c] { 0.5 } else { 0.0 };
            }
        }
        let surrender = (0..n)
            .map(|id| {
                if game.table.dealer(id as CompId).may_surrender {
                    0.5
                } else {
                    0.0
                }
            })
            .collect();
        Solver {
            game,
            state: State {
                player_hit,
                player_regret: vec![[0.0; 2]; n],
                player_avg: vec![[0.0; 2]; n],
                dealer_hit,
                dealer_regret: vec![[[0.0; 2]; COUNTS]; n],
                dealer_avg: vec![[[0.0; 2]; COUNTS]; n],
                surrender,
                surrender_regret: vec![[0.0; 2]; n],
                surrender_avg: vec![[0.0; 2]; n],
            },
            buffers: Buffers {
                dealer_reach: vec![[0.0; COUNTS]; n],
                player_reach: vec![0.0; n],
                stand_value: vec![0.0; n],
                player_value: vec![0.0; n],
                stop_value: vec![[0.0; COUNTS]; n],
                dealer_value: vec![[0.0; COUNTS]; n],
                deal_stop: vec![0.0; n],
                gathered: Vec::new(),
            },
        }
    }

    /// The current strategies as a profile.
    fn current(&self) -> Profile {
        Profile {
            player_hit: self.state.player_hit.clone(),
            dealer_hit: self.state.dealer_hit.clone(),
            surrender: self.state.surrender.clone(),
        }
    }

    /// The average strategies (current where never reached).
    pub fn average(&self) -> Profile {
        let s = &self.state;
        let avg = |sum: &[f64; 2], fallback: f64| {
            if sum[1] > 0.0 {
                sum[0] / sum[1]
            } else {
                fallback
            }
        };
        Profile {
            player_hit: s
                .player_avg
                .iter()
                .zip(&s.player_hit)
                .map(|(sum, &h)| avg(sum, h))
                .collect(),
            dealer_hit: s
                .dealer_avg
                .iter()
                .zip(&s.dealer_hit)
                .map(|(sums, h)| std::array::from_fn(|c| avg(&sums[c], h[c])))
                .collect(),
            surrender: s
                .surrender_avg
                .iter()
                .zip(&s.surrender)
                .map(|(sum, &x)| avg(sum, x))
                .collect(),
        }
    }

    /// The dealer's chance-free reach of every composition per player count.
    fn dealer_forward(&mut self, profile: &Profile) {
        let game = self.game;
        let comps = game.table.compositions();
        let reach = &mut self.buffers.dealer_reach;
        reach.iter_mut().for_each(|r| *r = [0.0; COUNTS]);
        for (i, &d) in game.deal.cols.iter().enumerate() {
            let plays = !game.table.hand(d).class.is_deal_special();
            let mass = if plays {
                game.deal_orderings[i] * (1.0 - profile.surrender[d as usize])
            } else {
                0.0
            };
            reach[d as usize] = [mass; COUNTS];
        }
        for size in 2..comps.max_cards() {
            for d in comps.of_size(size) {
                for block in &game.blocks {
                    let c = usize::from(block.cards);
                    let mass = self.buffers.dealer_reach[d as usize][c];
                    if mass == 0.0 {
                        continue;
                    }
                    let flow = mass * profile.dealer_draw(game.table, d, block.cards);
                    if flow > 0.0 {
                        for &child in comps.children(d) {
                            if child != NO_CHILD {
                                self.buffers.dealer_reach[child as usize][c] += flow;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The player's chance-free reach of every composition.
    fn player_forward(&mut self, profile: &Profile) {
        let game = self.game;
        let comps = game.table.compositions();
        let reach = &mut self.buffers.player_reach;
        reach.iter_mut().for_each(|r| *r = 0.0);
        for d in comps.of_size(2) {
            if game.player_reachable[d as usize] {
                reach[d as usize] = crate::cards::orderings(comps.counts(d));
            }
        }
        for size in 2..game.table.rules().player.max_cards {
            for p in comps.of_size(size) {
                let mass = self.buffers.player_reach[p as usize];
                if mass == 0.0 {
                    continue;
                }
                let flow = mass * profile.player_draw(game.table, p);
                if flow > 0.0 {
                    for &child in comps.children(p) {
                        if child != NO_CHILD {
                            self.buffers.player_reach[child as usize] += flow;
                        }
                    }
                }
            }
        }
    }

    /// The player's counterfactual value of stopping at each composition,
    /// against the dealer reach in the buffers.
    fn player_stop_values(&mut self, profile: &Profile) {
        let game = self.game;
        let table = game.table;
        let b = &mut self.buffers;
        b.stand_value.iter_mut().for_each(|v| *v = 0.0);
        for block in &game.blocks {
            let c = usize::from(block.cards);
            b.gathered.clear();
            b.gathered.extend(block.cols.iter().map(|&d| {
                b.dealer_reach[d as usize][c] * (1.0 - profile.dealer_draw(table, d, block.cards))
            }));
            block.row_products(&b.gathered, |p, v| b.stand_value[p as usize] = v);
        }
        b.gathered.clear();
        b.gathered.extend(
            game.deal
                .cols
                .iter()
                .enumerate()
                .map(|(i, &d)| game.deal_orderings[i] * (1.0 - profile.surrender[d as usize])),
        );
        game.deal
            .row_products(&b.gathered, |p, v| b.stand_value[p as usize] = v);
    }

    /// The player's backward pass; returns the value of the hands that play
    /// on (the deal's special settlements excluded). With `update`, updates
    /// the player's regrets for the current strategy.
    fn player_backward(
        &mut self,
        profile: &Profile,
        pick: Pick,
        update: Option<(Algorithm, f64)>,
    ) -> f64 {
        let game = self.game;
        let comps = game.table.compositions();
        let max = game.table.rules().player.max_cards;
        for size in (2..=max).rev() {
            for p in comps.of_size(size) {
                let i = p as usize;
                if !game.player_reachable[i] {
                    self.buffers.player_value[i] = 0.0;
                    continue;
                }
                let node = game.table.player(p);
                let stand = self.buffers.stand_value[i];
                if !node.may_hit || size == max {
                    self.buffers.player_value[i] = stand;
                    continue;
                }
                let values = &self.buffers.player_value;
                let hit = comps.sum_over_children(p, |child| values[child as usize]);
                let value = if node.must_hit {
                    hit
                } else {
                    match pick {
                        Pick::Best => hit.max(stand),
                        Pick::Follow => {
                            let h = profile.player_hit[i];
                            h * hit + (1.0 - h) * stand
                        }
                    }
                };
                if let (Some((algorithm, t)), false) = (update, node.must_hit) {
                    let r = &mut self.state.player_regret[i];
                    accumulate(r, [hit - value, stand - value], algorithm, t);
                    self.state.player_hit[i] = regret_matching(r);
                }
                self.buffers.player_value[i] = value;
            }
        }
        comps
            .of_size(2)
            .filter(|&p| game.player_reachable[p as usize])
            .map(|p| {
                crate::cards::orderings(comps.counts(p)) * self.buffers.player_value[p as usize]
            })
            .sum()
    }

    /// The dealer's counterfactual values of stopping, from the player reach
    /// in the buffers.
    fn dealer_stop_values(&mut self, profile: &Profile) {
        let game = self.game;
        let table = game.table;
        let b = &mut self.buffers;
        let reach = &b.player_reach;
        let stop_weight = |p: CompId| reach[p as usize] * (1.0 - profile.player_draw(table, p));
        b.stop_value.iter_mut().for_each(|v| *v = [0.0; COUNTS]);
        for block in &game.blocks {
            let c = usize::from(block.cards);
            block.column_products(stop_weight, &mut b.gathered);
            for (j, &d) in block.cols.iter().enumerate() {
                b.stop_value[d as usize][c] = b.gathered[j];
            }
        }
        game.deal.column_products(stop_weight, &mut b.gathered);
        for (j, &d) in game.deal.cols.iter().enumerate() {
            b.deal_stop[d as usize] = b.gathered[j] + game.special_value[j];
        }
    }

    /// The player's value (per unit of the dealer's reach) of the dealer
    /// playing on with two-card hand `d`, from the last dealer backward
    /// pass: its settlements at the deal plus its continuation against every
    /// player card count.
    fn play_value(&self, d: CompId) -> f64 {
        let i = d as usize;
        self.buffers.deal_stop[i]
            + self
                .game
                .blocks
                .iter()
                .map(|b| self.buffers.dealer_value[i][usize::from(b.cards)])
                .sum::<f64>()
    }

    /// The dealer's backward pass; returns the game value. With `update`,
    /// updates the dealer's regrets (the dealer minimises the payoff).
    fn dealer_backward(
        &mut self,
        profile: &Profile,
        pick: Pick,
        update: Option<(Algorithm, f64)>,
    ) -> f64 {
        let game = self.game;
        let comps = game.table.compositions();
        for size in (2..=comps.max_cards()).rev() {
            for d in comps.of_size(size) {
                let i = d as usize;
                let node = game.table.dealer(d);
                for block in &game.blocks {
                    let c = usize::from(block.cards);
                    if !game.dealer_reachable[i][c] {
                        self.buffers.dealer_value[i][c] = 0.0;
                        continue;
                    }
                    let stop = self.buffers.stop_value[i][c];
                    if node.must_stand || size == comps.max_cards() {
                        self.buffers.dealer_value[i][c] = stop;
                        continue;
                    }
                    let values = &self.buffers.dealer_value;
                    let hit = comps.sum_over_children(d, |child| values[child as usize][c]);
                    let value = if node.chooses[c] {
                        match pick {
                            Pick::Best => hit.min(stop),
                            Pick::Follow => {
                                let h = profile.dealer_hit[i][c];
                                h * hit + (1.0 - h) * stop
                            }
                        }
                    } else if node.forced_hit(c as u8) {
                        hit
                    } else {
                        stop
                    };
                    if let (Some((algorithm, t)), true) = (update, node.chooses[c]) {
                        let r = &mut self.state.dealer_regret[i][c];
                        accumulate(r, [value - hit, value - stop], algorithm, t);
                        self.state.dealer_hit[i][c] = regret_matching(r);
                    }
                    self.buffers.dealer_value[i][c] = value;
                }
            }
        }
        let mut total = 0.0;
        for (j, &d) in game.deal.cols.iter().enumerate() {
            let i = d as usize;
            let play = self.play_value(d);
            let value = if game.table.dealer(d).may_surrender {
                let s = match pick {
                    Pick::Best => f64::from(u8::from(play > 0.0)),
                    Pick::Follow => profile.surrender[i],
                };
                if let Some((algorithm, t)) = update {
                    let mixed = (1.0 - s) * play;
                    let r = &mut self.state.surrender_regret[i];
                    accumulate(r, [mixed, mixed - play], algorithm, t);
                    self.state.surrender[i] = regret_matching(r);
                }
                (1.0 - s) * play
            } else {
                play
            };
            total += game.deal_orderings[j] * value;
        }
        total
    }

    /// Accumulates the average strategies with weight `weight`, using the
    /// reaches in the buffers (computed with the current strategies).
    fn accumulate_player_average(&mut self, weight: f64) {
        for (i, sum) in self.state.player_avg.iter_mut().enumerate() {
            if self.game.player_choice[i] {
                let w = weight * self.buffers.player_reach[i];
                sum[0] += w * self.state.player_hit[i];
                sum[1] += w;
            }
        }
    }

    fn accumulate_dealer_average(&mut self, weight: f64) {
        let game = self.game;
        for (i, sums) in self.state.dealer_avg.iter_mut().enumerate() {
            let node = game.table.dealer(i as CompId);
            for block in &game.blocks {
                let c = usize::from(block.cards);
                if node.chooses[c] {
                    let w = weight * self.buffers.dealer_reach[i][c];
                    sums[c][0] += w * self.state.dealer_hit[i][c];
                    sums[c][1] += w;
                }
            }
            if node.may_surrender {
                self.state.surrender_avg[i][0] += weight * self.state.surrender[i];
                self.state.surrender_avg[i][1] += weight;
            }
        }
    }

    /// One iteration: the player's update against the current dealer, then
    /// the dealer's against the updated player.
    pub fn iterate(&mut self, t: u32, algorithm: Algorithm) {
        let weight = match algorithm {
            Algorithm::CfrPlus => f64::from(t),
            Algorithm::Dcfr => f64::from(t).powi(2),
        };
        let profile = self.current();
        self.dealer_forward(&profile);
        self.player_stop_values(&profile);
        self.player_forward(&profile);
        self.accumulate_player_average(weight);
        self.player_backward(&profile, Pick::Follow, Some((algorithm, f64::from(t))));
        let profile = self.current();
        self.player_forward(&profile);
        self.dealer_stop_values(&profile);
        self.accumulate_dealer_average(weight);
        self.dealer_backward(&profile, Pick::Follow, Some((algorithm, f64::from(t))));
    }

    /// The value of a profile and both best-response values against it.
    pub fn measure(&mut self, profile: &Profile) -> (f64, f64, f64) {
        self.dealer_forward(profile);
        self.player_stop_values(profile);
        let specials = self.special_constant(profile);
        let upper = self.player_backward(profile, Pick::Best, None) + specials;
        self.player_forward(profile);
        self.dealer_stop_values(profile);
        let value = self.dealer_backward(profile, Pick::Follow, None);
        let lower = self.dealer_backward(profile, Pick::Best, None);
        (value, upper, lower)
    }

    /// The dealer's pure best response found by the last `measure`: draw
    /// where drawing gives the player less than stopping, surrender where
    /// playing on gives the player more than nothing.
    pub fn best_dealer_profile(&self) -> Profile {
        let game = self.game;
        let comps = game.table.compositions();
        let mut profile = self.current();
        for d in comps.of_size(2).start..comps.len() as CompId {
            let i = d as usize;
            let node = game.table.dealer(d);
            for block in &game.blocks {
                let c = usize::from(block.cards);
                if node.chooses[c] {
                    let values = &self.buffers.dealer_value;
                    let hit = comps.sum_over_children(d, |child| values[child as usize][c]);
                    profile.dealer_hit[i][c] =
                        f64::from(u8::from(hit < self.buffers.stop_value[i][c]));
                }
            }
            if node.may_surrender {
                let play = self.play_value(d);
                profile.surrender[i] = f64::from(u8::from(play > 0.0));
            }
        }
        profile
    }

    /// The deal's Ban Ban / Ban Luck settlements, which the player's
    /// backward pass does not see.
    fn special_constant(&self, profile: &Profile) -> f64 {
        self.game
            .deal
            .cols
            .iter()
            .enumerate()
            .map(|(j, &d)| {
                self.game.deal_orderings[j]
                    * (1.0 - profile.surrender[d as usize])
                    * self.game.special_value[j]
            })
            .sum()
    }

    /// Runs until the target or the iteration limit; returns the log.
    pub fn run(&mut self, params: &CfrParams) -> (Vec<LogRow>, u32, f64) {
        let started = Instant::now();
        let mut log = Vec::new();
        let mut t = 0;
        loop {
            let check = t == 0 || t % params.check_every.max(1) == 0 || t >= params.max_iterations;
            if check {
                let (value, upper, lower) = self.measure(&self.average());
                let exploitability = ((upper - lower) / 2.0).max(0.0);
                log.push(LogRow {
                    iteration: t,
                    seconds: started.elapsed().as_secs_f64(),
                    exploitability,
                    value,
                    upper,
                    lower,
                });
                if exploitability <= params.target_exploitability || t >= params.max_iterations {
                    break;
                }
            }
            t += 1;
            self.iterate(t, params.algorithm);
        }
        (log, t, started.elapsed().as_secs_f64())
    }
}

/// Adds instantaneous regrets (`[hit or surrender, stand or play]`) under
/// the algorithm's discounting.
fn accumulate(regret: &mut [f64; 2], instant: [f64; 2], algorithm: Algorithm, t: f64) {
    match algorithm {
        Algorithm::CfrPlus => {
            for (r, x) in regret.iter_mut().zip(instant) {
                *r = (*r + x).max(0.0);
            }
        }
        Algorithm::Dcfr => {
            let positive = t.powf(1.5) / (t.powf(1.5) + 1.0);
            for (r, x) in regret.iter_mut().zip(instant) {
                let discounted = if *r > 0.0 { *r * positive } else { *r * 0.5 };
                *r = discounted + x;
            }
        }
    }
}
