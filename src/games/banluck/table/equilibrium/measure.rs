//! The dealer's side of NashConv: its best response to the seats' average
//! strategy (the `table::dealer` solver), and that response against the
//! dealer's average strategy on the same fresh rounds (paired), with the
//! average dealer's value and its reveal frequencies.

use rand::rngs::Xoshiro256PlusPlus;

use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::{InfiniteShoe, Shoe};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::table::dealer::evaluate::{REVEAL_ROWS, reveal_row};
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::seats::SeatRound;
use crate::games::banluck::table::dealer::view::RoundView;
use crate::games::banluck::table::dealer::{RevealRow, TableDealerSolution};
use crate::sim::{Chunked, Estimate};

use super::dealer_mix::{MixedDealer, Work};
use super::own::Seats;

/// Weighted sums of a mean and its spread.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Weighted {
    /// Rounds.
    pub count: f64,
    /// Sum of the weights.
    pub weight: f64,
    /// Sum of weight × value.
    pub sum: f64,
    /// Sum of weight × value².
    pub squares: f64,
}

impl Weighted {
    fn add(&mut self, w: f64, x: f64) {
        self.count += 1.0;
        self.weight += w;
        self.sum += w * x;
        self.squares += w * x * x;
    }

    fn absorb(&mut self, o: &Weighted) {
        self.count += o.count;
        self.weight += o.weight;
        self.sum += o.sum;
        self.squares += o.squares;
    }

    /// The mean: exact (no standard error) over enumerated rounds.
    pub fn estimate(&self, exact: bool) -> Estimate {
        if exact {
            Estimate {
                mean: self.sum / self.weight,
                std_error: 0.0,
                std_dev: 0.0,
            }
        } else {
            Estimate::from_sums(self.count, self.sum, self.squares)
        }
    }
}

/// What the dealer's fresh rounds add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct DealerTally {
    /// Best response minus average dealer, per round.
    pub gain: Weighted,
    /// The average dealer's gain per round.
    pub value: Weighted,
    /// Per reveal row: the average dealer's probability of being there.
    pub reveal_reach: Vec<f64>,
    /// Per reveal row: the probability that it reveals there.
    pub reveal_taken: Vec<f64>,
}

/// Values the best response and the average dealer on rounds of seats.
pub struct DealerRounds<'a> {
    /// The compiled rules.
    pub table: &'a CompiledRules,
    /// The dealer's compositions.
    pub nodes: &'a DealerNodes,
    /// The seats' strategy.
    pub plan: Plan<'a>,
    /// The dealer's best response.
    pub best: &'a MixedDealer,
    /// The dealer's average strategy.
    pub average: &'a MixedDealer,
    /// Seats.
    pub players: usize,
}

impl DealerRounds<'_> {
    /// Adds one round (weight `round.weight`).
    pub fn add(&self, round: &SeatRound, work: &mut Work, tally: &mut DealerTally) {
        let (table, nodes) = (self.table, self.nodes);
        nodes.order_weights(&round.removed(table, self.players), &mut work.weights);
        let view = RoundView::new(table, nodes, round, self.players, &work.weights);
        let best = self.best.gain(nodes, &view, work);
        let average = self.average.gain(nodes, &view, work);
        tally.gain.add(round.weight, best - average);
        tally.value.add(round.weight, average);
        let (two, three) = (view.key.open_two(), view.key.open_three_plus());
        if three == 0 {
            return;
        }
        let mix = self.average.for_key(view.key);
        let reach = &mut work.before;
        reach.fill(0.0);
        for &start in &nodes.starts {
            let s = start as usize;
            reach[s] = nodes.orders[s] * (1.0 - self.average.surrender[s]);
        }
        for &id in &nodes.reachable {
            let i = id as usize;
            let r = reach[i];
            if r <= 0.0 {
                continue;
            }
            if nodes.moves[i].reveal {
                let hand = table.hand(id);
                let row = reveal_row(hand.total, hand.soft, two, three);
                let here = round.weight * r * work.weights[i];
                tally.reveal_reach[row] += here;
                tally.reveal_taken[row] += here * mix.before[i][2];
            }
            for &c in &nodes.children[i] {
                reach[c as usize] += r * mix.before[i][1];
            }
        }
    }

    /// No rounds.
    pub fn empty_tally() -> DealerTally {
        DealerTally {
            gain: Weighted::default(),
            value: Weighted::default(),
            reveal_reach: vec![0.0; REVEAL_ROWS],
            reveal_taken: vec![0.0; REVEAL_ROWS],
        }
    }
}

impl Chunked for DealerRounds<'_> {
    type Tally = DealerTally;

    fn empty(&self) -> DealerTally {
        DealerRounds::empty_tally()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> DealerTally {
        let mut tally = self.empty();
        let mut work = Work::new(self.nodes.moves.len());
        let deck = self.plan.deck;
        let one = |seats: Seats, work: &mut Work, tally: &mut DealerTally| {
            let round = SeatRound {
                weight: 1.0,
                seats: seats.seats,
            };
            self.add(&round, work, tally);
        };
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let s = Seats::deal(self.table, &self.plan, self.players, &mut cards, &mut rng);
                one(s, &mut work, &mut tally);
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let s = Seats::deal(self.table, &self.plan, self.players, &mut cards, &mut rng);
                one(s, &mut work, &mut tally);
            }
        }
        tally
    }

    fn merge(&self, total: &mut DealerTally, chunk: DealerTally) {
        total.gain.absorb(&chunk.gain);
        total.value.absorb(&chunk.value);
        for (a, b) in total.reveal_reach.iter_mut().zip(&chunk.reveal_reach) {
            *a += b;
        }
        for (a, b) in total.reveal_taken.iter_mut().zip(&chunk.reveal_taken) {
            *a += b;
        }
    }
}

/// The reveal rows of a tally (per round probabilities).
pub fn reveal_rows(tally: &DealerTally) -> Vec<RevealRow> {
    RevealRow::rows(&tally.reveal_reach, &tally.reveal_taken, tally.value.weight)
}

/// The best response's policy as a mixed dealer.
pub fn best_of(nodes: &DealerNodes, solution: &TableDealerSolution) -> MixedDealer {
    MixedDealer::of_policy(nodes, &solution.policy)
}
