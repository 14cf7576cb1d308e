//! The table MCCFR (issue 18, item 1b, step 2): CFR+ regret matching and
//! linear averaging (the crate's `cfr` arithmetic) on sampled rounds.
//!
//! - **Seats.** One strategy, keyed by the seat's own cards. Each iteration
//!   samples rounds of the other K − 1 seats playing the current strategy;
//!   in each, one seat's counterfactual values at every hand it can hold
//!   are exact over its own cards (see `own`: likelihood-ratio weights
//!   give every hand the same sample of the others). Chance is sampled
//!   only through the other seats, the seat's own actions are all
//!   explored: external sampling with the seat's own chance enumerated.
//!   At one seat there are no others and the seat's regrets are exact.
//! - **Dealer.** Rounds of all K seats are sampled; each gives the dealer's
//!   counterfactual values at every composition of the round's key, its
//!   draws integrated exactly (see `dealer_regret`). At one seat the seat's
//!   outcomes are enumerated with their probabilities (exact).
//! - **Seeds.** Iteration `t` draws its rounds from streams derived from
//!   (seed, t) through the crate's chunked driver, which folds chunks in
//!   order: the same seed gives the same numbers on any thread count.

use rand::rngs::Xoshiro256PlusPlus;

use crate::cfr::{Algorithm, add_to_average, regret_matching};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::{InfiniteShoe, Shoe};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::seats::{SeatRound, enumerate_one_seat};
use crate::games::banluck::table::dealer::view::RoundView;
use crate::sim::{Chunked, RunParams};

use super::check::TableEqError;
use super::dealer_mix::{MixedDealer, Work};
use super::dealer_regret::{DealerIncrements, DealerState};
use super::fresh::Rounds;
use super::induce::{Values, play};
use super::own::{OwnHands, Payoffs, Seats};
use super::reply::reach;

/// Mixes the iteration into the seed of its streams.
const ITERATION: u64 = 0x9e37_79b9_7f4a_7c15;
/// XORed into the seats' streams' seed to part them from the dealer's.
const SEAT_STREAM: u64 = 0x5851_f42d_4c95_7f2d;
/// Table rounds per chunk of the dealer's streams.
const DEALER_CHUNK: u64 = 64;

/// The solver's sampling and stopping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Seats at the table.
    pub players: usize,
    /// Iterations.
    pub iterations: u32,
    /// Rounds of the other seats per iteration (the seats' regrets).
    pub seat_rounds: u64,
    /// Rounds of the whole table per iteration (the dealer's regrets).
    pub dealer_rounds: u64,
    /// The seed.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
}

/// The average strategies after the iterations.
pub struct Averages {
    /// The seats' average strategy.
    pub player: PlayerStrategy,
    /// The dealer's.
    pub dealer: MixedDealer,
}

/// The seats' regrets of one chunk: per composition hit and stand.
struct SeatRegrets<'a> {
    rounds: Rounds<'a>,
    current: &'a PlayerStrategy,
}

impl Chunked for SeatRegrets<'_> {
    type Tally = (Vec<[f64; 2]>, u64);

    fn empty(&self) -> Self::Tally {
        (
            vec![[0.0; 2]; self.rounds.payoffs.table.compositions().len()],
            0,
        )
    }

    fn play(&self, rng: Xoshiro256PlusPlus, rounds: u64) -> Self::Tally {
        let own = self.rounds.payoffs.own;
        let mut tally = self.empty();
        let mut values = Values::new(tally.0.len());
        self.rounds.each(rng, rounds, |stand| {
            play(
                own,
                stand,
                |h| self.current.hit_probability(h, None),
                &mut values,
            );
            tally.1 += 1;
            for &h in &own.hands {
                let i = h as usize;
                if own.free[i] {
                    let on = values.on[i];
                    tally.0[i][0] += own.chance[i] * (values.hit[i] - on);
                    tally.0[i][1] += own.chance[i] * (stand[i] - on);
                }
            }
        });
        tally
    }

    fn merge(&self, total: &mut Self::Tally, chunk: Self::Tally) {
        for (a, b) in total.0.iter_mut().zip(&chunk.0) {
            a[0] += b[0];
            a[1] += b[1];
        }
        total.1 += chunk.1;
    }
}

/// The dealer's regrets on sampled table rounds.
struct DealerRegrets<'a> {
    table: &'a CompiledRules,
    nodes: &'a DealerNodes,
    plan: Plan<'a>,
    dealer: &'a MixedDealer,
    players: usize,
}

impl DealerRegrets<'_> {
    fn add(&self, seats: &Seats, work: &mut Work, inc: &mut DealerIncrements) {
        let round = SeatRound {
            weight: 1.0,
            seats: seats.seats,
        };
        add_round(
            self.table,
            self.nodes,
            self.dealer,
            &round,
            self.players,
            work,
            inc,
        );
    }
}

/// Adds one round's dealer regrets (weight `round.weight`).
pub(super) fn add_round(
    table: &CompiledRules,
    nodes: &DealerNodes,
    dealer: &MixedDealer,
    round: &SeatRound,
    players: usize,
    work: &mut Work,
    inc: &mut DealerIncrements,
) {
    nodes.order_weights(&round.removed(table, players), &mut work.weights);
    let view = RoundView::new(table, nodes, round, players, &work.weights);
    inc.add_round(nodes, dealer, &view, round.weight, work);
}

impl Chunked for DealerRegrets<'_> {
    type Tally = DealerIncrements;

    fn empty(&self) -> DealerIncrements {
        DealerIncrements::default()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> DealerIncrements {
        let mut inc = DealerIncrements::default();
        let mut work = Work::new(self.nodes.moves.len());
        let deck = self.plan.deck;
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let seats = Seats::deal(self.table, &self.plan, self.players, &mut cards, &mut rng);
                self.add(&seats, &mut work, &mut inc);
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let seats = Seats::deal(self.table, &self.plan, self.players, &mut cards, &mut rng);
                self.add(&seats, &mut work, &mut inc);
            }
        }
        inc
    }

    fn merge(&self, total: &mut DealerIncrements, chunk: DealerIncrements) {
        total.absorb(chunk);
    }
}

/// The seats' regrets and averages.
struct SeatState {
    regret: Vec<[f64; 2]>,
    average: Vec<[f64; 2]>,
}

impl SeatState {
    fn current(&self, table: &CompiledRules, own: &OwnHands) -> PlayerStrategy {
        let mut strategy = PlayerStrategy::stand_everywhere(table);
        for &h in &own.hands {
            if own.free[h as usize] {
                let mut p = [0.0; 2];
                regret_matching(&self.regret[h as usize], &mut p);
                strategy.set_hit(h, None, p[0]);
            }
        }
        strategy
    }

    fn average(&self, table: &CompiledRules, own: &OwnHands) -> PlayerStrategy {
        let mut strategy = self.current(table, own);
        for &h in &own.hands {
            let [hit, stand] = self.average[h as usize];
            if own.free[h as usize] && hit + stand > 0.0 {
                strategy.set_hit(h, None, hit / (hit + stand));
            }
        }
        strategy
    }
}

/// Runs the iterations and returns the average strategies.
pub fn iterate(
    table: &CompiledRules,
    nodes: &DealerNodes,
    own: &OwnHands,
    effort: &Effort,
) -> Result<Averages, TableEqError> {
    let comps = table.compositions().len();
    let players = effort.players;
    let mut seats = SeatState {
        regret: vec![[0.0; 2]; comps],
        average: vec![[0.0; 2]; comps],
    };
    let mut dealer = DealerState::new(comps);
    let plan = |strategy: &PlayerStrategy| {
        Plan::new(table, strategy, &DealerStrategy::fixed(table))
            .map_err(|e| TableEqError::Params(e.to_string()))
    };
    let failed = |e: crate::sim::ThreadsError| TableEqError::Params(e.to_string());
    for t in 1..=u64::from(effort.iterations) {
        let schedule = Algorithm::CFR_PLUS.schedule(t);
        let seed = effort.seed.wrapping_add(t.wrapping_mul(ITERATION));
        let current = seats.current(table, own);
        let current_dealer = dealer.current(nodes);
        let seat_work = SeatRegrets {
            rounds: Rounds {
                payoffs: Payoffs::new(table, nodes, own, &current_dealer),
                plan: plan(&current)?,
                others: players - 1,
            },
            current: &current,
        };
        let run = RunParams {
            rounds: if players == 1 { 1 } else { effort.seat_rounds },
            chunk: 1,
            seed: seed ^ SEAT_STREAM,
            threads: effort.threads,
            progress: false,
        };
        let (inc, count) = crate::sim::run(&seat_work, &run).map_err(failed)?.tally;
        let dealer_inc = if players == 1 {
            let mut inc = DealerIncrements::default();
            let mut work = Work::new(comps);
            for round in enumerate_one_seat(table, &current) {
                add_round(
                    table,
                    nodes,
                    &current_dealer,
                    &round,
                    1,
                    &mut work,
                    &mut inc,
                );
            }
            inc
        } else {
            let work = DealerRegrets {
                table,
                nodes,
                plan: plan(&current)?,
                dealer: &current_dealer,
                players,
            };
            let run = RunParams {
                rounds: effort.dealer_rounds,
                chunk: DEALER_CHUNK,
                seed,
                threads: effort.threads,
                progress: false,
            };
            crate::sim::run(&work, &run).map_err(failed)?.tally
        };
        let reach = reach(table, &current);
        let scale = 1.0 / count.max(1) as f64;
        for &h in &own.hands {
            let i = h as usize;
            if own.free[i] {
                schedule.accumulate(&mut seats.regret[i], &inc[i].map(|x| x * scale));
                let p = current.hit_probability(h, None);
                let mut total = 0.0;
                add_to_average(
                    &mut seats.average[i],
                    &mut total,
                    schedule.average_weight * reach[i],
                    &[p, 1.0 - p],
                );
            }
        }
        dealer.update(nodes, &current_dealer, &dealer_inc, schedule);
    }
    Ok(Averages {
        player: seats.average(table, own),
        dealer: dealer.average(nodes),
    })
}
