//! Sampled rounds of the other seats, each valued exactly over one seat's
//! own cards: the sums the reply is chosen on, and on fresh rounds the
//! given strategy and the reply valued on the same rounds (paired), with
//! the paired difference "hit, then play the reply" minus "stand" at every
//! hand where they differ.

use rand::rngs::Xoshiro256PlusPlus;

use crate::games::banluck::sim::deal::{InfiniteShoe, Shoe};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::sim::Chunked;

use super::dealer_mix::Work;
use super::induce::{Values, play};
use super::own::{Payoffs, Seats};

/// Sums of a mean and its spread.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sums {
    /// Rounds added.
    pub count: f64,
    /// Sum of the values.
    pub sum: f64,
    /// Sum of their squares.
    pub squares: f64,
}

impl Sums {
    fn add(&mut self, value: f64) {
        self.count += 1.0;
        self.sum += value;
        self.squares += value * value;
    }

    fn absorb(&mut self, other: &Sums) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares += other.squares;
    }
}

/// Deals the other seats of sampled rounds and fills the seat's stop
/// payoffs for each.
pub struct Rounds<'a> {
    /// The payoffs.
    pub payoffs: Payoffs<'a>,
    /// The other seats' strategy.
    pub plan: Plan<'a>,
    /// Other seats.
    pub others: usize,
}

impl Rounds<'_> {
    /// Plays `rounds` rounds from `rng`, handing each round's stop payoffs
    /// to `sink`.
    pub fn each(&self, mut rng: Xoshiro256PlusPlus, rounds: u64, mut sink: impl FnMut(&[f64])) {
        let table = self.payoffs.table;
        let comps = table.compositions().len();
        let mut work = Work::new(comps);
        let mut stand = vec![0.0; comps];
        let deck = self.plan.deck;
        let mut one = |seats: &Seats| {
            self.payoffs.fill(seats, &mut stand, &mut work);
            sink(&stand);
        };
        if self.others == 0 {
            for _ in 0..rounds {
                one(&Seats::none());
            }
        } else if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let seats = Seats::deal(table, &self.plan, self.others, &mut cards, &mut rng);
                one(&seats);
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let seats = Seats::deal(table, &self.plan, self.others, &mut cards, &mut rng);
                one(&seats);
            }
        }
    }
}

/// The training sums: per composition the stop payoffs' sum and the
/// rounds where the hand fits beside the other seats.
#[derive(Debug, Clone, PartialEq)]
pub struct StandSums {
    /// Rounds.
    pub rounds: u64,
    /// Per composition: sum of the weighted stop payoffs.
    pub sum: Vec<f64>,
    /// Per composition: rounds where it fits.
    pub fits: Vec<u64>,
}

/// The training pass.
pub struct Training<'a>(pub Rounds<'a>);

impl Chunked for Training<'_> {
    type Tally = StandSums;

    fn empty(&self) -> StandSums {
        let comps = self.0.payoffs.table.compositions().len();
        StandSums {
            rounds: 0,
            sum: vec![0.0; comps],
            fits: vec![0; comps],
        }
    }

    fn play(&self, rng: Xoshiro256PlusPlus, rounds: u64) -> StandSums {
        let mut tally = self.empty();
        self.0.each(rng, rounds, |stand| {
            tally.rounds += 1;
            for (i, &x) in stand.iter().enumerate() {
                tally.sum[i] += x;
                tally.fits[i] += u64::from(x != 0.0);
            }
        });
        tally
    }

    fn merge(&self, total: &mut StandSums, chunk: StandSums) {
        total.rounds += chunk.rounds;
        for (a, b) in total.sum.iter_mut().zip(&chunk.sum) {
            *a += b;
        }
        for (a, b) in total.fits.iter_mut().zip(&chunk.fits) {
            *a += b;
        }
    }
}

/// What the fresh rounds add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct FreshTally {
    /// The given strategy's value per round.
    pub given: Sums,
    /// The reply's.
    pub reply: Sums,
    /// Reply minus given, per round.
    pub gain: Sums,
    /// Per listed hand: hit (then the reply) minus stand.
    pub hands: Vec<Sums>,
}

/// The fresh pass.
pub struct Fresh<'a> {
    /// The rounds.
    pub rounds: Rounds<'a>,
    /// The strategy the other seats play, valued for this seat too.
    pub given: &'a PlayerStrategy,
    /// The best reply.
    pub reply: &'a PlayerStrategy,
    /// The hands listed.
    pub listed: &'a [crate::cards::CompId],
}

impl Chunked for Fresh<'_> {
    type Tally = FreshTally;

    fn empty(&self) -> FreshTally {
        FreshTally {
            given: Sums::default(),
            reply: Sums::default(),
            gain: Sums::default(),
            hands: vec![Sums::default(); self.listed.len()],
        }
    }

    fn play(&self, rng: Xoshiro256PlusPlus, rounds: u64) -> FreshTally {
        let own = self.rounds.payoffs.own;
        let comps = self.rounds.payoffs.table.compositions().len();
        let (mut of_given, mut of_reply) = (Values::new(comps), Values::new(comps));
        let mut tally = self.empty();
        self.rounds.each(rng, rounds, |stand| {
            let given = play(
                own,
                stand,
                |h| self.given.hit_probability(h, None),
                &mut of_given,
            );
            let reply = play(
                own,
                stand,
                |h| self.reply.hit_probability(h, None),
                &mut of_reply,
            );
            tally.given.add(given);
            tally.reply.add(reply);
            tally.gain.add(reply - given);
            for (sums, &h) in tally.hands.iter_mut().zip(self.listed) {
                let i = h as usize;
                sums.add(of_reply.hit[i] - stand[i]);
            }
        });
        tally
    }

    fn merge(&self, total: &mut FreshTally, chunk: FreshTally) {
        total.given.absorb(&chunk.given);
        total.reply.absorb(&chunk.reply);
        total.gain.absorb(&chunk.gain);
        for (a, b) in total.hands.iter_mut().zip(&chunk.hands) {
            a.absorb(b);
        }
    }
}
