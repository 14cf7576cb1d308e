//! CFR+ and Discounted CFR on the vector-form game, with exact best
//! responses for both sides every few iterations.

use crate::cards::CompId;
use crate::cfr::{Bounds, Iterate, Schedule};

use super::game::HeadsUpGame;
use super::params::CfrVariant;
use super::reach;
use super::state::{Behaviour, HAND_SIZES, RegretState, update_regret};

mod follow;

/// Per-pass buffers.
struct Buffers {
    dealer_reach: Vec<[f64; HAND_SIZES]>,
    player_reach: Vec<f64>,
    stand_value: Vec<f64>,
    player_value: Vec<f64>,
    stop_value: Vec<[f64; HAND_SIZES]>,
    dealer_value: Vec<[f64; HAND_SIZES]>,
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

/// CFR on the vector form: the current and average strategies of both
/// sides and the buffers of the passes over their composition DAGs.
pub(crate) struct HeadsUpCfr<'g, 'a> {
    pub game: &'g HeadsUpGame<'a>,
    algorithm: crate::cfr::Algorithm,
    state: RegretState,
    buffers: Buffers,
}

impl<'g, 'a> HeadsUpCfr<'g, 'a> {
    pub fn new(game: &'g HeadsUpGame<'a>, algorithm: CfrVariant) -> HeadsUpCfr<'g, 'a> {
        let n = game.comps() * game.slots;
        HeadsUpCfr {
            game,
            algorithm: algorithm.engine(),
            state: RegretState::new(game),
            buffers: Buffers {
                dealer_reach: vec![[0.0; HAND_SIZES]; n],
                player_reach: vec![0.0; n],
                stand_value: vec![0.0; n],
                player_value: vec![0.0; n],
                stop_value: vec![[0.0; HAND_SIZES]; n],
                dealer_value: vec![[0.0; HAND_SIZES]; n],
                deal_stop: vec![0.0; n],
                gathered: Vec::new(),
            },
        }
    }

    /// The current strategies as a profile.
    fn current(&self) -> Behaviour {
        self.state.current.clone()
    }

    /// The average strategies (current where never reached).
    pub fn average(&self) -> Behaviour {
        self.state.average()
    }

    /// The dealer's chance-free reach of every composition per player count.
    fn dealer_forward(&mut self, profile: &Behaviour) {
        reach::dealer(self.game, profile, &mut self.buffers.dealer_reach);
    }

    /// The player's chance-free reach of every composition.
    fn player_forward(&mut self, profile: &Behaviour) {
        reach::player(self.game, profile, &mut self.buffers.player_reach);
    }

    /// The player's counterfactual value of stopping at each composition,
    /// against the dealer reach in the buffers.
    fn player_stop_values(&mut self, profile: &Behaviour) {
        let game = self.game;
        let table = game.table;
        let n = game.comps();
        let b = &mut self.buffers;
        b.stand_value.iter_mut().for_each(|v| *v = 0.0);
        for (slot, weights) in game.deal_weights.iter().enumerate() {
            let off = slot * n;
            let stand = &mut b.stand_value[off..off + n];
            for block in game.blocks.iter().map(|b| b.part(slot)) {
                let c = usize::from(block.cards);
                b.gathered.clear();
                b.gathered.extend(block.cols.iter().map(|&d| {
                    b.dealer_reach[off + d as usize][c]
                        * (1.0 - profile.dealer_draw(table, slot, d, block.cards))
                }));
                block.row_products(&b.gathered, |p, v| stand[p as usize] = v);
            }
            b.gathered.clear();
            b.gathered.extend(
                game.deal
                    .cols
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| weights[i] * (1.0 - profile.surrender[off + d as usize])),
            );
            game.deal
                .row_products(&b.gathered, |p, v| stand[p as usize] = v);
        }
    }

    /// The player's backward pass; returns the value of the hands that play
    /// on (the deal's special settlements excluded). With `update`, updates
    /// the player's regrets for the current strategy.
    fn player_backward(
        &mut self,
        profile: &Behaviour,
        pick: Pick,
        update: Option<Schedule>,
    ) -> f64 {
        let mut total = 0.0;
        for slot in 0..self.game.slots {
            total += self.player_backward_slot(slot, profile, pick, update);
        }
        total
    }

    /// [`HeadsUpCfr::player_backward`] in one upcard slot.
    fn player_backward_slot(
        &mut self,
        slot: usize,
        profile: &Behaviour,
        pick: Pick,
        update: Option<Schedule>,
    ) -> f64 {
        let game = self.game;
        let comps = game.table.compositions();
        let max = game.table.rules().player.max_cards;
        let off = slot * comps.len();
        for size in (2..=max).rev() {
            for p in comps.of_size(size) {
                let i = off + p as usize;
                if !game.player_reachable[p as usize] {
                    self.buffers.player_value[i] = 0.0;
                    continue;
                }
                let node = game.table.player(p);
                let stand = self.buffers.stand_value[i];
                if !node.may_hit || size == max {
                    self.buffers.player_value[i] = stand;
                    continue;
                }
                let values = &self.buffers.player_value[off..];
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
                if let (Some(schedule), false) = (update, node.must_hit) {
                    let r = &mut self.state.player_regret[i];
                    self.state.current.player_hit[i] =
                        update_regret(r, [hit - value, stand - value], schedule);
                }
                self.buffers.player_value[i] = value;
            }
        }
        comps
            .of_size(2)
            .filter(|&p| game.player_reachable[p as usize])
            .map(|p| {
                crate::cards::orderings(comps.counts(p))
                    * self.buffers.player_value[off + p as usize]
            })
            .sum()
    }

    /// The dealer's counterfactual values of stopping, from the player reach
    /// in the buffers.
    fn dealer_stop_values(&mut self, profile: &Behaviour) {
        let game = self.game;
        let table = game.table;
        let n = game.comps();
        let b = &mut self.buffers;
        b.stop_value.iter_mut().for_each(|v| *v = [0.0; HAND_SIZES]);
        for slot in 0..game.slots {
            let off = slot * n;
            let reach = &b.player_reach[off..off + n];
            let stop_weight =
                |p: CompId| reach[p as usize] * (1.0 - profile.player_draw(table, slot, p));
            for block in game.blocks.iter().map(|b| b.part(slot)) {
                let c = usize::from(block.cards);
                block.column_products(stop_weight, &mut b.gathered);
                for (j, &d) in block.cols.iter().enumerate() {
                    b.stop_value[off + d as usize][c] = b.gathered[j];
                }
            }
            game.deal.column_products(stop_weight, &mut b.gathered);
            for (j, &d) in game.deal.cols.iter().enumerate() {
                b.deal_stop[off + d as usize] = b.gathered[j] + game.special_value[j];
            }
        }
    }

    /// The player's value (per unit of the dealer's reach) of the dealer
    /// playing on with two-card hand `d` in `slot`, from the last dealer
    /// backward pass: its settlements at the deal plus its continuation
    /// against every player card count.
    fn play_value(&self, slot: usize, d: CompId) -> f64 {
        let i = slot * self.game.comps() + d as usize;
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
        profile: &Behaviour,
        pick: Pick,
        update: Option<Schedule>,
    ) -> f64 {
        let mut total = 0.0;
        for slot in 0..self.game.slots {
            total += self.dealer_backward_slot(slot, profile, pick, update);
        }
        total
    }

    /// [`HeadsUpCfr::dealer_backward`] in one upcard slot.
    fn dealer_backward_slot(
        &mut self,
        slot: usize,
        profile: &Behaviour,
        pick: Pick,
        update: Option<Schedule>,
    ) -> f64 {
        let game = self.game;
        let comps = game.table.compositions();
        let off = slot * comps.len();
        for size in (2..=comps.max_cards()).rev() {
            for d in comps.of_size(size) {
                let i = off + d as usize;
                let node = game.table.dealer(d);
                for block in &game.blocks {
                    let c = usize::from(block.cards);
                    if !game.dealer_reachable[d as usize][c] {
                        self.buffers.dealer_value[i][c] = 0.0;
                        continue;
                    }
                    let stop = self.buffers.stop_value[i][c];
                    if node.must_stand || size == comps.max_cards() {
                        self.buffers.dealer_value[i][c] = stop;
                        continue;
                    }
                    let values = &self.buffers.dealer_value[off..];
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
                    if let (Some(schedule), true) = (update, node.chooses[c]) {
                        let r = &mut self.state.dealer_regret[i][c];
                        self.state.current.dealer_hit[i][c] =
                            update_regret(r, [value - hit, value - stop], schedule);
                    }
                    self.buffers.dealer_value[i][c] = value;
                }
            }
        }
        let mut total = 0.0;
        for (j, &d) in game.deal.cols.iter().enumerate() {
            let i = off + d as usize;
            let play = self.play_value(slot, d);
            let value = if game.table.dealer(d).may_surrender {
                let s = match pick {
                    Pick::Best => f64::from(u8::from(play > 0.0)),
                    Pick::Follow => profile.surrender[i],
                };
                if let Some(schedule) = update {
                    let mixed = (1.0 - s) * play;
                    let r = &mut self.state.surrender_regret[i];
                    self.state.current.surrender[i] =
                        update_regret(r, [mixed, mixed - play], schedule);
                }
                (1.0 - s) * play
            } else {
                play
            };
            total += game.deal_weights[slot][j] * value;
        }
        total
    }

    /// The value of a profile and both best-response values against it.
    pub fn measure_profile(&mut self, profile: &Behaviour) -> (f64, f64, f64) {
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
    pub fn best_dealer_profile(&self) -> Behaviour {
        let game = self.game;
        let comps = game.table.compositions();
        let mut profile = self.current();
        for slot in 0..game.slots {
            let off = slot * comps.len();
            for d in comps.of_size(2).start..comps.len() as CompId {
                let i = off + d as usize;
                let node = game.table.dealer(d);
                for block in &game.blocks {
                    let c = usize::from(block.cards);
                    if node.chooses[c] {
                        let values = &self.buffers.dealer_value[off..];
                        let hit = comps.sum_over_children(d, |child| values[child as usize][c]);
                        profile.dealer_hit[i][c] =
                            f64::from(u8::from(hit < self.buffers.stop_value[i][c]));
                    }
                }
                if node.may_surrender {
                    let play = self.play_value(slot, d);
                    profile.surrender[i] = f64::from(u8::from(play > 0.0));
                }
            }
        }
        profile
    }

    /// The deal's Ban Ban / Ban Luck settlements, which the player's
    /// backward pass does not see.
    fn special_constant(&self, profile: &Behaviour) -> f64 {
        let game = self.game;
        let mut total = 0.0;
        for (slot, weights) in game.deal_weights.iter().enumerate() {
            let off = slot * game.comps();
            total += game
                .deal
                .cols
                .iter()
                .enumerate()
                .map(|(j, &d)| {
                    weights[j] * (1.0 - profile.surrender[off + d as usize]) * game.special_value[j]
                })
                .sum::<f64>();
        }
        total
    }
}

impl Iterate for HeadsUpCfr<'_, '_> {
    /// One iteration: the player's update against the current dealer, then
    /// the dealer's against the updated player.
    fn iterate(&mut self, t: u64) {
        let schedule = self.algorithm.schedule(t);
        let weight = schedule.average_weight;
        let profile = self.current();
        self.dealer_forward(&profile);
        self.player_stop_values(&profile);
        self.player_forward(&profile);
        let game = self.game;
        self.state
            .accumulate_player_average(game, weight, &self.buffers.player_reach);
        self.player_backward(&profile, Pick::Follow, Some(schedule));
        let profile = self.current();
        self.player_forward(&profile);
        self.dealer_stop_values(&profile);
        self.state
            .accumulate_dealer_average(game, weight, &self.buffers.dealer_reach);
        self.dealer_backward(&profile, Pick::Follow, Some(schedule));
    }

    fn measure(&mut self) -> Bounds {
        let (value, upper, lower) = self.measure_profile(&self.average());
        Bounds {
            value,
            upper,
            lower,
        }
    }
}
